package physics_test

// TestRandomScenes (issue 24): random scenes (scenegen_test.go) held to
// the invariants (invariants_test.go). `make test` runs a fixed set of
// seeds; `make fuzz-physics` runs 10,000 (-scenes, -seed0); a failing seed
// prints the command that reruns it alone, which -scene-bodies and
// -scene-time shrink.

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	sceneSeed   = flag.Int64("scene-seed", -1, "TestRandomScenes: run only the scene of this seed (≥ 0), whatever its kind")
	sceneCount  = flag.Int("scenes", 0, "TestRandomScenes: run this many scenes from -seed0 instead of the fixed set, every kind")
	sceneSeed0  = flag.Int64("seed0", 1, "TestRandomScenes: the first seed of -scenes")
	sceneBodies = flag.Int("scene-bodies", 0, "TestRandomScenes: shrink each scene to at most this many generated bodies")
	sceneTime   = flag.Float64("scene-time", 0, "TestRandomScenes: shrink each scene's run to at most this many seconds")
	kindFlag    = flag.String("scene-kind", "", "TestRandomScenes: with -scenes, only the seeds of this kind (from -seed0 on)")
)

// fixedScenes is the seed set of `make test`: seeds 1…fixedScenes, ten of
// each kind (about 20 s on two busy cores with no kind skipped).
const fixedScenes = 100

// knownFailing lists the scene kinds the engine fails today and why
// (issue 24, item 2). In the fixed set, and only there, TestRandomScenes
// skips them; -scenes and -scene-seed run them. Delete an entry when its
// fix lands and the fixed set passes.
var knownFailing = map[sceneKind]string{}

// regressions are seeds that once failed and were fixed, with the scene's
// description then: run with the fixed set, and failing if the generator
// has since changed the scene (find it again with the same draw).
var regressions = []struct {
	seed int64
	desc string
}{
	// Free islands whose sweeps ended at the cap far from a solution: heavy
	// boxes sank into light ones and the drift correction threw them apart
	// (finishFree, sequential.go).
	{6533, "stack-yawed 3 stacks (0 of prisms), dropped: 14 bodies, 0 joints, mass ratio 7.15e+03:1, spin 0 rad/s, g 9.81, dt 1/52.87, sleep on, 19.88 s"},
	{1663, "stack-yawed 3 stacks (0 of prisms), set: 13 bodies, 0 joints, mass ratio 6.74e+03:1, spin 0 rad/s, g 9.81, dt 1/34.35, sleep off, 19.91 s"},
	{8585, "slope-rest 30°: 5 bodies, 0 joints, mass ratio 4.64e+03:1, spin 0 rad/s, g 9.81, dt 1/60.8, sleep on, 20.02 s"},
	{9435, "slope-rest 26°: 2 bodies, 0 joints, mass ratio 7.39:1, spin 0 rad/s, g 9.81, dt 1/56.18, sleep on, 20.01 s"},
	{2920, "pile scatter 0.47 m: 9 bodies [5 box, 4 cylinder], 0 joints, mass ratio 4.92e+03:1, spin 47.1 rad/s, g 9.81, dt 1/178.6, sleep off, 6.11 s"},
	{4984, "slope 34°: 10 bodies [3 box, 6 cylinder, 1 hull], 0 joints, mass ratio 1.6e+03:1, spin 49.6 rad/s, g 9.81, dt 1/85.1, sleep off, 7.509 s"},
	// Free islands whose sweeps stalled at the cap a little short of a
	// solution, sub-step after sub-step: yawed stacks crept until a direct
	// step taken before it had found its active set kicked a box to mm/s,
	// or rose by a micrometre in all (freeStalls, sequential.go); 16063, at
	// 8,530:1, took more direct steps to find it than a fifth of the
	// sweeps. And a
	// slope whose sweeps ended far from one, where the direct answer
	// stands if it is the better: held to the stop test there too, as the
	// first version of that rule held it, the slope gained 0.3 of its peak
	// kinetic energy.
	{3053, "stack-yawed 3 stacks (2 of prisms), dropped: 13 bodies, 0 joints, mass ratio 179:1, spin 0 rad/s, g 1.62, dt 1/37.83, sleep off, 20.88 s"},
	{2183, "stack-yawed 3 stacks (1 of prisms), dropped: 15 bodies, 0 joints, mass ratio 312:1, spin 0 rad/s, g 9.81, dt 1/120.4, sleep off, 20.28 s"},
	{10353, "stack-yawed 2 stacks (1 of prisms), set: 14 bodies, 0 joints, mass ratio 1.44e+03:1, spin 0 rad/s, g 9.81, dt 1/52.77, sleep off, 19.88 s"},
	{14633, "stack-yawed 3 stacks (1 of prisms), dropped: 20 bodies, 0 joints, mass ratio 2.49:1, spin 0 rad/s, g 1.62, dt 1/55.13, sleep off, 23.36 s"},
	{16063, "stack-yawed 3 stacks (2 of prisms), dropped: 21 bodies, 0 joints, mass ratio 8.53e+03:1, spin 0 rad/s, g 9.81, dt 1/157, sleep off, 20.89 s"},
	{1964, "slope 40°: 4 bodies [1 box, 2 cylinder, 1 hull], 0 joints, mass ratio 670:1, spin 59 rad/s, g 9.81, dt 1/33.04, sleep on, 7.174 s"},
	// A welded assembly spinning fast near its largest axis: two full
	// Newton steps of the energy projection overshot (freeRotation).
	{2469, "assembly spin about the major axis (moments 2.09e+04 8.48e+04 8.8e+04), random masses: 6 bodies [2 box, 3 cylinder, 1 hull], 5 joints, mass ratio 439:1, spin 78.9 rad/s, g 0, dt 1/35.02, sleep off, 10.02 s"},
	{2609, "assembly spin about the major axis (moments 1.54e+03 8.8e+03 1.03e+04), heavy root: 2 bodies [2 hull], 1 joints, mass ratio 2.54e+03:1, spin 86.6 rad/s, g 0, dt 1/46.74, sleep on, 10.01 s"},
	// Push-out rows in a closed loop through the joints asked for more than
	// the joints let the bodies do: rigid rows had no finite solution, the
	// impulses grew to 1e6 N s and RK4 turned them into energy or NaN; a
	// lander's feet, stuck by friction off their stops, chattered for 20 s
	// (compliant push-out, pushImpulse in contact.go).
	{9806, "chain random masses, root on the world, ground true, joints [1 hinge two-sided, 1 root hinge]: 2 bodies [1 cylinder, 1 hull], 2 joints, mass ratio 38.9:1, spin 3.29 rad/s, g 9.81, dt 1/30.84, sleep on, 5.025 s"},
	{8886, "chain heavy root, root on the world, ground true, joints [1 hinge closed, 1 root ball]: 2 bodies [1 box, 1 hull], 2 joints, mass ratio 47.7:1, spin 15.7 rad/s, g 9.81, dt 1/191.9, sleep on, 5.002 s"},
	{7587, "tree alternating, root on a static body, ground true, joints [1 ball, 2 fixed, 1 hinge closed spring, 1 root hinge two-sided]: 5 bodies [1 box, 3 cylinder, 1 hull], 5 joints, mass ratio 523:1, spin 14.5 rad/s, g 9.81, dt 1/97.74, sleep on, 5.003 s"},
	{6907, "tree heavy root, root on the world, ground true, joints [3 ball, 3 fixed, 1 hinge closed, 1 hinge closed spring, 1 hinge two-sided, 1 root fixed]: 10 bodies [5 box, 3 cylinder, 2 hull], 10 joints, mass ratio 153:1, spin 0.243 rad/s, g 9.81, dt 1/42.93, sleep off, 5.008 s"},
	{2288, "lander two-sided stop, touchdown 2.29 m/s, tilt 7.4°: 5 bodies, 4 joints, mass ratio 1.78e+03:1, spin 0 rad/s, g 9.81, dt 1/62.67, sleep off, 20.01 s"},
	{898, "lander one-sided stop sprung (k 2.43e+05 N m/rad, c 9.39e+04 N m s/rad, preload 0.21 rad), touchdown 0.49 m/s, tilt 7.8°: 5 bodies, 4 joints, mass ratio 4.81e+03:1, spin 0 rad/s, g 9.81, dt 1/180.4, sleep off, 20 s"},
	// Sub-steps too long for what the bounded solve found (split.go): a
	// light leg swung on its foot's load under a heavy hull (1068: 0.13 of
	// the peak kinetic energy made, 8098: a point at 4.8 m/s five seconds
	// after touchdown, 16598: a blow-up); a lander set down sliding, whose
	// foot's friction pushed along the slip it stopped (9188); heavy
	// bodies crushing light ones through the ground (piles 6580, 990) and
	// a tree blowing up where its links chattered on the ground (6947).
	{1068, "lander one-sided stop, touchdown 0.46 m/s, tilt 0.9°: 5 bodies, 4 joints, mass ratio 4.34e+03:1, spin 0 rad/s, g 9.81, dt 1/53.66, sleep off, 20.02 s"},
	{8098, "lander one-sided stop, touchdown 0.00 m/s, tilt 3.4°: 5 bodies, 4 joints, mass ratio 3.12e+03:1, spin 0 rad/s, g 9.81, dt 1/33.4, sleep off, 20 s"},
	{16598, "lander one-sided stop sprung (k 2.83e+06 N m/rad, c 5.79e+05 N m s/rad, preload 0.20 rad), touchdown 2.27 m/s, tilt 6.6°: 5 bodies, 4 joints, mass ratio 6.87e+03:1, spin 0 rad/s, g 9.81, dt 1/48.57, sleep off, 20.01 s"},
	{9188, "lander welded, touchdown 0.00 m/s, tilt 4.8°: 5 bodies, 4 joints, mass ratio 8.82e+03:1, spin 0 rad/s, g 9.81, dt 1/46.44, sleep off, 20 s"},
	{6580, "pile scatter 0.97 m: 11 bodies [3 box, 5 cylinder, 3 hull], 0 joints, mass ratio 685:1, spin 62.1 rad/s, g 9.81, dt 1/49.42, sleep on, 6.192 s"},
	{990, "pile scatter 0.31 m: 12 bodies [4 box, 5 cylinder, 3 hull], 0 joints, mass ratio 1.75e+03:1, spin 29.4 rad/s, g 9.81, dt 1/38.55, sleep off, 6.304 s"},
	{6947, "tree random masses, root on a static body, ground true, joints [5 ball, 1 root hinge spring]: 6 bodies [4 box, 1 cylinder, 1 hull], 6 joints, mass ratio 477:1, spin 16.4 rad/s, g 9.81, dt 1/37.9, sleep on, 5.014 s"},
	// Bodies tipping over an edge or a vertex gained energy: the contact
	// rows held their pivots' anchors at the linear model's velocity while
	// they turned upwards (the centripetal terms, contactRows).
	{7881, "touching edge,face: 2 bodies, 0 joints, mass ratio 31.6:1, spin 0 rad/s, g 9.81, dt 1/41, sleep on, 5.024 s"},
	{2301, "touching hull: 1 bodies, 0 joints, mass ratio 1:1, spin 0 rad/s, g 1.62, dt 1/57.47, sleep off, 5.011 s"},
	{9681, "touching face,hull,edge: 3 bodies, 0 joints, mass ratio 16.8:1, spin 0 rad/s, g 9.81, dt 1/230.3, sleep off, 5.002 s"},
	// A sprung hinge spinning past the angle opposite its rest angle: the
	// stretch θ − θ0 jumped by 2π and the spring pumped energy in
	// (springOffset, hinge.go).
	{6046, "chain heavy root, root on the world, ground false, joints [2 ball, 1 fixed, 1 hinge closed, 1 root hinge spring]: 5 bodies [3 box, 1 cylinder, 1 hull], 5 joints, mass ratio 3.08:1, spin 21.7 rad/s, g 1.62, dt 1/133.9, sleep on, 5.003 s"},
	// Free chains and trees spinning fast lost angular momentum (1.5e-3 of
	// it in 5 s): RK4 on the anchors' circles and the projection onto the
	// joints (spin frames and keepL, spinframe.go).
	{7576, "chain random masses, root free, ground false, joints [2 ball, 2 fixed, 1 hinge, 1 hinge closed motor, 1 hinge closed spring motor, 1 hinge one-sided, 1 hinge one-sided spring, 2 hinge two-sided]: 12 bodies [5 box, 6 cylinder, 1 hull], 11 joints, mass ratio 19.6:1, spin 100 rad/s, g 0, dt 1/34.74, sleep on, 5.009 s"},
	{9957, "tree heavy root, root free, ground false, joints [1 hinge two-sided]: 2 bodies [1 box, 1 cylinder], 1 joints, mass ratio 6.17:1, spin 43.2 rad/s, g 1.62, dt 1/67.73, sleep on, 5.005 s"},
	// Welded assemblies spinning fast about their largest axis, the two
	// largest moments close: Newton's steps of the energy projection
	// crawled, and RK4's error grew to 2.4e-4 of the energy (energyCircle,
	// integrate.go).
	{3709, "assembly spin about the major axis (moments 1.75e+03 9.5e+03 1.06e+04), random masses: 5 bodies [2 box, 1 cylinder, 2 hull], 4 joints, mass ratio 134:1, spin 91.5 rad/s, g 0, dt 1/40.89, sleep off, 10 s"},
	{19989, "assembly spin about the major axis (moments 4.3e+03 1.66e+05 1.68e+05), alternating: 5 bodies [5 hull], 4 joints, mass ratio 1.66e+03:1, spin 70.6 rad/s, g 0, dt 1/31.88, sleep off, 10.01 s"},
	// Touching rows pushed back while they still moved off their surface
	// or stop: a hull tipping onto a new corner made 1.6e-3 of its peak
	// kinetic energy in a step, a chain's stop 5e-4 (liftOff, contact.go).
	{7941, "touching hull,face,cross,cross: 4 bodies, 0 joints, mass ratio 420:1, spin 0 rad/s, g 9.81, dt 1/42.94, sleep on, 5.007 s"},
	{7806, "chain alternating, root free, ground true, joints [3 ball, 2 fixed, 1 hinge closed spring, 1 hinge one-sided spring, 1 hinge spring, 1 hinge two-sided]: 10 bodies [6 box, 2 cylinder, 2 hull], 9 joints, mass ratio 17:1, spin 5.96 rad/s, g 9.81, dt 1/81.04, sleep off, 5.01 s"},
	// A hinge past its stop, pushed out at 1 rad/s (limitMaxPush) in the impact
	// pass against the tree's feet on the ground: rows that cannot all
	// hold, rigid in the pass; their impulses gave the resting tree 317 J,
	// then NaN (limitRows, hinge.go: the pass stops approaches only).
	{2877, "tree random masses, root on the world, ground true, joints [1 fixed, 1 hinge closed, 1 hinge one-sided motor, 1 hinge one-sided spring, 1 hinge one-sided spring motor, 1 root hinge one-sided]: 6 bodies [4 box, 2 cylinder], 6 joints, mass ratio 35.4:1, spin 70.8 rad/s, g 0, dt 1/71.7, sleep on, 5.007 s"},
	// A hinge 0.08 rad past its one-sided limit's far stop at −π read as
	// 2.8 rad past its other stop (atan2 wraps there) and was pushed back
	// through its free arc at 1 rad/s, making 1 % of the chain's energy
	// (limitAngle, hinge.go).
	{9496, "chain alternating, root free, ground false, joints [1 ball, 2 fixed, 1 hinge, 2 hinge one-sided, 1 hinge two-sided]: 8 bodies [2 box, 4 cylinder, 2 hull], 7 joints, mass ratio 8.34:1, spin 16.6 rad/s, g 0, dt 1/40.21, sleep off, 5.024 s"},
	// A root hinge locked by closed limits to the world, held by a bounded
	// row whose drift a bias corrected: under a 9,000:1 chain's load the
	// correction did work every sub-step (joint.locked: a sixth equality
	// row).
	{14366, "chain random masses, root on the world, ground false, joints [1 ball, 1 hinge one-sided, 1 root hinge two-sided]: 3 bodies [2 cylinder, 1 hull], 3 joints, mass ratio 9.15e+03:1, spin 0 rad/s, g 9.81, dt 1/201.3, sleep off, 5.003 s"},
	// A 5,000:1 tree crashing into the ground at 25 MJ: its sub-step's
	// projection, one step with the last stage's J, left a 1.9 mm gap
	// (project.go: further steps while the error is over projectAgain).
	{5717, "tree alternating, root on a static body, ground true, joints [1 hinge closed, 1 hinge two-sided spring, 1 root hinge]: 3 bodies [3 box], 3 joints, mass ratio 5.58e+03:1, spin 55.1 rad/s, g 9.81, dt 1/181.2, sleep off, 5.005 s"},
	// A hinge damper too stiff for RK4 at the sub-step cap (c K = 6.6e5 /s
	// on a 3 kg cylinder under a 24 t hull): its decay blew up to NaN in
	// the first step (stiffDampers, bounded.go).
	{17947, "tree random masses, root free, ground true, joints [1 hinge one-sided spring]: 2 bodies [1 cylinder, 1 hull], 1 joints, mass ratio 7.36e+03:1, spin 13.6 rad/s, g 0, dt 1/211.1, sleep off, 5.002 s"},
	// A ball chain whose energy error fell at second to third order in the
	// sub-step, not RK4's fourth: the joints' drift correction, taken in
	// each stage, put an O(1) force into the inner stages (stageBias,
	// ball.go).
	{12456, "chain random masses, root on the world, ground true, joints [4 ball, 1 fixed, 1 root ball]: 6 bodies [2 box, 2 cylinder, 2 hull], 6 joints, mass ratio 354:1, spin 27.3 rad/s, g 9.81, dt 1/42.94, sleep on, 5.007 s"},
	// Hinges sunk past their stops, swinging off them faster than the
	// push-out asked and pushed on while they moved away: 2e3 J a sub-step
	// under a 1e5 N s load (liftOff with push, hinge.go's limitRows).
	{1706, "chain alternating, root on the world, ground true, joints [2 ball, 1 hinge, 1 hinge two-sided, 1 root hinge two-sided]: 5 bodies [3 box, 1 cylinder, 1 hull], 5 joints, mass ratio 2.62e+03:1, spin 65 rad/s, g 0, dt 1/237.8, sleep on, 5.004 s"},
	{9197, "tree alternating, root on the world, ground false, joints [1 ball, 1 hinge two-sided, 1 root ball]: 3 bodies [1 box, 1 cylinder, 1 hull], 3 joints, mass ratio 21.8:1, spin 4.66 rad/s, g 9.81, dt 1/62.15, sleep on, 5.004 s"},
	{16976, "chain alternating, root on a static body, ground false, joints [1 ball, 1 hinge two-sided, 1 root ball]: 3 bodies [1 box, 1 cylinder, 1 hull], 3 joints, mass ratio 2.85e+03:1, spin 14.4 rad/s, g 9.81, dt 1/220.2, sleep on, 5.001 s"},
	// Chains sunk into their stops under their links' whip (the sub-step's
	// forces held constant while the links turn), pushed out by a velocity
	// that stayed in the links: each push made energy against the stop's
	// load, up to 1e-3 of the peak kinetic energy (stoppush.go: where no
	// contact bears, the push is taken off after the sub-step).
	{5926, "chain alternating, root on a static body, ground true, joints [1 ball, 1 hinge, 1 hinge one-sided, 1 hinge two-sided, 1 root hinge closed]: 5 bodies [1 box, 3 cylinder, 1 hull], 5 joints, mass ratio 223:1, spin 91.1 rad/s, g 1.62, dt 1/33, sleep on, 5.03 s"},
	{2826, "chain alternating, root on a static body, ground true, joints [1 ball, 1 hinge two-sided spring, 1 root ball]: 3 bodies [1 box, 2 cylinder], 3 joints, mass ratio 28.1:1, spin 22.1 rad/s, g 9.81, dt 1/184.9, sleep off, 5.002 s"},
	{16156, "chain random masses, root on a static body, ground false, joints [1 ball, 1 hinge two-sided, 1 root ball]: 3 bodies [1 box, 2 cylinder], 3 joints, mass ratio 411:1, spin 2.05 rad/s, g 9.81, dt 1/90.91, sleep off, 5.005 s"},
	{15576, "chain random masses, root on the world, ground true, joints [1 ball, 1 fixed, 1 hinge one-sided, 1 root ball]: 4 bodies [1 box, 2 cylinder, 1 hull], 4 joints, mass ratio 5.59e+03:1, spin 50.9 rad/s, g 9.81, dt 1/153.3, sleep off, 5.002 s"},
	// Sprung hinges turning through the angle opposite their rest angle,
	// where the spring's torque flips from −kπ to +kπ: RK4 stepped over
	// the flip and made up to 5e-4 of the peak kinetic energy at a pass
	// (springCut, hinge.go: a sub-step ends there).
	{19366, "chain alternating, root on a static body, ground false, joints [2 ball, 1 fixed, 1 hinge closed, 1 root hinge spring]: 5 bodies [1 box, 2 cylinder, 2 hull], 5 joints, mass ratio 1.06e+03:1, spin 0.382 rad/s, g 9.81, dt 1/105.8, sleep off, 5.001 s"},
	{19016, "chain random masses, root on a static body, ground false, joints [1 ball, 2 fixed, 1 hinge, 1 hinge spring, 1 root fixed]: 6 bodies [2 box, 2 cylinder, 2 hull], 6 joints, mass ratio 1.91:1, spin 51.4 rad/s, g 1.62, dt 1/34.02, sleep on, 5.027 s"},
	{14387, "tree random masses, root on the world, ground false, joints [2 fixed, 2 hinge, 1 hinge one-sided, 1 hinge spring, 1 root ball]: 7 bodies [1 box, 4 cylinder, 2 hull], 7 joints, mass ratio 11.2:1, spin 9.67 rad/s, g 9.81, dt 1/55.85, sleep off, 5.013 s"},
	// A damper between light links, taken by RK4 as a torque at h c K
	// under RK4's bound of 2.8 on each body pinned at the anchor but past it
	// on the turn's free inverse inertia, several times larger: a floating
	// chain's L jumped by 2.5e-3 in its first step, and a lander's sprung
	// legs gained 6e-4 of their peak (hingeFreeInvInertia, integrate.go).
	{24096, "chain heavy root, root free, ground false, joints [2 ball, 1 hinge spring motor]: 4 bodies [1 box, 2 cylinder, 1 hull], 3 joints, mass ratio 21.5:1, spin 3.2 rad/s, g 1.62, dt 1/56.94, sleep on, 5.005 s"},
	{10818, "lander two-sided stop sprung (k 7.72e+03 N m/rad, c 582 N m s/rad, preload 0.26 rad), touchdown 0.18 m/s, tilt 0.6°: 5 bodies, 4 joints, mass ratio 2.84:1, spin 0 rad/s, g 9.81, dt 1/162, sleep off, 20 s"},
	// A yawed stack at rest whose sweeps crawled (1 % a pair), stopped
	// on a change below the stop test each step: it crept at up to 1e-5 m/s,
	// growing 5 % a step, until a direct step threw it at 1.5 cm/s twelve
	// seconds after its last impact (sweepStop, sequential.go).
	{28233, "stack-yawed 3 stacks (1 of prisms), dropped: 12 bodies, 0 joints, mass ratio 17.1:1, spin 0 rad/s, g 9.81, dt 1/50.78, sleep off, 19.69 s"},
	// A 4 m bar spinning at 148 rad/s on the ground: the slab of its
	// features that become points spanned the whole bar (its whole step's
	// turn), and a face's plane extended under it put the touching point
	// 1.7 m off the bar; the bar spun up to 786 rad/s in a step, the scene
	// gained 0.63 of its peak (featureTurn, collide.go).
	{42910, "pile scatter 3.5 m: 11 bodies [4 box, 4 cylinder, 3 hull], 0 joints, mass ratio 64.8:1, spin 49.4 rad/s, g 9.81, dt 1/60.08, sleep on, 5.925 s"},
	// Light bodies pressed into the ground by heavy ones, deeper than the
	// contact slab ε: only the vertices within ε of the deepest became
	// points, so a 75 kg plate sunk 0.4 m at one end under a 33 t box was
	// held by that corner alone while the rest of it sank, its centre
	// 7 mm under the slope (geom.Collide: each slab reaches the other
	// shape's supporting plane).
	{5424, "slope 5°: 2 bodies [1 box, 1 hull], 0 joints, mass ratio 445:1, spin 0.0326 rad/s, g 1.62, dt 1/33.86, sleep on, 9.509 s"},
	{16160, "pile scatter 0.46 m: 9 bodies [3 box, 3 cylinder, 3 hull], 0 joints, mass ratio 1.03e+03:1, spin 21.7 rad/s, g 9.81, dt 1/90.39, sleep off, 5.853 s"},
	// Fast spinners whose only contact points were speculative ones, far
	// off another body and bearing nothing, taken by RK4 instead of the
	// free body's rotation that keeps L and energy: 1.3e-4 to 5.7e-4 of the
	// peak kinetic energy made over a second (torqueFree, integrate.go).
	{12040, "pile scatter 0.72 m: 10 bodies [3 box, 3 cylinder, 4 hull], 0 joints, mass ratio 257:1, spin 93.2 rad/s, g 1.62, dt 1/227.7, sleep on, 9.525 s"},
	{54620, "pile scatter 2 m: 6 bodies [3 box, 3 cylinder], 0 joints, mass ratio 1.31e+03:1, spin 97.6 rad/s, g 1.62, dt 1/33.86, sleep off, 8.003 s"},
	{79634, "slope 37°: 6 bodies [3 box, 1 cylinder, 2 hull], 0 joints, mass ratio 2.66e+03:1, spin 93.3 rad/s, g 9.81, dt 1/37.8, sleep on, 7.408 s"},
	// Light bodies crushed between a heavy one and the ground, their
	// friction sliding: the sweeps and the active-set steps of finishFree
	// ended 0.3–4 m/s from the solution sub-step after sub-step (the
	// sliding friction's direction turned 2 mrad a sweep and the direct
	// step holds it), and the light body sank through the ground
	// (newton.go: Newton's method on the natural residual).
	{17684, "slope 34°: 3 bodies [2 box, 1 cylinder], 0 joints, mass ratio 5.9e+03:1, spin 12 rad/s, g 1.62, dt 1/37.05, sleep off, 9.799 s"},
	{13484, "slope 36°: 8 bodies [2 box, 2 cylinder, 4 hull], 0 joints, mass ratio 1.27e+03:1, spin 40.3 rad/s, g 9.81, dt 1/106.7, sleep off, 7.443 s"},
	{9340, "pile scatter 1.3 m: 7 bodies [3 box, 3 cylinder, 1 hull], 0 joints, mass ratio 497:1, spin 16.6 rad/s, g 9.81, dt 1/32.91, sleep off, 6.108 s"},
	{11330, "pile scatter 1.1 m: 7 bodies [3 box, 2 cylinder, 2 hull], 0 joints, mass ratio 5.27e+03:1, spin 5.3 rad/s, g 9.81, dt 1/32.97, sleep on, 5.702 s"},
	// Jointed islands whose dense solve ended at the cap above the stop
	// test: landers at rest whose hull point's friction sat on its cone's
	// edge, or whose feet were held by friction, crept at 7–20 mm/s and
	// grew (the active set took the point for sliding one round and
	// sticking the next); a chain on the ground made 0.33 of its peak in
	// 0.37 s (not read further). Newton's method finishes them
	// (solveDense, newton.go).
	{2698, "lander two-sided stop sprung (k 5.76e+05 N m/rad, c 3.89e+04 N m s/rad, preload 0.17 rad), touchdown 2.52 m/s, tilt 7.3°: 5 bodies, 4 joints, mass ratio 371:1, spin 0 rad/s, g 9.81, dt 1/57.09, sleep off, 20 s"},
	{1058, "lander one-sided stop, touchdown 3.97 m/s, tilt 4.8°: 5 bodies, 4 joints, mass ratio 3.22e+03:1, spin 0 rad/s, g 1.62, dt 1/32.16, sleep off, 20.03 s"},
	{19578, "lander one-sided stop, touchdown 0.53 m/s, tilt 8.1°: 5 bodies, 4 joints, mass ratio 48.7:1, spin 0 rad/s, g 9.81, dt 1/30.17, sleep off, 20.02 s"},
	{11346, "chain random masses, root on a static body, ground true, joints [1 ball, 1 hinge two-sided, 1 root ball]: 3 bodies [2 cylinder, 1 hull], 3 joints, mass ratio 143:1, spin 73.1 rad/s, g 9.81, dt 1/65.26, sleep on, 5.011 s"},
	// Bodies turning under their contacts' loads within a sub-step, whose
	// end velocities were off the bounded solve's model: landers set down
	// tilted made energy, light bodies pinned under heavy ones tunnelled
	// (defect correction, defect.go).
	{4038, "lander one-sided stop, touchdown 0.00 m/s, tilt 2.6°: 5 bodies, 4 joints, mass ratio 207:1, spin 0 rad/s, g 9.81, dt 1/63.5, sleep off, 20.02 s"},
	{968, "lander two-sided stop, touchdown 0.00 m/s, tilt 1.8°: 5 bodies, 4 joints, mass ratio 31.9:1, spin 0 rad/s, g 9.81, dt 1/50.13, sleep on, 20.01 s"},
	{9444, "slope 28°: 5 bodies [2 box, 1 cylinder, 2 hull], 0 joints, mass ratio 503:1, spin 88.8 rad/s, g 9.81, dt 1/37.41, sleep off, 7.165 s"},
	{17610, "pile scatter 2.5 m: 3 bodies [3 hull], 0 joints, mass ratio 143:1, spin 0.923 rad/s, g 9.81, dt 1/84.23, sleep off, 5.283 s"},
	{19740, "pile scatter 0.85 m: 4 bodies [2 cylinder, 2 hull], 0 joints, mass ratio 940:1, spin 0.985 rad/s, g 9.81, dt 1/37.48, sleep off, 5.576 s"},
}

// tinyRise is the energy gain, as a height of all the mass, below which
// the summary counts a failure apart: a gain of nanometres.
const tinyRise = 1e-6 // m

// kindStats sums the results of one kind's scenes.
type kindStats struct {
	scenes, failed, steps int
	wall                  time.Duration
	fails                 [numInv]int
	tinyRises             int // energy failures rising less than tinyRise
	worst                 [numInv]float64
	worstSeed             [numInv]int64
	examples              [numInv][]int64
}

func (k *kindStats) add(seed int64, res result, wall time.Duration) {
	k.scenes++
	k.steps += res.steps
	k.wall += wall
	if res.failed() {
		k.failed++
	}
	if res.fail[invEnergy] != "" && res.rise > 0 && res.rise < tinyRise {
		k.tinyRises++
	}
	for i := range numInv {
		if res.fail[i] != "" {
			k.fails[i]++
			if len(k.examples[i]) < 3 {
				k.examples[i] = append(k.examples[i], seed)
			}
		}
		if f := res.fig[i]; !math.IsNaN(f) && (k.worstSeed[i] == 0 || f > k.worst[i]) {
			k.worst[i], k.worstSeed[i] = f, seed
		}
	}
}

// rerun is the command that runs seed alone, with the shrink flags given.
func rerun(seed int64) string {
	cmd := fmt.Sprintf("go test ./physics/ -run 'TestRandomScenes' -scene-seed %d -v", seed)
	if *sceneBodies > 0 {
		cmd += fmt.Sprintf(" -scene-bodies %d", *sceneBodies)
	}
	if *sceneTime > 0 {
		cmd += fmt.Sprintf(" -scene-time %g", *sceneTime)
	}
	return cmd
}

// generateSafe is generate with a generator panic turned into an error.
func generateSafe(seed int64, opt genOptions) (s *scene, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("generator: %v", p)
		}
	}()
	return generate(seed, opt), nil
}

// TestRandomScenes runs random scenes and checks their invariants: never a
// panic, a non-finite state or a failed Step (unless the scene could truly
// run away); a passive scene never gains more than 1e-4 of its peak
// kinetic energy; joint gaps under 1 mm; no centre of mass inside a static
// shape; a free rigid assembly keeps L, its kinetic energy and (spinning
// about a principal axis) |ω| to 1e-9; a statically stable scene comes to
// rest (every point slower than 1 mm/s) within 5 s of its last impact,
// stays within 5 cm of where it came to rest and, with sleep on, is asleep
// within 3 s of that.
func TestRandomScenes(t *testing.T) {
	opt := genOptions{maxBodies: *sceneBodies, maxTime: *sceneTime}
	var seeds []int64
	fixed := *sceneSeed < 0 && *sceneCount <= 0
	want := map[int64]string{}
	switch {
	case *sceneSeed >= 0:
		seeds = []int64{*sceneSeed}
	case *sceneCount > 0:
		step := int64(1)
		seed := *sceneSeed0
		if *kindFlag != "" {
			k := slices.Index(sceneKinds, sceneKind(*kindFlag))
			if k < 0 {
				t.Fatalf("-scene-kind %q: the kinds are %v", *kindFlag, sceneKinds)
			}
			step = int64(len(sceneKinds))
			for seed%step != int64(k) {
				seed++
			}
		}
		for i := range *sceneCount {
			seeds = append(seeds, seed+int64(i)*step)
		}
	default:
		for i := range fixedScenes {
			seeds = append(seeds, int64(i+1))
		}
		for _, r := range regressions {
			seeds = append(seeds, r.seed)
			want[r.seed] = r.desc
		}
	}
	var mu sync.Mutex
	stats := map[sceneKind]*kindStats{}
	start := time.Now()
	t.Run("scenes", func(t *testing.T) {
		for _, seed := range seeds {
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				t.Parallel()
				s, err := generateSafe(seed, opt)
				if err != nil {
					t.Fatalf("seed %d: %v\n    rerun: %s", seed, err, rerun(seed))
				}
				if d, ok := want[seed]; ok && d != s.String() {
					t.Fatalf("regression seed %d now builds %q, was %q: the generator changed; find the scene again", seed, s.String(), d)
				}
				if reason, ok := knownFailing[s.kind]; ok && fixed {
					t.Skipf("seed %d: %s is known to fail: %s", seed, s.kind, reason)
				}
				t0 := time.Now()
				res := runScene(s)
				wall := time.Since(t0)
				mu.Lock()
				if stats[s.kind] == nil {
					stats[s.kind] = &kindStats{}
				}
				stats[s.kind].add(seed, res, wall)
				mu.Unlock()
				if res.failed() {
					var why []string
					for i, f := range res.fail {
						if f != "" {
							why = append(why, invInfo[i].name+": "+f)
						}
					}
					t.Errorf("seed %d: %v\n    %s\n    rerun: %s\n    (shrink it with -scene-bodies N, -scene-time S)", seed, s, strings.Join(why, "\n    "), rerun(seed))
				} else {
					t.Logf("seed %d: %v: %d steps, figures %s", seed, s, res.steps, figures(res))
				}
			})
		}
	})
	report := summary(stats, time.Since(start))
	if *sceneCount > 0 {
		fmt.Print(report) // the fuzz run's table, with or without -v
	} else {
		t.Log("\n" + report)
	}
}

// figures prints a result's checked figures.
func figures(res result) string {
	var f []string
	for i := range numInv {
		if !math.IsNaN(res.fig[i]) && invInfo[i].limit > 0 {
			f = append(f, fmt.Sprintf("%s %.3g", invInfo[i].name, res.fig[i]))
		}
	}
	return strings.Join(f, ", ")
}

// summary prints, per kind, the scenes run and failed, the failures per
// invariant with the worst figure and its seed, and a few failing seeds.
func summary(stats map[sceneKind]*kindStats, wall time.Duration) string {
	var b strings.Builder
	total := &kindStats{}
	for _, k := range sceneKinds {
		if s := stats[k]; s != nil {
			total.scenes += s.scenes
			total.failed += s.failed
			total.steps += s.steps
		}
	}
	fmt.Fprintf(&b, "random scenes: %d run, %d failed, %d steps, %.1f s wall\n", total.scenes, total.failed, total.steps, wall.Seconds())
	for _, k := range sceneKinds {
		s := stats[k]
		if s == nil {
			continue
		}
		known := ""
		if r, ok := knownFailing[k]; ok {
			known = " (known failing: " + r + ")"
		}
		fmt.Fprintf(&b, "%-12s %5d scenes, %5d failed, %.1f s of scene time%s\n", k, s.scenes, s.failed, s.wall.Seconds(), known)
		for i := range numInv {
			if s.worstSeed[i] == 0 && s.fails[i] == 0 {
				continue
			}
			fmt.Fprintf(&b, "    %-20s %5d failed  worst %-10.3g (seed %d, limit %g)", invInfo[i].name, s.fails[i], s.worst[i], s.worstSeed[i], invInfo[i].limit)
			if len(s.examples[i]) > 0 {
				fmt.Fprintf(&b, "  e.g. seeds %v", s.examples[i])
			}
			if i == invEnergy && s.tinyRises > 0 {
				fmt.Fprintf(&b, "  (%d by less than %g m of rise)", s.tinyRises, tinyRise)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}
