package craft

import (
	"time"
)

// Stamp identifies one version of a file cheaply, from a stat: its size and
// its modification time. Embedded files have a zero ModTime and never change.
type Stamp struct {
	Size    int64
	ModTime time.Time
}

func stampOf(s source) Stamp {
	st := Stamp{Size: -1}
	if fi, err := s.stat(); err == nil {
		st.Size, st.ModTime = fi.Size(), fi.ModTime()
	}
	return st
}

type watchedFile struct {
	src   source
	stamp Stamp
}

// Watcher keeps the last good version of a craft or mission and reloads it
// when one of its files changes. The game polls it (about once a second
// while flying) and calls Reload on restart. A poll of unchanged files costs
// one stat per file (a mission's crafts included) plus, for files found by
// library name, one per layer to notice a user file that now overrides a
// shipped one (or stops overriding it).
type Watcher[T any] struct {
	// Value is the last version that loaded without errors.
	Value T
	// Err holds the errors of the newest version when it failed to load
	// (Value is then still the previous good one), or nil. Use Errors(Err)
	// to list them, e.g. the first few in the HUD.
	Err error

	lib   *Library
	files []watchedFile
	load  func() (T, []source, error)
}

// WatchCraft loads a craft (library name or path) and returns a watcher for
// it. When the first load fails it returns the watcher and the errors; the
// watcher's Value is then nil until a Poll succeeds.
func (l *Library) WatchCraft(ref string) (*Watcher[*Craft], error) {
	w := &Watcher[*Craft]{lib: l, load: func() (*Craft, []source, error) {
		src, err := l.find("crafts", ref, nil)
		if err != nil {
			return nil, nil, err
		}
		c, err := loadCraftFrom(src)
		return c, []source{src}, err
	}}
	w.Reload()
	return w, w.Err
}

// WatchMission loads a mission with its crafts and returns a watcher that
// reloads it when the mission file or one of its craft files changes.
func (l *Library) WatchMission(ref string) (*Watcher[*Mission], error) {
	return l.watchMission(ref, nil)
}

// WatchMissionNamedIn is WatchMission for a mission named inside the file
// at the OS path file (a replay): like a mission's crafts, ref must be a
// library name or a relative .toml path inside file's folder or the user
// folder, else the error wraps ErrRefused.
func (l *Library) WatchMissionNamedIn(ref, file string) (*Watcher[*Mission], error) {
	return l.watchMission(ref, &source{path: file, shown: file})
}

func (l *Library) watchMission(ref string, base *source) (*Watcher[*Mission], error) {
	w := &Watcher[*Mission]{lib: l, load: func() (*Mission, []source, error) {
		src, err := l.find("missions", ref, base)
		if err != nil {
			return nil, nil, err
		}
		return l.loadMissionFrom(src)
	}}
	w.Reload()
	return w, w.Err
}

// Changed reports whether a file of the watched value differs from the
// version last loaded, or a library name (the mission's or one of its
// crafts') now resolves to another file.
func (w *Watcher[T]) Changed() bool {
	return len(w.files) == 0 || len(w.changed(true)) > 0
}

// ChangedFiles names the files of the watched value that differ from the
// versions last loaded (by the name shown in messages), the mission's own
// file first: for a message saying what was reloaded. A library name that
// now resolves to another file is named by that new file.
func (w *Watcher[T]) ChangedFiles() []string { return w.changed(false) }

// changed lists the changed files, stopping at the first when first is set.
func (w *Watcher[T]) changed(first bool) []string {
	var out []string
	for _, f := range w.files {
		if f.src.name != "" {
			src, err := w.lib.find(f.src.dir, f.src.name, nil)
			if err != nil {
				out = append(out, f.src.shown)
			} else if src.shown != f.src.shown {
				out = append(out, src.shown)
			}
		}
		if (len(out) == 0 || out[len(out)-1] != f.src.shown) && stampOf(f.src) != f.stamp {
			out = append(out, f.src.shown)
		}
		if first && len(out) > 0 {
			break
		}
	}
	return out
}

// Poll reloads the value when its files changed. It returns true when a new
// version loaded successfully (Value replaced, Err nil); when the new version
// has errors it keeps Value, sets Err and returns false. Unchanged files
// cost only stats and return false.
func (w *Watcher[T]) Poll() bool {
	if !w.Changed() {
		return false
	}
	return w.Reload()
}

// Reload loads the value again whether or not its files changed (for a
// restart), keeping the last good Value on errors as Poll does.
func (w *Watcher[T]) Reload() bool {
	v, srcs, err := w.load()
	w.files = w.files[:0]
	for _, s := range srcs {
		w.files = append(w.files, watchedFile{s, stampOf(s)})
	}
	if err != nil {
		w.Err = err
		return false
	}
	w.Value, w.Err = v, nil
	return true
}

// Files returns the current content of every file the watched value was
// loaded from (a mission's own file first, then its crafts), keyed by the
// name shown in messages. A replay keeps their hashes to notice later edits.
// A file that can no longer be read is left out.
func (w *Watcher[T]) Files() map[string][]byte {
	out := make(map[string][]byte, len(w.files))
	for _, f := range w.files {
		if b, err := f.src.read(); err == nil {
			out[f.src.shown] = b
		}
	}
	return out
}
