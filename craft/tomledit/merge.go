package tomledit

// Taking a version of the file changed elsewhere (a text editor) while the
// document has edits of its own not yet saved: a three-way merge by lines
// of the saved version (the base), the document's and the new file's.

import (
	"errors"
	"fmt"
	"strings"
)

// hunk is a change from a to b: the bytes a[a0:a1] became b[b0:b1]. Hunks
// start and end at line starts.
type hunk struct{ a0, a1, b0, b1 int }

// maxDiffCells bounds the work of one diff (lines of the changed middle of
// a times lines of b's): beyond it, the middle counts as one change.
const maxDiffCells = 4 << 20

// lines splits s into lines, each with its line end, and returns the byte
// offset where each starts (and one past the last: len(s)).
func lines(s string) (ls []string, at []int) {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '\n')
		end := len(s)
		if j >= 0 {
			end = i + j + 1
		}
		ls, at = append(ls, s[i:end]), append(at, i)
		i = end
	}
	return ls, append(at, len(s))
}

// diff returns the hunks that turn a into b, by lines: a longest common
// subsequence of the lines between the common first and last lines.
func diff(a, b string) []hunk {
	la, ao := lines(a)
	lb, bo := lines(b)
	pre := 0
	for pre < len(la) && pre < len(lb) && la[pre] == lb[pre] {
		pre++
	}
	suf := 0
	for suf < len(la)-pre && suf < len(lb)-pre && la[len(la)-1-suf] == lb[len(lb)-1-suf] {
		suf++
	}
	ma, mb := la[pre:len(la)-suf], lb[pre:len(lb)-suf]
	if len(ma) == 0 && len(mb) == 0 {
		return nil
	}
	whole := []hunk{{ao[pre], ao[len(la)-suf], bo[pre], bo[len(lb)-suf]}}
	if (len(ma)+1)*(len(mb)+1) > maxDiffCells || len(ma) == 0 || len(mb) == 0 {
		return whole
	}
	// lcs[i][j]: the longest common subsequence of ma[i:] and mb[j:].
	w := len(mb) + 1
	lcs := make([]int32, (len(ma)+1)*w)
	for i := len(ma) - 1; i >= 0; i-- {
		for j := len(mb) - 1; j >= 0; j-- {
			if ma[i] == mb[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	var out []hunk
	i, j := 0, 0
	open := false
	var h hunk
	flush := func() {
		if open {
			h.a1, h.b1 = ao[pre+i], bo[pre+j]
			out = append(out, h)
			open = false
		}
	}
	start := func() {
		if !open {
			h = hunk{a0: ao[pre+i], b0: bo[pre+j]}
			open = true
		}
	}
	for i < len(ma) || j < len(mb) {
		switch {
		case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
			flush()
			i++
			j++
		case j < len(mb) && (i == len(ma) || lcs[i*w+j+1] >= lcs[(i+1)*w+j]):
			start()
			j++
		default:
			start()
			i++
		}
	}
	flush()
	return out
}

// clash reports whether two changes of the same text cannot both be made:
// they overlap, or one inserts where the other starts, ends or changes.
func clash(x, y hunk) bool {
	if x.a0 == x.a1 && y.a0 == y.a1 {
		return x.a0 == y.a0
	}
	if x.a0 == x.a1 {
		return x.a0 >= y.a0 && x.a0 <= y.a1
	}
	if y.a0 == y.a1 {
		return y.a0 >= x.a0 && y.a0 <= x.a1
	}
	return x.a0 < y.a1 && y.a0 < x.a1
}

// merge3 makes the changes from base to mine and from base to theirs
// together. It fails, naming the line of base where they meet, when two
// changes clash.
func merge3(base, mine, theirs string) (string, error) {
	hm, ht := diff(base, mine), diff(base, theirs)
	for _, x := range hm {
		for _, y := range ht {
			same := x.a0 == y.a0 && x.a1 == y.a1 && mine[x.b0:x.b1] == theirs[y.b0:y.b1]
			if clash(x, y) && !same {
				return "", fmt.Errorf("both changed line %d", strings.Count(base[:min(x.a0, y.a0)], "\n")+1)
			}
		}
	}
	var b strings.Builder
	at := 0
	for len(hm) > 0 || len(ht) > 0 {
		var text string
		var h hunk
		switch {
		case len(ht) == 0 || len(hm) > 0 && hm[0].a0 < ht[0].a0:
			h, text, hm = hm[0], mine[hm[0].b0:hm[0].b1], hm[1:]
		case len(hm) > 0 && hm[0].a0 == ht[0].a0: // the same change made on both sides
			h, text, hm, ht = ht[0], theirs[ht[0].b0:ht[0].b1], hm[1:], ht[1:]
		default:
			h, text, ht = ht[0], theirs[ht[0].b0:ht[0].b1], ht[1:]
		}
		b.WriteString(base[at:h.a0])
		b.WriteString(text)
		at = h.a1
	}
	b.WriteString(base[at:])
	return b.String(), nil
}

// Merge3 makes the changes from base to mine and from base to theirs
// together, by lines (the page's craft editor saving over a file the
// hangar saved meanwhile). It fails, wrapping ErrClash and naming the line
// of base, when both changed the same lines differently.
func Merge3(base, mine, theirs string) (string, error) {
	m, err := merge3(base, mine, theirs)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrClash, err)
	}
	return m, nil
}

// ErrClash is returned (wrapped) by Merge when the document's unsaved
// edits and the file's change touch the same lines.
var ErrClash = errors.New("unsaved edits clash with the file's change")

// Merge takes theirs, the file as it is now changed elsewhere. Without
// edits of its own since the last save the document becomes theirs. With
// some, they are made again on theirs when they touch other lines than
// theirs does (merged is then true and the document still has edits to
// save); when both changed the same lines the document becomes theirs all
// the same, and the error says where they clashed — one Undo gives back
// the document's own version. Either way theirs becomes the saved version
// and the change is one step of the history.
//
// It fails, changing nothing, when theirs is not TOML (or the merged text
// is not).
func (d *Doc) Merge(theirs []byte) (merged bool, err error) {
	t := string(theirs)
	if _, err := decode(t); err != nil {
		return false, err
	}
	next, clashErr := t, error(nil)
	if d.Dirty() {
		m, err := merge3(d.base, d.text, t)
		if err != nil {
			clashErr = fmt.Errorf("%w: %v", ErrClash, err)
		} else if _, err := decode(m); err != nil {
			clashErr = fmt.Errorf("%w: the merged file is not TOML: %v", ErrClash, err)
		} else {
			next, merged = m, true
		}
	}
	if err := d.Do("take the file as changed on disk", func() error {
		d.replaceAll(next)
		return nil
	}); err != nil {
		return false, err
	}
	d.base = t
	d.saved = -1
	if next == t {
		d.saved = d.done
	}
	return merged, clashErr
}

// replaceAll makes the text next with one patch of the bytes that differ
// (the common start and end kept).
func (d *Doc) replaceAll(next string) {
	cur := d.text
	p := 0
	for p < len(cur) && p < len(next) && cur[p] == next[p] {
		p++
	}
	s := 0
	for s < len(cur)-p && s < len(next)-p && cur[len(cur)-1-s] == next[len(next)-1-s] {
		s++
	}
	d.patch(p, cur[p:len(cur)-s], next[p:len(next)-s])
	t, _ := decode(d.text)
	d.tree = t
}

// Revert makes the text the version last saved, as one step (Undo takes it
// back).
func (d *Doc) Revert() error {
	if !d.Dirty() {
		return nil
	}
	return d.Do("revert to the saved file", func() error {
		d.replaceAll(d.base)
		return nil
	})
}
