// Package audio synthesizes the game's sounds from plain values the game hands it each
// tick — thruster levels, main-engine throttle, raised alarms and one-off events — and
// plays them through oto, or renders them offline to a WAV file.
//
// Nothing is sampled: every sound is synthesized with beep streamers (filtered noise,
// damped sine partials, sine tone generators). Units: seconds, hertz, kilograms, N·s;
// samples are stereo float64 frames in −1..1 at 48 kHz by default.
//
//	Synth     the synthesizer: Apply(*Input) per tick, Stream(samples) (a beep.Streamer)
//	Player    real-time output: Push(*Input) per tick from the game goroutine; a silent
//	          sink when there is no sound device (one log line, no error)
//	Recorder  offline output: Tick(*Input) per tick into a 16-bit WAV; RenderWAV wraps it
//
// The package never imports the game, craft or physics packages, nor ebiten: ebiten's
// audio package makes RunGame fail when no device exists, so oto is used directly, with
// one context per process.
//
// Sounds: RCS puffs (band-passed noise, attack/decay/sustain/release, one voice per
// thruster group, panned, fine pulses quieter), the main-engine rumble (low-passed noise
// and 38/57 Hz tones, throttle ramped per sample), impacts (a falling-pitch thump, loudness
// from the impulse, pitch from the reduced mass), foot touchdowns, the docking clunk and
// latch click (inharmonic bar modes), three alarm beep patterns and success/failure cues.
// All voices are summed on two buses (effects; alarms and cues), scaled by the settings,
// and passed through a look-ahead Limiter, so even all MaxVoices voices at once never clip.
package audio
