package crossarch

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// flightPkg is the package whose tests fly the shipped missions, and
// flightDir its folder from here.
const (
	flightPkg = "spaceflight/game/flight"
	flightDir = "../../flight"
)

var (
	binDir string       // where the tests' binaries are built
	built  sync.Map     // "GOOS/GOARCH pkg" → *buildOnce
	nbuilt atomic.Int32 // binaries built, for their names
)

type buildOnce struct {
	once sync.Once
	bin  string
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "crossarch")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testBinary builds the tests of pkg for p, once per run of this package's
// tests, and returns the binary.
func testBinary(t *testing.T, p Platform, pkg string) string {
	t.Helper()
	key := p.GOOS + "/" + p.GOARCH + " " + pkg
	v, _ := built.LoadOrStore(key, &buildOnce{})
	b := v.(*buildOnce)
	b.once.Do(func() {
		b.bin = filepath.Join(binDir, fmt.Sprintf("%s-%s-%d.test", p.GOOS, p.GOARCH, nbuilt.Add(1)))
		b.err = BuildTest(p, pkg, b.bin)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}
