package craft

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Reading files that may be hostile. A name can point at anything: a named
// pipe (FIFO) would block the game forever on open or read, a device would
// feed it without end. So every file the game reads — crafts, missions,
// settings, scores, replays — is read the same way: its mode is checked
// before it is opened (and again on the open file), the open itself never
// blocks, only regular files are read, and a file over its size limit is
// refused with its real size.

// ErrNotRegular is returned (wrapped) for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned (wrapped) for a file over its size limit.
var ErrTooLarge = errors.New("file too large")

// ReadFile returns the content of the regular file at the OS path name,
// refusing other kinds of file and files of more than limit bytes. Its
// errors are *fs.PathError whose Path is Printable.
func ReadFile(name string, limit int64) ([]byte, error) {
	b, err := readOS(name, limit)
	return b, printablePath(err)
}

// printablePath makes the path in a *fs.PathError safe to print.
func printablePath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = Printable(pe.Path)
	}
	return err
}

func readOS(name string, limit int64) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, fi, limit); err != nil {
		return nil, err
	}
	// A FIFO swapped in after the stat still cannot block the open, and
	// the open file is checked again before it is read.
	f, err := os.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readChecked(name, f, limit)
}

// readFS is ReadFile for a file in fsys.
func readFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, fi, limit); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readChecked(name, f, limit)
}

func readChecked(name string, f fs.File, limit int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, fi, limit); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit { // it grew since the stat
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: file is more than %d bytes; the limit is %s", ErrTooLarge, limit, sizeName(limit))}
	}
	return b, nil
}

// FileKind names what a file that is not regular is, for an error: "a
// folder", "a named pipe (FIFO)", "a socket", "a device" or "a special
// file".
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// checkRegular refuses anything but a regular file of at most limit bytes.
func checkRegular(name string, fi fs.FileInfo, limit int64) error {
	m := fi.Mode()
	if !m.IsRegular() {
		return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, FileKind(m))}
	}
	if fi.Size() > limit {
		return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: file is %d bytes; the limit is %s", ErrTooLarge, fi.Size(), sizeName(limit))}
	}
	return nil
}

// sizeName writes a limit in bytes and, when it is whole mebibytes, in MiB.
func sizeName(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d bytes (%d MiB)", n, n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// maxLinks is the most symbolic links resolveIn follows in one path, as
// Linux does: more is a loop.
const maxLinks = 40

// resolveIn follows the symbolic links in name, a path in fsys, and returns
// the path in fsys they lead to. A link that leads out of fsys — to an
// absolute path, or up past its root — is refused (ErrRefused), naming the
// link; more than maxLinks links are a loop. A path that does not exist is
// returned as far as it goes, for the read to say so. A file system that
// cannot read links (not an fs.ReadLinkFS, as embedded files) is taken as
// it is. Errors are *fs.PathError for name.
//
// os.DirFS follows links anywhere; this is what keeps a file found in a
// folder inside it.
func resolveIn(fsys fs.FS, name string) (string, error) {
	rl, ok := fsys.(fs.ReadLinkFS)
	if !ok {
		return name, nil
	}
	fail := func(format string, args ...any) (string, error) {
		return "", &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf(format, args...)}
	}
	var done []string // the path so far, its links followed
	rest := strings.Split(name, "/")
	link, target := "", "" // the last link followed, for messages
	for links := 0; len(rest) > 0; {
		elem := rest[0]
		rest = rest[1:]
		switch elem {
		case "", ".":
			continue
		case "..": // only from a link: name is a valid path
			if len(done) == 0 {
				return fail("%w: %s is a symbolic link to %s, which leads out of the folder", ErrRefused, link, strconv.Quote(target))
			}
			done = done[:len(done)-1]
			continue
		}
		p := path.Join(path.Join(done...), elem)
		fi, err := rl.Lstat(p)
		if err != nil {
			return path.Join(append([]string{p}, rest...)...), nil
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = append(done, elem)
			continue
		}
		if links++; links > maxLinks {
			return fail("a loop of symbolic links (more than %d to follow)", maxLinks)
		}
		t, err := rl.ReadLink(p)
		if err != nil {
			return "", err
		}
		link, target = p, t
		if path.IsAbs(t) || filepath.IsAbs(t) || filepath.VolumeName(t) != "" {
			return fail("%w: %s is a symbolic link to %s, outside the folder", ErrRefused, link, strconv.Quote(target))
		}
		rest = append(strings.Split(filepath.ToSlash(t), "/"), rest...)
	}
	if len(done) == 0 {
		return ".", nil
	}
	return path.Join(done...), nil
}
