package storage

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// KV is a store of string values by string key whose writes are whole: a
// Set stores all of its value or, failing (over quota), none of it. The
// browser's localStorage is one (its setItem either replaces the value or
// throws); tests use a map.
type KV interface {
	Get(key string) (string, bool)
	Set(key, value string) error
	Remove(key string)
	Keys() []string
}

// Local keeps files as values of a KV, one value per file, so a write is
// as whole as the KV's Set: a tab closed mid-save leaves the old value or
// the new one. A value is a header line and the content:
//
//	sf1 <mtime, ns since 1970> <t: UTF-8 text | b: base64> <content length, bytes>\n<content>
//
// and a value whose content does not have its header's length is refused
// as corrupt on read. Each write moves the file's modification time
// forward by at least a nanosecond, so a watcher comparing size and time
// sees every write.
//
// The browser gives a site a few MiB; Local keeps its own values (keys
// included, in UTF-16 code units as browsers count them) under Cap. When a
// write would not fit — under Cap, or over the browser's own quota — the
// oldest files that Droppable allows are removed first (the game drops old
// replays) until it fits; a write that cannot fit even then fails with
// ErrFull and changes nothing.
type Local struct {
	KV        KV
	Prefix    string                 // of every key Local uses, e.g. "spaceflight:"
	Cap       int                    // UTF-16 code units for keys and values together
	Droppable func(path string) bool // files that may be removed to make room; nil: none
	// Deliver hands the player the files HandOut picks (screenshots) to
	// keep outside the page, as the browser's downloads, instead of
	// storing them; nil: every file is stored.
	HandOut func(path string) bool
	Deliver func(name string, data []byte) error
	Root    string           // ConfigDir and DataDir are Root/config and Root/data
	Now     func() time.Time // the clock for modification times; nil: time.Now
}

// DefaultCap is the space Local takes by default: 3 Mi UTF-16 code units
// (6 MiB as the browser counts), under the 5 Mi units of a site's
// localStorage in Chromium and Firefox, leaving room for other keys.
const DefaultCap = 3 << 20

// ConfigDir is Root/config.
func (l *Local) ConfigDir() string { return path.Join(l.root(), "config") }

// DataDir is Root/data.
func (l *Local) DataDir() string { return path.Join(l.root(), "data") }

func (l *Local) root() string {
	if l.Root == "" {
		return "/"
	}
	return l.Root
}

func (l *Local) key(p string) string { return l.Prefix + path.Clean(p) }

// entry is a decoded value.
type entry struct {
	mtime int64 // ns since 1970
	data  []byte
}

// ErrCorrupt marks a stored value that is not a whole file.
var ErrCorrupt = errors.New("stored value corrupt")

func decode(v string) (entry, error) {
	head, body, ok := strings.Cut(v, "\n")
	f := strings.Fields(head)
	if !ok || len(f) != 4 || f[0] != "sf1" {
		return entry{}, fmt.Errorf("%w: no header", ErrCorrupt)
	}
	mt, err1 := strconv.ParseInt(f[1], 10, 64)
	n, err2 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil {
		return entry{}, fmt.Errorf("%w: bad header %q", ErrCorrupt, head)
	}
	var data []byte
	switch f[2] {
	case "t":
		data = []byte(body)
	case "b":
		b, err := base64.StdEncoding.DecodeString(body)
		if err != nil {
			return entry{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		data = b
	default:
		return entry{}, fmt.Errorf("%w: unknown encoding %q", ErrCorrupt, f[2])
	}
	if len(data) != n {
		return entry{}, fmt.Errorf("%w: %d bytes of %d", ErrCorrupt, len(data), n)
	}
	return entry{mt, data}, nil
}

func encode(e entry) string {
	kind, body := "t", string(e.data)
	if !utf8.Valid(e.data) {
		kind, body = "b", base64.StdEncoding.EncodeToString(e.data)
	}
	return fmt.Sprintf("sf1 %d %s %d\n%s", e.mtime, kind, len(e.data), body)
}

// units is the length of s in UTF-16 code units, as a browser counts it.
func units(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

func (l *Local) get(p string) (entry, error) {
	v, ok := l.KV.Get(l.key(p))
	if !ok {
		return entry{}, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	e, err := decode(v)
	if err != nil {
		return entry{}, &fs.PathError{Op: "read", Path: p, Err: err}
	}
	return e, nil
}

// ReadFile returns a file's content, refusing one over limit bytes.
func (l *Local) ReadFile(p string, limit int64) ([]byte, error) {
	e, err := l.get(p)
	if err != nil {
		return nil, err
	}
	if int64(len(e.data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: p, Err: fmt.Errorf("file is %d bytes; the limit is %d", len(e.data), limit)}
	}
	return e.data, nil
}

// WriteFile stores data as the file p in one Set, dropping old Droppable
// files first when it would not fit otherwise; a file HandOut picks is
// delivered instead.
func (l *Local) WriteFile(p string, data []byte) error {
	if l.Deliver != nil && l.HandOut != nil && l.HandOut(p) {
		return l.Deliver(path.Base(p), data)
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	e := entry{mtime: now().UnixNano(), data: data}
	if old, err := l.get(p); err == nil && e.mtime <= old.mtime {
		e.mtime = old.mtime + 1
	}
	k, v := l.key(p), encode(e)
	need := units(k) + units(v)
	used := l.used(k)
	if l.Cap > 0 && need > l.Cap {
		return &fs.PathError{Op: "write", Path: p, Err: fmt.Errorf("%w: the file takes %d units of the %d this game may use", ErrFull, need, l.Cap)}
	}
	for l.Cap > 0 && used+need > l.Cap {
		freed, ok := l.dropOldest(p)
		if !ok {
			return &fs.PathError{Op: "write", Path: p, Err: fmt.Errorf("%w: %d units used of %d, %d more needed, and nothing left to drop", ErrFull, used, l.Cap, need)}
		}
		used -= freed
	}
	for {
		err := l.KV.Set(k, v)
		if err == nil {
			return nil
		}
		if _, ok := l.dropOldest(p); !ok { // over the browser's own quota
			return &fs.PathError{Op: "write", Path: p, Err: fmt.Errorf("%w: %v", ErrFull, err)}
		}
	}
}

// used is the space Local's keys and values take, leaving out key skip
// (the one about to be replaced).
func (l *Local) used(skip string) int {
	n := 0
	for _, k := range l.KV.Keys() {
		if !strings.HasPrefix(k, l.Prefix) || k == skip {
			continue
		}
		v, _ := l.KV.Get(k)
		n += units(k) + units(v)
	}
	return n
}

// dropOldest removes the oldest Droppable file other than keep and
// returns the space it freed.
func (l *Local) dropOldest(keep string) (int, bool) {
	if l.Droppable == nil {
		return 0, false
	}
	keepKey := l.key(keep)
	best, bestT := "", int64(0)
	for _, k := range l.KV.Keys() {
		p, ok := strings.CutPrefix(k, l.Prefix)
		if !ok || k == keepKey || !l.Droppable(p) {
			continue
		}
		v, _ := l.KV.Get(k)
		t := int64(-1 << 63) // a corrupt value goes first
		if e, err := decode(v); err == nil {
			t = e.mtime
		}
		if best == "" || t < bestT || t == bestT && k < best {
			best, bestT = k, t
		}
	}
	if best == "" {
		return 0, false
	}
	v, _ := l.KV.Get(best)
	l.KV.Remove(best)
	return units(best) + units(v), true
}

// Rename moves a file: one Set of the new key, then the old key's removal,
// so a stop between the two leaves both, never neither.
func (l *Local) Rename(from, to string) error {
	v, ok := l.KV.Get(l.key(from))
	if !ok {
		return &fs.PathError{Op: "rename", Path: from, Err: fs.ErrNotExist}
	}
	if err := l.KV.Set(l.key(to), v); err != nil {
		return &fs.PathError{Op: "rename", Path: to, Err: fmt.Errorf("%w: %v", ErrFull, err)}
	}
	l.KV.Remove(l.key(from))
	return nil
}

// Remove removes a file.
func (l *Local) Remove(p string) error {
	if _, ok := l.KV.Get(l.key(p)); !ok {
		return &fs.PathError{Op: "remove", Path: p, Err: fs.ErrNotExist}
	}
	l.KV.Remove(l.key(p))
	return nil
}

// RemoveStaleTemps does nothing: Local writes no temporary files.
func (l *Local) RemoveStaleTemps(string) ([]string, error) { return nil, nil }

// FS returns the files under dir as a file system (read only), with
// folders made up from the paths.
func (l *Local) FS(dir string) fs.FS { return localFS{l, path.Clean(dir)} }

type localFS struct {
	l   *Local
	dir string
}

func (f localFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	full := path.Join(f.dir, name)
	if e, err := f.l.get(full); err == nil {
		return &localFile{info: info{name: path.Base(name), size: int64(len(e.data)), mtime: e.mtime}, data: e.data}, nil
	} else if !isNotExist(err) {
		return nil, err
	}
	ents := f.entries(full)
	if ents == nil && name != "." {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &localDir{info: info{name: path.Base(name), dir: true}, ents: ents}, nil
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// entries lists the folder full: its files and the folders made up from
// deeper paths, sorted by name; nil when there is nothing in it.
func (f localFS) entries(full string) []fs.DirEntry {
	pre := strings.TrimSuffix(f.l.key(full), "/") + "/"
	var out []fs.DirEntry
	seen := map[string]bool{}
	for _, k := range f.l.KV.Keys() {
		rest, ok := strings.CutPrefix(k, pre)
		if !ok || rest == "" {
			continue
		}
		name, deeper, _ := strings.Cut(rest, "/")
		if seen[name] {
			continue
		}
		seen[name] = true
		in := info{name: name, dir: deeper != ""}
		if !in.dir {
			v, _ := f.l.KV.Get(k)
			if e, err := decode(v); err == nil {
				in.size, in.mtime = int64(len(e.data)), e.mtime
			}
		}
		out = append(out, fs.FileInfoToDirEntry(in))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

type info struct {
	name  string
	size  int64
	mtime int64
	dir   bool
}

func (i info) Name() string { return i.name }
func (i info) Size() int64  { return i.size }
func (i info) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i info) ModTime() time.Time { return time.Unix(0, i.mtime) }
func (i info) IsDir() bool        { return i.dir }
func (i info) Sys() any           { return nil }

type localFile struct {
	info
	data []byte
	off  int
}

func (f *localFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *localFile) Close() error               { return nil }
func (f *localFile) Read(b []byte) (int, error) {
	if f.off >= len(f.data) {
		return 0, io.EOF
	}
	n := copy(b, f.data[f.off:])
	f.off += n
	return n, nil
}

type localDir struct {
	info
	ents []fs.DirEntry
	off  int
}

func (d *localDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *localDir) Close() error               { return nil }
func (d *localDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: fs.ErrInvalid}
}
func (d *localDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.ents[d.off:]
	if n <= 0 {
		d.off = len(d.ents)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.off += len(rest)
	return rest, nil
}
