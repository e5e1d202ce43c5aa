package flight

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/craft"
	"spaceflight/data"
)

// A recorded flight turned into a link and back is the same replay: sim
// re-runs it from the link, whole address or fragment, and it matches.
func TestReplayLinkRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tumble.replay")
	if _, code, err := Run(RunOptions{Mission: "tumble", Shipped: data.FS, Data: dir, Dt: DefaultDt, Autopilot: true, Record: path}, nil); err != nil || code != ExitFlown {
		t.Fatalf("recording: exit %d, %v", code, err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	frag, err := Link(b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(frag, "#replay=") || strings.ContainsAny(frag[len("#replay="):], "+/=%#&?") {
		t.Errorf("link %q: want #replay= and base64url", frag)
	}
	t.Logf("a %d-byte replay makes a link of %d characters", len(b), len(frag))
	for _, link := range []string{frag, "http://127.0.0.1:8080/" + frag, "https://example.org/games/spaceflight/?warp=8" + frag} {
		res, code, err := Run(RunOptions{Replay: link, Shipped: data.FS, Data: dir}, nil)
		if err != nil || code != ExitFlown || !*res.ReplayMatch {
			t.Errorf("re-run from %.60q…: exit %d, %v, %+v", link, code, err, res)
		}
	}
	want, _ := LoadReplay(path)
	got, err := LoadReplay(frag)
	if err != nil || got.FinalHash != want.FinalHash || len(got.Commands) != len(want.Commands) {
		t.Errorf("from the link: %+v, %v", got, err)
	}
}

// What a link may carry is bounded as a file is: too long, not base64url,
// cut short, not deflate, a deflate bomb, bytes after the packed replay,
// or a replay that is not one — each refused with what is wrong, and sim
// exits 2. A link names its mission by library name only.
func TestReplayLinkHostile(t *testing.T) {
	pack := func(b []byte) string {
		var z bytes.Buffer
		w, _ := flate.NewWriter(&z, flate.BestCompression)
		w.Write(b)
		w.Close()
		return base64.RawURLEncoding.EncodeToString(z.Bytes())
	}
	good := `{"format":2,"mission":"tumble","dt":0.016666666666666666,"ticks":10,"final_hash":"0123456789abcdef","outcome":"undecided","reason":"r"}`
	if _, err := ReplayFromLink("#replay=" + pack([]byte(good))); err != nil {
		t.Fatalf("the good link: %v", err)
	}
	bomb := pack(bytes.Repeat([]byte(" "), MaxLinkReplaySize+10))
	packed, _ := base64.RawURLEncoding.DecodeString(pack([]byte(good)))
	for _, c := range []struct{ name, link, want string }{
		{"too long", "#replay=" + strings.Repeat("A", MaxLinkLength), "characters long"},
		{"not base64url", "#replay=not base64!", "not base64url"},
		{"standard base64", "#replay=" + base64.StdEncoding.EncodeToString([]byte("??>>")), "not base64url"},
		{"cut short", "#replay=" + pack([]byte(good))[:40], "does not unpack"},
		{"not deflate", "#replay=" + base64.RawURLEncoding.EncodeToString([]byte("hello, this is no deflate stream")), "does not unpack"},
		{"bomb", "#replay=" + bomb, "unpacks to more than 16 MiB"},
		{"bytes after", "#replay=" + base64.RawURLEncoding.EncodeToString(append(packed, "more"...)), "bytes after the packed replay"},
		{"two values", "#replay=" + pack([]byte(good+good)), "more after the replay's JSON object"},
		{"no replay", "#replay=" + pack([]byte("hello")), "bad replay"},
	} {
		_, err := ReplayFromLink(c.link)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if len(err.Error()) > 400 {
			t.Errorf("%s: a message of %d characters", c.name, len(err.Error()))
		}
		if _, code, err := Run(RunOptions{Replay: c.link, Shipped: data.FS, Data: t.TempDir()}, nil); code != ExitUsage || err == nil {
			t.Errorf("%s: sim exits %d, want %d", c.name, code, ExitUsage)
		}
	}
	if len(bomb) > 64<<10 {
		t.Errorf("the bomb is %d characters: not a bomb", len(bomb))
	}
	byPath := strings.Replace(good, `"tumble"`, `"../missions/tumble.toml"`, 1)
	_, _, err := Run(RunOptions{Replay: "#replay=" + pack([]byte(byPath)), Shipped: data.FS, Data: t.TempDir()}, nil)
	if !errors.Is(err, craft.ErrRefused) || !strings.Contains(err.Error(), "library mission only") || !strings.Contains(err.Error(), "--replay LINK") {
		t.Errorf("a link naming its mission by path: %v", err)
	}
}
