// Package ctcheck marks secret memory for constant-time checking under
// valgrind's memcheck tool ("ctgrind").
//
// Secret tells memcheck that the bytes at p are undefined. Memcheck then
// follows every value computed from them and reports a conditional branch or
// a memory address that depends on one ("Conditional jump or move depends on
// uninitialised value(s)", "Use of uninitialised value of size 8"): exactly
// the two ways a secret leaks through timing that memcheck can see. Public
// marks bytes as defined again; it is the declassification point for values
// that are public by design, such as a signature or the validity of a key,
// and mirrors libsecp256k1's secp256k1_declassify. SecretBytes lets a harness
// check that a value is still secret, so that a clean run cannot come from a
// secret declassified too early.
//
// The real implementation needs the build tag valgrind on linux/amd64 (see
// internal/ctgrind and .ci/ctgrind.sh); it issues valgrind client requests
// from a small assembly stub. In every other build the functions are empty
// and inline to nothing, so library code may call them on hot paths.
//
// Memcheck does not see variable-latency instructions such as DIV, so a
// clean run is necessary, not sufficient, for constant-time code.
package ctcheck
