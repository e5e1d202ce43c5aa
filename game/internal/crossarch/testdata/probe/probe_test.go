package probe

import "testing"

var sink float64

func TestProbe(t *testing.T) {
	sink = Fused(sink, 3, 4) + Rounded(sink, 5, 6)
}
