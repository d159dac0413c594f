//go:build linux

package main

import "golang.org/x/sys/unix"

// pinCore restricts the calling OS thread (the locked benchmark thread) to
// CPU core.
func pinCore(core int) error {
	var set unix.CPUSet
	set.Zero()
	set.Set(core)
	return unix.SchedSetaffinity(0, &set)
}
