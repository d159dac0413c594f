//go:build !valgrind || !linux || !amd64

package ctcheck

import "unsafe"

// Secret marks the n bytes at p as undefined (secret) for memcheck. Without
// the valgrind build tag on linux/amd64 it does nothing.
func Secret(p unsafe.Pointer, n uintptr) {}

// Public marks the n bytes at p as defined (public) for memcheck. Without
// the valgrind build tag on linux/amd64 it does nothing.
func Public(p unsafe.Pointer, n uintptr) {}

// RunningOnValgrind reports whether the program runs under valgrind. Without
// the valgrind build tag on linux/amd64 it reports false.
func RunningOnValgrind() bool { return false }

// SecretBytes returns how many of the n bytes at p memcheck considers
// undefined (secret). Without the valgrind build tag on linux/amd64 it
// returns 0.
func SecretBytes(p unsafe.Pointer, n uintptr) int { return 0 }
