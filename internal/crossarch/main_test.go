package crossarch

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// flightPkg is the package whose tests fly the shipped missions, and
// flightDir its folder from here.
const (
	flightPkg = "spaceflight/game/flight"
	flightDir = "../../game/flight"
)

var (
	binDir string   // where the tests' binaries are built
	built  sync.Map // "GOOS/GOARCH pkg" → *buildOnce
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
		b.bin = filepath.Join(binDir, p.GOOS+"-"+p.GOARCH+"-"+strings.ReplaceAll(pkg, "/", "_")+".test")
		b.err = BuildTest(p, pkg, b.bin)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}
