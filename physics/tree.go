package physics

import "math"

//go:generate go test -run ^TestTreeKernelsCurrent$ -update

// The exact solve of the joints' equality rows: a linear-time factorization
// for trees of joints (Baraff 1996, "Linear-time dynamics using Lagrange
// multipliers").
//
// Plain sequential impulses reduce a joint's error by only
// m_heavy/(m_heavy+m_light) per sweep: a 1000 kg hull on 20 kg legs would
// need hundreds of sweeps. So the equality rows are solved exactly, in
// every RK4 stage. Instead of K = J M⁻¹ Jᵀ (joint space: on a craft every
// joint shares the hull, so K is dense) the solver factors the augmented
// system in body space,
//
//	H [x; λ] = [−f; w],   H = [ M  Jᵀ ]
//	                          [ J  0  ]
//
// (f impulse loads on the bodies, w = J u0 + b the rows' right-hand side),
// whose graph — bodies and joints as nodes, a joint linked to its dynamic
// bodies — is a tree for a craft or a chain. Eliminating the nodes leaves
// first creates no fill: H = L D Lᵀ with one dense block D_i per node (6×6
// for a body, 3×3/5×5/6×6 for a joint) and L_{p,i} = H_{p,i} D_i⁻¹; the cost
// is linear in the number of joints.
//
//	D_i = H_ii − Σ_{c child of i} H_ciᵀ D_c⁻¹ H_ci
//
// A body's D is M plus its child joints' terms (positive definite, factored
// L Lᵀ); a joint's D = −N, N = J_c D_c⁻¹ J_cᵀ over its child body (N = L Lᵀ).
// A leaf body keeps D = M and needs no factor. The solution: M x + Jᵀλ = −f
// and J x = w, so x = −M⁻¹(Jᵀλ + f) = −Δu and K λ = −w − J M⁻¹ f.
//
// Each connected set of jointed bodies is a component with one root: a
// joint to a static body or the world if it has one, else its most
// connected body. Joints that would close a loop (a second path between two
// bodies, or a second joint to the static world) are left out of the tree:
// their rows are "loop rows", solved exactly on their Schur complement
// S = J_l H⁻¹ J_lᵀ (a small dense Cholesky) in every stage (solveEquality).
// Bounded rows (limits, motors, contacts of jointed islands) use the same
// Schur complement, once per sub-step (bounded.go).

// tnode is one node of the elimination tree: a body or a joint.
type tnode struct {
	parent int32 // node index (nodes are in elimination order), −1 for a root
	body   int32 // body index for a body node, −1 for a joint node
	rows   int32 // first equality row of the joint: the node's own (joint) or its parent's (body)
	m      int32 // dimension: 6 for a body, the joint's row count
	pside  bool  // the body of the node–parent link is the rows' B side
	leaf   bool  // body without child joints: D = M
	l      [36]float64
	inv    [6]float64 // 1 / L_ii
	// hm is half of Baraff's L block P = D⁻¹ H_{i,parent} (not for leaves,
	// whose P is the rows' M⁻¹Jᵀ, nor roots): X = L⁻¹ J_{p,i}ᵀ (body node,
	// hm[r] for parent row r; P = L⁻ᵀX) or Y = L_N⁻¹ J_{i,p} (joint node,
	// hm[c] the column of parent coordinate c; P = −L_N⁻ᵀY).
	hm   [6][6]float64
	v, g [6]float64 // solve scratch: v = right-hand side, g = D⁻¹ v, then x

	// A joint whose only child is a leaf body on its rows' B side has a
	// constant block N = J_B M_B⁻¹ J_Bᵀ: every row is written along a
	// direction fixed in B (ball.go). Its factor is kept in kl, kinv and
	// recomputed only when the leaf's mass or inertia changes.
	kc    bool
	kOK   bool
	kIn   bool // l and inv hold the kept factor
	kleaf int32
	kver  uint32 // the leaf's body.massVer the kept factor was made for
	kl    [36]float64
	kinv  [6]float64
}

// tcomp is a component of the tree: its nodes and loop joints.
type tcomp struct {
	n0, n1     int32 // nodes [n0, n1)
	loop0      int32 // its loop joints: tree.loops[loop0:loop1]
	loop1      int32
	island     int32 // a body of the component (its island decides whether it is awake)
	active     bool  // awake in this step
	loopRows   int   // equality rows of its loop joints
	loopRowsAt int   // first of them in the loop rows' scratch
}

// zent is one node's part of a row's half-solve v = L⁻¹ f_q, and g = D⁻¹ v
// (±v for a factored node: the sign of D).
type zent struct {
	node int32
	v, g [6]float64
}

// tree is the elimination tree of the equality rows.
type tree struct {
	nodes  []tnode
	comps  []tcomp
	nodeOf []int32 // body → node, −1 if the body has no joint
	loops  []int32 // joints whose rows close a loop, by component
	nEq    int     // equality rows
	active bool    // some component is active this step
	joints []int32 // the active components' joints, tree joints in node order then loop joints
	leaf   []bool  // per body: a leaf of the tree (its rows' M⁻¹Jᵀ is read)
	rhs    []float64
	loads  []bodyVel // impulse loads on the bodies for a solve (solveTree)

	// Half-solves of a row set (schur): row q's entries are
	// zent[zStart[q]:zStart[q+1]]; by node (node n's entries
	// nEnt[nStart[n]:nStart[n+1]], of the rows nRow[...]).
	zStart               []int32
	zent                 []zent
	path                 []int32
	nStart, nFill        []int32
	nEnt, nRow           []int32
	loopRows             []row     // the loop joints' rows of a stage, copied for schur
	loopIdx              []int32   // their indices in w.eq
	loopS, loopW, loopL  []float64 // their Schur complement, right-hand side, factor
	loopLam              []float64
	adjStart, adj, queue []int32
}

// dynIndex returns the row body index of body id: −1 for static bodies and
// the world.
func (w *World) dynIndex(id BodyID) int32 {
	if id == NoBody || w.bodies[id].static {
		return -1
	}
	return int32(id)
}

// layoutJoints orders the joints into the tree's components, lays out the
// equality rows (w.eq) and finds the loop joints, after joints or bodies
// were added or removed. It allocates (only then).
func (w *World) layoutJoints() {
	t := &w.tree
	js := w.joints.list
	nb := len(w.bodies)
	for i := range w.bodies {
		w.bodies[i].nJoint = 0
	}
	// Adjacency body → joints (CSR), for joints with a dynamic body.
	t.adjStart = resize(t.adjStart, nb+1)
	clear(t.adjStart)
	for i := range js {
		j := &js[i]
		if !j.solved() {
			continue
		}
		for _, id := range [2]int32{w.dynIndex(j.a), w.dynIndex(j.b)} {
			if id >= 0 {
				t.adjStart[id+1]++
				w.bodies[id].nJoint++
			}
		}
	}
	for i := range nb {
		t.adjStart[i+1] += t.adjStart[i]
	}
	t.adj = resize(t.adj, int(t.adjStart[nb]))
	fill := make([]int32, nb)
	copy(fill, t.adjStart[:nb])
	for i := range js {
		j := &js[i]
		if !j.solved() {
			continue
		}
		for _, id := range [2]int32{w.dynIndex(j.a), w.dynIndex(j.b)} {
			if id >= 0 {
				t.adj[fill[id]] = int32(i)
				fill[id]++
			}
		}
	}
	deg := func(b int32) int32 { return t.adjStart[b+1] - t.adjStart[b] }
	other := func(ji, b int32) int32 { // the joint's other dynamic body, −1 if static
		j := &js[ji]
		if w.dynIndex(j.a) == b {
			return w.dynIndex(j.b)
		}
		return w.dynIndex(j.a)
	}

	// Breadth-first from each component's root; a joint reaching a body
	// already seen (or a second static joint) closes a loop.
	type entry struct{ body, joint, parent int32 }
	var list []entry
	seenB := make([]bool, nb)
	seenJ := make([]bool, len(js))
	t.nodes, t.comps, t.loops = t.nodes[:0], t.comps[:0], t.loops[:0]
	var loops []int32
	for b0 := range int32(nb) {
		if seenB[b0] || deg(b0) == 0 {
			continue
		}
		// The component's bodies, and its first joint to a static body.
		comp := []int32{b0}
		seenB[b0] = true
		grounded := int32(-1)
		for k := 0; k < len(comp); k++ {
			for _, ji := range t.adj[t.adjStart[comp[k]]:t.adjStart[comp[k]+1]] {
				o := other(ji, comp[k])
				if o < 0 && (grounded < 0 || ji < grounded) {
					grounded = ji
				}
				if o >= 0 && !seenB[o] {
					seenB[o] = true
					comp = append(comp, o)
				}
			}
		}
		for _, b := range comp {
			seenB[b] = false
		}
		list = list[:0]
		loops = loops[:0]
		if grounded >= 0 {
			seenJ[grounded] = true
			list = append(list, entry{body: -1, joint: grounded, parent: -1})
			var o int32
			if w.dynIndex(js[grounded].a) >= 0 {
				o = w.dynIndex(js[grounded].a)
			} else {
				o = w.dynIndex(js[grounded].b)
			}
			seenB[o] = true
			list = append(list, entry{body: o, joint: -1, parent: 0})
		} else {
			root := comp[0]
			for _, b := range comp {
				if deg(b) > deg(root) {
					root = b
				}
			}
			seenB[root] = true
			list = append(list, entry{body: root, joint: -1, parent: -1})
		}
		for p := 0; p < len(list); p++ {
			e := list[p]
			if e.body < 0 {
				continue
			}
			for _, ji := range t.adj[t.adjStart[e.body]:t.adjStart[e.body+1]] {
				if seenJ[ji] {
					continue
				}
				seenJ[ji] = true
				o := other(ji, e.body)
				if o < 0 || seenB[o] {
					loops = append(loops, ji)
					continue
				}
				seenB[o] = true
				list = append(list, entry{body: -1, joint: ji, parent: int32(p)})
				list = append(list, entry{body: o, joint: -1, parent: int32(len(list) - 1)})
			}
		}
		// Elimination order: the reversed breadth-first order (children first).
		base := int32(len(t.nodes))
		n := int32(len(list))
		for i := range n {
			t.nodes = append(t.nodes, tnode{})
			_ = i
		}
		for p, e := range list {
			nd := &t.nodes[base+n-1-int32(p)]
			*nd = tnode{parent: -1, body: e.body, rows: e.joint, kleaf: -1}
			if e.parent >= 0 {
				nd.parent = base + n - 1 - e.parent
			}
		}
		t.comps = append(t.comps, tcomp{n0: base, n1: base + n, loop0: int32(len(t.loops)), island: comp[0]})
		t.loops = append(t.loops, loops...)
		t.comps[len(t.comps)-1].loop1 = int32(len(t.loops))
	}

	// Rows: the tree's joints in node order, then the loop joints.
	nEq := 0
	for i := range t.nodes {
		if nd := &t.nodes[i]; nd.body < 0 {
			j := &js[nd.rows]
			j.row0 = int32(nEq)
			nEq += j.rows()
		}
	}
	for ci := range t.comps {
		c := &t.comps[ci]
		c.loopRows = 0
		for _, ji := range t.loops[c.loop0:c.loop1] {
			j := &js[ji]
			j.row0 = int32(nEq)
			nEq += j.rows()
			c.loopRows += j.rows()
		}
	}
	t.nEq = nEq
	w.eq = resize(w.eq, nEq)
	for ji := range js {
		j := &js[ji]
		if !j.solved() || w.dynIndex(j.a) < 0 && w.dynIndex(j.b) < 0 {
			j.row0 = -1
			continue
		}
		ia, ib := w.dynIndex(j.a), w.dynIndex(j.b)
		for r := range j.rows() {
			kind := rowPoint
			if r >= 3 {
				kind = rowAngular
			}
			w.eq[int(j.row0)+r] = row{a: ia, b: ib, owner: int32(ji), kind: kind, lo: negInf, hi: posInf}
		}
	}
	t.rhs = resize(t.rhs, nEq)
	t.loads = resize(t.loads, nb)

	// Node links: rows, dimensions, sides, leaves, constant blocks.
	t.nodeOf = resize(t.nodeOf, nb)
	for i := range t.nodeOf {
		t.nodeOf[i] = -1
	}
	for i := range t.nodes {
		nd := &t.nodes[i]
		if nd.body < 0 {
			j := &js[nd.rows]
			nd.rows, nd.m = j.row0, int32(j.rows())
			if nd.parent >= 0 {
				nd.pside = w.eq[nd.rows].b == t.nodes[nd.parent].body
			}
		}
	}
	for i := range t.nodes {
		nd := &t.nodes[i]
		if nd.body < 0 {
			continue
		}
		t.nodeOf[nd.body] = int32(i)
		nd.m, nd.leaf = 6, true
		if nd.parent >= 0 {
			p := &t.nodes[nd.parent]
			nd.rows = p.rows
			nd.pside = w.eq[nd.rows].b == nd.body
		}
	}
	for i := range t.nodes {
		if p := t.nodes[i].parent; p >= 0 && t.nodes[i].body < 0 {
			t.nodes[p].leaf = false
		}
	}
	// Constant joint blocks: a joint node whose only child is a leaf body
	// on its rows' B side (kleaf: −1 until a child is seen, −2 once it
	// cannot be).
	for i := range t.nodes {
		nd := &t.nodes[i]
		if p := nd.parent; p >= 0 && nd.body >= 0 {
			pn := &t.nodes[p]
			pn.kc = pn.kleaf == -1 && nd.leaf && nd.pside
			pn.kleaf = -2
			if pn.kc {
				pn.kleaf = nd.body
			}
		}
	}
	t.leaf = resize(t.leaf, nb)
	clear(t.leaf)
	for i := range t.nodes {
		if nd := &t.nodes[i]; nd.body >= 0 && nd.leaf {
			t.leaf[nd.body] = true
		}
	}
	t.zStart = resize(t.zStart, 1)
	w.joints.dirty = false
}

// setActive marks the components of awake islands active and lists their
// joints (t.joints), once per step and whenever the active set changes.
func (w *World) setActive() {
	t := &w.tree
	is := &w.islands
	t.active, t.joints = false, t.joints[:0]
	for ci := range t.comps {
		c := &t.comps[ci]
		c.active = len(is.list) > 0 && is.list[is.of[c.island]].awake && (!w.ctx.impact || is.list[is.of[c.island]].trig)
		if !c.active {
			continue
		}
		t.active = true
		for i := c.n0; i < c.n1; i++ {
			if nd := &t.nodes[i]; nd.body < 0 {
				t.joints = append(t.joints, w.eq[nd.rows].owner)
			}
		}
		t.joints = append(t.joints, t.loops[c.loop0:c.loop1]...)
	}
}

// activeRows returns the number of equality rows of the active components.
func (w *World) activeRows() int {
	n := 0
	for _, ji := range w.tree.joints {
		n += w.joints.list[ji].rows()
	}
	return n
}

// factorTree computes the blocks D_i of H = L D Lᵀ and their Cholesky
// factors for the active components, from the stage's rows (J, and M⁻¹Jᵀ
// of the leaves' sides).
func (w *World) factorTree() {
	t := &w.tree
	eq := w.eq
	for ci := range t.comps {
		c := &t.comps[ci]
		if !c.active {
			continue
		}
		nodes := t.nodes[c.n0:c.n1]
		for i := range nodes {
			nd := &nodes[i]
			if nd.kc || nd.body >= 0 && nd.leaf {
				continue // jointBlock writes it; a leaf's D = M is not factored
			}
			clear(nd.l[:])
			if nd.body >= 0 {
				b, sb := &w.bodies[nd.body], &w.sb[nd.body]
				in := rotate3(&sb.r, &b.i0)
				nd.l[0], nd.l[7], nd.l[14] = b.m, b.m, b.m
				for r := range 3 {
					for c := range 3 {
						nd.l[(3+r)*6+3+c] = in[c*3+r] // mgl64 is column-major
					}
				}
			}
		}
		for i := range nodes {
			w.factorNode(&nodes[i], eq)
		}
	}
	w.stats.Factorizations++
}

// factorNode factors one node's block and adds its term to its parent's.
func (w *World) factorNode(nd *tnode, eq []row) {
	t := &w.tree
	m := int(nd.m)
	if nd.body >= 0 {
		if nd.parent < 0 {
			w.chol(nd)
			return
		}
		p := &t.nodes[nd.parent]
		rows := eq[nd.rows : nd.rows+p.m]
		pm := int(p.m)
		if nd.leaf {
			if p.kc {
				return
			}
			// N_p += J M⁻¹ Jᵀ from the rows' M⁻¹Jᵀ.
			for r := range pm {
				jl, ja, _, _ := rows[r].side(nd.pside)
				for c := 0; c <= r; c++ {
					_, _, wl, wa := rows[c].side(nd.pside)
					p.l[r*6+c] += jl.dot(*wl) + ja.dot(*wa)
				}
			}
			return
		}
		w.chol(nd)
		// X = L⁻¹ Jᵀ (one column per parent row), N_p += XᵀX.
		x := &nd.hm
		for r := range pm {
			jl, ja, _, _ := rows[r].side(nd.pside)
			// Entry by entry: a composite literal goes through the stack,
			// and its 16-byte copy stalls on the 8-byte stores.
			xr := &x[r]
			xr[0], xr[1], xr[2], xr[3], xr[4], xr[5] = jl.x, jl.y, jl.z, ja.x, ja.y, ja.z
			nd.fwd(xr, 6)
		}
		for r := range pm {
			for c := 0; c <= r; c++ {
				p.l[r*6+c] += dot6(&x[r], &x[c])
			}
		}
		return
	}
	if nd.kc {
		w.jointBlock(nd)
	} else {
		w.chol(nd)
	}
	if nd.parent < 0 {
		return
	}
	// Y = L_N⁻¹ J_{i,p} (m × 6, by columns), D_p += YᵀY.
	p := &t.nodes[nd.parent]
	rows := eq[nd.rows : int(nd.rows)+m]
	y := &nd.hm // y[c] = column c of Y; entries m.. are 0
	for r := range m {
		jl, ja, _, _ := rows[r].side(nd.pside)
		y[0][r], y[1][r], y[2][r] = jl.x, jl.y, jl.z
		y[3][r], y[4][r], y[5][r] = ja.x, ja.y, ja.z
	}
	for c := range 6 {
		nd.fwd(&y[c], m)
	}
	for r := range 6 {
		for c := 0; c <= r; c++ {
			p.l[r*6+c] += dot6(&y[r], &y[c])
		}
	}
}

// jointBlock sets the factor of a constant joint block (tnode.kc) from the
// kept one, computing that first when the leaf's mass properties changed.
// N is formed in B's frame, where B's side of every row is constant:
// row k of J_B is (−e_k, −a_B × e_k) for the anchor and (0, −g) for an
// angular row about g.
func (w *World) jointBlock(nd *tnode) {
	b := &w.bodies[nd.kleaf]
	if nd.kOK && nd.kver == b.massVer {
		if !nd.kIn {
			nd.l, nd.inv, nd.kIn = nd.kl, nd.kinv, true
		}
		return
	}
	j := &w.joints.list[w.eq[nd.rows].owner]
	var jl, ja [6]v3
	lb := v3of(j.lb)
	for k := range 3 {
		e := unit3(k)
		jl[k] = e.neg()
		ja[k] = lb.cross(e).neg()
	}
	switch j.kind {
	case HingeJoint:
		ja[3] = col3(&j.fb, 1).neg()
		ja[4] = col3(&j.fb, 2).neg()
		ja[5] = col3(&j.fb, 0).neg() // the lock's, if locked
	case FixedJoint:
		for k := range 3 {
			ja[3+k] = col3(&j.fb, k).neg()
		}
	}
	n := j.rows()
	nd.kl = [36]float64{}
	for r := range n {
		ir := mulM3(&b.invI0, ja[r])
		for c := 0; c <= r; c++ {
			nd.kl[r*6+c] = float64(jl[r].dot(jl[c])*b.invM) + ja[c].dot(ir)
		}
	}
	w.stats.Singular += cholLoop(&nd.kl, &nd.kinv, n)
	nd.kOK, nd.kver = true, b.massVer
	nd.l, nd.inv, nd.kIn = nd.kl, nd.kinv, true
}

func dot6(a, b *[6]float64) float64 {
	return (float64(a[0]*b[0]) + float64(a[1]*b[1])) + (float64(a[2]*b[2]) + float64(a[3]*b[3])) + (float64(a[4]*b[4]) + float64(a[5]*b[5]))
}

// chol factors the node's block (lower triangle in l) in place as L Lᵀ,
// regularising a zero pivot (redundant rows) and counting it.
func (w *World) chol(nd *tnode) {
	l, inv := &nd.l, &nd.inv
	switch nd.m { // unrolled (treekern.go)
	case 3:
		w.stats.Singular += chol3(l, inv)
	case 5:
		w.stats.Singular += chol5(l, inv)
	case 6:
		w.stats.Singular += chol6(l, inv)
	default:
		w.stats.Singular += cholLoop(l, inv, int(nd.m))
	}
}

// cholLoop is chol for any m ≤ 6; it returns the regularised pivots.
func cholLoop(l *[36]float64, inv *[6]float64, m int) int {
	sing := 0
	for i := 0; i < m && i < 6; i++ {
		ri := l[i*6 : i*6+i+1]
		for j := 0; j < i; j++ {
			rj := l[j*6 : j*6+j]
			v := ri[j]
			for k, a := range rj {
				v -= float64(ri[k] * a)
			}
			ri[j] = v * inv[j]
		}
		kii := ri[i]
		d := kii
		for _, a := range ri[:i] {
			d -= float64(a * a)
		}
		if !(d > 1e-12*kii) {
			d = math.Max(1e-12*kii, 1e-300)
			sing++
		}
		ri[i] = math.Sqrt(d)
		inv[i] = 1 / ri[i]
	}
	return sing
}

// fwd solves L y = x in place for the node's first m entries of x.
func (nd *tnode) fwd(x *[6]float64, m int) {
	switch m {
	case 3:
		fwd3(&nd.l, &nd.inv, x)
	case 5:
		fwd5(&nd.l, &nd.inv, x)
	case 6:
		fwd6(&nd.l, &nd.inv, x)
	default:
		fwdLoop(&nd.l, &nd.inv, x, m)
	}
}

func fwdLoop(l *[36]float64, inv *[6]float64, x *[6]float64, m int) {
	for i := 0; i < m && i < 6; i++ {
		r := l[i*6 : i*6+i]
		v := x[i]
		for k, a := range r {
			v -= float64(a * x[k])
		}
		x[i] = v * inv[i]
	}
}

// bwd solves Lᵀ y = x in place for the node's first m entries of x.
func (nd *tnode) bwd(x *[6]float64, m int) {
	switch m {
	case 3:
		bwd3(&nd.l, &nd.inv, x)
	case 5:
		bwd5(&nd.l, &nd.inv, x)
	case 6:
		bwd6(&nd.l, &nd.inv, x)
	default:
		bwdLoop(&nd.l, &nd.inv, x, m)
	}
}

func bwdLoop(l *[36]float64, inv *[6]float64, x *[6]float64, m int) {
	m = min(m, 6)
	for i := m - 1; i >= 0; i-- {
		v := x[i]
		for k := i + 1; k < m; k++ {
			v -= float64(l[k*6+i] * x[k])
		}
		x[i] = v * inv[i]
	}
}

// dinv sets g = D⁻¹ v for the node.
func (w *World) dinv(nd *tnode, v, g *[6]float64) {
	if nd.body >= 0 && nd.leaf {
		b, sb := &w.bodies[nd.body], &w.sb[nd.body]
		lin := v3{v[0], v[1], v[2]}.mul(b.invM)
		ang := mulM3(&sb.invI, v3{v[3], v[4], v[5]})
		g[0], g[1], g[2], g[3], g[4], g[5] = lin.x, lin.y, lin.z, ang.x, ang.y, ang.z
		return
	}
	// Entry by entry: v was just written 8 bytes at a time (toParent), and
	// a block copy's 16-byte loads of it would stall.
	g[0], g[1], g[2], g[3], g[4], g[5] = v[0], v[1], v[2], v[3], v[4], v[5]
	m := int(nd.m)
	nd.fwd(g, m)
	nd.bwd(g, m)
	if nd.body < 0 { // D = −N
		for k := range m {
			g[k] = -g[k]
		}
	}
}

// toParent subtracts H_ipᵀ g (node i's contribution) from the parent's v.
func (w *World) toParent(nd *tnode, g *[6]float64, pv *[6]float64) {
	eq := w.eq
	if nd.body >= 0 { // parent is a joint: pv −= J_{p,i} g
		p := &w.tree.nodes[nd.parent]
		rows := eq[nd.rows : nd.rows+p.m]
		gl, ga := v3{g[0], g[1], g[2]}, v3{g[3], g[4], g[5]}
		for r := range rows {
			jl, ja, _, _ := rows[r].side(nd.pside)
			pv[r] -= jl.dot(gl) + ja.dot(ga)
		}
		return
	}
	// Parent is a body: pv −= J_{i,p}ᵀ g (pv in locals).
	p0, p1, p2, p3, p4, p5 := pv[0], pv[1], pv[2], pv[3], pv[4], pv[5]
	rows := eq[nd.rows : nd.rows+nd.m]
	for r := range rows {
		jl, ja, _, _ := rows[r].side(nd.pside)
		x := g[r]
		p0 -= float64(jl.x * x)
		p1 -= float64(jl.y * x)
		p2 -= float64(jl.z * x)
		p3 -= float64(ja.x * x)
		p4 -= float64(ja.y * x)
		p5 -= float64(ja.z * x)
	}
	pv[0], pv[1], pv[2], pv[3], pv[4], pv[5] = p0, p1, p2, p3, p4, p5
}

// subParent sets x_i = g_i − D_i⁻¹ H_ip x_p = g_i − P_i x_p.
func (w *World) subParent(nd *tnode, xp *[6]float64) {
	g := &nd.g
	if nd.body >= 0 {
		p := &w.tree.nodes[nd.parent]
		if nd.leaf { // P = M⁻¹ J_{p,i}ᵀ: the parent rows' M⁻¹Jᵀ on this side
			g0, g1, g2, g3, g4, g5 := g[0], g[1], g[2], g[3], g[4], g[5]
			rows := w.eq[nd.rows : nd.rows+p.m]
			for r := range rows {
				_, _, wl, wa := rows[r].side(nd.pside)
				x := xp[r]
				g0 -= float64(wl.x * x)
				g1 -= float64(wl.y * x)
				g2 -= float64(wl.z * x)
				g3 -= float64(wa.x * x)
				g4 -= float64(wa.y * x)
				g5 -= float64(wa.z * x)
			}
			g[0], g[1], g[2], g[3], g[4], g[5] = g0, g1, g2, g3, g4, g5
			return
		}
		// P = D⁻¹ J_{p,i}ᵀ = L⁻ᵀ X: g −= L⁻ᵀ (X x_p).
		var t0, t1, t2, t3, t4, t5 float64
		for r := range p.m {
			x := xp[r]
			c := &nd.hm[r]
			t0 += float64(c[0] * x)
			t1 += float64(c[1] * x)
			t2 += float64(c[2] * x)
			t3 += float64(c[3] * x)
			t4 += float64(c[4] * x)
			t5 += float64(c[5] * x)
		}
		var t [6]float64
		t[0], t[1], t[2], t[3], t[4], t[5] = t0, t1, t2, t3, t4, t5
		nd.bwd(&t, 6)
		for k := range 6 {
			g[k] -= t[k]
		}
		return
	}
	// P = D⁻¹ J_{i,p} = −N⁻¹ J = −L_N⁻ᵀ Y: g += L_N⁻ᵀ (Y x_p).
	m := int(nd.m)
	y := &nd.hm
	x0, x1, x2, x3, x4, x5 := xp[0], xp[1], xp[2], xp[3], xp[4], xp[5]
	t := [6]float64{
		float64(y[0][0]*x0) + float64(y[1][0]*x1) + float64(y[2][0]*x2) + float64(y[3][0]*x3) + float64(y[4][0]*x4) + float64(y[5][0]*x5),
		float64(y[0][1]*x0) + float64(y[1][1]*x1) + float64(y[2][1]*x2) + float64(y[3][1]*x3) + float64(y[4][1]*x4) + float64(y[5][1]*x5),
		float64(y[0][2]*x0) + float64(y[1][2]*x1) + float64(y[2][2]*x2) + float64(y[3][2]*x3) + float64(y[4][2]*x4) + float64(y[5][2]*x5),
		float64(y[0][3]*x0) + float64(y[1][3]*x1) + float64(y[2][3]*x2) + float64(y[3][3]*x3) + float64(y[4][3]*x4) + float64(y[5][3]*x5),
		float64(y[0][4]*x0) + float64(y[1][4]*x1) + float64(y[2][4]*x2) + float64(y[3][4]*x3) + float64(y[4][4]*x4) + float64(y[5][4]*x5),
		float64(y[0][5]*x0) + float64(y[1][5]*x1) + float64(y[2][5]*x2) + float64(y[3][5]*x3) + float64(y[4][5]*x4) + float64(y[5][5]*x5),
	}
	nd.bwd(&t, m)
	for k := range m {
		g[k] += t[k]
	}
}
