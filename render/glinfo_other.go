//go:build (!linux && !js) || android

package render

import "errors"

// GLRenderer is only implemented on Linux and in a browser; elsewhere the renderer is taken
// to be a hardware one.
func GLRenderer() (string, error) {
	return "", errors.New("render: the GL renderer is only looked up on Linux")
}
