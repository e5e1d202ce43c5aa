package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// fullHUD is a fixed HUD state with every panel.
func fullHUD() HUD {
	return HUD{
		RollRate: 0.05, PitchRate: -0.8, YawRate: 0.2, Omega: 0.83, AngMom: 2412.5, Energy: 903.1,
		Attitude: &Attitude{
			Orient:   mgl64.QuatRotate(0.4, mgl64.Vec3{1, 0, 0}).Mul(mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0})),
			Prograde: mgl64.Vec3{0.3, -0.2, 1},
			Relative: mgl64.Vec3{-0.2, 0.3, 1},
			Target:   mgl64.Vec3{-0.4, 0.1, 1},
			Axis:     mgl64.Vec3{0.2, 0.5, 0.6},
			ShowAxis: true,
			Label:    "SURFACE",
		},
		Landing: &Landing{Altitude: 12.4, VerticalSpeed: -2.6, HorizontalSpeed: 0.4, Tilt: 9 / rad2deg,
			PadOffset: mgl64.Vec3{-5, -12, -8}, Feet: []bool{true, false, true, false}, Gear: "DOWN", Graded: true, Trend: [3]int8{-1, 0, 1},
			Tol: LandingTolerances{VerticalSpeed: 3, HorizontalSpeed: 1.2, Tilt: 8 / rad2deg}},
		Docking: &Docking{Range: 4.2, ClosingRate: 0.12, Offset: [2]float64{0.05, -0.17}, OffsetRate: [2]float64{-0.01, 0.02}, Keys: "L K",
			Turn: [3]float64{2 / rad2deg, -7 / rad2deg, 1 / rad2deg}, Rate: [3]float64{0.1 / rad2deg, 0, -0.2 / rad2deg},
			Port: &PortMotion{Facing: 34 / rad2deg, Swing: -1.2 / rad2deg, Faces: 42, Flip: 130},
			Tol:  DockingTolerances{ClosingRate: 0.2, Offset: 0.2, Angle: 5 / rad2deg, AngleRate: 1 / rad2deg}, Graded: true},
		Status: &Status{Fuel: 0.42, FuelMass: 512, HoverTime: 47, Throttle: 0.65, Hover: 0.39, SAS: "HOLD", Warp: 3, WarpSet: 4,
			Aids: []Aid{{Name: "KILL H", On: true}, {Name: "HOLD V/S", On: true, Value: "−0.8 m/s"}}, Fine: true,
			Objective: "Land on the pad", Time: 83.4, Camera: "CHASE"},
		Messages: []string{"Screenshot saved to /tmp/a.png", "craft reloaded"},
	}
}

// landingWithHUD is the landing scene with the full HUD less the docking
// panel: what the HUD benchmark and the FPS measurement draw.
func landingWithHUD() *Frame {
	f := landingScene()
	f.HUD = fullHUD()
	f.HUD.Docking = nil
	return f
}

func TestDrawFullHUD(t *testing.T) {
	r := newTestRenderer(t)
	f := landingScene()
	f.HUD = fullHUD()
	render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, f) })
}
