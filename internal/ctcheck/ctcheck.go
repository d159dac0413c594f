// Package ctcheck marks secret memory for constant-time checking under
// valgrind's memcheck tool ("ctgrind").
//
// Secret tells memcheck that the value at p is undefined. Memcheck then
// follows every value computed from them and reports a conditional branch or
// a memory address that depends on one ("Conditional jump or move depends on
// uninitialised value(s)", "Use of uninitialised value of size 8"): exactly
// the two ways a secret leaks through timing that memcheck can see. Public
// marks bytes as defined again; it is the declassification point for values
// that are public by design, such as a signature or the validity of a key,
// and mirrors libsecp256k1's secp256k1_declassify. SecretCount lets a harness
// check that a value is still secret, so that a clean run cannot come from a
// secret declassified too early.
//
// The real implementation needs the build tag valgrind on linux/amd64 (see
// internal/cmd/ctgrind and .ci/ctgrind.sh); it issues valgrind client requests
// from a small assembly stub. In every other build the functions are empty
// and inline to nothing, so library code may call them on hot paths.
//
// Memcheck does not see variable-latency instructions such as DIV, so a
// clean run is necessary, not sufficient, for constant-time code.
package ctcheck

import "unsafe"

// Secret marks the value at p as secret (undefined for memcheck). Without
// the valgrind build tag on linux/amd64 it does nothing.
func Secret[T any](p *T) { markSecret(unsafe.Pointer(p), unsafe.Sizeof(*p)) }

// Public marks the value at p as public (defined for memcheck): the
// declassification of a value that is public by design. Without the
// valgrind build tag on linux/amd64 it does nothing.
func Public[T any](p *T) { markPublic(unsafe.Pointer(p), unsafe.Sizeof(*p)) }

// SecretSlice marks the bytes of b as secret, like Secret.
func SecretSlice(b []byte) {
	if len(b) > 0 {
		markSecret(unsafe.Pointer(&b[0]), uintptr(len(b)))
	}
}

// PublicSlice marks the bytes of b as public, like Public.
func PublicSlice(b []byte) {
	if len(b) > 0 {
		markPublic(unsafe.Pointer(&b[0]), uintptr(len(b)))
	}
}

// SecretCount returns how many bytes of the value at p memcheck considers
// secret (undefined), or 0 when not running under valgrind. A harness uses
// it to check that a value it expects to be secret still is, so that a check
// cannot pass because the secret was declassified.
func SecretCount[T any](p *T) int { return secretCount(unsafe.Pointer(p), unsafe.Sizeof(*p)) }

// SecretSliceCount is SecretCount for the bytes of b.
func SecretSliceCount(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	return secretCount(unsafe.Pointer(&b[0]), uintptr(len(b)))
}
