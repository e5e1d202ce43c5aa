package game

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/view"
	"spaceflight/render"
)

// editHangar opens the hangar on a copy of the shipped craft name in a
// folder of its own (so that saves go there), on a 1280×720 screen.
func editHangar(t *testing.T, name string) (*app, *hangarScene, string) {
	t.Helper()
	b, err := data.FS.ReadFile("crafts/" + name + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name+".toml")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	a, h := newTestHangar(t, HangarOptions{Craft: p})
	a.screen = [2]int{1280, 720}
	h.run(a, 2)
	return a, h, p
}

// clickAt presses and releases the mouse at (x, y), one Update each.
func clickAt(a *app, h *hangarScene, x, y float64) Scene {
	c := [2]int{int(math.Round(x)), int(math.Round(y))}
	a.in.now = reading{cursor: c, drag: true, dragStart: true}
	h.Update(a)
	a.in.now = reading{cursor: c}
	sc, _ := h.Update(a)
	return sc
}

// dragFrom presses at from, moves to to in steps, and releases there.
func dragFrom(a *app, h *hangarScene, from, to [2]float64) {
	a.in.now = reading{cursor: [2]int{int(from[0]), int(from[1])}, drag: true, dragStart: true}
	h.Update(a)
	for s := 1; s <= 10; s++ {
		x := from[0] + (to[0]-from[0])*float64(s)/10
		y := from[1] + (to[1]-from[1])*float64(s)/10
		a.in.now = reading{cursor: [2]int{int(math.Round(x)), int(math.Round(y))}, drag: true}
		h.Update(a)
	}
	a.in.now = reading{cursor: [2]int{int(to[0]), int(to[1])}}
	h.Update(a)
}

// onScreen projects a world point as the hangar draws it.
func onScreen(t *testing.T, a *app, h *hangarScene, p mgl64.Vec3) (float64, float64) {
	t.Helper()
	x, y, ok := render.Project(h.screen(a).View, 1280, 720, p)
	if !ok {
		t.Fatalf("%v is behind the camera", p)
	}
	return x, y
}

// partCentre is the world centre of part i's first shape as it stands.
func partCentre(h *hangarScene, i int) mgl64.Vec3 {
	f := h.stand.Flight
	pos, rot := f.Player.Built.PartPose(f.World, i)
	return pos.Add(rot.Rotate(h.stand.Craft.Parts[i].Shapes[0].Position))
}

// A click picks the part under the cursor, by ray cast: clicked at the
// centre of each part's shape, the hangar selects that part or one in
// front of it along the ray; the sky selects nothing.
func TestHangarClickPicksParts(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	h.view.Show[view.OverlayThrust], h.view.Show[view.OverlayJoints] = false, false
	direct := 0
	for i := range h.stand.Craft.Parts {
		h.sel.Kind = view.SelNone // no handles in the way
		c := partCentre(h, i)
		x, y := onScreen(t, a, h, c)
		clickAt(a, h, x, y)
		if h.sel.Kind != view.SelPart {
			t.Fatalf("a click on part %d selected %+v", i, h.sel)
		}
		if h.sel.Index == i {
			direct++
			continue
		}
		// Another part: it must be in front, nearer the eye than part i's centre.
		sc := h.screen(a)
		o, d := sc.View.Ray(math.Round(x), math.Round(y), sc.W, sc.H)
		hit, ok := h.view.PickPart(o, d)
		if !ok || hit.Part != h.sel.Index || hit.T >= c.Sub(o).Len() {
			t.Errorf("a click on part %d (at %.2f m) picked part %d; the ray meets part %d at %.2f m", i, c.Sub(o).Len(), h.sel.Index, hit.Part, hit.T)
		}
	}
	if direct < 6 {
		t.Errorf("only %d of the %d parts picked where they were clicked", direct, len(h.stand.Craft.Parts))
	}
	clickAt(a, h, 640, 40) // the sky
	if h.sel.Kind != view.SelNone {
		t.Errorf("a click on the sky selected %+v", h.sel)
	}
}

// The axis keys move the selection to the next multiple of 0.05 m (0.01 m
// with the fine key held); the stand and the file follow; undo takes it
// back, byte for byte.
func TestHangarKeysMove(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	orig := string(h.ed.Text())
	if err := h.preselect("leg_fr", "move"); err != nil {
		t.Fatal(err)
	}
	press(a, ActEditXPlus)
	h.Update(a)
	leg := h.stand.Craft.Parts[h.stand.Craft.PartIndex("leg_fr")]
	if leg.Position[0] != 1.45 {
		t.Fatalf("leg_fr at x %g after one step, want 1.45", leg.Position[0])
	}
	press(a, ActEditZMinus, ActEditFine)
	h.Update(a)
	leg = h.stand.Craft.Parts[h.stand.Craft.PartIndex("leg_fr")]
	if leg.Position[2] != 1.40 || !strings.Contains(string(h.ed.Text()), "position = [1.45, -1.2192, 1.4]") {
		t.Fatalf("leg_fr at %v after a fine step back:\n%s", leg.Position, h.ed.Text())
	}
	press(a, ActEditUndo)
	h.Update(a)
	press(a, ActEditUndo)
	h.Update(a)
	if string(h.ed.Text()) != orig || h.stand.Craft.Parts[h.stand.Craft.PartIndex("leg_fr")].Position[0] != 1.4056 {
		t.Fatal("two undos did not give the file and the stand back")
	}
}

// A handle dragged moves the selection along its axis, snapped, as one
// step of the history.
func TestHangarDragHandle(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	if err := h.preselect("adapter", "move"); err != nil {
		t.Fatal(err)
	}
	hs := h.view.Handles(h.sel)
	up := hs[1] // y
	ax, ay := onScreen(t, a, h, up.Pts[1])
	bx, by := onScreen(t, a, h, up.Pts[1].Add(up.Dir.Mul(0.2)))
	before := h.ed.Doc.Done()
	dragFrom(a, h, [2]float64{ax, ay}, [2]float64{bx, by})
	pos := h.stand.Craft.Parts[h.stand.Craft.PartIndex("adapter")].Position
	if math.Abs(pos[1]-1.2) > 1e-9 || pos[0] != 0 || pos[2] != 0 {
		t.Fatalf("the adapter dragged 0.2 m up is at %v, want (0, 1.2, 0)", pos)
	}
	if h.ed.Doc.Done() != before+1 {
		t.Fatalf("the drag made %d steps, want 1", h.ed.Doc.Done()-before)
	}
	if h.sel.Kind != view.SelPart || h.stand.Craft.Parts[h.sel.Index].Name != "adapter" {
		t.Fatalf("the drag changed the selection: %+v", h.sel)
	}
}

// A turn handle dragged a quarter of the way round its ring turns the part
// 90° (snapped to 5°) about that axis, with what hangs from it.
func TestHangarTurnHandle(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	if err := h.preselect("hull", "turn"); err != nil {
		t.Fatal(err)
	}
	ring := h.view.Handles(h.sel)[1] // about y: a ring seen from above the horizon
	n := len(ring.Pts) - 1
	from := ring.Pts[n/8] // between z and x: on this ring only
	to := ring.Pts[n/8+n/4]
	ax, ay := onScreen(t, a, h, from)
	bx, by := onScreen(t, a, h, to)
	dragFrom(a, h, [2]float64{ax, ay}, [2]float64{bx, by})
	c := h.stand.Craft
	want := mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0})
	if got := c.Parts[c.PartIndex("hull")].Orientation; math.Abs(math.Abs(got.Dot(want))-1) > 1e-6 {
		t.Fatalf("turned to %v, want 90° about y (%v)", got, want)
	}
	// leg_fr, at (+x, +z), is now where leg_br was.
	if p := c.Parts[c.PartIndex("leg_fr")].Position; !nearVec(p, mgl64.Vec3{1.4056, -1.2192, -1.4056}, 1e-9) {
		t.Fatalf("leg_fr at %v", p)
	}
}

// The thruster tool puts a thruster where the click meets a part,
// pushing into the surface; the joint tool joins the two parts clicked at
// the second click's point.
func TestHangarAddByPointing(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	c := h.stand.Craft
	n := len(c.Thrusters)
	press(a, ActEditAddThruster)
	h.Update(a)
	// The cabin's front face (z = 1), seen from the camera.
	target := worldOf(h, 0, mgl64.Vec3{0.3, 0.3, 1})
	x, y := onScreen(t, a, h, target)
	clickAt(a, h, x, y)
	c = h.stand.Craft
	if len(c.Thrusters) != n+1 {
		t.Fatalf("%d thrusters after the click, want %d", len(c.Thrusters), n+1)
	}
	th := c.Thrusters[n]
	if math.Abs(th.Position[2]-1) > 1e-3 || !nearVec(th.Direction, mgl64.Vec3{0, 0, -1}, 1e-3) || c.Parts[th.Part].Name != "hull" {
		t.Fatalf("new thruster %+v, want on the hull's front face pushing back", th)
	}
	if h.sel.Kind != view.SelThruster || h.sel.Index != n {
		t.Fatalf("the new thruster is not selected: %+v", h.sel)
	}
	// Join the adapter to the hull again, at the top of the cabin.
	nj := len(c.Joints)
	press(a, ActEditAddJoint)
	h.Update(a)
	h.view.Show[view.OverlayJoints] = false
	x, y = onScreen(t, a, h, partCentre(h, c.PartIndex("adapter")))
	clickAt(a, h, x, y)
	x, y = onScreen(t, a, h, worldOf(h, 0, mgl64.Vec3{0.45, 0.8, 0.45}))
	clickAt(a, h, x, y)
	c = h.stand.Craft
	if len(c.Joints) != nj+1 {
		t.Fatalf("%d joints, want %d (errors %v)", len(c.Joints), nj+1, h.errs)
	}
	j := c.Joints[nj]
	if c.Parts[j.A].Name != "hull" || c.Parts[j.B].Name != "adapter" || j.Kind != craft.JointFixed || math.Abs(j.Anchor[1]-0.8) > 1e-3 {
		t.Fatalf("new joint %+v %s-%s", j, c.Parts[j.A].Name, c.Parts[j.B].Name)
	}
}

// worldOf is where craft-frame point x on part i is now.
func worldOf(h *hangarScene, i int, x mgl64.Vec3) mgl64.Vec3 {
	p := &h.stand.Craft.Parts[i]
	f := h.stand.Flight
	pos, rot := f.Player.Built.PartPose(f.World, i)
	return pos.Add(rot.Rotate(p.Orientation.Inverse().Rotate(x.Sub(p.Position))))
}

func nearVec(a, b mgl64.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

// Deleting a part asks first, listing what goes with it; yes deletes
// them all, and one undo brings them back.
func TestHangarDeleteAsks(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	if err := h.preselect("leg_fr", ""); err != nil {
		t.Fatal(err)
	}
	press(a, ActEditDelete)
	sc, _ := h.Update(a)
	ch, ok := sc.(*choiceScene)
	if !ok {
		t.Fatalf("Delete showed %T, want a question", sc)
	}
	for _, want := range []string{"foot_fr", "hinge_fr", "ankle_fr"} {
		if !strings.Contains(ch.screen.Text, want) {
			t.Errorf("the question does not list %s:\n%s", want, ch.screen.Text)
		}
	}
	ch.sel = 1
	press(a, ActMenuSelect)
	if sc, _ = ch.Update(a); sc != h {
		t.Fatalf("yes went to %T", sc)
	}
	if c := h.stand.Craft; len(c.Parts) != 8 || len(c.Joints) != 7 || c.PartIndex("foot_fr") >= 0 {
		t.Fatalf("after the delete: %d parts, %d joints", len(c.Parts), len(c.Joints))
	}
	press(a, ActEditUndo)
	h.Update(a)
	if len(h.stand.Craft.Parts) != 10 {
		t.Fatal("undo did not bring the leg back")
	}
}

// The symmetry keys copy the selection: X mirrors a leg left and right
// with its foot, hinge and ankle.
func TestHangarMirrorKey(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	if err := h.ed.DeletePart("leg_fl"); err != nil {
		t.Fatal(err)
	}
	h.edited(a, "", nil)
	if err := h.preselect("leg_fr", ""); err != nil {
		t.Fatal(err)
	}
	press(a, ActEditMirrorX)
	h.Update(a)
	c := h.stand.Craft
	if i := c.PartIndex("leg_fl"); i < 0 || c.Parts[i].Position != (mgl64.Vec3{-1.4056, -1.2192, 1.4056}) || c.PartIndex("foot_fl") < 0 {
		t.Fatalf("X did not make leg_fl and foot_fl: %v", h.errs)
	}
}

// Save writes the file; a change made to it in a text editor meanwhile is
// taken, with the hangar's unsaved edits made again on it; when both
// changed the same line the file's version is taken, the hangar's kept
// beside it, and one undo brings it back.
func TestHangarSaveAndMerge(t *testing.T) {
	a, h, p := editHangar(t, "lander")
	if err := h.preselect("adapter", "move"); err != nil {
		t.Fatal(err)
	}
	press(a, ActEditYPlus)
	h.Update(a)
	press(a, ActEditSave)
	h.Update(a)
	disk, _ := os.ReadFile(p)
	if !strings.Contains(string(disk), "position = [0.0, 1.05, 0.0]") || h.ed.Doc.Dirty() {
		t.Fatal("Save did not write the moved adapter")
	}
	// An unsaved edit here, a change elsewhere in a text editor.
	press(a, ActEditYPlus)
	h.Update(a)
	theirs := strings.Replace(string(disk), "mass = 50.0", "mass = 60.0", 1)
	writeLater(t, p, theirs)
	h.run(a, pollTicks)
	text := string(h.ed.Text())
	if !strings.Contains(text, "mass = 60.0") || !strings.Contains(text, "position = [0.0, 1.1, 0.0]") || !h.ed.Doc.Dirty() {
		t.Fatalf("after the merge:\n%s", text[:2000])
	}
	if m := h.stand.Craft.Parts[h.stand.Craft.PartIndex("adapter")].Dry.Mass; m != 60 {
		t.Fatalf("the stand's adapter is %g kg, want the file's 60", m)
	}
	// Both change the adapter's position: a clash.
	mine := text
	clash := strings.Replace(theirs, "position = [0.0, 1.05, 0.0]", "position = [0.0, 0.95, 0.0]", 1)
	writeLater(t, p, clash)
	h.run(a, pollTicks)
	if string(h.ed.Text()) != clash {
		t.Fatal("after a clash the hangar does not show the file's version")
	}
	if side, err := os.ReadFile(p + ".unsaved"); err != nil || string(side) != mine {
		t.Fatalf("the hangar's version was not kept beside the file: %v", err)
	}
	press(a, ActEditUndo)
	h.Update(a)
	if string(h.ed.Text()) != mine {
		t.Fatal("undo did not bring the hangar's version back")
	}
}

// writeLater writes a file with a modification time the watcher sees as
// new.
func writeLater(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	now := time.Now().Add(time.Duration(len(text)%1000) * time.Millisecond)
	os.Chtimes(p, now, now)
}

// Fly lists the missions that take the craft, its own first, and flies
// the craft as edited, unsaved, there: a test flight that keeps no replay
// and goes back to the hangar.
func TestHangarFly(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	if err := h.preselect("adapter", "move"); err != nil {
		t.Fatal(err)
	}
	press(a, ActEditYPlus)
	h.Update(a)
	ch, ok := h.flyMenu(a).(*choiceScene)
	if !ok {
		t.Fatal("no mission list")
	}
	if len(ch.screen.Items) == 0 || !strings.Contains(ch.screen.Items[0], "(land)") {
		t.Fatalf("missions %v: want the landings first", ch.screen.Items)
	}
	ch.sel = 0
	press(a, ActMenuSelect)
	sc, _ := ch.Update(a)
	b, ok := sc.(*briefingScene)
	if !ok {
		t.Fatalf("choosing a mission showed %T", sc)
	}
	s := b.s
	if s.player == nil || s.home != h {
		t.Fatal("not a test flight of the hangar's craft")
	}
	spec := s.flight.Player.Spec
	if i := spec.PartIndex("adapter"); i < 0 || spec.Parts[i].Position[1] != 1.05 {
		t.Fatal("the flight does not fly the craft as edited")
	}
	p := newPause(a, s)
	if !slices.Contains(p.screen.Items, backToHangar) {
		t.Fatalf("pause items %v", p.screen.Items)
	}
	if r := a.finish(s); !slices.Contains(r.screen.Items, backToHangar) || slices.ContainsFunc(r.screen.Result.Figures, func(f render.Figure) bool { return f.Label == "Replay" }) {
		t.Fatalf("results %v %+v", r.screen.Items, r.screen.Result.Figures)
	}
}

// A new craft from a template is written into the player's folder under a
// new name and put on the stand.
func TestHangarNewFromTemplate(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	sc, ok := h.templateMenu(a).(*choiceScene)
	if !ok || !slices.Equal(sc.screen.Items, []string{"lander", "satellite", "shuttle"}) {
		t.Fatalf("templates %+v", sc)
	}
	next := sc.pick(a, 2)
	nh, ok := next.(*hangarScene)
	if !ok {
		t.Fatalf("the template opened %T", next)
	}
	if nh.stand.Craft.Name != "My shuttle" || nh.ref != "my-shuttle" || nh.shipped {
		t.Fatalf("new craft %q (%s)", nh.stand.Craft.Name, nh.ref)
	}
	if _, err := os.Stat(filepath.Join(a.opts.DataDir, "crafts", "my-shuttle.toml")); err != nil {
		t.Fatal(err)
	}
	if next = sc.pick(a, 2); next.(*hangarScene).ref != "my-shuttle-2" {
		t.Fatal("a second shuttle did not get a name of its own")
	}
}

// Eighteen presses of a turn key are one turn of 90°, written as exactly
// as one: the legs land on the numbers the shipped file has for the next
// leg round; one undo takes the run back.
func TestHangarKeyTurnsDoNotDrift(t *testing.T) {
	a, h, _ := editHangar(t, "lander")
	orig := string(h.ed.Text())
	if err := h.preselect("hull", "turn"); err != nil {
		t.Fatal(err)
	}
	for range 18 {
		press(a, ActEditYPlus)
		h.Update(a)
		a.in.now = reading{}
		h.Update(a)
	}
	text := string(h.ed.Text())
	for _, want := range []string{"name = \"leg_fr\"\nrole = \"leg\"\nmass = 20.0\nposition = [1.4056, -1.2192, -1.4056]\norientation = [-35.0, 135.0, 0.0]",
		"name = \"hinge_fr\"\nkind = \"hinge\"\npart_a = \"hull\"\npart_b = \"leg_fr\"\nanchor = [1.0, -0.4, -1.0]\naxis = [1, 0, 1]"} {
		if !strings.Contains(text, want) {
			t.Fatalf("after 18 turns of 5° the file lacks\n%s\n%s", want, text)
		}
	}
	press(a, ActEditUndo)
	h.Update(a)
	if string(h.ed.Text()) != orig {
		t.Fatal("one undo did not take the run back")
	}
}
