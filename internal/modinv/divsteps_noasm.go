//go:build !amd64 || !gc || purego

package modinv

// useDivstepsAsm is false where there is no assembly divsteps kernel: the
// compiler removes the branch in divsteps59.
const useDivstepsAsm = false

// divsteps59Asm stands in for the amd64 kernel in builds without it; it is
// never called (useDivstepsAsm is false).
func divsteps59Asm(zeta int64, f0, g0 uint64) (zetaOut int64, uv1, qr1, uv2, qr2 uint64) {
	return divsteps59Generic(zeta, f0, g0)
}

// hasDivstepsAsm reports whether this build has the assembly kernel.
const hasDivstepsAsm = false
