package physics

import "time"

// The diagnostics of a step: rows, sweeps, factorizations, contacts, sleep,
// and the wall-clock time per stage with WorldDef.Timings.

// Timings are wall-clock durations per stage of the last Step, the
// sub-step stages summed over sub-steps. Filled only with WorldDef.Timings.
type Timings [NumStages]time.Duration

// Stats are the diagnostics of the last Step.
type Stats struct {
	Steps          int     // steps taken since the world was made
	Time           float64 // simulated time, s
	SubSteps       int     // RK4 sub-steps of the last step (WorldDef.SubSteps, MaxRotation)
	Joints         int     // alive joints
	Rows           int     // equality rows of the awake joints
	MaxBoundedRows int     // most bounded rows (limits, motors, contacts) of an island in a sub-step
	Iterations     int     // projected Gauss–Seidel sweeps over bounded rows, summed over islands and sub-steps
	DirectSolves   int     // direct steps of the bounded solver (islands with joints)
	Factorizations int     // factorizations of the tree in the step
	Projections    int     // sub-steps whose post-stabilisation moved or stopped a joint
	Redos          int     // sub-steps solved and integrated again, their contacts' end velocities off the solve's model (defect.go)
	Singular       int     // pivots dropped or regularised (redundant joint or contact rows)

	Contacts       int     // contact points (incl. speculative ones)
	ContactPairs   int     // shape pairs with contact points
	MaxPenetration float64 // deepest penetration at the end of the step, m (≥ 0)
	Impacts        int     // 1 if the impact stage solved an impact
	Islands        int     // islands of the step (bodies linked by joints or contacts)
	Sleeping       int     // dynamic bodies asleep after the step
	Asleep         bool    // every dynamic body is asleep after the step

	Timings Timings
}
