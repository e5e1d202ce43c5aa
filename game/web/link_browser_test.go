//go:build !js

package web

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"spaceflight/data"
	"spaceflight/game"
	"spaceflight/game/flight"
)

// A flight is a link, both ways (issue 25, part 3): a flight flown on the
// page (saved at path in the page's storage, ended as flown) verifies on
// the desktop from its downloaded file and from its link; its link played
// in the page matches; a flight recorded on the desktop plays in the page
// from its link and matches there; and "Race this" races it as a ghost.
func (b *browser) linksBothWays(url, path string, flown game.PageState) {
	t := b.t
	t.Helper()
	dir := t.TempDir()
	desktop := func(what, replay string) {
		t.Helper()
		res, code, err := flight.Run(flight.RunOptions{Replay: replay, Shipped: data.FS, Data: dir}, nil)
		if err != nil || code != flight.ExitFlown || !*res.ReplayMatch {
			t.Errorf("%s on the desktop: exit %d, %v, mismatches %q", what, code, err, res.ReplayMismatches)
		}
	}

	// Page → desktop: the file Download gives, and the link.
	text := eval[string](b, `window.spaceflight.readFile(`+strconv.Quote(path)+`)`)
	file := filepath.Join(dir, "from-the-page.replay")
	os.WriteFile(file, []byte(text), 0o644)
	desktop("the page's downloaded replay", file)
	link := eval[string](b, `window.spaceflight.replayLink(`+strconv.Quote(path)+`).link`)
	if !strings.HasPrefix(link, "#replay=") {
		t.Fatalf("replayLink: %q", link)
	}
	desktop("the page's replay link", url+"/"+link)
	// The link shows in the panel too, ready to copy.
	shown := eval[string](b, `document.getElementById("panel-toggle").click();
		[...document.querySelectorAll("#replays button")].find((e) => e.textContent === "Link").click();
		document.getElementById("link-out").value`)
	if shown != url+"/"+link {
		t.Errorf("the panel's link %.80q…, want %.80q…", shown, url+"/"+link)
	}

	// The page's own link, opened in the page.
	b.do(chromedp.Navigate("about:blank"), chromedp.Navigate(url+"/?warp=8&mute"+link))
	s := b.until(time.Minute, "the linked replay to end", func(s game.PageState) bool { return s.Scene == "results" })
	if !matches(s) || s.Tick != flown.Tick || s.Outcome != flown.Outcome {
		t.Errorf("the page's link in the page: %s at tick %d, results %q; flown: %s at %d", s.Outcome, s.Tick, s.Results, flown.Outcome, flown.Tick)
	}

	// Desktop → page: a flight recorded by sim, as a link. (Five seconds
	// of a hand-flown tumble: the recording ends undecided.)
	rec := filepath.Join(dir, "desktop.replay")
	res, code, err := flight.Run(flight.RunOptions{Mission: "flatspin", Duration: 5, Dt: flight.DefaultDt, Shipped: data.FS, Data: dir, Record: rec}, nil)
	if err != nil || code != flight.ExitFlown {
		t.Fatalf("recording on the desktop: exit %d, %v", code, err)
	}
	raw, _ := os.ReadFile(rec)
	dlink, err := flight.Link(raw)
	if err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate("about:blank"), chromedp.Navigate(url+"/?warp=8&mute"+dlink))
	s = b.until(time.Minute, "the desktop's replay to end in the page", func(s game.PageState) bool { return s.Scene == "results" })
	// (The results page checks outcome, reason and state hash.)
	if !matches(s) || s.Tick != res.Steps {
		t.Errorf("the desktop's replay in the page: %s at tick %d, results %q; on the desktop: %s at %d", s.Outcome, s.Tick, s.Results, res.Outcome, res.Steps)
	}

	// Race this: the same flight flies beside the player as a ghost.
	eval[chromedp.Void](b, `document.getElementById("race").click()`)
	s = b.until(firstFrameWithin, "the race's briefing", func(s game.PageState) bool { return s.Frames > 0 && s.Scene == "briefing" })
	s = b.press("Space", "the race to start", func(s game.PageState) bool { return s.Scene == "flight" })
	s = b.until(10*time.Second, "the ghost to fly", func(s game.PageState) bool { return s.GhostTick > 30 })
	if s.Ghost != "the replay you race" || s.Replay || s.Mission == "" {
		t.Errorf("racing: ghost %q, replay %v, mission %q", s.Ghost, s.Replay, s.Mission)
	}
	b.screenshot("race.png")
}

// matches reports whether the results page says the replay matched its
// recording.
func matches(s game.PageState) bool {
	return s.Replay && slices.ContainsFunc(s.Results, func(r string) bool { return strings.HasPrefix(r, "Replay: matches the recording") })
}
