package flight

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"spaceflight/craft"
)

// A flight as a link: the page's address followed by "#replay=" and the
// replay file, deflated (RFC 1951) and written in unpadded base64url
// (RFC 4648 §5), so that it survives being pasted anywhere a URL goes.
// Opening the link in the page plays the replay; `spaceflight --replay`,
// `spaceflight replay` and `sim --replay` take one in place of a file. The
// fragment never reaches a server: the replay travels in the link alone.

// LinkKey starts the replay in a link's fragment: …/#replay=DATA.
const LinkKey = "replay="

// MaxLinkLength is the longest replay link read (characters): what
// browsers keep in an address with room to spare, and 750 KiB of
// compressed replay — a long hand-flown flight is a few KiB.
const MaxLinkLength = 1 << 20

// MaxLinkReplaySize is the most a link's replay may inflate to (bytes):
// deflate packs a run of one byte a thousand to one, so a link of
// MaxLinkLength could otherwise unpack to most of a gigabyte.
const MaxLinkReplaySize = 16 << 20

// ErrLink marks a replay link that cannot be read.
var ErrLink = errors.New("bad replay link")

// IsLink reports whether ref names a replay link (it holds "#replay=")
// rather than a file.
func IsLink(ref string) bool { return strings.Contains(ref, "#"+LinkKey) }

// ReplayName is how messages name the replay ref: its file, or "the
// replay link" — a link is too long to print.
func ReplayName(ref string) string {
	if IsLink(ref) {
		return "the replay link"
	}
	return craft.Printable(ref)
}

// ReplayMission opens the mission the replay rp names, rp read from ref (a
// file or a link), where it may be looked for: a library name in lib, a
// .toml path inside the replay file's folder or the user folder
// (craft.Library.WatchMissionNamedIn). A link has no folder, so it may
// name a library mission only. A mission refused for where it is wraps
// craft.ErrRefused; the message says how to give one instead (hint, as
// "spaceflight sim MISSION --replay %s", is filled with the replay's
// argument).
func ReplayMission(lib *craft.Library, rp *Replay, ref, hint string) (*craft.Watcher[*craft.Mission], error) {
	var w *craft.Watcher[*craft.Mission]
	var err error
	if IsLink(ref) && namesFile(rp.Mission) {
		err = fmt.Errorf("%w: the replay link names its mission by a path, %s: a link can name a library mission only", craft.ErrRefused, craft.Printable(rp.Mission))
	} else {
		w, err = lib.WatchMissionNamedIn(rp.Mission, ref)
	}
	if errors.Is(err, craft.ErrRefused) {
		arg := strconv.Quote(ref)
		if IsLink(ref) {
			arg = "LINK"
		}
		err = fmt.Errorf("%w\n(to fly it with a mission of your choice: "+hint+")", err, arg)
	}
	return w, err
}

// Link returns the fragment that carries the replay file b ("#replay=…"),
// for the page's address to be put before it.
func Link(b []byte) (string, error) {
	var z bytes.Buffer
	w, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(b); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	link := "#" + LinkKey + base64.RawURLEncoding.EncodeToString(z.Bytes())
	if len(link) > MaxLinkLength {
		return "", fmt.Errorf("%w: the replay makes a link of %d characters; the limit is %d", ErrLink, len(link), MaxLinkLength)
	}
	return link, nil
}

// ReplayFromLink reads and checks the replay a link carries (a whole
// address, or its fragment from "#"). A link too long, not base64url,
// not deflate, or unpacking to more than MaxLinkReplaySize is refused
// with ErrLink and says which; what it unpacks to is checked as a replay
// file is (ParseReplay).
func ReplayFromLink(link string) (*Replay, error) {
	b, err := linkBytes(link)
	if err != nil {
		return nil, err
	}
	return ParseReplay("the replay link", b)
}

// linkBytes unpacks the replay file a link carries.
func linkBytes(link string) ([]byte, error) {
	bad := func(format string, args ...any) ([]byte, error) {
		return nil, fmt.Errorf("%w: %s", ErrLink, fmt.Sprintf(format, args...))
	}
	if len(link) > MaxLinkLength {
		return bad("it is %d characters long; the limit is %d", len(link), MaxLinkLength)
	}
	_, data, ok := strings.Cut(link, "#"+LinkKey)
	if !ok {
		return bad("no %q in it", "#"+LinkKey)
	}
	// A link pasted from a mail or a chat may end with a stray mark, or
	// have been padded: base64url has neither.
	z, err := base64.RawURLEncoding.Strict().DecodeString(strings.TrimRight(data, "="))
	if err != nil {
		return bad("what follows #%s is not base64url (%v): was the link cut short or changed?", LinkKey, err)
	}
	zr := bytes.NewReader(z) // a ByteReader: flate reads no further than its stream
	r := flate.NewReader(zr)
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, MaxLinkReplaySize+1))
	switch {
	case len(b) > MaxLinkReplaySize:
		return bad("it unpacks to more than %d MiB; the limit for a link is %d MiB", MaxLinkReplaySize>>20, MaxLinkReplaySize>>20)
	case err != nil:
		return bad("it does not unpack (%v): was the link cut short or changed?", err)
	case zr.Len() > 0:
		return bad("%d bytes after the packed replay: the link was changed", zr.Len())
	}
	return b, nil
}
