package craft

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Layer is one folder of crafts and missions: files crafts/NAME.toml and
// missions/NAME.toml inside FS.
type Layer struct {
	Name string // shown in messages before the path, e.g. "data" or a directory
	FS   fs.FS
	// Dir is the OS folder FS reads, if it is one (a user folder), else "".
	// A file named inside a mission or replay outside the library may
	// point into it (see Library.find).
	Dir string
}

// Library finds crafts and missions by name in layers; a later layer adds
// files and overrides earlier ones of the same name. The usual library is
// the shipped files with the user's folder on top (DefaultLibrary).
type Library struct {
	layers []Layer
}

// NewLibrary returns a library of the given layers, lowest first.
func NewLibrary(layers ...Layer) *Library { return &Library{layers: layers} }

// Shipped returns the layer of the game's own files, fsys, shown in
// messages as "data". The game passes the files embedded in its binary.
func Shipped(fsys fs.FS) Layer { return Layer{Name: "data", FS: fsys} }

// UserDir returns the user's folder for crafts and missions:
// os.UserConfigDir()/spaceflight (on Linux ~/.config/spaceflight).
func UserDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "spaceflight"), nil
}

// DefaultLibrary returns the shipped files (see Shipped) overlaid with the
// user folder dir (its crafts/ and missions/ subfolders); dir "" means
// UserDir(). A missing folder is simply empty.
func DefaultLibrary(shipped fs.FS, dir string) *Library {
	if dir == "" {
		d, err := UserDir()
		if err != nil {
			return NewLibrary(Shipped(shipped))
		}
		dir = d
	}
	return NewLibrary(Shipped(shipped), Layer{Name: dir, FS: os.DirFS(dir), Dir: dir})
}

// Layers returns the library's layers, lowest first.
func (l *Library) Layers() []Layer { return slices.Clone(l.layers) }

// Crafts returns the names of all crafts, sorted.
func (l *Library) Crafts() []string { return l.names("crafts") }

// Missions returns the names of all missions, sorted.
func (l *Library) Missions() []string { return l.names("missions") }

func (l *Library) names(dir string) []string {
	var out []string
	for _, ly := range l.layers {
		ents, err := fs.ReadDir(ly.FS, dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if n, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// source is one file: in a layer's FS, or on the OS when fsys is nil.
//
// A file in a layer must stay in it: a symbolic link is followed only while
// it leads to a file inside the layer's FS (resolveIn). A file on the OS
// stays in root, when set: a file named inside a mission or replay read
// from an OS path must stay in that file's folder or the user folder
// (confined), by name and, its links followed, in fact.
type source struct {
	fsys  fs.FS
	path  string // slash path in fsys, or an OS path
	shown string // for messages
	root  string // OS only: the folder the file must not leave; "" = any file (one the user named)
	// dir and name are the library folder and name the file was found by
	// (name is empty for a path): a later lookup may find another layer's.
	dir, name string
}

func (s source) stat() (fs.FileInfo, error) {
	if s.fsys == nil {
		return os.Stat(s.path)
	}
	return fs.Stat(s.fsys, s.path)
}

// read returns the file's content: only a regular file of at most
// MaxFileSize bytes, and without blocking on special files (open.go).
//
// Before anything is read, the path's symbolic links are followed in the
// folder the file must stay in (see source), and a file they lead out of is
// refused (ErrRefused), as are loops of links.
func (s source) read() ([]byte, error) {
	if s.fsys == nil && s.root == "" {
		return ReadFile(s.path, MaxFileSize)
	}
	if s.fsys == nil {
		rel, ok := inside(s.root, s.path)
		if !ok { // confined checked it by name
			return nil, &fs.PathError{Op: "open", Path: Printable(s.path), Err: fmt.Errorf("%w: it is outside %s", ErrRefused, Printable(s.root))}
		}
		real, err := resolveIn(os.DirFS(s.root), rel)
		if err != nil {
			return nil, printablePath(err)
		}
		return ReadFile(filepath.Join(s.root, filepath.FromSlash(real)), MaxFileSize)
	}
	real, err := resolveIn(s.fsys, s.path)
	if err != nil {
		return nil, printablePath(err)
	}
	return readFS(s.fsys, real, MaxFileSize)
}

// readError is the error list of a file that could not be read: the file's
// name once, then what is wrong.
func readError(src source, err error) ErrorList {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return ErrorList{{File: src.shown, Msg: msg, cause: err}}
}

// isPath reports whether ref, typed on the command line, names a file
// rather than a library entry.
func isPath(ref string) bool {
	return strings.HasSuffix(ref, ".toml") || strings.ContainsAny(ref, `/\`)
}

// ErrNotFound is returned (wrapped) for names that are in no layer.
var ErrNotFound = errors.New("not found")

// ErrRefused is returned (wrapped) for a file named inside a mission or a
// replay that lies outside the places such a file may name.
var ErrRefused = errors.New("not allowed here")

// find resolves a reference to a craft or mission file in dir ("crafts" or
// "missions").
//
// A reference the user typed (base nil) is a library name, top layer
// first, or else a path to any file.
//
// A reference written inside a file (base: a mission naming its crafts, a
// replay naming its mission) is a library name, or a relative path ending
// in .toml, written with /, that stays inside the folder of base or inside
// a user folder of the library (Layer.Dir); base's own layer counts as its
// folder when base was found in the library. Anything else — an absolute
// path, /dev/stdin, ../../etc/passwd — is refused with ErrRefused: a
// mission or replay from elsewhere must not make the game read any file.
func (l *Library) find(dir, ref string, base *source) (source, error) {
	switch {
	case base == nil && isPath(ref):
		return source{path: ref, shown: ref}, nil
	case base != nil && (strings.HasSuffix(ref, ".toml") || strings.ContainsAny(ref, `/\`)):
		return l.confined(ref, base)
	}
	for i := len(l.layers) - 1; i >= 0; i-- {
		ly := l.layers[i]
		p := dir + "/" + ref + ".toml"
		// A file that is there but cannot be looked at (a loop of
		// symbolic links) is found all the same: reading it says why.
		if fi, err := fs.Stat(ly.FS, p); err == nil && !fi.IsDir() || err != nil && !errors.Is(err, fs.ErrNotExist) {
			return source{fsys: ly.FS, path: p, shown: layerPath(ly.Name, p), dir: dir, name: ref}, nil
		}
	}
	var names []string
	if dir == "crafts" {
		names = l.Crafts()
	} else {
		names = l.Missions()
	}
	return source{}, fmt.Errorf("no %s named %q%s: %w", strings.TrimSuffix(dir, "s"), ref, didYouMean(ref, names), ErrNotFound)
}

// confined resolves a path written inside base, refusing it unless it
// keeps to the places find allows.
func (l *Library) confined(ref string, base *source) (source, error) {
	refuse := func(why string) (source, error) {
		return source{}, fmt.Errorf("%q: %w: %s (a file named inside a mission or replay is a library name, "+
			"or a relative path ending in .toml inside that file's folder or the user folder)", ref, ErrRefused, why)
	}
	switch {
	case !strings.HasSuffix(ref, ".toml"):
		return refuse("a path must end in .toml")
	case strings.Contains(ref, `\`):
		return refuse(`write paths with "/"`)
	case path.IsAbs(ref) || filepath.IsAbs(ref) || filepath.VolumeName(ref) != "":
		return refuse("it is an absolute path")
	}
	if base.fsys != nil { // a library file: its layer is its place
		p := path.Join(path.Dir(base.path), ref)
		if !fs.ValidPath(p) {
			return refuse("it leaves the library folder")
		}
		return source{fsys: base.fsys, path: p, shown: path.Join(path.Dir(base.shown), ref)}, nil
	}
	folder := filepath.Dir(base.path)
	p := filepath.Join(folder, filepath.FromSlash(ref))
	if _, ok := inside(folder, p); ok {
		return source{path: p, shown: p, root: folder}, nil
	}
	for _, ly := range l.layers {
		if _, ok := inside(ly.Dir, p); ok && ly.Dir != "" {
			return source{path: p, shown: p, root: ly.Dir}, nil
		}
	}
	return refuse(fmt.Sprintf("it leaves the folder of %q", base.shown))
}

// inside reports whether the OS path p lies in folder by name (links are
// not followed: source.read follows them), and returns p as a slash path
// relative to folder.
func inside(folder, p string) (string, bool) {
	af, err1 := filepath.Abs(folder)
	ap, err2 := filepath.Abs(p)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(af, ap)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func layerPath(layer, p string) string {
	if layer == "data" {
		return "data/" + p
	}
	return filepath.Join(layer, filepath.FromSlash(p))
}

// LoadCraft loads and validates a craft by library name ("lander") or by
// file path (anything ending in .toml or containing a slash).
func (l *Library) LoadCraft(ref string) (*Craft, error) {
	src, err := l.find("crafts", ref, nil)
	if err != nil {
		return nil, err
	}
	return loadCraftFrom(src)
}

func loadCraftFrom(src source) (*Craft, error) {
	b, err := src.read()
	if err != nil {
		return nil, readError(src, err)
	}
	return ParseCraft(src.shown, b)
}

// LoadMission loads and validates a mission by library name or file path,
// then loads its crafts (Placement.Spec) and checks that they exist and have
// the ports the mission names. Crafts given as .toml paths are relative to
// the mission file and must stay in its folder or the user folder (find).
func (l *Library) LoadMission(ref string) (*Mission, error) {
	src, err := l.find("missions", ref, nil)
	if err != nil {
		return nil, err
	}
	m, _, err := l.loadMissionFrom(src)
	return m, err
}

// loadMissionFrom is LoadMission of a file already found; it also returns
// the sources it read (the mission first, then its crafts).
func (l *Library) loadMissionFrom(src source) (*Mission, []source, error) {
	b, err := src.read()
	if err != nil {
		return nil, []source{src}, readError(src, err)
	}
	m, err := ParseMission(src.shown, b)
	if err != nil {
		return nil, []source{src}, err
	}
	srcs := []source{src}
	var errs ErrorList
	type result struct {
		c   *Craft
		err error
	}
	loaded := map[string]result{} // by file: a craft placed twice is read and parsed once
	fail := func(k string, format string, args ...any) {
		at := m.refAt(k)
		errs = append(errs, &Error{File: src.shown, Line: at.line, Col: at.col, Path: k, Msg: fmt.Sprintf(format, args...)})
	}
	resolve := func(key string, p *Placement, needPort bool) {
		cs, err := l.find("crafts", p.Craft, &src)
		if err != nil {
			at := m.refAt(key + ".craft")
			errs = append(errs, &Error{File: src.shown, Line: at.line, Col: at.col, Path: key + ".craft", Msg: err.Error(), cause: err})
			return
		}
		r, seen := loaded[cs.shown]
		if !seen {
			srcs = append(srcs, cs)
			r.c, r.err = loadCraftFrom(cs)
			loaded[cs.shown] = r
		}
		c, err := r.c, r.err
		if err != nil {
			var pe *fs.PathError
			switch {
			case errors.Is(err, fs.ErrNotExist):
				fail(key+".craft", "craft file %q does not exist", cs.shown)
			case errors.As(err, &pe): // not read: why, in one line
				at := m.refAt(key + ".craft")
				errs = append(errs, &Error{File: src.shown, Line: at.line, Col: at.col, Path: key + ".craft",
					Msg: fmt.Sprintf("craft file %q: %v", cs.shown, pe.Err), cause: err})
			default:
				fail(key+".craft", "craft %q has errors:", cs.shown)
				errs = append(errs, Errors(err)...)
			}
			return
		}
		p.Spec = c
		if most := c.FuelCapacity(); p.Fuel > most {
			fail(key+".fuel", "craft %q holds at most %g kg of propellant, not %g", p.Craft, most, p.Fuel)
		}
		switch {
		case p.Port != "":
			names := make([]string, len(c.Ports))
			for i, pt := range c.Ports {
				names[i] = pt.Name
			}
			if c.PortIndex(p.Port) < 0 {
				fail(key+".port", "craft %q has no port named %q%s", p.Craft, p.Port, didYouMean(p.Port, names))
			}
		case len(c.Ports) > 0:
			p.Port = c.Ports[0].Name
		case needPort:
			fail(key+".craft", "craft %q has no docking port; a dock mission needs one", p.Craft)
		}
	}
	dock := m.Kind == KindDock
	resolve("player", &m.Player, dock)
	if m.Player.Spec != nil {
		m.resolveFailures(m.Player.Spec, fail)
	}
	if m.Target != nil {
		resolve("target", m.Target, dock)
	}
	if len(errs) > 0 {
		return nil, srcs, errs
	}
	return m, srcs, nil
}
