package tomledit

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// A change made in a text editor while the document had no edits of its
// own is simply taken.
func TestMergeClean(t *testing.T) {
	d := mustParse(t, sample)
	theirs := strings.Replace(sample, "mass = 20", "mass = 30", 1)
	merged, err := d.Merge([]byte(theirs))
	if err != nil || merged {
		t.Fatal(merged, err)
	}
	check(t, d, theirs)
	if d.Dirty() {
		t.Fatal("dirty after taking the file")
	}
	if v, _ := d.Get("part[1].mass"); v != int64(30) {
		t.Fatalf("mass %v", v)
	}
}

// The document's unsaved edits are made again on the changed file when
// they touch other lines.
func TestMergeBoth(t *testing.T) {
	d := mustParse(t, sample)
	if err := d.Set("part[0].mass", 900.0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AppendCopy("thruster[0]"); err != nil {
		t.Fatal(err)
	}
	mine := string(d.Text())
	theirs := strings.Replace(sample, "anchor = [1, -0.4, 1]", "anchor = [1, -0.5, 1]   # lower", 1)
	theirs = strings.Replace(theirs, "# A craft.", "# A craft, edited.", 1)
	merged, err := d.Merge([]byte(theirs))
	if err != nil || !merged {
		t.Fatal(merged, err)
	}
	want := strings.Replace(mine, "anchor = [1, -0.4, 1]", "anchor = [1, -0.5, 1]   # lower", 1)
	want = strings.Replace(want, "# A craft.", "# A craft, edited.", 1)
	check(t, d, want)
	if !d.Dirty() || string(d.Base()) != theirs {
		t.Fatal("the merged edits are not unsaved on top of the file's version")
	}
	// One Undo takes the file's change back out.
	d.Undo()
	check(t, d, mine)
}

// Edits that clash with the file's change: the document takes the file's
// version, says where, and one Undo gives the document's back.
func TestMergeClash(t *testing.T) {
	d := mustParse(t, sample)
	if err := d.Set("part[1].mass", 25); err != nil {
		t.Fatal(err)
	}
	mine := string(d.Text())
	theirs := strings.Replace(sample, "mass = 20", "mass = 30", 1)
	merged, err := d.Merge([]byte(theirs))
	if err == nil || merged || !strings.Contains(err.Error(), "line 21") {
		t.Fatal(merged, err)
	}
	check(t, d, theirs)
	d.Undo()
	check(t, d, mine)
	// Not TOML: nothing changes.
	if _, err := d.Merge([]byte("x = [")); err == nil {
		t.Fatal("took a broken file")
	}
	check(t, d, mine)
}

// diff's hunks turn a into b, for random line edits.
func TestDiffRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a\n", "b\n", "c\n", "x = 1\n", "\n", "# c\n"}
	for range 500 {
		var a []string
		for range r.IntN(20) {
			a = append(a, words[r.IntN(len(words))])
		}
		b := append([]string(nil), a...)
		for range r.IntN(4) {
			i := r.IntN(len(b) + 1)
			switch r.IntN(3) {
			case 0:
				b = append(b[:i], append([]string{words[r.IntN(len(words))]}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = "changed\n"
				}
			}
		}
		as, bs := strings.Join(a, ""), strings.Join(b, "")
		var out strings.Builder
		at := 0
		for _, h := range diff(as, bs) {
			out.WriteString(as[at:h.a0] + bs[h.b0:h.b1])
			at = h.a1
		}
		out.WriteString(as[at:])
		if out.String() != bs {
			t.Fatalf("diff %q → %q gives %q", as, bs, out.String())
		}
	}
}
