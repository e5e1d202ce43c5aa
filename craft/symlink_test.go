package craft

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// symlink makes a symbolic link at link pointing at target, or skips the
// test where links cannot be made.
func symlink(t *testing.T, target, link string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// A craft or mission found in a folder — a user folder of the library, or
// the folder of a mission named by path — is read only if, its symbolic
// links followed, it is still inside that folder: a mission pack cannot
// make the game read (and print the keys of) a file elsewhere through a
// link. Links that stay inside are followed; a loop of links says so. What
// the user names on the command line may be a link to anywhere.
func TestSymlinksStayInFolder(t *testing.T) {
	root := t.TempDir()
	user := filepath.Join(root, "user")   // the user folder
	other := filepath.Join(root, "other") // a mission pack named by path
	elsewhere := filepath.Join(root, "elsewhere")
	for _, f := range []string{
		filepath.Join(user, "crafts", "small.toml"),
		filepath.Join(user, "crafts", "sub", "deep.toml"),
		filepath.Join(other, "mine.toml"),
		filepath.Join(elsewhere, "secret.toml"),
		filepath.Join(elsewhere, "sub", "deep.toml"),
	} {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, []byte(baseCraft), 0o644)
	}
	secret := filepath.Join(elsewhere, "secret.toml")
	// Out of the user folder: relative, absolute, through a folder.
	symlink(t, "../../elsewhere/secret.toml", filepath.Join(user, "crafts", "rel.toml"))
	symlink(t, secret, filepath.Join(user, "crafts", "abs.toml"))
	symlink(t, filepath.Join(elsewhere, "sub"), filepath.Join(user, "crafts", "linked"))
	symlink(t, "../../elsewhere/secret.toml", filepath.Join(user, "missions", "m-rel.toml"))
	// Inside it: a link to a craft, a link through a folder, links in a chain.
	symlink(t, "small.toml", filepath.Join(user, "crafts", "alias.toml"))
	symlink(t, "sub", filepath.Join(user, "crafts", "inner"))
	symlink(t, "../crafts/alias.toml", filepath.Join(user, "crafts", "chain.toml"))
	// A loop.
	symlink(t, "loop.toml", filepath.Join(user, "crafts", "loop.toml"))
	// The same from a mission pack named by path.
	symlink(t, "../elsewhere/secret.toml", filepath.Join(other, "rel.toml"))
	symlink(t, filepath.Join(elsewhere, "sub"), filepath.Join(other, "linked"))
	symlink(t, "mine.toml", filepath.Join(other, "alias.toml"))

	lib := NewLibrary(shipped(), Layer{Name: user, FS: os.DirFS(user), Dir: user})
	refused := func(what string, err error, link string) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: read, want it refused as a link out of the folder", what)
			return
		}
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), link+" is a symbolic link to") ||
			!strings.Contains(err.Error(), "outside the folder") && !strings.Contains(err.Error(), "leads out of the folder") {
			t.Errorf("%s: got %v, want it refused as a link out of the folder, naming %s", what, err, link)
		}
		if strings.Contains(err.Error(), "max_thrust") { // nothing of the file read
			t.Errorf("%s: the message shows the file: %v", what, err)
		}
	}
	for name, link := range map[string]string{"rel": "crafts/rel.toml", "abs": "crafts/abs.toml"} {
		_, err := lib.LoadCraft(name)
		refused("library craft "+name, err, link)
	}
	_, err := lib.LoadMission("m-rel")
	refused("library mission", err, "missions/m-rel.toml")

	mission := func(dir, craft string) string {
		os.MkdirAll(dir, 0o755)
		p := filepath.Join(dir, "m.toml")
		os.WriteFile(p, []byte(strings.Replace(baseMission, `craft = "small"`, "craft = '"+craft+"'", 1)), 0o644)
		return p
	}
	for _, tc := range []struct{ dir, craft, link string }{
		{filepath.Join(user, "missions"), "rel", "crafts/rel.toml"},
		{filepath.Join(user, "missions"), "../crafts/abs.toml", "crafts/abs.toml"},
		{filepath.Join(user, "missions"), "../crafts/linked/deep.toml", "crafts/linked"},
		{other, "rel.toml", "rel.toml"},
		{other, "linked/deep.toml", "linked"},
	} {
		var err error
		if tc.dir == other {
			_, err = lib.LoadMission(mission(other, tc.craft))
		} else {
			mission(tc.dir, tc.craft)
			_, err = lib.LoadMission("m")
		}
		refused("mission's craft "+tc.craft, err, tc.link)
		if err != nil && !strings.Contains(err.Error(), "player.craft: craft file") {
			t.Errorf("mission's craft %s: %v does not point at the reference", tc.craft, err)
		}
	}

	// Links that stay inside are followed.
	for _, name := range []string{"alias", "chain"} {
		if _, err := lib.LoadCraft(name); err != nil {
			t.Errorf("library craft %s, a link inside the folder: %v", name, err)
		}
	}
	mission(filepath.Join(user, "missions"), "../crafts/inner/deep.toml")
	if _, err := lib.LoadMission("m"); err != nil {
		t.Errorf("a mission's craft through a folder linked inside: %v", err)
	}
	if _, err := lib.LoadMission(mission(other, "alias.toml")); err != nil {
		t.Errorf("a mission's craft linked inside its folder: %v", err)
	}
	// Named by the user, a link may lead anywhere.
	if _, err := lib.LoadCraft(filepath.Join(user, "crafts", "abs.toml")); err != nil {
		t.Errorf("a craft path typed by the user: %v", err)
	}

	// A loop of links says so, found by name or by path.
	if _, err := lib.LoadCraft("loop"); err == nil || !strings.Contains(err.Error(), "a loop of symbolic links") {
		t.Errorf("library craft in a loop of links: %v", err)
	}
	var b strings.Builder
	loop := filepath.Join(user, "crafts", "loop.toml")
	if code := Check(lib, []string{loop, "loop"}, false, &b); code != 1 || strings.Count(b.String(), "a loop of symbolic links") != 2 || strings.Contains(b.String(), "no such file") {
		t.Errorf("check of a loop of links: exit %d\n%s", code, b.String())
	}
}
