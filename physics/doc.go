// Package physics simulates rigid bodies joined by joints and touching
// through contacts: the dynamics of a spacecraft made of a heavy hull and
// light parts, tumbling, docking and landing as one craft. Collision
// geometry lives in physics/geom.
//
// # Units, axes, conventions
//
// SI throughout: metres, kilograms, seconds, newtons, radians. The world
// frame is right-handed with y up; gravity is a per-world uniform
// acceleration, usually {0, −9.81, 0}, to which WorldDef.Field may add a
// field of accelerations depending on position and velocity (orbital
// relative motion). All values are float64 (mgl64).
//
// A body's state is its centre of mass c (world), unit quaternion q
// (body → world: a body-frame vector x is R(q) x in the world), velocity v
// and angular velocity ω, both world frame. mgl64's product q1.Mul(q2)
// applies q2 first. Mass m and inertia I0 (about the centre of mass, body
// coordinates, any symmetric positive-definite 3×3) are constant between
// SetMass calls; in the world I = R I0 Rᵀ. A body of mass 0 is static:
// inverse mass and inverse inertia 0.
//
// Loads: ApplyForce, ApplyCentralForce, ApplyTorque take world-frame values;
// ApplyForceLocal and ApplyTorqueLocal take body-frame values that turn with
// the body during the step (thrusters). All hold for the next Step only.
// ApplyImpulse changes the momentum at once.
//
// # Equations
//
//	ċ = v    q̇ = ½ (0, ω) ⊗ q    v̇ = F/m    ω̇ = I⁻¹ (τ − ω × I ω)
//
// The gyroscopic term ω × Iω is kept: a body spun near its intermediate
// axis flips (Dzhanibekov) with the period of the elliptic-integral
// solution. The stacked state of all awake bodies is integrated by classic
// Runge–Kutta 4; quaternions are normalised before use in each stage and
// after each step.
//
// # Constraints: one row model, two solvers
//
// Every constraint is a set of scalar rows J u' + b (=, ≥) 0 between two
// bodies (rows.go): the joints' equality rows (ball.go, hinge.go, fixed.go
// each open with their C, J and effective mass), and the bounded rows —
// hinge limits and motors (hinge.go), contact normals and friction
// (contact.go, which also holds the one rule that updates a row's impulse).
//
// Equality rows are solved exactly in every RK4 stage: the joints of a
// craft or a chain form a tree, and the augmented system [M Jᵀ; J 0] is
// factored in body space in linear time (Baraff 1996, tree.go); joints that
// close a loop are solved on their Schur complement (treesolve.go). This
// is what holds a 1000 kg hull on 20 kg legs to 1e-9 m, where iterative
// solvers let such joints open by centimetres. The drift correction is
// divided by the step, taken at the sub-step's start and held through its
// stages, so that RK4 keeps its order (ball.go); after each sub-step a
// projection (project.go) puts the bodies back onto the joints.
//
// Bounded rows are solved once per sub-step, as one problem per island,
// with the equality rows eliminated exactly (bounded.go): warm-started
// projected Gauss–Seidel with a stop test on the rows' residual, on the
// bodies' velocities for islands without joints (piles) and on the rows'
// Schur complement with a direct step for islands with joints (a lander on
// its feet). Their impulses then act as constant forces through the
// sub-step's RK4 stages. Impacts — restitution, and bodies or hinges that
// would pass a surface or a stop within the sub-step — are a zero-duration
// pass before (impact.go).
//
// Passive systems do not gain energy:
//
//   - a step is split into sub-steps so that no jointed body's joints turn
//     more than WorldDef.MaxRotation in one, nor a spring's rate outruns
//     RK4, nor a free body's nutation (integrate.go); a chain whose light
//     links whip at 100 rad/s gets as many sub-steps as it needs, a craft
//     in flight one, a wheel spinning at 300 rad/s on a hinge through its
//     centre eleven. A hinge damper asks for none: one that would decay
//     its rate by more than dampTurn in the sub-step is a row of the
//     bounded solve, taken implicitly (stiffDampers, bounded.go);
//   - what the bounded solve finds shortens its sub-step (split.go): a
//     light body swinging on a heavy contact load held constant through
//     the sub-step (a 20 kg leg under a 200 t hull) is held to loadTurn
//     radians a sub-step, and a sub-step in which friction would push a
//     point along the slip it had at the start (a foot set down sliding)
//     is solved again in halves;
//   - a sub-step whose contacts end it off the bounded solve's model of
//     it — a light leg turning under a heavy hull's load, a body tipping
//     over an edge — is solved and integrated again from its start, each
//     contact's target shifted by what the model missed, or in halves
//     where the model is far off (defect.go);
//   - a jointed island flying free whose spin splits the step is
//     integrated in a frame turning with it (spinframe.go): bodies on
//     hinges spinning as one at 100 rad/s keep their rate to rounding,
//     and a flexing one its energy and angular momentum to 1e-5;
//   - the impulses of a jointed island's direct step are kept only where
//     they lower the rows' energy ½ λᵀKλ + bᵀλ, the measure its solution
//     minimises (bounded.go);
//   - a hinge past its stop is pushed out by a velocity for its sub-step
//     only, where no contact bears (stoppush.go): the bounded solve is
//     made with the stop held and with the push, and the difference is
//     taken off the bodies after RK4, so that a chain whipping round a
//     stop is not pushed out against its load at a profit;
//   - a sub-step ends where a sprung hinge turns through the angle
//     opposite its rest angle, where the spring's torque flips from −kπ
//     to +kπ (springCut, hinge.go), so that RK4 never steps over the flip.
//
// # Rigid assemblies
//
// Bodies held rigidly together are one body to the integrator and the
// solvers (weld.go): a fixed joint, a hinge whose limits are closed
// (lower = upper), a latch, and a hinge resting on a loaded stop in a
// craft at rest on the ground (stops.go) — the legs of a lander on its
// stops, whatever its hull weighs. Their composite mass properties come
// from the members'; the joint impulses that hold them are found from the
// members' momentum balance for breaking and Joint.Impulse. A held stop
// lets go when it would pull, and a weld breaks or opens as a joint does.
// A hinge with closed limits to a static body or the world is no weld: its
// lock is a sixth equality row, held and projected as a fixed joint's
// (joint.locked).
//
// Free islands (piles, stacks) sweep their contact pairs one unit at a
// time and, after every sweep that has not converged, solve exactly for
// one unknown per pushing pair (coarse.go), so that a landing's weight
// crosses a stack at once instead of one pair per sweep. Sweeps that end
// at the cap with a row still far from solved (a 1000:1 stack) hand the
// island to the jointed islands' solve on its coupling matrix, whose
// answer is kept where it is closer to a solution (finishFree,
// sequential.go).
//
// # The stages of World.Step
//
// The Stage constants (step.go) are the step, run in this order; the four
// sub-step stages once per sub-step:
//
//	StageLoads     applied loads and gravity per body, constant over the step; static poses
//	StageCollide   broad and narrow phase: contact points, warm starts (collide.go)
//	StageIslands   islands of bodies linked by joints and contacts; wake the
//	               touched; choose the first sub-step (island.go, integrate.go)
//	StageImpact    per sub-step: restitution, arrival at surfaces and stops (impact.go)
//	StageBounded   per sub-step: limits, motors, contacts as one bounded problem
//	               per island; RK4's first evaluation with it (bounded.go)
//	StageRK4       per sub-step: k1…k4 with the equality rows solved exactly in
//	               each; y += h/6 (k1 + 2k2 + 2k3 + k4) (integrate.go), a fast
//	               spinning free island's in its spin frame (spinframe.go);
//	               again from the sub-step's start where its contacts end off
//	               the bounded solve's model (defect.go)
//	StageProject   per sub-step: the pushes out of stops taken off (stoppush.go);
//	               post-stabilisation onto the joints (project.go)
//	StageCheck     NaN/Inf or runaway speed fails the step, naming the body; the
//	               world returns to its state before the step (tested between
//	               sub-steps too)
//	StageBreaks    joints whose impulse over the step exceeded their threshold
//	               (a weld's: its members' momentum balance, weld.go)
//	StageEvents    contact events, warm starts kept, diagnostics (contact.go)
//	StageSleep     supported islands at rest go to sleep (island.go)
//
// The values of the step in progress (dt, the sub-step h, the drift
// correction's β/h) live in a step context, not on the World.
//
// # Contacts
//
// A body carries collision shapes (BodyDef.Shapes: convex geom.Polyhedron
// pieces placed in the body frame, each with friction μ, restitution ε and
// a game tag). Two touching shapes use μ = sqrt(μA μB) and ε = max(εA, εB).
// Static bodies (mass 0) with shapes are the ground, pads and stations.
// Shapes on the same body, on two static bodies, on bodies joined by a
// joint, or on bodies with the same non-zero BodyDef.Group never collide.
// Contact points are anchored on both bodies and keep their impulses from
// step to step through (shape pair, feature id) for warm starting; a
// speculative margin makes fast bodies arrive at a surface, not through it.
//
// For the game: ContactEvents (per shape pair: begin, persist, end, the
// normal impulse of the step, the shapes' tags), Contacts (every point for
// debug drawing) and Stats.MaxPenetration.
//
// # Sleep
//
// With WorldDef.Sleep an island (bodies linked by joints or contacts) that
// touches a static body and whose bodies have all been slower than the
// thresholds for the sleep time is put to sleep — its velocities set to
// zero, its bodies left out of every stage — until a contact with an awake
// body, a load, an impulse, a setter or a joint change wakes it. An island
// that touches nothing static never sleeps: free motion in space is the
// physics the game shows, however slow.
//
// # Determinism and allocation
//
// No maps, no clock, no random source inside the step: equal worlds with
// equal loads stay bit-identical. Stats reports rows, sweeps,
// factorizations and (with WorldDef.Timings) wall-clock time per stage; the
// clock never feeds back into the state. All memory is laid out when bodies
// or joints are added and grows only with the number of contacts: a step in
// a steady scene does not allocate.
package physics
