package craft

import (
	"io/fs"
	"testing"
)

func BenchmarkParseLander(b *testing.B) {
	src, err := fs.ReadFile(Shipped().FS, "crafts/lander.toml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseCraft("lander.toml", src); err != nil {
			b.Fatal(err)
		}
	}
}
