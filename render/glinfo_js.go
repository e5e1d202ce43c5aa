//go:build js

package render

import (
	"errors"
	"fmt"
	"syscall/js"
)

// GLRenderer returns the browser's WebGL renderer: the GPU's name where the
// browser tells it (WEBGL_debug_renderer_info), else its RENDERER string.
// A headless Chromium without a GPU names SwiftShader, its software
// renderer. It asks a throwaway canvas and releases its context.
func GLRenderer() (name string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("render: reading the WebGL renderer: %v", r)
		}
	}()
	canvas := js.Global().Get("document").Call("createElement", "canvas")
	gl := canvas.Call("getContext", "webgl2")
	if !gl.Truthy() {
		gl = canvas.Call("getContext", "webgl")
	}
	if !gl.Truthy() {
		return "", errors.New("render: no WebGL context")
	}
	const renderer, unmaskedRenderer = 0x1F01, 0x9246
	v := gl.Call("getParameter", renderer)
	if ext := gl.Call("getExtension", "WEBGL_debug_renderer_info"); ext.Truthy() {
		v = gl.Call("getParameter", unmaskedRenderer)
	}
	if lose := gl.Call("getExtension", "WEBGL_lose_context"); lose.Truthy() {
		lose.Call("loseContext")
	}
	if v.Type() != js.TypeString {
		return "", errors.New("render: the WebGL renderer is not named")
	}
	return v.String(), nil
}
