package physics

// Islands and sleep.
//
// An island is a set of dynamic bodies linked by joints or contact points
// (speculative ones too: a body about to land on a sleeping stack wakes
// it in time). Islands are found every step (StageIslands) by union-find;
// the solvers work island by island, and an island sleeps or wakes whole.
//
// Sleep (WorldDef.Sleep), as Box2D and Bullet do it, but only on support:
// an island sleeps when it touches a static body (a contact point within
// contactTouch or one that carried an impulse, or a joint to a static body
// or the world) and every body in it has moved slower than SleepSpeed and
// turned slower than SleepAngularSpeed for SleepTime. Its velocities are
// then set to zero — the only change sleep makes to a motion, made where it
// is already below the thresholds — and its bodies are left out of every
// stage until something wakes it: a contact with an awake body (the island
// merges with an awake one), a load, an impulse or a setter on one of its
// bodies, a joint added, removed or changed, a new gravity. An island that
// touches nothing static never sleeps, whatever its speed: a station
// rolling at 0.5°/s or a box left tumbling at 1°/s is free motion.

// island is one island of the step.
type island struct {
	body0, nBody int32 // its bodies: islands.bodies[body0:body0+nBody]
	ct0, nCt     int32 // its contact points: islands.contacts[ct0:ct0+nCt]
	jointed      bool  // holds a joint (its constraints go through the tree)
	support      bool  // touches a static body
	anchored     bool  // has a joint to a static body or the world
	awake        bool

	// Per sub-step: its bounded rows bounded.rows[row0:row0+nRow].
	row0, nRow int32

	// Impact stage: triggered, and the energy guard's values.
	trig                       bool
	ke0, ke1, budget, scale    float64
	scaleLo, scaleHi, arrivals float64
}

// islandSet holds the step's islands.
type islandSet struct {
	uf       []int32 // union-find parent per body
	of       []int32 // body → island index (−1 for static bodies)
	list     []island
	bodies   []int32 // bodies grouped by island
	contacts []int32 // contact indices grouped by island
	bounded  bool    // an awake island has contacts, or a hinge with limits or a motor
}

func (s *islandSet) find(i int32) int32 {
	uf := s.uf
	for uf[i] != i {
		uf[i] = uf[uf[i]]
		i = uf[i]
	}
	return i
}

func (s *islandSet) union(a, b int32) {
	if a < 0 || b < 0 {
		return
	}
	ra, rb := s.find(a), s.find(b)
	if ra == rb {
		return
	}
	if ra > rb { // the lower index is the root: deterministic
		ra, rb = rb, ra
	}
	s.uf[rb] = ra
}

// buildIslands is StageIslands: it groups the dynamic bodies into islands
// by their joints and contact points, wakes every island that holds an
// awake body, and marks the tree's components of the awake islands active.
func (w *World) buildIslands() {
	s := &w.islands
	nb := len(w.bodies)
	if w.contacts.still {
		// Nothing moved or changed: last step's islands, all asleep.
		s.bounded = false
		w.setActive()
		return
	}
	if len(w.contacts.cts) == 0 && w.joints.solver == 0 {
		// Every body alone, touching nothing: no island to solve, none
		// that rests on anything, so none asleep.
		s.list, s.bounded = s.list[:0], false
		w.setActive()
		for i := range w.bodies {
			w.wakeBody(BodyID(i))
		}
		return
	}
	s.uf = resize(s.uf, nb)
	for i := range s.uf {
		s.uf[i] = int32(i)
	}
	for i := range w.joints.list {
		if j := &w.joints.list[i]; j.solved() {
			s.union(w.dynIndex(j.a), w.dynIndex(j.b))
		}
	}
	cts := w.contacts.cts
	for i := range cts {
		s.union(cts[i].ia, cts[i].ib)
	}
	// Number the islands in body order (deterministic) and count members.
	s.of = resize(s.of, nb)
	s.list = s.list[:0]
	for i := range nb {
		s.of[i] = -1
		if w.bodies[i].static || w.bodies[i].welded {
			continue
		}
		if r := s.find(int32(i)); r == int32(i) {
			s.of[i] = int32(len(s.list))
			s.list = append(s.list, island{})
		} else {
			s.of[i] = s.of[r]
		}
		isl := &s.list[s.of[i]]
		isl.nBody++
		b := &w.bodies[i]
		isl.awake = isl.awake || b.awake
		isl.jointed = isl.jointed || b.nJoint > 0
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.solved() {
			continue
		}
		ia, ib := w.dynIndex(j.a), w.dynIndex(j.b)
		if ia >= 0 && ib < 0 {
			s.list[s.of[ia]].support = true
			s.list[s.of[ia]].anchored = true
		} else if ib >= 0 && ia < 0 {
			s.list[s.of[ib]].support = true
			s.list[s.of[ib]].anchored = true
		}
	}
	for i := range cts {
		c := &cts[i]
		d := c.ia
		if d < 0 {
			d = c.ib
		}
		isl := &s.list[s.of[d]]
		isl.nCt++
		if (c.ia < 0 || c.ib < 0) && (c.depth <= contactTouch || c.lamN > 0) {
			isl.support = true
		}
	}
	// Group bodies and contacts by island (counting sort, stable).
	k := int32(0)
	for i := range s.list {
		s.list[i].body0 = k
		k += s.list[i].nBody
		s.list[i].nBody = 0
	}
	s.bodies = resize(s.bodies, int(k))
	for i := range nb {
		if is := s.of[i]; is >= 0 {
			isl := &s.list[is]
			s.bodies[isl.body0+isl.nBody] = int32(i)
			isl.nBody++
		}
	}
	k = 0
	for i := range s.list {
		s.list[i].ct0 = k
		k += s.list[i].nCt
		s.list[i].nCt = 0
	}
	s.contacts = resize(s.contacts, int(k))
	for i := range cts {
		d := cts[i].ia
		if d < 0 {
			d = cts[i].ib
		}
		isl := &s.list[s.of[d]]
		s.contacts[isl.ct0+isl.nCt] = int32(i)
		isl.nCt++
		cts[i].island = s.of[d]
	}
	// Wake the islands that hold an awake body.
	for i := range s.list {
		isl := &s.list[i]
		if !isl.awake {
			continue
		}
		for _, b := range s.bodies[isl.body0 : isl.body0+isl.nBody] {
			if bd := &w.bodies[b]; !bd.awake {
				bd.awake, bd.sleepTime = true, 0
			}
		}
	}
	s.bounded = false
	for i := range s.list {
		if isl := &s.list[i]; isl.awake && isl.nCt > 0 {
			s.bounded = true
		}
	}
	for i := range w.joints.list {
		if j := &w.joints.list[i]; j.solved() && j.bounded() {
			if b := max(w.dynIndex(j.a), w.dynIndex(j.b)); b >= 0 && s.list[s.of[b]].awake {
				s.bounded = true
			}
		}
	}
	w.setActive()
}

// wakeBody wakes body id (not the world or a static body); its island
// wakes with it at the next step's StageIslands.
func (w *World) wakeBody(id BodyID) {
	if id == NoBody {
		return
	}
	if w.welds.in && w.bodies[id].welded {
		id = w.solverBody(id) // during a step its group's composite moves for it
	}
	if b := &w.bodies[id]; !b.static && !b.awake {
		b.awake, b.sleepTime = true, 0
	}
}

// wakeJoint wakes a joint's bodies.
func (w *World) wakeJoint(j *joint) {
	w.wakeBody(j.pa)
	w.wakeBody(j.pb)
}

// wakeAll wakes every body (a new gravity, a static body moved).
func (w *World) wakeAll() {
	for i := range w.bodies {
		w.wakeBody(BodyID(i))
	}
}

// bodyAtRest reports whether body i moves and turns slower than the sleep
// thresholds (WorldDef.SleepSpeed, SleepAngularSpeed), whether sleep is on
// or not: what sleep counts as rest, holdStops a stop resting and
// solveFree an island to solve finer (sweepStop).
func (w *World) bodyAtRest(i int32) bool {
	y := &w.y[i]
	return !(y.v.dot(y.v) > float64(w.set.restV*w.set.restV) || y.w.dot(y.w) > float64(w.set.restW*w.set.restW))
}

// atRest reports whether every body of ids is at rest (bodyAtRest).
func (w *World) atRest(ids []int32) bool {
	for _, id := range ids {
		if !w.bodyAtRest(id) {
			return false
		}
	}
	return true
}

// sleep is StageSleep: it advances each awake body's rest clock and puts
// the supported islands whose bodies have all rested for the sleep time to
// sleep.
func (w *World) sleep() {
	st := &w.set
	if st.sleepT == 0 {
		w.stats.Sleeping, w.stats.Asleep = 0, false
		return
	}
	dt := w.ctx.dt
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.static || !b.awake {
			continue
		}
		if !w.bodyAtRest(int32(i)) {
			b.sleepTime = 0
		} else {
			b.sleepTime += dt
		}
	}
	s := &w.islands
	for i := range s.list {
		isl := &s.list[i]
		if !isl.awake || !isl.support {
			continue
		}
		bodies := s.bodies[isl.body0 : isl.body0+isl.nBody]
		rested := true
		for _, b := range bodies {
			if w.bodies[b].sleepTime < st.sleepT {
				rested = false
				break
			}
		}
		if !rested {
			continue
		}
		for _, b := range bodies {
			w.bodies[b].awake = false
			w.y[b].v, w.y[b].w = v3{}, v3{}
		}
		isl.awake = false
	}
	w.countSleeping()
}

// countSleeping fills the sleep diagnostics.
func (w *World) countSleeping() {
	n, dyn := 0, 0
	for i := range w.bodies {
		if b := &w.bodies[i]; !b.static {
			dyn++
			if !w.bodies[w.solverBody(BodyID(i))].awake { // a welded body sleeps with its group
				n++
			}
		}
	}
	w.stats.Sleeping, w.stats.Asleep = n, dyn > 0 && n == dyn
}

// Asleep reports whether every dynamic body of the world sleeps (false for
// a world without dynamic bodies).
func (w *World) Asleep() bool {
	any := false
	for i := range w.bodies {
		if b := &w.bodies[i]; !b.static {
			if b.awake {
				return false
			}
			any = true
		}
	}
	return any
}
