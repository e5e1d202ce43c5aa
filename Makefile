# The README's two commands: `make play` and `make test`.
# Both install the system packages they need first (see .ci/packages.sh).

GO       ?= go
XVFB     := xvfb-run -a -s "-screen 0 1280x720x24"
# A count, not a duration: with go1.26 a duration-bounded -fuzztime can fail
# with a spurious "context deadline exceeded" when the deadline meets a worker
# mid-call (golang/go#75804, fixed in Go 1.27); a count has no deadline.
FUZZTIME ?= 20000x
ARGS     ?=

.PHONY: play test build check-format vet unit fuzz fuzz-physics crossarch bench soak web serve-web compare

play: build
	@./.ci/packages.sh run
	./spaceflight $(ARGS)

build:
	$(GO) build -o spaceflight .

# The game as a web page in build/web/ (see README, "Play in a browser"),
# and a server for it on http://127.0.0.1:8080/.
web:
	$(GO) run ./game/web/mkweb build/web

serve-web: web build
	./spaceflight serve --dir build/web

test: 
	@./.ci/packages.sh test
	@$(MAKE) --no-print-directory check-format vet unit fuzz crossarch

check-format:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Rendering tests need a display: the whole suite runs under Xvfb with Mesa's
# software GL. CI=true makes rendering tests fail, not skip, without one.
# (The two tests of the same flight on every machine run in crossarch.)
unit:
	$(XVFB) $(GO) test -count=1 -skip '$(CROSSARCH_TESTS)' ./...

# Short bounded fuzzing of the file loaders — crafts and missions in craft/,
# replays and settings in game/ — 20,000 inputs each (a longer run:
# make fuzz FUZZTIME=1000000x).
FUZZPKGS := ./craft/ ./game/ ./game/flight/
fuzz:
	@for p in $(FUZZPKGS); do \
		for t in $$($(GO) test -list '^Fuzz' $$p 2>/dev/null | grep '^Fuzz'); do \
			echo "fuzz $$p $$t ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$p || exit 1; \
		done; \
	done

# Random physics scenes (issue 24, docs/testing.md): `make test` runs
# TestRandomScenes' fixed seeds (in `unit`); this runs RANDOM_SCENES seeds
# from SEED0, every scene kind, and prints a table per kind (failures per
# invariant, the worst figures, example seeds). A failing seed prints the
# command that reruns it alone. Run from physics/ so the table is shown.
RANDOM_SCENES ?= 10000
SEED0         ?= 1
fuzz-physics:
	cd physics && $(GO) test -count=1 -timeout 0 -run '^TestRandomScenes$$' . -scenes $(RANDOM_SCENES) -seed0 $(SEED0)

# The same flight on every machine (issue 25, docs/determinism.md): the
# flight's code compiled for arm64 has no fused multiply-add in game/flight,
# game/control, craft, physics/ and physics/geom, and every shipped
# mission flown by its autopilot passes through the same states on this
# machine, on linux/arm64 under qemu-user and on js/wasm under node; and
# fmath, the helpers that keep it so, passes its tests on all three.
# arm64's differences fail; CROSSARCH_STRICT=0 logs them without failing
# (for a change known to part the machines, while it is being fixed).
# js/wasm's always fail.
CROSSARCH_STRICT ?= 1
CROSSARCH_TESTS  := ^(TestNoFusedMultiplyAdds|TestSameFlightEverywhere|TestFmathEverywhere)$$
crossarch:
	CROSSARCH_STRICT=$(CROSSARCH_STRICT) $(GO) test -count=1 -v -run '$(CROSSARCH_TESTS)' ./game/internal/crossarch/

bench:
	$(XVFB) $(GO) test -run '^$$' -bench . -benchtime 2s ./...

# Our engine beside ODE and Bullet on the peer scenarios of ../shared/peers
# (SCENARIOS.md there): build the peers (their run.sh installs libode-dev,
# libbullet-dev and g++ if missing, and runs the RK4 reference of S1) and
# our runner, then run ours, ODE and Bullet alternately, scenario by
# scenario, ROUNDS times, each pinned to one core, and print the table
# (docs/performance.md, "Beside the peers"). 1.5–2 minutes a round; not
# part of `make test`. Everything goes to COMPARE_OUT, nothing to the repo.
PEERS       ?= ../shared/peers
COMPARE_OUT ?= /tmp/spaceflight-compare
ROUNDS      ?= 3
SCENES      ?= S1 S2 S3 XS3 S4 S5 S6 S7
PIN         ?= taskset -c 1

compare:
	OUT=$(COMPARE_OUT)/peers bash $(PEERS)/run.sh reference
	cd $(COMPARE_OUT)/peers && for e in ode bullet; do \
		$${CXX:-g++} -O2 -std=c++17 src/$${e}_peer.cpp -o build/$${e}_peer $$(pkg-config --cflags --libs $$e) || exit 1; \
	done
	$(GO) build -ldflags "-X main.revision=$$(git rev-parse --short HEAD)$$(git diff --quiet HEAD -- . || echo +changes)" \
		-o $(COMPARE_OUT)/peerscenes ./physics/internal/peerscenes
	@rm -rf $(COMPARE_OUT)/runs && mkdir -p $(COMPARE_OUT)/runs
	@echo "load before: $$(cat /proc/loadavg)" | tee $(COMPARE_OUT)/load.txt
	@set -e; out=$(COMPARE_OUT); for r in $$(seq $(ROUNDS)); do \
		order="go ode bullet"; [ $$((r % 2)) = 0 ] && order="bullet ode go"; \
		for s in $(SCENES); do for e in $$order; do \
			bin=$$out/peers/build/$${e}_peer; [ $$e = go ] && bin=$$out/peerscenes; \
			f=$$out/runs/$$e-$$s-$$r.jsonl; \
			echo "round $$r/$(ROUNDS): $$s $$e" >&2; \
			$(PIN) $$bin $$s > $$f.part || echo "$$e $$s round $$r: exit status $$?" >&2; \
			case $$s in X*) grep '"scenario":"X_' $$f.part > $$f || true ;; *) cp $$f.part $$f ;; esac; \
			rm -f $$f.part; \
		done; done; \
		echo "load after round $$r: $$(cat /proc/loadavg)" | tee -a $$out/load.txt; \
	done
	@$(COMPARE_OUT)/peerscenes -compare $(COMPARE_OUT)/peers/build/reference.jsonl $(COMPARE_OUT)/runs/*.jsonl | tee $(COMPARE_OUT)/table.md
	@echo "table: $(COMPARE_OUT)/table.md; runs: $(COMPARE_OUT)/runs/" >&2
