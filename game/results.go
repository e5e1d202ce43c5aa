package game

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// resultsScene shows how a flight ended: outcome, figures, score and
// medal, whether it was flown by hand; then fly again, on to the next
// mission of the path, or back to the missions.
type resultsScene struct {
	s      *sortie
	next   string // the next mission of the path; "" at its end
	sel    int
	screen render.Screen
}

// finish records the outcome of the sortie's flight — its replay, and its
// score when it beats the best (hand-flown and assisted flights kept
// apart) — and returns the results page. A run that plays itself saves
// nothing.
//
// The end of a flight stops its time, and with it the time warp: a pilot
// warps through a coast, not into the next flight. The warp goes back to
// where the run started (×1, or --warp), so that "Fly again" starts at it
// as any new flight does, and the results page shows no WARP (see
// resultsScene.Frame). A pause, by contrast, keeps the warp: resuming goes
// on as before.
func (a *app) finish(s *sortie) *resultsScene {
	s.warp = a.startWarp()
	f := s.flight
	name := s.name()
	res := &render.Result{Success: f.Judge.Outcome == flight.Success, Outcome: strings.ToUpper(f.Judge.Outcome.String()), Reason: f.Judge.Reason}
	if f.Err != nil {
		res.Outcome, res.Reason = "SIMULATION STOPPED", f.Err.Error()
	}
	if f.Judge.Grade != "" {
		res.Outcome += " — " + strings.ToUpper(f.Judge.Grade)
	}
	score := f.Judge.Score(f.Player.FuelUsed)
	medal := medalFor(f.Spec, score)
	flown := "by hand"
	if f.Assisted {
		flown = "assisted (" + f.Aids.String() + "): no medal"
		medal = ""
	}
	scoreText := fmt.Sprintf("%.0f", score)
	if medal != "" {
		scoreText += "  " + strings.ToUpper(medal)
	}
	decided := f.Judge.EndTime
	if f.Judge.Outcome == flight.Flying {
		decided = f.Time()
	}
	res.Figures = []render.Figure{
		{Label: "Decided at", Value: "T+ " + clockText(decided)},
		{Label: "Fuel used", Value: fmt.Sprintf("%.2f kg", f.Player.FuelUsed)},
	}
	res.Figures = append(res.Figures, scoreFigures(f.Judge.ScoreParts(f.Player.FuelUsed), f.Judge.EndTime, f.Player.FuelUsed)...)
	res.Figures = append(res.Figures,
		render.Figure{Label: "Score", Value: scoreText},
		render.Figure{Label: "Flown", Value: flown})
	if s.player != nil {
		res.Figures = append(res.Figures, render.Figure{Label: "Test flight", Value: "of " + craft.Printable(s.player.File) + ": not recorded"})
	}
	if s.replay == nil && s.player == nil && !a.scripted() {
		stamp := time.Now().Format("20060102-150405") // a file name, not game state
		path := filepath.Join(storage.DataDir(), "replays", fmt.Sprintf("%s-%s.replay", flight.FileSafe(f.Spec.Name), stamp))
		assisted := f.Assisted
		rp := &flight.Replay{Format: flight.ReplayFormat, Mission: flight.MissionRefFrom(path, s.ref), Dt: f.Dt, Ticks: f.Tick,
			Commands: append([]flight.Command(nil), s.record...), FinalHash: f.StateHash(), Files: s.files, Assisted: &assisted}
		rp.Outcome, rp.Reason = flight.Verdict(f)
		if err := rp.Save(path); err != nil {
			a.say("Replay not saved: " + err.Error())
		} else {
			res.Figures = append(res.Figures, render.Figure{Label: "Replay", Value: filepath.Base(path)})
			a.say("Replay saved to " + path)
		}
		if score > 0 {
			sc := Score{Score: score, Outcome: f.Judge.Grade, Medal: medal, Time: f.Judge.EndTime, Fuel: f.Player.FuelUsed,
				When: time.Now(), Replay: path, Assisted: f.Assisted}
			if a.scores.Record(name, sc) {
				res.Figures = append(res.Figures, render.Figure{Label: "Best", Value: "new best score!"})
			}
			if aside, err := a.scores.Save(filepath.Join(storage.DataDir(), "scores.json")); err != nil {
				a.warn("Scores not saved: " + err.Error())
			} else if aside != "" {
				a.warn("The old scores file could not be used: it is kept as " + aside + ", and a new one was started")
			}
		}
	}
	if s.replay != nil {
		fig := render.Figure{Label: "Replay", Value: "matches the recording (ticks, outcome, reason, state hash)"}
		if mm := s.replay.Mismatches(f); len(mm) > 0 {
			fig.Value = "differs from the recording: " + mm[0]
		}
		res.Figures = append(res.Figures, fig)
	}
	if b, ok := a.scores.best(name, f.Spec.Name); ok {
		res.Figures = append(res.Figures, render.Figure{Label: "Best by hand", Value: fmt.Sprintf("%.0f  %s", b.Score, strings.ToUpper(medalText(b.Medal)))})
	}
	r := &resultsScene{s: s}
	if s.replay == nil {
		r.next = a.nextMission(s.ref)
	}
	r.screen = render.Screen{Title: strings.ToUpper(f.Spec.Name), Result: res, Hint: menuHint(&a.settings, "choose", "missions")}
	r.screen.Items = []string{"Fly again"}
	if r.next != "" {
		r.screen.Items = append(r.screen.Items, "Next mission")
	}
	r.screen.Items = append(r.screen.Items, s.missionsItem(), "Quit")
	return r
}

// scoreFigures break a score down for the results: its time, fuel and
// precision factors, each with what it was judged on; none for a flight
// that scored nothing.
func scoreFigures(p flight.ScoreParts, took, fuel float64) []render.Figure {
	if p.Total == 0 {
		return nil
	}
	how := p.How
	if how == "" {
		how = "—"
	}
	return []render.Figure{
		{Label: "× Time", Value: fmt.Sprintf("%.2f   %s, par %s", p.Time, clockText(took), clockText(p.ParTime))},
		{Label: "× Fuel", Value: fmt.Sprintf("%.2f   %.1f kg, par %.0f kg", p.Fuel, fuel, p.ParFuel)},
		{Label: "× Precision", Value: fmt.Sprintf("%.2f   %s", p.Precision, how)},
	}
}

// nextMission is the mission after ref in the path, or "".
func (a *app) nextMission(ref string) string {
	path := a.missionPath()
	for i, e := range path {
		if e.ref == ref && i+1 < len(path) && path[i+1].err == nil {
			return path[i+1].ref
		}
	}
	return ""
}

func (r *resultsScene) Update(a *app) (Scene, error) {
	in := a.in
	chosen := choose(in, &r.sel, len(r.screen.Items))
	r.screen.Selected = r.sel
	switch {
	case in.just(ActMenuBack) && r.s.home != nil:
		return r.s.home, nil
	case in.just(ActMenuBack):
		return a.openMenu(r.s, r.s.ref), nil
	case in.just(ActHelp):
		return &helpScene{back: r}, nil
	case in.just(ActQuit):
		return confirmQuit(r), nil
	case !chosen:
		return r, nil
	}
	switch r.screen.Items[r.sel] {
	case "Fly again":
		a.toasts.clear()
		if err := r.s.restart(a); err != nil {
			return nil, err
		}
		if r.s.replay != nil {
			return &flightScene{s: r.s}, nil
		}
		return newBriefing(a, r.s), nil
	case "Next mission":
		a.toasts.clear()
		s, err := a.newSortie(r.next)
		if err != nil {
			a.sayErrors(err)
			return r, nil
		}
		return newBriefing(a, s), nil
	case "Missions":
		return a.openMenu(r.s, r.s.ref), nil
	case backToHangar:
		return r.s.home, nil
	case "Quit":
		return confirmQuit(r), nil
	}
	return r, nil
}

// Frame is the flight as it ended under the results: its time stopped,
// so no warp in the status strip (even in a run started with --warp) and
// no warp keys in the key line.
func (r *resultsScene) Frame(a *app) *render.Frame {
	f := r.s.frame(a)
	if st := f.HUD.Status; st != nil {
		st.Warp, st.WarpSet = 1, 1
	}
	f.HUD.Help = flightHint(&a.settings, r.s.flight.Spec, false)
	f.Screen = &r.screen
	return f
}

// Medals, best first.
const (
	MedalGold   = "gold"
	MedalSilver = "silver"
	MedalBronze = "bronze"
)

// medalFor is the medal a score wins on mission m ("" for none): the
// mission file's thresholds (scoring.bronze, silver, gold), or the
// defaults (bronze any success, silver 600, gold 900).
func medalFor(m *craft.Mission, score float64) string {
	if !(score > 0) {
		return ""
	}
	bronze, silver, gold := m.Scoring.Medals()
	switch {
	case score >= gold:
		return MedalGold
	case score >= silver:
		return MedalSilver
	case score >= bronze:
		return MedalBronze
	}
	return ""
}

func (sc *resultsScene) sortie() *sortie { return sc.s }
