//go:build !linux || android

package render

import "errors"

// GLRenderer is only implemented on Linux; elsewhere the renderer is taken
// to be a hardware one.
func GLRenderer() (string, error) {
	return "", errors.New("render: the GL renderer is only looked up on Linux")
}
