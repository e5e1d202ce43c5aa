// Package probe is what TestFusedSitesFound compiles for arm64: one sum
// the compiler fuses and the same sum with the product's rounding forced.
package probe

// Fused returns x*y + z: one FMADDD on arm64.
//
//go:noinline
func Fused(x, y, z float64) float64 { return x*y + z }

// Rounded returns float64(x*y) + z: FMULD then FADDD.
//
//go:noinline
func Rounded(x, y, z float64) float64 { return float64(x*y) + z }
