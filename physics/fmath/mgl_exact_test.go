//go:build (amd64 && !amd64.v3) || wasm

package fmath

import "testing"

// On machines that never fuse a multiply-add — amd64 built for its first
// levels (v1, v2: the default) and wasm — fmath's results are mgl64's and
// Go's math's, bit for bit: the same operations in the same order.
func checkExact(t *testing.T, name string, got, want []float64) {
	t.Helper()
	for i := range got {
		if ulps(got[i], want[i]) != 0 {
			t.Fatalf("%s: %v, its twin %v: not bit for bit on a machine that does not fuse", name, got, want)
		}
	}
}
