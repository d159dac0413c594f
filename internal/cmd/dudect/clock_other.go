//go:build !amd64 || !gc || purego

package main

// No cycle counter outside amd64: -clock=tsc is refused, and the
// monotonic clock is used (see clock.go).

const tscAvailable = false

func tscStart() uint64 { panic("dudect: no cycle counter on this platform") }

var tscEndFunc = func() uint64 { panic("dudect: no cycle counter on this platform") }

func tscDescription() string { return "none" }
