//go:build linux && !android

package render

import (
	"errors"
	"runtime"

	"github.com/ebitengine/purego"
)

// GLRenderer returns the OpenGL renderer string (GL_RENDERER) of the
// default EGL display, "llvmpipe (LLVM 15.0.6, 256 bits)" under Mesa's
// software rasterizer. It makes a 1×1 off-screen context of its own for a
// moment, on a thread of its own, before the game opens its window; Ebiten
// on Linux draws through EGL and the same display. Call it before
// ebiten.RunGame.
func GLRenderer() (string, error) {
	type result struct {
		s   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		runtime.LockOSThread() // the context is current on this thread only
		defer runtime.UnlockOSThread()
		s, err := eglRenderer()
		ch <- result{s, err}
	}()
	r := <-ch
	return r.s, r.err
}

// EGL and GL enums.
const (
	eglNone          = 0x3038
	eglSurfaceType   = 0x3033
	eglPbufferBit    = 0x0001
	eglRenderable    = 0x3040
	eglOpenGLBit     = 0x0008
	eglWidth         = 0x3057
	eglHeight        = 0x3056
	eglOpenGLAPI     = 0x30A2
	glRendererString = 0x1F01
)

func eglRenderer() (string, error) {
	egl, err := purego.Dlopen("libEGL.so.1", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return "", err
	}
	gl, err := purego.Dlopen("libGL.so.1", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return "", err
	}
	var (
		getDisplay    func(uintptr) uintptr
		initialize    func(uintptr, *int32, *int32) uint32
		bindAPI       func(uint32) uint32
		chooseConfig  func(uintptr, *int32, *uintptr, int32, *int32) uint32
		createContext func(uintptr, uintptr, uintptr, *int32) uintptr
		createPbuffer func(uintptr, uintptr, *int32) uintptr
		makeCurrent   func(uintptr, uintptr, uintptr, uintptr) uint32
		destroySurf   func(uintptr, uintptr) uint32
		destroyCtx    func(uintptr, uintptr) uint32
		getString     func(uint32) string // purego copies the C string
	)
	for _, f := range []struct {
		fn   any
		lib  uintptr
		name string
	}{
		{&getDisplay, egl, "eglGetDisplay"}, {&initialize, egl, "eglInitialize"}, {&bindAPI, egl, "eglBindAPI"},
		{&chooseConfig, egl, "eglChooseConfig"}, {&createContext, egl, "eglCreateContext"},
		{&createPbuffer, egl, "eglCreatePbufferSurface"}, {&makeCurrent, egl, "eglMakeCurrent"},
		{&destroySurf, egl, "eglDestroySurface"}, {&destroyCtx, egl, "eglDestroyContext"},
		{&getString, gl, "glGetString"},
	} {
		sym, err := purego.Dlsym(f.lib, f.name)
		if err != nil {
			return "", err
		}
		purego.RegisterFunc(f.fn, sym)
	}
	dpy := getDisplay(0) // EGL_DEFAULT_DISPLAY: the X display in $DISPLAY
	var major, minor int32
	if dpy == 0 || initialize(dpy, &major, &minor) == 0 {
		return "", errors.New("render: EGL: no display")
	}
	// The display is left initialised: eglTerminate would also end the
	// game's use of it, which shares the same display.
	if bindAPI(eglOpenGLAPI) == 0 {
		return "", errors.New("render: EGL: no OpenGL API")
	}
	attrs := [...]int32{eglSurfaceType, eglPbufferBit, eglRenderable, eglOpenGLBit, eglNone}
	var cfg uintptr
	var n int32
	if chooseConfig(dpy, &attrs[0], &cfg, 1, &n) == 0 || n == 0 {
		return "", errors.New("render: EGL: no off-screen OpenGL configuration")
	}
	none := [...]int32{eglNone}
	ctx := createContext(dpy, cfg, 0, &none[0])
	if ctx == 0 {
		return "", errors.New("render: EGL: no context")
	}
	defer destroyCtx(dpy, ctx)
	size := [...]int32{eglWidth, 1, eglHeight, 1, eglNone}
	surf := createPbuffer(dpy, cfg, &size[0])
	if surf == 0 {
		return "", errors.New("render: EGL: no off-screen surface")
	}
	defer destroySurf(dpy, surf)
	if makeCurrent(dpy, surf, surf, ctx) == 0 {
		return "", errors.New("render: EGL: cannot make the context current")
	}
	defer makeCurrent(dpy, 0, 0, 0)
	s := getString(glRendererString)
	if s == "" {
		return "", errors.New("render: glGetString(GL_RENDERER) returned nothing")
	}
	return s, nil
}
