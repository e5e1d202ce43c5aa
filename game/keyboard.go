package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// keyboard turns key states into Commands. Axis commands are emitted only
// when an axis changes, so a replay is a short list.
type keyboard struct {
	pitch, yaw, roll float64 // last emitted axis values
}

// axis returns +1, −1 or 0 from a pair of keys.
func axis(neg, pos ebiten.Key) float64 {
	var v float64
	if ebiten.IsKeyPressed(pos) {
		v++
	}
	if ebiten.IsKeyPressed(neg) {
		v--
	}
	return v
}

// poll appends the commands of this tick to dst.
func (k *keyboard) poll(dst []Command, tick uint64) []Command {
	emit := func(kind Kind, v float64, last *float64) {
		if v != *last {
			*last = v
			dst = append(dst, Command{Tick: tick, Kind: kind, Value: v})
		}
	}
	emit(KindPitch, axis(ebiten.KeyW, ebiten.KeyS), &k.pitch)
	emit(KindYaw, axis(ebiten.KeyA, ebiten.KeyD), &k.yaw)
	emit(KindRoll, axis(ebiten.KeyQ, ebiten.KeyE), &k.roll)
	if inpututil.IsKeyJustPressed(ebiten.KeyP) {
		dst = append(dst, Command{Tick: tick, Kind: KindPause})
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyR) {
		dst = append(dst, Command{Tick: tick, Kind: KindRestart})
	}
	return dst
}
