package physics

import (
	"math"
)

// Linear-time factorization of the joint equations for trees of joints
// (Baraff 1996, "Linear-time dynamics using Lagrange multipliers").
//
// Instead of K = J M⁻¹ Jᵀ (joint space: every joint on the hull of a craft
// couples with every other, so K is dense) the solver factors the
// augmented system in body space,
//
//	H [x; λ] = [f; c],   H = [ M  Jᵀ ]
//	                         [ J  0  ]
//
// whose graph (bodies and joints as nodes, a joint linked to its dynamic
// bodies) is a tree for a craft or a chain. Eliminating the nodes leaves
// first (children before parents) creates no fill: H = L D Lᵀ with one
// dense block D_i per node (6×6 for a body, 3×3/5×5/6×6 for a joint) and
// L_{p,i} = H_{p,i} D_i⁻¹, and the cost is linear in the number of joints.
//
//	D_i = H_ii − Σ_{c child of i} H_ciᵀ D_c⁻¹ H_ci
//
// A body's D is M plus its child joints' terms: symmetric positive
// definite, factored D = L Lᵀ. A joint's D = −N with N = J_c D_c⁻¹ J_cᵀ
// (its child body's side): negative definite, N = L Lᵀ. A leaf body keeps
// D = M and needs no factor (M⁻¹ is the stage's inverse mass and inertia).
//
// Solving: with f = 0, x = −M⁻¹Jᵀλ and J x = c, so K λ = −c: the joint
// rows get c = w (= J u0 + b) and λ = −K⁻¹ w, exactly the joint-space
// solution. With c = 0 and f = J_qᵀ (a bounded row q's Jacobian on its
// bodies), λ = K⁻¹ J M⁻¹ J_qᵀ = K_ee⁻¹ K_eq. The Schur complement of the
// bounded rows is S = Fᵀ H⁻¹ F (F = the bounded rows' Jᵀ on the bodies):
// with the forward half-solve v = L⁻¹ F, S_pq = Σ_nodes v_p,i · D_i⁻¹ v_q,i,
// and v_q is non-zero only on the paths from q's bodies to the root.
//
// The tree is used when every island of joints is a tree in this sense
// and holds at most one joint to a static body or the world (that joint is
// then the root; a second one would close a loop through the world), and
// when it needs fewer multiply-adds than the envelope Cholesky in joint
// space (treeCheaper): true for a craft whose joints share the hull, false
// for a chain, whose joint-space envelope is one joint wide. Otherwise the
// envelope Cholesky is used (solver.go).

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
	// hm[c] the column of parent coordinate c; P = −L_N⁻ᵀY). The backward
	// pass applies P as a product and one back substitution; the bounded
	// rows' half-solves pass L⁻¹v to the parent through it (treeHalf).
	hm   [6][6]float64
	v, g [6]float64 // solve scratch: v = L⁻¹ rhs, g = D⁻¹ v, then x
	// u pairs with a half-solve's entry for v_q · D⁻¹ v_r: g for a leaf,
	// ±L⁻¹ v (the sign of D) otherwise, from the forward pass.
	u   [6]float64
	acc [6]float64 // treeCorrect scratch: Σ λ_q L⁻¹ v_q

	// A joint whose only child is a leaf body on its rows' B side has a
	// constant block N = J_B M_B⁻¹ J_Bᵀ: buildRows writes every row along
	// a direction fixed in B. Its factor is kept in kl, kinv (with the
	// hinge's slot row as the sixth, for a lower limit) and recomputed
	// only when the leaf's mass or inertia changes.
	kc    bool
	kOK   bool
	kleaf int32
	kver  uint32 // the leaf's body.massVer the kept factor was made for
	ksign int8   // l, inv hold the kept factor for: 0 nothing, +1 no upper limit held, −1 an upper limit held
	kl    [36]float64
	kinv  [6]float64
}

// zent is one node's part of a bounded row's half-solve v = L⁻¹ f_q, and
// g = D⁻¹ v.
type zent struct {
	node int32
	v, g [6]float64
}

// tree is the elimination tree of the joint equations.
type tree struct {
	ok     bool
	mode   int8 // 0: by cost estimate; +1 always, −1 never where a tree (tests)
	nodes  []tnode
	nodeOf []int32 // body → node, −1 if the body has no joint
	jnode  []int32 // joint in solver order → its node
	// leafBody[b]: body b is a leaf of the tree (no child joints).
	leafBody []bool
	zStart   []int32 // bounded row q's entries: zent[zStart[q]:zStart[q+1]]
	zent     []zent
	path     []int32 // scratch
	// The half-solve entries by node (treeSchur): node n's are
	// zent[nEnt[nStart[n]:nStart[n+1]]], of the rows nRow[...], ascending.
	nStart, nFill, nEnt, nRow []int32
}

// buildTree lays out the elimination tree after rebuild ordered the joints;
// it leaves t.ok false when a joint island is not a tree or the envelope
// Cholesky is cheaper. It allocates (only when the topology changes).
func (w *World) buildTree() {
	s := &w.solver
	t := &s.tree
	js := w.joints.list
	nb := len(w.bodies)
	t.ok = false
	t.nodes = t.nodes[:0]
	if len(s.order) == 0 {
		return
	}
	t.nodeOf = resizeI32(t.nodeOf, nb)
	for i := range t.nodeOf {
		t.nodeOf[i] = -1
	}
	t.jnode = resizeI32(t.jnode, len(s.order))
	korder := make([]int32, len(js)) // joint index → order position
	for k, ji := range s.order {
		korder[ji] = int32(k)
	}
	// Breadth-first over the bipartite graph from each island's root.
	type bfs struct {
		body, k, parent int32 // parent: position in list
	}
	var list []bfs
	seenB := make([]bool, nb)
	seenJ := make([]bool, len(js))
	for _, ji := range s.order {
		if seenJ[ji] {
			continue
		}
		// The island of joint ji: its bodies and joints.
		var bodies []int32
		var grounded []int32
		nj, ends := 0, 0
		stackJ := []int32{ji}
		seenJ[ji] = true
		for len(stackJ) > 0 {
			j := stackJ[len(stackJ)-1]
			stackJ = stackJ[:len(stackJ)-1]
			nj++
			nd := 0
			for _, o := range [2]int32{w.dynIndex(js[j].a), w.dynIndex(js[j].b)} {
				if o < 0 {
					continue
				}
				nd++
				if !seenB[o] {
					seenB[o] = true
					bodies = append(bodies, o)
					for _, l := range s.adj[s.adjStart[o]:s.adjStart[o+1]] {
						if !seenJ[l] {
							seenJ[l] = true
							stackJ = append(stackJ, l)
						}
					}
				}
			}
			ends += nd
			if nd == 1 {
				grounded = append(grounded, j)
			}
		}
		// A tree: edges = nodes − 1; at most one joint to the world.
		if ends != len(bodies)+nj-1 || len(grounded) > 1 {
			return
		}
		start := len(list)
		if len(grounded) == 1 {
			list = append(list, bfs{body: -1, k: korder[grounded[0]], parent: -1})
		} else {
			root := bodies[0]
			for _, b := range bodies {
				if deg(s, b) > deg(s, root) {
					root = b
				}
			}
			list = append(list, bfs{body: root, k: -1, parent: -1})
		}
		// seen flags reused: bodies and joints visited again in BFS order.
		for _, b := range bodies {
			seenB[b] = false
		}
		for p := start; p < len(list); p++ {
			e := list[p]
			if e.body < 0 { // joint: its bodies other than the parent
				j := s.order[e.k]
				for _, o := range [2]int32{w.dynIndex(js[j].a), w.dynIndex(js[j].b)} {
					if o >= 0 && !seenB[o] && (e.parent < 0 || list[e.parent].body != o) {
						seenB[o] = true
						list = append(list, bfs{body: o, k: -1, parent: int32(p)})
					}
				}
				continue
			}
			seenB[e.body] = true
			for _, l := range s.adj[s.adjStart[e.body]:s.adjStart[e.body+1]] {
				k := korder[l]
				if e.parent >= 0 && list[e.parent].k == k {
					continue
				}
				list = append(list, bfs{body: -1, k: k, parent: int32(p)})
			}
		}
	}
	// Elimination order: reversed breadth-first order (children first).
	n := len(list)
	if cap(t.nodes) < n {
		t.nodes = make([]tnode, n)
	}
	t.nodes = t.nodes[:n]
	for p, e := range list {
		i := n - 1 - p
		nd := &t.nodes[i]
		*nd = tnode{parent: -1, body: e.body}
		if e.parent >= 0 {
			nd.parent = int32(n - 1 - int(e.parent))
		}
		if e.body < 0 {
			t.jnode[e.k] = int32(i)
			nd.rows = s.row0[e.k]
			nd.m = int32(eqRows(js[s.order[e.k]].kind))
			if e.parent >= 0 {
				nd.pside = s.eq[nd.rows].b == list[e.parent].body
			}
		} else {
			t.nodeOf[e.body] = int32(i)
			nd.m = 6
			nd.leaf = true
			if e.parent >= 0 {
				pk := list[e.parent].k
				nd.rows = s.row0[pk]
				nd.pside = s.eq[nd.rows].b == e.body
			}
		}
	}
	for i := range t.nodes {
		if p := t.nodes[i].parent; p >= 0 && t.nodes[i].body < 0 {
			t.nodes[p].leaf = false
		}
	}
	// Constant joint blocks (tnode.kc): a joint node whose only child is a
	// leaf body on its rows' B side. kleaf is −1 until a joint's first
	// child is seen, then that child if it qualifies, else −2.
	for i := range t.nodes {
		if nd := &t.nodes[i]; nd.body < 0 {
			nd.kleaf = -1
		}
	}
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
	if cap(t.leafBody) < nb {
		t.leafBody = make([]bool, nb)
	}
	t.leafBody = t.leafBody[:nb]
	clear(t.leafBody)
	for i := range t.nodes {
		if nd := &t.nodes[i]; nd.body >= 0 && nd.leaf {
			t.leafBody[nd.body] = true
		}
	}
	if t.mode < 0 || t.mode == 0 && !w.treeCheaper() {
		return
	}
	t.zStart = resizeI32(t.zStart, s.nBdJoint+1)
	if cap(t.zent) < 4*s.nBdJoint {
		t.zent = make([]zent, 0, 4*s.nBdJoint)
	}
	t.ok = true
}

// treeCheaper estimates the multiply-adds of one factorization both ways
// and reports whether the tree's is the smaller. The envelope Cholesky
// costs Σ_i w_i²/2 (w_i the envelope width of row i) plus the assembly of
// K; the tree about 9m² + m³/6 + 21m per joint of m rows and, per body
// that is not a leaf, 36 + 36m + 3m² for the 6×6 factor and its coupling
// to its parent joint. For a chain the envelope is narrow (about 300 per
// link against 640), for a craft whose joints all share the hull it is
// dense (26 rows: about 5000 against 1800).
func (w *World) treeCheaper() bool {
	s := &w.solver
	t := &s.tree
	env := 0
	for i := range s.nEq {
		wd := i - int(s.first[i]) + 1
		env += wd * wd / 2
	}
	for b := range len(s.incStart) - 1 {
		n := int(s.incStart[b+1] - s.incStart[b])
		env += 3 * n * n
	}
	tr := 0
	for i := range t.nodes {
		nd := &t.nodes[i]
		m := int(nd.m)
		switch {
		case nd.body < 0:
			tr += 9*m*m + m*m*m/6 + 21*m
		case !nd.leaf:
			tr += 36
			if nd.parent >= 0 {
				mp := int(t.nodes[nd.parent].m)
				tr += 36*mp + 3*mp*mp
			}
		}
	}
	return tr < env
}

// rowsJ returns the Jacobian row r of a joint's rows for one side as
// (linear, angular).
func rowJ(rw *row, b bool) (*v3, *v3) {
	if b {
		return &rw.jbL, &rw.jbA
	}
	return &rw.jaL, &rw.jaA
}

// treeFactor computes the blocks D_i of H = L D Lᵀ and their Cholesky
// factors from this stage's rows (J and M⁻¹Jᵀ set by prepareRows).
func (w *World) treeFactor() {
	s := &w.solver
	t := &s.tree
	eq := s.eq
	nodes := t.nodes
	for i := range nodes {
		nd := &nodes[i]
		if nd.kc || nd.body >= 0 && nd.leaf {
			continue // constBlock writes it; a leaf's D = M is not factored
		}
		clear(nd.l[:])
		if nd.body >= 0 && !nd.leaf {
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
		nd := &nodes[i]
		m := int(nd.m)
		if nd.body >= 0 {
			if nd.parent < 0 {
				w.chol(nd)
				continue
			}
			p := &nodes[nd.parent]
			rows := eq[nd.rows : nd.rows+p.m]
			pm := int(p.m)
			if nd.leaf {
				if p.kc {
					continue
				}
				// N_p += J M⁻¹ Jᵀ from the rows' M⁻¹Jᵀ.
				for r := range pm {
					jl, ja := rowJ(&rows[r], nd.pside)
					for c := 0; c <= r; c++ {
						_, _, wl, wa := rowSide(&rows[c], nd.pside)
						p.l[r*6+c] += jl.dot(*wl) + ja.dot(*wa)
					}
				}
				continue
			}
			w.chol(nd)
			// X = L⁻¹ Jᵀ (one column per parent row), N_p += XᵀX.
			x := &nd.hm
			for r := range pm {
				jl, ja := rowJ(&rows[r], nd.pside)
				x[r] = [6]float64{jl.x, jl.y, jl.z, ja.x, ja.y, ja.z}
				nd.fwd(&x[r], 6)
			}
			for r := range pm {
				for c := 0; c <= r; c++ {
					p.l[r*6+c] += dot6(&x[r], &x[c])
				}
			}
			continue
		}
		if nd.kc {
			w.constBlock(nd)
		} else {
			w.chol(nd)
		}
		if nd.parent < 0 {
			continue
		}
		// Y = L_N⁻¹ J_{i,p} (m × 6, by columns), D_p += YᵀY.
		p := &nodes[nd.parent]
		rows := eq[nd.rows : int(nd.rows)+m]
		y := &nd.hm // y[c] = column c of Y; entries m.. are 0
		for r := range m {
			jl, ja := rowJ(&rows[r], nd.pside)
			y[0][r], y[1][r], y[2][r] = jl.x, jl.y, jl.z
			y[3][r], y[4][r], y[5][r] = ja.x, ja.y, ja.z
		}
		for r := m; r < 6; r++ { // a limit slot left since the last stage
			for c := range 6 {
				y[c][r] = 0
			}
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
	w.stats.Factorizations++
}

// constBlock sets the factor of a constant joint block (tnode.kc) from the
// kept one, computing that first when the leaf's mass properties changed.
// N is formed in B's frame, where B's side of every row is constant (see
// buildRows): row k of J_B is (−e_k, −a_B × e_k) for the anchor, (0, −g)
// for an angular row about g, and (0, X) for the hinge's slot row holding
// its lower limit (an upper limit's row is its negative: L's last row
// changes sign off the diagonal).
func (w *World) constBlock(nd *tnode) {
	b := &w.bodies[nd.kleaf]
	if !nd.kOK || nd.kver != b.massVer {
		j := &w.joints.list[w.solver.eq[nd.rows].joint]
		var jl, ja [6]v3
		n := 3
		lb := v3of(j.lb)
		for k := range 3 {
			e := unit3(k)
			jl[k] = e.mul(-1)
			ja[k] = lb.cross(e).mul(-1)
		}
		switch j.kind {
		case HingeJoint:
			ja[3] = col3(&j.fb, 1).mul(-1)
			ja[4] = col3(&j.fb, 2).mul(-1)
			ja[5] = col3(&j.fb, 0)
			n = 6
		case FixedJoint:
			for k := range 3 {
				ja[3+k] = col3(&j.fb, k).mul(-1)
			}
			n = 6
		}
		nd.kl = [36]float64{}
		for r := range n {
			ir := mulM3(&b.invI0, ja[r])
			for c := 0; c <= r; c++ {
				nd.kl[r*6+c] = jl[r].dot(jl[c])*b.invM + ja[c].dot(ir)
			}
		}
		w.stats.Singular += cholLoop(&nd.kl, &nd.kinv, n)
		nd.kOK, nd.kver, nd.ksign = true, b.massVer, 0
	}
	sign := int8(1)
	if nd.m == 6 && w.solver.eq[nd.rows+5].kind == rowUpper {
		sign = -1
	}
	if nd.ksign == sign {
		return // l, inv hold it since the last stage
	}
	nd.l, nd.inv, nd.ksign = nd.kl, nd.kinv, sign
	if sign < 0 {
		for k := 30; k < 35; k++ {
			nd.l[k] = -nd.l[k]
		}
	}
}

func dot6(a, b *[6]float64) float64 {
	return (a[0]*b[0] + a[1]*b[1]) + (a[2]*b[2] + a[3]*b[3]) + (a[4]*b[4] + a[5]*b[5])
}

// chol factors the node's block (lower triangle in l) in place as L Lᵀ,
// regularising a zero pivot (redundant rows) like factor.
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
				v -= ri[k] * a
			}
			ri[j] = v * inv[j]
		}
		kii := ri[i]
		d := kii
		for _, a := range ri[:i] {
			d -= a * a
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
			v -= a * x[k]
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
			v -= l[k*6+i] * x[k]
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
		*g = [6]float64{lin.x, lin.y, lin.z, ang.x, ang.y, ang.z}
		return
	}
	*g = *v
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
	eq := w.solver.eq
	if nd.body >= 0 { // parent is a joint: pv −= J_{p,i} g
		p := &w.solver.tree.nodes[nd.parent]
		rows := eq[nd.rows : nd.rows+p.m]
		gl, ga := v3{g[0], g[1], g[2]}, v3{g[3], g[4], g[5]}
		for r := range rows {
			jl, ja := rowJ(&rows[r], nd.pside)
			pv[r] -= jl.dot(gl) + ja.dot(ga)
		}
		return
	}
	// Parent is a body: pv −= J_{i,p}ᵀ g (pv in locals, the same
	// operations in the same order).
	p0, p1, p2, p3, p4, p5 := pv[0], pv[1], pv[2], pv[3], pv[4], pv[5]
	rows := eq[nd.rows : nd.rows+nd.m]
	for r := range rows {
		jl, ja := rowJ(&rows[r], nd.pside)
		x := g[r]
		p0 -= jl.x * x
		p1 -= jl.y * x
		p2 -= jl.z * x
		p3 -= ja.x * x
		p4 -= ja.y * x
		p5 -= ja.z * x
	}
	*pv = [6]float64{p0, p1, p2, p3, p4, p5}
}

// subParent sets x_i = g_i − D_i⁻¹ H_ip x_p = g_i − P_i x_p.
func (w *World) subParent(nd *tnode, xp *[6]float64) {
	g := &nd.g
	if nd.body >= 0 {
		p := &w.solver.tree.nodes[nd.parent]
		if nd.leaf { // P = M⁻¹ J_{p,i}ᵀ: the parent rows' M⁻¹Jᵀ on this side
			// g in locals, the same operations in the same order.
			g0, g1, g2, g3, g4, g5 := g[0], g[1], g[2], g[3], g[4], g[5]
			rows := w.solver.eq[nd.rows : nd.rows+p.m]
			for r := range rows {
				_, _, wl, wa := rowSide(&rows[r], nd.pside)
				x := xp[r]
				g0 -= wl.x * x
				g1 -= wl.y * x
				g2 -= wl.z * x
				g3 -= wa.x * x
				g4 -= wa.y * x
				g5 -= wa.z * x
			}
			*g = [6]float64{g0, g1, g2, g3, g4, g5}
			return
		}
		// P = D⁻¹ J_{p,i}ᵀ = L⁻ᵀ X: g −= L⁻ᵀ (X x_p).
		var t [6]float64
		for r := range p.m {
			x := xp[r]
			c := &nd.hm[r]
			for k := range 6 {
				t[k] += c[k] * x
			}
		}
		nd.bwd(&t, 6)
		for k := range 6 {
			g[k] -= t[k]
		}
		return
	}
	// P = D⁻¹ J_{i,p} = −N⁻¹ J = −L_N⁻ᵀ Y: g += L_N⁻ᵀ (Y x_p). Y's rows
	// from m on are zero (treeFactor), so t = Y x_p is formed whole, entry
	// by entry in locals.
	m := int(nd.m)
	y := &nd.hm
	x0, x1, x2, x3, x4, x5 := xp[0], xp[1], xp[2], xp[3], xp[4], xp[5]
	t := [6]float64{
		y[0][0]*x0 + y[1][0]*x1 + y[2][0]*x2 + y[3][0]*x3 + y[4][0]*x4 + y[5][0]*x5,
		y[0][1]*x0 + y[1][1]*x1 + y[2][1]*x2 + y[3][1]*x3 + y[4][1]*x4 + y[5][1]*x5,
		y[0][2]*x0 + y[1][2]*x1 + y[2][2]*x2 + y[3][2]*x3 + y[4][2]*x4 + y[5][2]*x5,
		y[0][3]*x0 + y[1][3]*x1 + y[2][3]*x2 + y[3][3]*x3 + y[4][3]*x4 + y[5][3]*x5,
		y[0][4]*x0 + y[1][4]*x1 + y[2][4]*x2 + y[3][4]*x3 + y[4][4]*x4 + y[5][4]*x5,
		y[0][5]*x0 + y[1][5]*x1 + y[2][5]*x2 + y[3][5]*x3 + y[4][5]*x4 + y[5][5]*x5,
	}
	nd.bwd(&t, m)
	for k := range m {
		g[k] += t[k]
	}
}

// treeSolve solves H [x; λ] = [0; c] with the joint rows' c taken from
// x (c_i = −x_i), and writes λ back to x: x ← K⁻¹ x.
func (w *World) treeSolve(x []float64) {
	w.treeForward(x)
	w.treeBackward(x)
}

// treeForward is the forward pass of treeSolve: v_i −= Σ_children H_ciᵀ g_c,
// g_i = D_i⁻¹ v_i, leaves to root.
func (w *World) treeForward(x []float64) {
	nodes := w.solver.tree.nodes
	for i := range nodes {
		nd := &nodes[i]
		if nd.body < 0 {
			nd.v = [6]float64{}
			for k := range nd.m {
				nd.v[k] = -x[nd.rows+k]
			}
		} else {
			nd.v = [6]float64{}
		}
	}
	w.treeEliminate(false, w.solver.nBd > 0)
}

// treeForwardLoads is treeForward with the bounded rows' impulses as loads
// on the tree's bodies: H [x; λ] = [−J_bᵀ λ_b; w_e] (see treeCorrect), so
// that the backward pass gives the equality rows' λ and every tree body's
// −Δu for those bounded impulses.
func (w *World) treeForwardLoads(x []float64) {
	s := &w.solver
	t := &s.tree
	nodes := t.nodes
	for i := range nodes {
		nd := &nodes[i]
		nd.v = [6]float64{}
		if nd.body < 0 {
			for k := range nd.m {
				nd.v[k] = -x[nd.rows+k]
			}
		}
	}
	for q := range s.bd[:s.nBd] {
		rw := &s.bd[q]
		lq := rw.lam
		if lq == 0 {
			continue
		}
		for side, b := range [2]int32{rw.a, rw.b} {
			if b < 0 || t.nodeOf[b] < 0 {
				continue
			}
			jl, ja := rowJ(rw, side == 1)
			v := &nodes[t.nodeOf[b]].v
			v[0] -= lq * jl.x
			v[1] -= lq * jl.y
			v[2] -= lq * jl.z
			v[3] -= lq * ja.x
			v[4] -= lq * ja.y
			v[5] -= lq * ja.z
		}
	}
	w.treeEliminate(true, false)
}

// treeEliminate is the forward pass proper, from the right-hand sides in
// the nodes' v: v_i −= Σ_children H_ciᵀ g_c, g_i = D_i⁻¹ v_i, leaves to root.
// Without loads the leaf bodies' v is zero, and so is their g (nothing to
// pass on); with half it keeps the half-way L⁻¹ v in u for treeSchur.
func (w *World) treeEliminate(loads, half bool) {
	nodes := w.solver.tree.nodes
	for i := range nodes {
		nd := &nodes[i]
		if nd.body >= 0 && nd.leaf {
			if !loads {
				nd.g, nd.u = [6]float64{}, [6]float64{}
				continue
			}
			w.dinv(nd, &nd.v, &nd.g)
			nd.u = nd.g
		} else {
			// dinv, keeping the half-way L⁻¹ v.
			m := int(nd.m)
			g := &nd.g
			*g = nd.v
			nd.fwd(g, m)
			if half {
				nd.u = *g
			}
			nd.bwd(g, m)
			if nd.body < 0 { // D = −N
				for k := range m {
					g[k] = -g[k]
				}
				if half {
					for k := range m {
						nd.u[k] = -nd.u[k]
					}
				}
			}
		}
		if nd.parent >= 0 {
			w.toParent(nd, &nd.g, &nodes[nd.parent].v)
		}
	}
}

// treeBackward is the backward pass of treeSolve, x_i = g_i − P_i x_p from
// the root to the leaves; it writes the joints' λ to x.
func (w *World) treeBackward(x []float64) {
	nodes := w.solver.tree.nodes
	for i := len(nodes) - 1; i >= 0; i-- {
		nd := &nodes[i]
		if nd.parent < 0 {
			continue
		}
		w.subParent(nd, &nodes[nd.parent].g)
	}
	for i := range nodes {
		if nd := &nodes[i]; nd.body < 0 {
			copy(x[nd.rows:nd.rows+nd.m], nd.g[:nd.m])
		}
	}
}

// treeVelocities sets the velocity changes of the tree's bodies from the
// solution: a body node's unknown is x = −M⁻¹(Jᵀλ) = −Δu (see treeSolve),
// with the bounded rows' impulses included when treeCorrect ran.
func (w *World) treeVelocities() {
	for i := range w.solver.tree.nodes {
		nd := &w.solver.tree.nodes[i]
		if nd.body < 0 {
			continue
		}
		sb := &w.sb[nd.body]
		sb.dv = v3{-nd.g[0], -nd.g[1], -nd.g[2]}
		sb.dw = v3{-nd.g[3], -nd.g[4], -nd.g[5]}
	}
}

// treeHalf computes the half-solve v = L⁻¹ f_q of bounded row q (f_q its
// Jacobian on its bodies in the tree) on the path of nodes from q's bodies
// to the root, and appends the entries (ascending node order) to t.zent.
func (w *World) treeHalf(q *row) {
	t := &w.solver.tree
	nodes := t.nodes
	path := t.path[:0]
	var na, nb int32 = -1, -1
	if q.a >= 0 {
		na = t.nodeOf[q.a]
	}
	if q.b >= 0 {
		nb = t.nodeOf[q.b]
	}
	// Merge the two ancestor chains (ascending, parents after children).
	for na >= 0 || nb >= 0 {
		var n int32
		switch {
		case nb < 0 || (na >= 0 && na < nb):
			n, na = na, nodes[na].parent
		case na < 0 || nb < na:
			n, nb = nb, nodes[nb].parent
		default:
			n, na, nb = na, nodes[na].parent, nodes[nb].parent
		}
		path = append(path, n)
	}
	t.path = path
	z0 := len(t.zent)
	if z1 := z0 + len(path); z1 > cap(t.zent) {
		t.zent = append(t.zent, make([]zent, len(path))...)
	} else {
		t.zent = t.zent[:z1] // g is written below before it is read
	}
	ents := t.zent[z0:]
	for k, n := range path {
		ents[k].node = n
		ents[k].v = [6]float64{}
	}
	for side, b := range [2]int32{q.a, q.b} {
		if b < 0 || t.nodeOf[b] < 0 {
			continue
		}
		jl, ja := rowJ(q, side == 1)
		n := t.nodeOf[b]
		for k := range ents {
			if ents[k].node == n {
				ents[k].v = [6]float64{jl.x, jl.y, jl.z, ja.x, ja.y, ja.z}
			}
		}
	}
	// Leaves: g = M⁻¹ v. Other nodes keep u = L⁻¹ v in e.v and ±u (the
	// sign of D) in e.g, so that v_p · D⁻¹ v_q = e_p.v · e_q.g, and pass
	// J g to the parent as ∓(L⁻¹ J)ᵀ u = ∓hmᵀ u: no back substitution.
	for k := range ents {
		e := &ents[k]
		nd := &nodes[e.node]
		leaf := nd.body >= 0 && nd.leaf
		m := int(nd.m)
		if leaf {
			w.dinv(nd, &e.v, &e.g)
		} else {
			nd.fwd(&e.v, m)
			e.g = e.v
			if nd.body < 0 {
				for i := range m {
					e.g[i] = -e.g[i]
				}
			}
		}
		if nd.parent < 0 {
			continue
		}
		// The parent is the next entry of the same chain further on.
		for k2 := k + 1; k2 < len(ents); k2++ {
			if ents[k2].node != nd.parent {
				continue
			}
			pv := &ents[k2].v
			switch {
			case leaf:
				w.toParent(nd, &e.g, pv)
			case nd.body >= 0: // parent joint row r: pv_r −= J_r L⁻ᵀ u = X_rᵀ u
				for r := range nodes[nd.parent].m {
					pv[r] -= dot6(&nd.hm[r], &e.v)
				}
			default: // parent body: pv −= J_{i,p}ᵀ (−L⁻ᵀ u) = Yᵀ u
				u := e.v[:m]
				for c := range 6 {
					y := nd.hm[c][:m]
					v := 0.0
					for i, a := range u {
						v += y[i] * a
					}
					pv[c] += v
				}
			}
			break
		}
	}
}

// kFree returns the part of (J M⁻¹ Jᵀ)_pq on bodies outside the tree.
func (w *World) kFree(r, q *row) float64 {
	t := &w.solver.tree
	v := 0.0
	for side, b := range [2]int32{r.a, r.b} {
		if b < 0 || t.nodeOf[b] >= 0 {
			continue
		}
		jl, ja := rowJ(r, side == 1)
		if q.a == b {
			v += jl.dot(q.waL) + ja.dot(q.waA)
		} else if q.b == b {
			v += jl.dot(q.wbL) + ja.dot(q.wbA)
		}
	}
	return v
}

// treeSchur sets the bounded rows' Schur complement S = Fᵀ H⁻¹ F and
// w̃_q = w_q + K_qe λ_e0 = w_q − f_qᵀ H⁻¹ r = w_q − Σ_i v_q,i · g_r,i with
// r = [0; w_e] the equality right-hand side, whose forward pass g_r = D⁻¹L⁻¹r
// startEq left in the nodes.
func (w *World) treeSchur(h float64) {
	s := &w.solver
	t := &s.tree
	bd := s.bd[:s.nBd]
	nb := len(bd)
	t.zent = t.zent[:0]
	for q := range bd {
		rw := &bd[q]
		t.zStart[q] = int32(len(t.zent))
		w.treeHalf(rw)
		v := w.rowVel(rw, h)
		ents := t.zent[t.zStart[q]:]
		for k := range ents {
			v -= dot6(&ents[k].v, &t.nodes[ents[k].node].u)
		}
		s.wt[q] = v
	}
	t.zStart[nb] = int32(len(t.zent))
	// S_pq = Σ over the nodes both paths share, ascending (as zDot), summed
	// node by node over the rows whose paths pass through it.
	nn := len(t.nodes)
	t.nStart = resizeI32(t.nStart, nn+1)
	t.nFill = resizeI32(t.nFill, nn)
	t.nEnt = resizeI32(t.nEnt, len(t.zent))
	t.nRow = resizeI32(t.nRow, len(t.zent))
	clear(t.nStart)
	for k := range t.zent {
		t.nStart[t.zent[k].node+1]++
	}
	for n := range nn {
		t.nStart[n+1] += t.nStart[n]
	}
	copy(t.nFill, t.nStart[:nn])
	for q := range bd {
		for k := t.zStart[q]; k < t.zStart[q+1]; k++ {
			n := t.zent[k].node
			t.nEnt[t.nFill[n]] = k
			t.nRow[t.nFill[n]] = int32(q)
			t.nFill[n]++
		}
	}
	ss := s.s[:nb*nb]
	clear(ss)
	for n := range nn {
		lo, hi := int(t.nStart[n]), int(t.nStart[n+1])
		ents, rows := t.nEnt[lo:hi], t.nRow[lo:hi]
		for a := range ents {
			ep := &t.zent[ents[a]]
			sp := ss[int(rows[a])*nb:]
			for b := 0; b <= a; b++ {
				sp[rows[b]] += dot6(&ep.v, &t.zent[ents[b]].g)
			}
		}
	}
	for p := range bd {
		rp := &bd[p]
		// Bodies outside the tree (a free box on the deck) add their M⁻¹.
		free := rp.a >= 0 && t.nodeOf[rp.a] < 0 || rp.b >= 0 && t.nodeOf[rp.b] < 0
		for q := 0; q <= p; q++ {
			v := ss[p*nb+q]
			if free {
				v = w.kFree(rp, &bd[q]) + v
			}
			ss[p*nb+q] = v
			ss[q*nb+p] = v
		}
	}
}

// treeCorrect adds the bounded rows' impulses to the forward pass:
// λ_e = λ_e0 − K_ee⁻¹ J_e M⁻¹ J_bᵀ λ_b is the solution of
// H [x; λ] = [−J_bᵀ λ_b; w_e], whose forward pass is g_r − Σ_q λ_q g_q.
// At a node other than a leaf g_q = ±L⁻ᵀ u_q (treeHalf keeps u_q), so
// Σ_q λ_q g_q = ±L⁻ᵀ Σ_q λ_q u_q: one back substitution per node.
func (w *World) treeCorrect() {
	s := &w.solver
	t := &s.tree
	nodes := t.nodes
	for i := range nodes {
		nodes[i].acc = [6]float64{}
	}
	for q := range s.bd[:s.nBd] {
		lq := s.bd[q].lam
		if lq == 0 {
			continue
		}
		ents := t.zent[t.zStart[q]:t.zStart[q+1]]
		for i := range ents {
			e := &ents[i]
			nd := &nodes[e.node]
			if nd.body >= 0 && nd.leaf {
				for k := range 6 {
					nd.g[k] -= lq * e.g[k]
				}
				continue
			}
			for k := range 6 {
				nd.acc[k] += lq * e.v[k]
			}
		}
	}
	for i := range nodes {
		nd := &nodes[i]
		if nd.body >= 0 && nd.leaf || nd.acc == [6]float64{} {
			continue
		}
		m := int(nd.m)
		nd.bwd(&nd.acc, m)
		if nd.body < 0 { // g_q = −L⁻ᵀ u_q
			for k := range m {
				nd.g[k] += nd.acc[k]
			}
		} else {
			for k := range m {
				nd.g[k] -= nd.acc[k]
			}
		}
	}
}
