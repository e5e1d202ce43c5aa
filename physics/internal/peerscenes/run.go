package main

import (
	"fmt"
	"math"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"spaceflight/physics"
	"spaceflight/physics/internal/peerscenes/scenes"
)

// One run of a scenario: the timed Step calls, the Stats of every step, and
// the run's JSON record. A run that panics inside World.Step or gets an
// error from it is reported as failed, with the panic text, and the other
// runs go on.

// run collects one run.
type run struct {
	head    object // dt, variant, the scenario's own keys
	def     physics.WorldDef
	ns      []float64 // wall time of each Step call, ns
	cpu     float64   // thread CPU time of the Step calls, ns (NaN where unknown)
	step    int       // the step being taken (1-based)
	stats   statsSum
	metrics object
	extra   object // samples (S1)
	// afterLatch: S6's steps from this index on come after the latch
	// (0: no latch).
	afterLatch int
	err        string
	stack      string
}

// newRun starts the run of scene s, labelled variant, with the scenario's
// own keys kv (name, value pairs).
func newRun(s *scenes.Scene, variant string, kv ...any) *run {
	r := &run{def: s.Def, ns: make([]float64, 0, s.Steps)}
	r.head.set("dt", s.Dt).set("variant", variant)
	for i := 0; i+1 < len(kv); i += 2 {
		r.head.set(kv[i].(string), kv[i+1])
	}
	return r
}

// stepWorld takes one timed step: the wall time (monotonic clock) of the
// Step call alone, and the thread's CPU time around it.
func (r *run) stepWorld(w *physics.World, dt float64) error {
	r.step++
	c0 := threadCPU()
	t0 := time.Now()
	err := w.Step(dt)
	d := time.Since(t0)
	r.cpu += threadCPU() - c0
	r.ns = append(r.ns, float64(d.Nanoseconds()))
	r.stats.add(w)
	return err
}

// guard runs body, turning a panic (the step's or the metrics') or an
// error into a failed run.
func (r *run) guard(body func(r *run) error) {
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Sprintf("panic: %v", p)
			r.stack = trimStack(string(debug.Stack()))
		}
	}()
	if err := body(r); err != nil {
		r.err = err.Error()
	}
}

// trimStack keeps the stack's frames from the panic on, without the
// runtime's and this file's own frames, at most 12 lines.
func trimStack(s string) string {
	lines := strings.Split(s, "\n")
	if i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "panic(") }); i >= 0 {
		lines = lines[i+2:]
	}
	return strings.Join(lines[:min(len(lines), 12)], "\n")
}

// record returns the run's JSON object.
func (r *run) record() object {
	o := append(object{}, r.head...)
	o.set("default_settings", true) // a scenario sets only what it defines: the WorldDef's solver fields stay at their defaults
	o.set("settings", settings(r.def))
	if r.err != "" {
		o.set("failed", true).set("error", r.err).set("failed_step", r.step)
		if r.stack != "" {
			o.set("stack", r.stack)
		}
	} else {
		o.set("metrics", r.metrics)
	}
	t := timing(r.ns, r.cpu)
	if r.afterLatch > 0 {
		after := timing(r.ns[min(r.afterLatch, len(r.ns)):], math.NaN())
		t.set("after_latch", after)
		if len(after) > 1 {
			t.set("median_ns_after_latch", after[1].v)
		}
	}
	o.set("timing", t)
	o = append(o, r.extra...)
	o.set("stats", r.stats.json())
	return o
}

// timing summarises step times as the peers' Timer does: the median is
// the upper one, s[n/2]; p99 is s[min(n−1, ⌊0.99 n⌋)].
func timing(ns []float64, cpu float64) object {
	s := slices.Clone(ns)
	slices.Sort(s)
	n := len(s)
	sum := 0.0
	for _, v := range s {
		sum += v
	}
	var o object
	o.set("steps", n)
	if n == 0 {
		return o
	}
	o.set("median_ns", s[n/2]).set("mean_ns", math.Round(sum/float64(n))).set("p99_ns", s[min(n-1, int(0.99*float64(n)))])
	o.set("max_ns", s[n-1]).set("total_s", sum*1e-9)
	if finite(cpu) {
		o.set("thread_cpu_mean_ns", math.Round(cpu/float64(n)))
	}
	return o
}

// settings lists the WorldDef in force, field by field as passed to
// NewWorld; a zero field takes the default its doc comment gives.
func settings(def physics.WorldDef) object {
	var o object
	o.set("engine", "spaceflight physics.World, WorldDef at its defaults: a scenario sets only gravity and sleep")
	v := reflect.ValueOf(def)
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Func:
			o.set(v.Type().Field(i).Name, map[bool]string{true: "nil", false: "set"}[f.IsNil()])
		default:
			o.set(v.Type().Field(i).Name, f.Interface())
		}
	}
	o.set("zero_means_default", true)
	return o
}

// statsSum is the mean and largest value over a run's steps of every
// per-step number of physics.Stats (Steps and Time, which add up, left
// out): sub-steps, sweeps, contacts.
type statsSum struct {
	st       physics.Stats // the last step's, read in place (no allocation)
	n        int
	sum, max []float64
}

// statsFields are the indices of the numeric per-step fields of physics.Stats.
var statsFields = func() []int {
	var idx []int
	t := reflect.TypeFor[physics.Stats]()
	for i := range t.NumField() {
		f := t.Field(i)
		switch f.Type.Kind() {
		case reflect.Int, reflect.Int32, reflect.Int64, reflect.Float64:
			if f.Name != "Steps" && f.Name != "Time" {
				idx = append(idx, i)
			}
		}
	}
	return idx
}()

func (s *statsSum) add(w *physics.World) {
	if s.sum == nil {
		s.sum, s.max = make([]float64, len(statsFields)), make([]float64, len(statsFields))
	}
	s.st = w.Stats()
	v := reflect.ValueOf(&s.st).Elem()
	for i, fi := range statsFields {
		f := v.Field(fi)
		x := 0.0
		if f.CanInt() {
			x = float64(f.Int())
		} else {
			x = f.Float()
		}
		s.sum[i] += x
		s.max[i] = math.Max(s.max[i], x)
	}
	s.n++
}

func (s *statsSum) json() object {
	var mean, mx object
	t := reflect.TypeFor[physics.Stats]()
	for i, fi := range statsFields {
		if s.n > 0 {
			mean.set(t.Field(fi).Name, s.sum[i]/float64(s.n))
			mx.set(t.Field(fi).Name, s.max[i])
		}
	}
	var o object
	o.set("mean", mean).set("max", mx)
	return o
}
