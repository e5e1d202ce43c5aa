package physics

// Solving with the tree's factor (tree.go): the equality rows' impulses of
// a stage, and the Schur complement of a set of other rows (loop rows,
// bounded rows) with the equality rows eliminated exactly.

// solveEquality finds a stage's equality impulses: the tree's rows from
// their right-hand sides t.rhs (J u0 + b), with the impulse loads t.loads
// when loads is set, then, where a component has loop joints, their rows
// exactly on their Schur complement and the tree again with their impulses
// added to the loads. It writes λ to w.eq and the velocity changes
// Δu = M⁻¹(Jᵀλ + f) of the jointed bodies to w.dv.
func (w *World) solveEquality(loads bool) {
	t := &w.tree
	w.solveTree(loads)
	nl := 0
	for ci := range t.comps {
		if c := &t.comps[ci]; c.active {
			c.loopRowsAt = nl
			nl += c.loopRows
		}
	}
	if nl == 0 {
		return
	}
	// Loop rows: w̃ = J_l (u0 + Δu) + b_l = rhs + J_l Δu, S λ_l = −w̃.
	rs := resize(t.loopRows, nl)
	t.loopRows = rs
	t.loopIdx = resize(t.loopIdx, nl)
	t.loopLam = resize(t.loopLam, nl)
	for ci := range t.comps {
		c := &t.comps[ci]
		if !c.active || c.loopRows == 0 {
			continue
		}
		k := c.loopRowsAt
		for _, ji := range t.loops[c.loop0:c.loop1] {
			j := &w.joints.list[ji]
			for r := range j.rows() {
				i := int(j.row0) + r
				rs[k] = w.eq[i]
				t.loopIdx[k] = int32(i)
				t.loopLam[k] = -(t.rhs[i] + rs[k].jv(w.dv))
				k++
			}
		}
	}
	t.loopS = resize(t.loopS, nl*nl)
	w.schur(rs, t.loopS)
	w.stats.Singular += cholDense(t.loopS, nl)
	cholSolve(t.loopS, nl, t.loopLam)
	if !loads {
		clear(t.loads)
	}
	for q := range rs {
		addLoad(t.loads, &rs[q], t.loopLam[q])
	}
	w.solveTree(true)
	for q, i := range t.loopIdx {
		w.eq[i].lam = t.loopLam[q]
	}
}

// addLoad adds a row's impulse Jᵀλ to the loads of its bodies.
func addLoad(loads []bodyVel, r *row, lam float64) {
	if r.a >= 0 {
		l := &loads[r.a]
		l.v = l.v.axpy(r.jaL, lam)
		l.w = l.w.axpy(r.jaA, lam)
	}
	if r.b >= 0 {
		l := &loads[r.b]
		l.v = l.v.axpy(r.jbL, lam)
		l.w = l.w.axpy(r.jbA, lam)
	}
}

// solveTree solves H [x; λ] = [−f; w] on the active components: w from
// t.rhs, f the impulse loads t.loads when loads is set. It writes λ to the
// tree's rows of w.eq and Δu = −x of the tree's bodies to w.dv (loop rows
// are left alone).
func (w *World) solveTree(loads bool) {
	t := &w.tree
	for ci := range t.comps {
		c := &t.comps[ci]
		if !c.active {
			continue
		}
		nodes := t.nodes[c.n0:c.n1]
		// Forward: v_i −= Σ_children H_ciᵀ g_c, g_i = D_i⁻¹ v_i, leaves first.
		for i := range nodes {
			nd := &nodes[i]
			switch {
			case nd.body < 0:
				nd.v = [6]float64{}
				copy(nd.v[:nd.m], t.rhs[nd.rows:nd.rows+nd.m])
			case loads:
				f, v := &t.loads[nd.body], &nd.v
				v[0], v[1], v[2], v[3], v[4], v[5] = -f.v.x, -f.v.y, -f.v.z, -f.w.x, -f.w.y, -f.w.z
			default:
				nd.v = [6]float64{}
			}
		}
		for i := range nodes {
			nd := &nodes[i]
			if nd.body >= 0 && nd.leaf {
				if !loads {
					nd.g = [6]float64{}
					continue // nothing to pass on
				}
				w.dinv(nd, &nd.v, &nd.g)
			} else {
				w.dinv(nd, &nd.v, &nd.g)
			}
			if nd.parent >= 0 {
				w.toParent(nd, &nd.g, &nodes[nd.parent-c.n0].v)
			}
		}
		// Backward: x_i = g_i − P_i x_p, root first.
		for i := len(nodes) - 1; i >= 0; i-- {
			if nd := &nodes[i]; nd.parent >= 0 {
				w.subParent(nd, &nodes[nd.parent-c.n0].g)
			}
		}
		for i := range nodes {
			nd := &nodes[i]
			if nd.body < 0 {
				for k := range int(nd.m) {
					w.eq[int(nd.rows)+k].lam = nd.g[k]
				}
				continue
			}
			dv, g := &w.dv[nd.body], &nd.g // field by field, not through the stack
			dv.v.x, dv.v.y, dv.v.z = -g[0], -g[1], -g[2]
			dv.w.x, dv.w.y, dv.w.z = -g[3], -g[4], -g[5]
		}
	}
}

// schur sets S (n × n, row major, n = len(rs)) to the rows' Schur
// complement with the equality rows eliminated, S = F_qᵀ H⁻¹ F_p (F the
// rows' Jᵀ on the bodies): the velocity change of row q per unit impulse
// on row p with the tree's joints holding. Through the tree it is
// Σ_nodes v_q · D⁻¹ v_p over the nodes both rows' half-solves v = L⁻¹ F
// reach (the paths from their bodies to the root); bodies outside the tree
// add their M⁻¹ (the rows' M⁻¹Jᵀ must be set for them).
func (w *World) schur(rs []row, S []float64) {
	t := &w.tree
	n := len(rs)
	t.zStart = resize(t.zStart, n+1)
	t.zent = t.zent[:0]
	for q := range rs {
		t.zStart[q] = int32(len(t.zent))
		w.halfSolve(&rs[q])
	}
	t.zStart[n] = int32(len(t.zent))
	// S_pq summed node by node over the rows whose paths pass through it.
	nn := len(t.nodes)
	t.nStart = resize(t.nStart, nn+1)
	t.nFill = resize(t.nFill, nn)
	t.nEnt = resize(t.nEnt, len(t.zent))
	t.nRow = resize(t.nRow, len(t.zent))
	clear(t.nStart)
	for k := range t.zent {
		t.nStart[t.zent[k].node+1]++
	}
	for i := range nn {
		t.nStart[i+1] += t.nStart[i]
	}
	copy(t.nFill, t.nStart[:nn])
	for q := range rs {
		for k := t.zStart[q]; k < t.zStart[q+1]; k++ {
			nd := t.zent[k].node
			t.nEnt[t.nFill[nd]] = k
			t.nRow[t.nFill[nd]] = int32(q)
			t.nFill[nd]++
		}
	}
	S = S[:n*n]
	clear(S)
	for i := range nn {
		lo, hi := int(t.nStart[i]), int(t.nStart[i+1])
		ents, rows := t.nEnt[lo:hi], t.nRow[lo:hi]
		for a := range ents {
			ep := &t.zent[ents[a]]
			sp := S[int(rows[a])*n:]
			for b := 0; b <= a; b++ {
				sp[rows[b]] += dot6(&ep.v, &t.zent[ents[b]].g)
			}
		}
	}
	for p := range rs {
		rp := &rs[p]
		// Bodies outside the tree (a free box on a craft's deck) add their M⁻¹.
		off := rp.a >= 0 && t.nodeOf[rp.a] < 0 || rp.b >= 0 && t.nodeOf[rp.b] < 0
		for q := 0; q <= p; q++ {
			v := S[p*n+q]
			if off {
				v += w.offTree(rp, &rs[q])
			}
			S[p*n+q] = v
			S[q*n+p] = v
		}
	}
}

// offTree returns the part of (J M⁻¹ Jᵀ)_rq on bodies outside the tree.
func (w *World) offTree(r, q *row) float64 {
	t := &w.tree
	v := 0.0
	for side, b := range [2]int32{r.a, r.b} {
		if b < 0 || t.nodeOf[b] >= 0 {
			continue
		}
		jl, ja, _, _ := r.side(side == 1)
		if q.a == b {
			v += jl.dot(q.waL) + ja.dot(q.waA)
		} else if q.b == b {
			v += jl.dot(q.wbL) + ja.dot(q.wbA)
		}
	}
	return v
}

// halfSolve appends the half-solve v = L⁻¹ f_q of row q (f_q its Jacobian on
// its bodies in the tree) on the nodes from q's bodies to the root, in
// ascending node order, to t.zent.
func (w *World) halfSolve(q *row) {
	t := &w.tree
	nodes := t.nodes
	path := t.path[:0]
	var na, nb int32 = -1, -1
	if q.a >= 0 {
		na = t.nodeOf[q.a]
	}
	if q.b >= 0 {
		nb = t.nodeOf[q.b]
	}
	// Merge the two ancestor chains (ascending: parents after children).
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
	for _, n := range path {
		t.zent = append(t.zent, zent{node: n})
	}
	ents := t.zent[z0:]
	for side, b := range [2]int32{q.a, q.b} {
		if b < 0 || t.nodeOf[b] < 0 {
			continue
		}
		jl, ja, _, _ := q.side(side == 1)
		nd := t.nodeOf[b]
		for k := range ents {
			if ents[k].node == nd {
				ents[k].v = [6]float64{jl.x, jl.y, jl.z, ja.x, ja.y, ja.z}
			}
		}
	}
	// Leaves: g = M⁻¹ v. Other nodes keep u = L⁻¹ v in e.v and ±u (the
	// sign of D) in e.g, so that v_p · D⁻¹ v_q = e_p.v · e_q.g, and pass
	// J g to the parent as ∓(L⁻¹ J)ᵀ u = ∓hmᵀ u.
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
		for k2 := k + 1; k2 < len(ents); k2++ { // the parent: further on
			if ents[k2].node != nd.parent {
				continue
			}
			pv := &ents[k2].v
			switch {
			case leaf:
				w.toParent(nd, &e.g, pv)
			case nd.body >= 0: // parent joint row r: pv_r −= X_rᵀ u
				for r := range nodes[nd.parent].m {
					pv[r] -= dot6(&nd.hm[r], &e.v)
				}
			default: // parent body: pv += Yᵀ u
				u := e.v[:m]
				for c := range 6 {
					y := nd.hm[c][:m]
					v := 0.0
					for i, a := range u {
						v += float64(y[i] * a)
					}
					pv[c] += v
				}
			}
			break
		}
	}
}
