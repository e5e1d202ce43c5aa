package craft

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A craft named inside a mission, and a mission named inside a replay, is
// a library name or a relative .toml path inside the naming file's folder
// or the user folder; anything else is refused before anything is read.
// What the user types on the command line may still be any file.
func TestReferencesStayInPlace(t *testing.T) {
	root := t.TempDir()
	user := filepath.Join(root, "user")   // the user folder (--data)
	other := filepath.Join(root, "other") // a folder of the user's own
	for _, f := range []string{
		filepath.Join(user, "crafts", "small.toml"),
		filepath.Join(user, "crafts", "sub", "deep.toml"),
		filepath.Join(other, "mine.toml"),
		filepath.Join(other, "sub", "deep.toml"),
		filepath.Join(root, "outside.toml"),
	} {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, []byte(baseCraft), 0o644)
	}
	lib := NewLibrary(shipped(), Layer{Name: user, FS: os.DirFS(user), Dir: user})
	mission := func(dir, craft string) string {
		os.MkdirAll(dir, 0o755)
		p := filepath.Join(dir, "m.toml")
		os.WriteFile(p, []byte(strings.Replace(baseMission, `craft = "small"`, "craft = '"+craft+"'", 1)), 0o644)
		return p
	}
	for _, tc := range []struct {
		where, craft string
		ok           bool
	}{
		// A mission in the user folder: its layer is its place.
		{"user", "small", true},
		{"user", "../crafts/small.toml", true},
		{"user", "../crafts/sub/deep.toml", true},
		{"user", "/etc/passwd", false},
		{"user", "/proc/self/environ", false},
		{"user", "/dev/stdin", false},
		{"user", "../../outside.toml", false},
		{"user", "../../../../../../../../etc/passwd.toml", false},
		{"user", "../crafts/small", false}, // a path without .toml
		{"user", `..\crafts\small.toml`, false},
		// A mission the user named by path: its folder, or the user folder.
		{"other", "mine.toml", true},
		{"other", "sub/deep.toml", true},
		{"other", "../user/crafts/small.toml", true},
		{"other", "../outside.toml", false},
		{"other", "/etc/passwd", false},
		{"other", filepath.Join(root, "outside.toml"), false},
	} {
		var err error
		if tc.where == "user" {
			mission(filepath.Join(user, "missions"), tc.craft)
			_, err = lib.LoadMission("m")
		} else {
			_, err = lib.LoadMission(mission(other, tc.craft))
		}
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s mission, craft %q: %v", tc.where, tc.craft, err)
		case !tc.ok && !errors.Is(err, ErrRefused):
			t.Errorf("%s mission, craft %q: got %v, want it refused", tc.where, tc.craft, err)
		case !tc.ok && !strings.Contains(err.Error(), "player.craft: "+`"`+strings.ReplaceAll(tc.craft, `\`, `\\`)+`": not allowed here`):
			t.Errorf("%s mission, craft %q: message %q does not say what it refused", tc.where, tc.craft, err)
		}
	}

	// A replay names its mission under the same rule.
	replay := filepath.Join(other, "a.replay")
	mission(other, "mine.toml")
	for ref, ok := range map[string]bool{
		"tumble": true, "m.toml": true, "../../../../etc/passwd": false, "/etc/passwd.toml": false, "../outside.toml": false,
	} {
		_, err := lib.WatchMissionNamedIn(ref, replay)
		if ok != (err == nil) || !ok && !errors.Is(err, ErrRefused) {
			t.Errorf("replay naming mission %q: %v", ref, err)
		}
	}

	// Typed on the command line, a path may be any file.
	if _, err := lib.LoadCraft(filepath.Join(root, "outside.toml")); err != nil {
		t.Errorf("a craft path typed by the user: %v", err)
	}
}
