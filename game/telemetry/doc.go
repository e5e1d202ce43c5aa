// Package telemetry records and shows what a headless flight did: rows of
// state written as JSON Lines or CSV (Writer), time-series plots drawn as
// PNG or SVG with gonum.org/v1/plot (Plot), and a progress bar for long
// runs on a terminal with github.com/schollz/progressbar (Progress).
//
// It needs no window and no GPU, and nothing from game, craft or physics:
// the caller copies plain values in.
//
// Units follow the physics package: SI (m, kg, s, J), angles in radians,
// y up. A quaternion is body → world and written as (w, x, y, z); velocity
// and angular velocity are world frame. Channel names carry their unit as a
// suffix (px_m, vx_m_s, wx_rad_s, E_J, fuel_kg).
package telemetry
