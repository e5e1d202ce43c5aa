package game

// The hangar's file: where the craft on the stand is saved, saving it,
// taking a version changed in a text editor meanwhile (with the editor's
// unsaved edits made again on it, or kept beside it when they clash),
// reverting, and the editor's menu.

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"spaceflight/craft"
	"spaceflight/craft/tomledit"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// isCraftPath reports whether ref names a file rather than a library
// craft (as the library reads what the player types).
func isCraftPath(ref string) bool {
	return strings.HasSuffix(ref, ".toml") || strings.ContainsAny(ref, `/\`)
}

// craftTarget returns where the hangar saves the craft ref: the file
// itself for a path or a craft of the player's folder; for a shipped
// craft, a copy of the same name in the player's folder (which then
// overrides the shipped one), shipped set. "" when there is nowhere.
func (a *app) craftTarget(ref string) (path string, shipped bool) {
	if isCraftPath(ref) {
		return ref, false
	}
	layers := a.lib.Layers()
	user := ""
	for i := len(layers) - 1; i >= 0; i-- {
		if layers[i].Dir != "" && user == "" {
			user = layers[i].Dir
		}
	}
	for i := len(layers) - 1; i >= 0; i-- {
		ly := layers[i]
		if _, err := fs.Stat(ly.FS, "crafts/"+ref+".toml"); err == nil {
			if ly.Dir != "" {
				return filepath.Join(ly.Dir, "crafts", ref+".toml"), false
			}
			break
		}
	}
	if user == "" {
		return "", true
	}
	return filepath.Join(user, "crafts", ref+".toml"), true
}

// savedTo names where the file is saved, for the panel.
func (h *hangarScene) savedTo() string {
	switch {
	case h.save == "":
		return "nowhere to save (no user folder)"
	case h.shipped:
		return "shipped craft; saves go to " + h.save
	}
	return h.save
}

// saveFile writes the file as it is now (atomically).
func (h *hangarScene) saveFile(a *app) {
	if h.save == "" {
		a.say("Nowhere to save this craft: there is no user folder")
		return
	}
	if err := storage.WriteFileAtomic(h.save, h.ed.Text()); err != nil {
		a.say("Not saved: " + err.Error())
		return
	}
	h.ed.Doc.MarkSaved()
	if h.shipped {
		h.shipped = false
		a.say("Saved your own copy: " + craft.Printable(h.save) + " (it overrides the shipped craft)")
	} else {
		a.say("Saved " + craft.Printable(h.save))
	}
	h.watch.Reload() // what it now reads: the file just written
}

// poll takes the craft's file when it changed on disk (saved from a text
// editor): with no unsaved edits the hangar takes it; with some, they are
// made again on it when they touch other lines, else the hangar takes the
// file's version, keeps the player's in NAME.toml.unsaved and one Undo
// brings it back.
func (h *hangarScene) poll(a *app) {
	if !h.watch.Changed() {
		return
	}
	h.watch.Reload()
	var theirs []byte
	for name, b := range h.watch.Files() { // a craft's watcher has one file
		if name != h.ed.File { // the player's copy now overrides the shipped craft, or is gone
			h.ed.File = name
			h.save, h.shipped = a.craftTarget(h.ref)
		}
		theirs = b
	}
	if theirs == nil {
		a.say("The craft's file cannot be read now; " + keysOf(&a.settings, ActEditSave) + " writes it again")
		return
	}
	if bytes.Equal(theirs, h.ed.Doc.Base()) {
		return // our own save, or back as it was
	}
	mine := h.ed.Text()
	merged, err := h.ed.Doc.Merge(theirs)
	switch {
	case errors.Is(err, tomledit.ErrClash):
		side := h.save + ".unsaved"
		kept := "one " + keysOf(&a.settings, ActEditUndo) + " brings them back"
		if h.save != "" && storage.WriteFileAtomic(side, mine) == nil {
			kept += ", and they are in " + craft.Printable(side)
		}
		h.edited(a, "The file changed on disk where you had unsaved edits ("+err.Error()+"): took the file's version; "+kept, nil)
	case err != nil:
		h.errs = errorLines(h.watch.Err, maxShownErrors)
		if len(h.errs) == 0 {
			h.errs = []string{clipLine(err.Error())}
		}
		a.say("The file on disk is not TOML: fix it there (the hangar keeps its version; " + keysOf(&a.settings, ActEditSave) + " would write it over)")
	case merged:
		h.edited(a, "The file changed on disk: took the change and made your unsaved edits again on it", nil)
	default:
		h.edited(a, "Reloaded "+craft.Printable(h.ed.File), nil)
	}
}

// editMenu is the editor's menu: save, revert, fly the craft, a new craft
// from a template.
func (h *hangarScene) editMenu(a *app) Scene {
	items := []string{"Save", "Revert to the saved file", "Fly it…", "New craft from a template…", "Back to the hangar"}
	text := fmt.Sprintf("%s\n%s", craft.Printable(h.ed.File), h.savedTo())
	if h.ed.Doc.Dirty() {
		text += "\nUnsaved edits."
	}
	return &choiceScene{back: h, screen: render.Screen{Title: "HANGAR — " + strings.ToUpper(h.stand.Craft.Name), Items: items, Text: text, ListWidth: 360},
		pick: func(a *app, i int) Scene {
			switch i {
			case 0:
				h.saveFile(a)
			case 1:
				err := h.ed.Doc.Revert()
				h.sel.Kind = 0
				h.edited(a, "Reverted to the saved file ("+keysOf(&a.settings, ActEditUndo)+" undoes)", err)
			case 2:
				return h.flyMenu(a)
			case 3:
				return h.templateMenu(a)
			}
			return h
		}}
}

// hangarOf returns the hangar a scene shows — the hangar, or a menu or
// question over it — or nil.
func hangarOf(sc Scene) *hangarScene {
	switch sc := sc.(type) {
	case *hangarScene:
		return sc
	case *choiceScene:
		return hangarOf(sc.back)
	case *helpScene:
		return hangarOf(sc.back)
	}
	return nil
}

// leave goes back from the hangar: to the list of crafts, or the menu.
func (h *hangarScene) leave(a *app) Scene {
	if h.back == nil {
		return newHangarMenu(a, a.openMenu(nil, ""))
	}
	return h.back
}

// leaveUnsaved asks what to do with unsaved edits before leaving.
func (h *hangarScene) leaveUnsaved(a *app) Scene {
	return &choiceScene{back: h, screen: render.Screen{Title: "UNSAVED EDITS", Items: []string{"Save and leave", "Leave without saving", "Stay"},
		Text: craft.Printable(h.ed.File) + " has edits not saved yet."},
		pick: func(a *app, i int) Scene {
			switch i {
			case 0:
				h.saveFile(a)
				if h.ed.Doc.Dirty() {
					return h // not saved: stay
				}
				return h.leave(a)
			case 1:
				return h.leave(a)
			}
			return h
		}}
}
