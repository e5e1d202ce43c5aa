package render

import "strings"

// IsSoftwareRenderer reports whether a GL_RENDERER string names a software
// rasterizer: Mesa's llvmpipe, softpipe and swrast, OpenSWR, lavapipe, or
// Windows' basic render driver, and SwiftShader (a browser's WebGL
// without a GPU).
func IsSoftwareRenderer(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"llvmpipe", "softpipe", "swrast", "software rasterizer", "swr", "lavapipe", "basic render", "swiftshader"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}
