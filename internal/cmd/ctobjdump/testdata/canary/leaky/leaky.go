// Package leaky holds the planted leaks of ctobjdump's canary: functions
// on a secret s that the machine-code check must report, one kind each, and
// one constant-time function it must pass.
package leaky

// LoopOnSecret runs a loop whose trip count is secret: a conditional
// branch on s.
//
//go:noinline
func LoopOnSecret(s uint64) uint64 {
	x := uint64(1)
	for i := uint64(0); i < s&7; i++ {
		x = x*x + 1
	}
	return x
}

// Divide divides by a secret: DIV.
//
//go:noinline
func Divide(a, s uint64) uint64 {
	return a / (s | 1)
}

// Index reads a slice at a secret index: a bounds check (and a secret
// address, which only valgrind sees).
//
//go:noinline
func Index(tbl []byte, s uint64) byte {
	return tbl[s]
}

// CallsHelper hands the secret to a function that is not checked.
//
//go:noinline
func CallsHelper(s uint64) uint64 {
	return helperVarTime(s) + 1
}

//go:noinline
func helperVarTime(s uint64) uint64 {
	for s > 1 {
		s >>= 1
	}
	return s
}

// Select is constant time: a mask, no branch.
//
//go:noinline
func Select(a, b, s uint64) uint64 {
	m := -(s & 1)
	return a&m | b&^m
}
