package audio

// soundCase is one sound rendered alone; [from, to) s is the window its RMS is measured on.
type soundCase struct {
	name         string
	inputs       []Input
	from, to     float64
	minDB, maxDB float64 // RMS range over the window, dBFS
}

func thrust(level float64, fine bool) Input {
	return Input{Thrusters: []ThrusterState{{Group: 3, Level: level, Fine: fine}}}
}

func soundCases() []soundCase {
	var fine []Input
	for range 6 {
		fine = append(fine, thrust(1, true))
		fine = append(fine, ticks(9, Input{})...)
	}
	rcs := append(ticks(30, thrust(1, false)), ticks(18, Input{})...)
	impact := ticks(60, Input{Events: []Event{{Kind: EventImpact, Impulse: 1e4, MassA: 5000}}})
	touch := ticks(30, Input{Events: []Event{{Kind: EventTouchdown, Foot: 1}}})
	dock := ticks(60, Input{Events: []Event{{Kind: EventDockLatch}}})
	return []soundCase{
		{name: "rcs", inputs: rcs, from: 0.05, to: 0.5, minDB: -24, maxDB: -14},
		{name: "rcs-fine", inputs: fine, from: 0, to: 1, minDB: -48, maxDB: -30},
		{name: "rumble", inputs: ticks(60, Input{MainThrottle: 1}), from: 0.2, to: 1, minDB: -24, maxDB: -12},
		{name: "impact", inputs: impact, from: 0, to: 0.3, minDB: -28, maxDB: -12},
		{name: "touchdown", inputs: touch, from: 0, to: 0.2, minDB: -32, maxDB: -16},
		{name: "dock", inputs: dock, from: 0, to: 0.5, minDB: -32, maxDB: -16},
		{name: "alarm-descent", inputs: ticks(72, Input{Alarms: AlarmDescentTooFast}), from: 0, to: 0.6, minDB: -30, maxDB: -16},
		{name: "alarm-fuel", inputs: ticks(72, Input{Alarms: AlarmLowFuel}), from: 0, to: 1.2, minDB: -30, maxDB: -16},
		{name: "alarm-tumble", inputs: ticks(72, Input{Alarms: AlarmTumbling}), from: 0, to: 0.9, minDB: -30, maxDB: -16},
		{name: "success", inputs: ticks(120, Input{Events: []Event{{Kind: EventSuccess}}}), from: 0, to: 1, minDB: -30, maxDB: -14},
		{name: "failure", inputs: ticks(120, Input{Events: []Event{{Kind: EventFailure}}}), from: 0, to: 1, minDB: -30, maxDB: -14},
	}
}
