//go:build !((amd64 && !amd64.v3) || wasm)

package fmath

import "testing"

// Where the compiler fuses multiply-adds, mgl64's and math's own results
// are not those of rounding every operation: fmath's may differ from them
// (by the tolerances the tests give).
func checkExact(*testing.T, string, []float64, []float64) {}
