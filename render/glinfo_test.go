package render

import "testing"

func TestIsSoftwareRenderer(t *testing.T) {
	for name, want := range map[string]bool{
		"llvmpipe (LLVM 15.0.6, 256 bits)": true,
		"softpipe":                         true,
		"ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)": true,
		"Mesa Intel(R) UHD Graphics 620 (KBL GT2)":                                                     false,
		"NVIDIA GeForce RTX 3060/PCIe/SSE2":                                                            false,
		"AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0)":                                    false,
	} {
		if got := IsSoftwareRenderer(name); got != want {
			t.Errorf("IsSoftwareRenderer(%q) = %v, want %v", name, got, want)
		}
	}
}

// Under Xvfb the renderer is Mesa's software one (make test runs there).
func TestGLRendererUnderXvfb(t *testing.T) {
	needDisplay(t)
	name, err := GLRenderer()
	if err != nil {
		t.Skipf("no GL renderer string: %v", err)
	}
	t.Logf("GL_RENDERER: %s", name)
	if name == "" {
		t.Error("empty GL_RENDERER")
	}
}
