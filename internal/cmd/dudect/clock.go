package main

import (
	"fmt"
	"time"
)

// A clock reads a start and an end time around one measurement. The
// difference is in its own unit: reference cycles for the time-stamp
// counter, nanoseconds for the monotonic clock.
type clock struct {
	name  string
	unit  string
	start func() uint64
	end   func() uint64
}

// monoBase is the origin of the monotonic readings.
var monoBase = time.Now()

func monoNow() uint64 { return uint64(time.Since(monoBase)) }

// newClock returns the clock named by -clock: "tsc" (amd64 only), "mono"
// (the monotonic clock of package time, everywhere), or "auto" (tsc where
// available, else mono).
func newClock(name string) (*clock, error) {
	switch name {
	case "auto":
		if tscAvailable {
			return newClock("tsc")
		}
		return newClock("mono")
	case "tsc":
		if !tscAvailable {
			return nil, fmt.Errorf("-clock=tsc: no cycle counter on this platform (use -clock=mono)")
		}
		return &clock{name: "tsc: " + tscDescription(), unit: "cycles", start: tscStart, end: tscEndFunc}, nil
	case "mono":
		return &clock{name: "mono: time.Since (monotonic clock)", unit: "ns", start: monoNow, end: monoNow}, nil
	}
	return nil, fmt.Errorf("-clock=%q: want auto, tsc or mono", name)
}
