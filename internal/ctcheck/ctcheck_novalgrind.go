//go:build !valgrind || !linux || !amd64

package ctcheck

import "unsafe"

func markSecret(p unsafe.Pointer, n uintptr) {}

func markPublic(p unsafe.Pointer, n uintptr) {}

func secretCount(p unsafe.Pointer, n uintptr) int { return 0 }

// RunningOnValgrind reports whether the program runs under valgrind. Without
// the valgrind build tag on linux/amd64 it reports false.
func RunningOnValgrind() bool { return false }
