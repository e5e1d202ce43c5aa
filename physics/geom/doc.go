// Package geom is the collision geometry of the physics engine: convex
// polyhedra, their convex hull, contact points from separating planes,
// distances from GJK, ray casts and the broad phase. It knows nothing of
// bodies or worlds: every function takes shapes and transforms and returns
// plain values. It imports only mgl64 and the standard library.
//
// # Frames and units
//
// Units are metres; vectors are float64 (mgl64); the world is right-handed
// with y up. A Polyhedron lives in its own local frame and never changes
// after construction; a Transform{Pos, Rot} places it in the world: local x
// is at Pos + Rot·x. Rot is normalised before use; the zero quaternion counts
// as the identity. All outputs (points, normals) are world coordinates.
//
// Faces list their vertices counter-clockwise seen from outside; Face.Normal
// is the unit outward normal and Normal·x = D on the face.
//
// Make polyhedra with Box, Cylinder, Hull or p.Transformed(xf) (a part
// placed in its body's frame): they carry precomputed data (edge
// directions, opposite faces, edge–face adjacency, box extents) that the
// fast paths use. A Polyhedron built by hand works too; call Prepare once
// so that it gets the same data.
//
// # Contacts: Collider.Collide
//
// Collide(a, xfA, b, xfB, margin, cache, &m) fills a caller-owned Manifold
// following the separating plane method of design note §6 (see its doc
// comment for the steps). Conventions:
//
//   - Normal is a unit world vector pointing from A into B: moving B along
//     Normal separates the pair. One normal serves all points.
//   - Depth is signed, per point: the gap between the surfaces of B and A
//     along Normal at that point; negative = penetrating, positive = still
//     apart (a speculative contact). Manifold.Separation is the separating
//     plane's d, the smallest depth any point can have.
//   - Point is midway between the two surfaces along Normal.
//   - margin ≥ 0 is the speculative distance: shapes apart by less than
//     margin still get contacts (positive depth), so that a solver can stop a
//     fast body before it passes through a thin wall (keep the relative
//     approach speed times the step, plus a slop). Shapes further apart get
//     none and Collide returns false.
//   - ε (Collider.Tolerance, DefaultTolerance = 1 mm when zero): vertices of
//     A within ε below A's supporting plane, and of B within ε above B's,
//     form the contact features; that is, within ½|d| + ε of the middle
//     plane. A box tilted by less than ε over its width therefore still
//     gets four corners, each with its own depth. Shapes overlapping by
//     more than ε take every vertex inside the overlap too (each slab
//     reaches the other shape's supporting plane): a plate pressed 0.4 m
//     into the ground at one end by a heavy box is held up by all its
//     sunken corners, not by the deepest alone (random slope 5424).
//   - At most MaxManifoldPoints (4) points: a larger contact polygon keeps
//     the deepest corner, the one furthest from it and the two spanning the
//     largest triangles with them.
//   - Point.ID (FeatureID) names the features that made a point: a vertex
//     of A, a vertex of B, or an edge of A crossing an edge of B, as packed
//     polyhedron vertex indices. It does not depend on which face was the
//     plane, so a solver can match points between steps by (pair, ID) and
//     warm-start their impulses.
//   - PairCache, kept per pair by the caller, remembers the last best plane
//     (and, for big shapes, where to start climbing): a pair still
//     separated by it is rejected after one projection (about 4x faster
//     for separated boxes; no gain for touching ones).
//   - Cost: boxes and cylinders are cheap (few edge directions, and boxes
//     project from their half extents); a hull of 20 random points costs
//     ~12x a box pair. Shapes of 64 vertices or more (climbMinVerts) get a
//     vertex graph from Prepare, and Collide climbs it instead of passing
//     over every vertex for every face and every edge pair: the cost grows
//     with the faces and edges of the two shapes, not with their product:
//     two round hulls of 1,024 points in contact cost ~1 ms instead of
//     50–100. The answers are the same bit for bit. Flat hulls with sharp
//     edges (a disc of two 512-gon faces) are the worst case: their
//     Minkowski difference has n·m faces, and though the walks skip the
//     edges whose pairs cannot matter, two such discs cost 3–5 ms (45
//     before); at 512 points, under 1 ms. The contact polygon, the two
//     touching faces clipped one by the other, also grows with the
//     product of their vertices (two 512-gons flat on each other: ~0.5 ms).
//
// # Distance: GJK
//
// Distance(a, b Support) returns the distance and closest points of two
// convex shapes given by their support mapping (design note §7: divide and
// conquer on the simplex by least squares, point pairs kept so that the
// closest points of A and B come out). Adapters: PolyhedronSupport
// (SupportOf(p, xf)) and Sphere (radius 0: a point). Collider.Distance wraps
// two transformed polyhedra. Overlapping shapes give Distance 0 and
// Overlap true. Use it for docking range, altitude and as a quick "clearly
// apart" test before Collide.
//
// # Ray casts and the broad phase
//
// RayCast(p, xf, origin, dir, maxT) hits a transformed polyhedron (altitude:
// cast along −y). Polyhedron.Bounds(xf) gives the world AABB; SweepAndPrune
// turns a slice of AABBs into the overlapping pairs, sorted by (A, B), with
// pairs excluded by Exclude (jointed bodies) or by a Filter callback.
//
// # Allocation and determinism
//
// Collide, Distance (with pointer adapters), RayCast and SweepAndPrune.Update
// allocate nothing once their buffers have grown. Results depend only on the
// inputs: no maps, clocks or random numbers; ties are broken by index.
// A Collider or SweepAndPrune is not safe for concurrent use.
package geom
