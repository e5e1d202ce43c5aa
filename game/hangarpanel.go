package game

// The hangar editor's panel at the left, and what --select and --mode
// start it with.

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/view"
	"spaceflight/render"
)

// Colours of the editor's panel.
var (
	colUnsaved = color.RGBA{255, 200, 80, 255}
	colDim     = color.RGBA{150, 160, 175, 255}
	colTool    = color.RGBA{120, 255, 160, 255}
	colSelName = color.RGBA{120, 240, 255, 255}
	colPlain   color.RGBA // the panel's text colour
)

// editorPanel is the panel at the left: the file, what is selected and
// how it is written, the mode and tool, the keys.
func (h *hangarScene) editorPanel(a *app) *render.Panel {
	s := &a.settings
	p := &render.Panel{Title: "EDITOR", Width: 330}
	add := func(c color.RGBA, format string, args ...any) {
		p.Lines = append(p.Lines, render.PanelLine{Text: fmt.Sprintf(format, args...), Color: c})
	}
	if h.ed.Doc.Dirty() {
		add(colUnsaved, "unsaved (%s saves, %s undoes)", keysOf(s, ActEditSave), keysOf(s, ActEditUndo))
	} else {
		add(colDim, "saved: %s", craft.Printable(h.savedTo()))
	}
	c := h.stand.Craft
	switch h.tool {
	case toolThruster:
		add(colTool, "ADD THRUSTER (%s): click a part's surface", strings.ToUpper(h.group))
	case toolJoint:
		if h.first != nil {
			add(colTool, "JOIN %s to: click the other part", h.firstName)
		} else {
			add(colTool, "JOIN: click the first part")
		}
	}
	mode := view.ModeNames[h.sel.Mode]
	switch h.sel.Kind {
	case view.SelNone:
		add(colDim, "click a part, a thruster's arrow or a joint")
	case view.SelPart:
		pt := &c.Parts[h.sel.Index]
		add(colSelName, "part %s (%s), %d part(s) with it", pt.Name, pt.Role, len(h.ed.Subtree(h.name)))
		add(colPlain, "%.4g kg at %s", pt.Dry.Mass, vec3Text(h.ed.PartPosition(h.name)))
		for _, ti := range pt.Tanks {
			add(colPlain, "tank %s: %.4g kg of propellant", c.Tanks[ti].Name, c.Tanks[ti].Fuel)
		}
		add(colPlain, "shape %d: %s %s", h.sel.Shape, pt.Shapes[h.sel.Shape].Kind, shapeSizeText(pt.Shapes[h.sel.Shape]))
	case view.SelThruster:
		t := &c.Thrusters[h.sel.Index]
		add(colSelName, "thruster %s (%s) on %s", t.Name, t.Group, c.Parts[t.Part].Name)
		add(colPlain, "%.4g N at %s along %s", t.MaxThrust, vec3Text(t.Position), vec3Text(t.Direction))
	case view.SelJoint:
		j := &c.Joints[h.sel.Index]
		add(colSelName, "joint %s (%s): %s – %s", j.Name, j.Kind, c.Parts[j.A].Name, c.Parts[j.B].Name)
		add(colPlain, "anchor %s", vec3Text(j.Anchor))
		if j.Kind == craft.JointHinge {
			lim := "no limits"
			if j.HasLimits {
				lim = fmt.Sprintf("limits %.4g° to %.4g°", mgl64.RadToDeg(j.MinAngle), mgl64.RadToDeg(j.MaxAngle))
			}
			add(colPlain, "axis %s, %s", vec3Text(j.Axis), lim)
		}
		if h.sel.Mode == view.ModeSize {
			mode = "limits"
		}
	}
	if h.sel.Kind != view.SelNone {
		add(colPlain, "mode %s (%s); drag a handle, or %s %s %s", strings.ToUpper(mode), firstKey(s, ActEditMode),
			pairOf(s, ActEditXPlus, ActEditXMinus), pairOf(s, ActEditYPlus, ActEditYMinus), pairOf(s, ActEditZPlus, ActEditZMinus))
		add(colDim, "%s fine   %s mass, thrust (size mode: fuel)   %s next kind", firstKey(s, ActEditFine), pairOf(s, ActEditMore, ActEditLess), firstKey(s, ActEditKind))
		add(colDim, "%s copy  %s mirror ↔  %s mirror ↕  %s ×4  %s delete", firstKey(s, ActEditCopy), firstKey(s, ActEditMirrorX),
			firstKey(s, ActEditMirrorZ), firstKey(s, ActEditQuad), firstKey(s, ActEditDelete))
	}
	add(colDim, "%s add thruster  %s join parts  %s undo/redo  %s menu", firstKey(s, ActEditAddThruster), firstKey(s, ActEditAddJoint),
		pairOf(s, ActEditUndo, ActEditRedo), firstKey(s, ActEditMenu))
	return p
}

func vec3Text(v mgl64.Vec3) string {
	return fmt.Sprintf("(%.4g, %.4g, %.4g)", v[0]+0, v[1]+0, v[2]+0)
}

func shapeSizeText(s craft.Shape) string {
	switch s.Kind {
	case craft.ShapeBox:
		return fmt.Sprintf("%.4g × %.4g × %.4g m", s.Size[0], s.Size[1], s.Size[2])
	case craft.ShapeCylinder:
		return fmt.Sprintf("r %.4g m, %.4g m long", s.Radius, s.Length)
	}
	return fmt.Sprintf("%d points", len(s.Points))
}

// preselect selects what --select names, in the mode --mode names.
func (h *hangarScene) preselect(name, mode string) error {
	if mode != "" {
		i := indexOf(view.ModeNames[:], mode)
		if i < 0 {
			return fmt.Errorf("--mode %q: want %s", mode, strings.Join(view.ModeNames[:], ", "))
		}
		h.sel.Mode = view.EditMode(i)
	}
	if name == "" {
		return nil
	}
	c := h.stand.Craft
	if i := c.PartIndex(name); i >= 0 {
		h.selectPart(i, 0)
		return nil
	}
	for i, t := range c.Thrusters {
		if t.Name == name {
			h.selectOther(view.SelThruster, i)
			return nil
		}
	}
	for j, jt := range c.Joints {
		if jt.Name == name {
			h.selectOther(view.SelJoint, j)
			return nil
		}
	}
	return fmt.Errorf("--select %q: no part, thruster or joint of that name", name)
}
