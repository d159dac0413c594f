//go:build gc && !purego

package modinv

import "github.com/p256k1/secp256k1/internal/impl"

// useDivstepsAsm selects the assembly divsteps of divsteps_amd64.s (generated
// by internal/asm/modinv/amd64) in divsteps59. The kernel needs nothing
// beyond baseline amd64 (CMOV), so it is on by default; tests turn it off
// through internal/impl to run the package on the Go divsteps too
// (TestAllImplementations).
var useDivstepsAsm = true

func init() { impl.Register("modinv", "AMD64", &useDivstepsAsm) }

// hasDivstepsAsm reports whether this build has the assembly kernel.
const hasDivstepsAsm = true
