// The page around the game: checks that the browser can run it, loads the
// WebAssembly with a progress bar, starts it with the address's flags, and
// runs the craft & replays panel. The game itself answers on
// window.spaceflight (game/page_js.go).
"use strict";

const $ = (id) => document.getElementById(id);

// fail replaces the page with what went wrong, in words a player can act on.
function fail(title, text, detail) {
  $("loader").hidden = true;
  $("hints").hidden = true;
  $("failure-title").textContent = title;
  $("failure-text").textContent = text;
  $("failure-detail").textContent = detail || "";
  $("failure-detail").hidden = !detail;
  $("failure").hidden = false;
  for (const c of document.querySelectorAll("canvas")) c.style.visibility = "hidden";
}

// browserProblem says what the browser lacks to run the game, or "".
function browserProblem() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    return ["This browser cannot run WebAssembly",
      "The game is compiled to WebAssembly. Use a current Firefox, Chrome, Edge or Safari, " +
      "and check that WebAssembly is not turned off (some hardened or enterprise set-ups do)."];
  }
  const probe = document.createElement("canvas");
  const gl = probe.getContext("webgl2") || probe.getContext("webgl");
  if (!gl) {
    return ["WebGL is not available",
      "The game draws its 3D scene with WebGL, which this browser did not give it. Turn on hardware " +
      "acceleration (or WebGL) in the browser's settings, update the graphics driver, or try another browser."];
  }
  const lose = gl.getExtension("WEBGL_lose_context");
  if (lose) lose.loseContext();
  return null;
}

// argv turns the address's query into the game's flags:
// ?mission=land&autopilot → --mission=land --autopilot. A replay link in
// the address's fragment (#replay=… to watch, #ghost=… to race) the game
// reads itself: it may be longer than the arguments a page can pass.
function argv() {
  const args = ["spaceflight"];
  for (const [k, v] of new URLSearchParams(location.search)) {
    if (!/^[a-z][a-z-]*$/.test(k)) continue;
    args.push(v === "" ? `--${k}` : `--${k}=${v}`);
  }
  return args;
}

function setProgress(loaded, total) {
  const mb = (n) => (n / 1e6).toFixed(1);
  if (total > 0) {
    $("bar-fill").style.width = `${Math.min(100, (100 * loaded) / total).toFixed(1)}%`;
    $("status").textContent = `Loading the game: ${mb(loaded)} of ${mb(total)} MB`;
  } else {
    $("status").textContent = `Loading the game: ${mb(loaded)} MB`;
  }
}

// fetchCounted fetches the game, reporting progress, and returns a Response
// that WebAssembly can compile while it streams in.
async function fetchCounted(url) {
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`${url}: the server answered ${resp.status} ${resp.statusText}`);
  // A compressed response's Content-Length counts compressed bytes, while the
  // stream yields uncompressed ones: the build writes the true size.
  let total = Number(document.body.dataset.wasmSize) || 0;
  if (!total && !resp.headers.get("Content-Encoding")) total = Number(resp.headers.get("Content-Length")) || 0;
  if (!resp.body || !resp.body.getReader) {
    const buf = await resp.arrayBuffer();
    setProgress(buf.byteLength, total);
    return new Response(buf, { headers: { "Content-Type": "application/wasm" } });
  }
  const reader = resp.body.getReader();
  let loaded = 0;
  const stream = new ReadableStream({
    async pull(ctrl) {
      const { done, value } = await reader.read();
      if (done) { ctrl.close(); return; }
      loaded += value.byteLength;
      setProgress(loaded, total);
      ctrl.enqueue(value);
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/wasm" } });
}

async function start() {
  const problem = browserProblem();
  if (problem) { fail(problem[0], problem[1]); return; }
  if (typeof Go !== "function") {
    fail("The page is incomplete", "wasm_exec.js did not load: rebuild the page with `make web`.");
    return;
  }
  const go = new Go();
  go.argv = argv();
  // Keep what the game writes to stderr: if it stops, the page shows why.
  let stderr = "";
  const write = globalThis.fs.writeSync;
  const text = new TextDecoder();
  globalThis.fs.writeSync = function (fd, buf) {
    if (fd === 2) stderr = (stderr + text.decode(buf)).slice(-8000);
    return write.call(this, fd, buf);
  };
  go.exit = (code) => {
    if (code !== 0) {
      fail("The game stopped", "It could not go on; what it said is below. Reload the page to start again " +
        "(and check the address's flags).", stderr.trim() || `exit code ${code}`);
    } else {
      fail("The game has ended", "Reload the page to play again.");
    }
  };
  let result;
  try {
    const resp = await fetchCounted("spaceflight.wasm");
    $("status").textContent = "Starting…";
    result = await WebAssembly.instantiateStreaming(resp, go.importObject);
  } catch (err) {
    fail("The game could not be loaded", String(err && err.message || err));
    return;
  }
  window.spaceflightReady = ready;
  go.run(result.instance).catch((err) => fail("The game crashed", String(err), stderr.trim()));
}

// ready runs once the game has set up window.spaceflight.
function ready() {
  const poll = setInterval(() => {
    const st = window.spaceflight.state();
    if (st.frames > 0) {
      clearInterval(poll);
      $("loader").hidden = true;
      $("hints").hidden = false;
      if (st.sound === "muted") $("sound-hint").hidden = true;
    }
  }, 50);
  panel();
  // A replay link opened (or pasted) in the page's address plays at once.
  window.addEventListener("hashchange", () => location.reload());
  $("race").onclick = raceThis;
  setInterval(() => { try { $("race").hidden = !window.spaceflight.state().replay; } catch { /* the game has ended */ } }, 500);
  const gesture = () => { $("sound-hint").hidden = true; };
  for (const e of ["keyup", "mouseup", "touchend"]) document.addEventListener(e, gesture, { once: true });
}

// ---- the panel: craft editor and replays ----

function panel() {
  const sf = window.spaceflight;
  const canvas = () => document.querySelector("canvas");
  let craftName = "";
  // loaded is the file's text as last loaded or saved here: an edit is
  // saved as made on it (the game merges it with a save the hangar made
  // meanwhile), and while the text is as loaded the panel follows the
  // file (the hangar's saves show here).
  let loaded = "";

  const open = (show) => {
    $("panel").hidden = !show;
    document.body.classList.toggle("with-panel", show);
    if (show) { loadCraft(); listReplays(); }
  };
  $("panel-toggle").onclick = () => open($("panel").hidden);
  $("panel-close").onclick = () => { open(false); canvas().focus(); };

  const status = (msg, ok) => {
    $("craft-status").textContent = msg;
    $("craft-status").className = ok === undefined ? "" : ok ? "ok" : "bad";
  };
  const showErrors = (errs) => {
    const ul = $("craft-errors");
    ul.replaceChildren(...errs.map((e) => { const li = document.createElement("li"); li.textContent = e; return li; }));
  };

  function loadCraft() {
    const src = sf.craft();
    if (src.error) { status(src.error, false); return; }
    craftName = src.name;
    $("craft-name").textContent = src.name;
    $("craft-file").textContent = src.file;
    $("craft-origin").textContent = src.user ? "(your version)" : "(shipped; Apply saves your version)";
    $("craft-text").value = src.text;
    loaded = src.text;
  }

  function apply() {
    const res = sf.editCraft($("craft-text").value, loaded);
    if (res.error) { status(res.error, false); return; }
    loadCraft(); // as saved: merged with the hangar's save, if it made one
    showErrors(res.errors);
    $("craft-origin").textContent = "(your version)";
    if (res.errors.length) {
      status(`Saved with ${res.errors.length} error(s): the last good craft keeps flying.`, false);
    } else {
      status("Saved: the craft reloads within a second and the flight restarts.", true);
      canvas().focus();
    }
  }
  $("craft-apply").onclick = apply;
  $("craft-text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); apply(); }
  });
  $("craft-revert").onclick = () => {
    const res = sf.revertCraft();
    if (res.error) { status(res.error, false); return; }
    loadCraft(); showErrors([]);
    status("Your version is gone: the shipped craft flies again.", true);
  };
  $("craft-download").onclick = () => {
    download(`${craftName || "craft"}.toml`, $("craft-text").value, "application/toml");
  };

  // Loading a file: the picker, or a drop on the panel or the game.
  const loadFile = async (file) => {
    if (!file) return;
    if (file.size > 1 << 20) { status(`${file.name} is over 1 MiB: not a craft file.`, false); return; }
    const text = await file.text();
    open(true);
    $("craft-text").value = text;
    status(`Loaded ${file.name}.`);
    apply();
  };
  $("craft-load").onclick = () => $("craft-file-input").click();
  $("craft-file-input").onchange = (e) => { loadFile(e.target.files[0]); e.target.value = ""; };
  // Caught on the way down, before the game's canvas: the game takes no
  // dropped files, and Ebiten's own handler can fail on a drop it cannot
  // read as a file system entry.
  const capture = { capture: true };
  window.addEventListener("dragover", (e) => {
    e.preventDefault(); e.stopPropagation(); $("panel").classList.add("drop");
  }, capture);
  window.addEventListener("dragleave", () => $("panel").classList.remove("drop"), capture);
  window.addEventListener("drop", (e) => {
    e.preventDefault(); e.stopPropagation();
    $("panel").classList.remove("drop");
    const f = [...(e.dataTransfer?.files || [])].find((f) => f.name.endsWith(".toml"));
    if (f) loadFile(f);
    else status("Drop a .toml craft file to load it.", false);
  }, capture);

  // The game reloads a saved craft within a second; errors the mission
  // finds with it (a port it lacks) show up in the game's state.
  let lastErrors = "";
  setInterval(() => {
    if ($("panel").hidden) return;
    const st = sf.state();
    const errs = st.errors || [];
    const key = errs.join("\n");
    if (key !== lastErrors) {
      lastErrors = key;
      if (errs.length) { showErrors(errs); status("The game keeps the last good version flying:", false); }
    }
    if (st.craft && st.craft !== craftName) loadCraft();
    else if (st.craft && $("craft-text").value === loaded) {
      const src = sf.craft();
      if (!src.error && src.text !== loaded) { loadCraft(); status("The file changed (saved from the hangar): reloaded.", true); }
    }
  }, 500);

  // settings.toml: saved here, used when the game next starts.
  $("settings").addEventListener("toggle", () => {
    if (!$("settings").open) return;
    const src = sf.settings();
    $("settings-file").textContent = src.file;
    $("settings-text").value = src.text;
  });
  const saveSettings = () => {
    const res = sf.editSettings($("settings-text").value);
    const bad = !!res.error || res.errors.length > 0;
    $("settings-status").className = bad ? "bad" : "";
    $("settings-status").textContent = res.error || res.errors.join("\n") ||
      "Saved: the game uses them from its next start.";
    return !res.error;
  };
  $("settings-save").onclick = saveSettings;
  $("settings-reload").onclick = () => { if (saveSettings()) location.reload(); };

  function listReplays() {
    const list = sf.replays();
    const ul = $("replays");
    if (list.error || !list.length) {
      ul.replaceChildren(Object.assign(document.createElement("li"), { textContent: list.error || "None yet: finish a flight." }));
    } else {
      ul.replaceChildren(...list.map((r) => {
        const li = document.createElement("li");
        const name = Object.assign(document.createElement("span"), { textContent: r.name });
        name.title = `${new Date(r.when).toLocaleString()}, ${(r.size / 1024).toFixed(1)} KiB`;
        const button = (text, title, onclick) => Object.assign(document.createElement("button"), { textContent: text, title, onclick });
        const watch = button("Watch", "Play this flight back", () => { location.search = `?replay=${encodeURIComponent(r.path)}`; });
        const race = button("Race", "Fly its mission with this flight beside you as a ghost",
          () => { location.search = `?ghost=${encodeURIComponent(r.path)}`; });
        const link = button("Link", "An address that plays this flight: for anyone, on any machine", () => {
          const res = sf.replayLink(r.path);
          if (res.error) { $("link-status").textContent = res.error; return; }
          showLink(location.origin + location.pathname + res.link, r.name);
        });
        const dl = button("Download", "For `spaceflight sim --replay` or `spaceflight replay` on the desktop", () => {
          const text = sf.readFile(r.path);
          if (typeof text === "string") download(r.name, text, "application/json");
        });
        li.append(name, watch, race, link, dl);
        return li;
      }));
    }
    let note = "";
    try { localStorage.length; } catch { note = "This browser keeps no local storage for the page: saves last until it closes."; }
    if (new URLSearchParams(location.search).has("replay") || location.hash.startsWith("#replay=")) {
      note += " Watching a replay: <a href=\"?\">back to flying</a>.";
    }
    $("storage-note").innerHTML = note;
  }

  // A flight's link, shown to copy (and copied when the browser lets the
  // page write the clipboard).
  function showLink(url, name) {
    $("link-out").value = url;
    $("link-box").hidden = false;
    $("link-out").select();
    const said = `Link to ${name}: ${(url.length / 1024).toFixed(1)} KiB.`;
    $("link-status").textContent = said;
    if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(() => { $("link-status").textContent = said + " Copied."; }, () => {});
    }
  }
}

// raceThis flies the replay being watched as a ghost beside the player:
// the same address, asking to race instead of to watch.
function raceThis() {
  if (location.hash.startsWith("#replay=")) {
    location.hash = "#ghost=" + location.hash.slice("#replay=".length);
    return; // hashchange reloads
  }
  const q = new URLSearchParams(location.search);
  q.set("ghost", q.get("replay"));
  q.delete("replay");
  location.search = "?" + q.toString();
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

start();
