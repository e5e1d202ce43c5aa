package craft

import (
	"math"
	"strconv"
	"testing"
	"testing/fstest"
	"time"
)

// The seeds are small on purpose: the fuzzer minimises every new
// interesting input, which for a 10 kB shipped craft takes the whole of a
// short -fuzztime on a busy machine. Shipped files are tested elsewhere.

// FuzzLoadCraft: no input makes the craft loader panic or hang, and every
// craft it accepts has finite, positive mass properties.
func FuzzLoadCraft(f *testing.F) {
	f.Add([]byte(baseCraft))
	f.Add([]byte("format = 1\n[[part]]\nname = \"a\"\nmass = 1\nshape = [{kind = \"hull\", points = [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]}]\n"))
	f.Add([]byte("format = 1\n[[part]]\n[[part.shape]]\n[[part]]\n[part.shape]\nx = [[[[[1]]]]]\n"))
	f.Add([]byte("a = \"\"\"\nb = [\n\"\"\"\n[[x]]\n'c.d' = {e = [1, {f = 2}]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchHang(string(data))()
		c, err := ParseCraft("fuzz.toml", data)
		if err != nil {
			for _, e := range Errors(err) {
				if e.Line < 0 || e.Col < 0 {
					t.Fatalf("bad position in %v", e)
				}
			}
			return
		}
		mp := c.MassProps(nil)
		if !(mp.Mass > 0) || math.IsInf(mp.Mass, 0) {
			t.Fatalf("accepted craft with mass %g", mp.Mass)
		}
		for i := range 9 {
			if math.IsNaN(mp.Inertia[i]) || math.IsInf(mp.Inertia[i], 0) {
				t.Fatalf("accepted craft with inertia %v", mp.Inertia)
			}
		}
	})
}

// FuzzLoadMission: no input makes the mission loader panic or hang,
// including the lookup of the crafts it names.
func FuzzLoadMission(f *testing.F) {
	f.Add([]byte(baseMission))
	f.Add([]byte("format = 1\nkind = \"land\"\n[player]\ncraft = \"../crafts/small.toml\"\n[environment.pad]\n"))
	f.Add([]byte("format = 1\nkind = \"dock\"\n[player]\ncraft = \"/etc/passwd\"\n[target]\ncraft = \"small\"\nport = \"nose\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lib := NewLibrary(Layer{Name: "fuzz", FS: fstest.MapFS{
			"crafts/small.toml": {Data: []byte(baseCraft)},
			"missions/m.toml":   {Data: data},
		}})
		m, err := lib.LoadMission("m")
		if err == nil && (m.Player.Spec == nil || (m.Target != nil && m.Target.Spec == nil)) {
			t.Fatalf("mission accepted without its crafts")
		}
	})
}

// FuzzScanPositions: the position scanner also runs on files BurntSushi
// rejected (to place duplicate-key errors), so it must survive any bytes.
func FuzzScanPositions(f *testing.F) {
	f.Add(baseCraft)
	f.Add("0=0 \n0=0A\n\"")
	f.Add("a = [1, {b = '''x\n''', c = [[\"\\\"\"]]}\n[[x.y]]\n'q\n")
	f.Fuzz(func(t *testing.T, src string) {
		scanPositions(src)
	})
}

// watchHang panics, naming the input, if the fuzz body it guards runs for
// more than 5 s; call the returned function when the body is done.
func watchHang(input string) (done func()) {
	ch := make(chan struct{})
	go func() {
		select {
		case <-ch:
		case <-time.After(5 * time.Second):
			panic("hang on input " + strconv.Quote(input))
		}
	}()
	return func() { close(ch) }
}
