package assets

import "testing"

func TestIcon(t *testing.T) {
	img, err := Icon()
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 64 || b.Dy() != 64 {
		t.Errorf("icon is %v, want 64×64", b)
	}
	if _, _, _, a := img.At(32, 32).RGBA(); a == 0 {
		t.Error("icon centre is transparent")
	}
}
