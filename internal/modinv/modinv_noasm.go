//go:build !amd64 || !gc || purego

package modinv

// useAsm is false where there are no assembly kernels: the compiler removes
// the branches in divsteps59, updateFG and updateDE.
const useAsm = false

// hasAsm reports whether this build has the assembly kernels.
const hasAsm = false

// The stand-ins for the amd64 kernels in builds without them are never
// called (useAsm is false).

func divsteps59Asm(zeta int64, f0, g0 uint64) (zetaOut int64, uv1, qr1, uv2, qr2 uint64) {
	return divsteps59Generic(zeta, f0, g0)
}

func updateFGAsm(f, g *[5]int64, u, v, q, r int64) {
	updateFGGeneric((*signed62)(f), (*signed62)(g), u, v, q, r)
}

func updateDEAsm(d, e *[5]int64, u, v, q, r int64, bal *[5]int64, inv62 uint64) {
	m := Modulus{bal: *bal, inv62: inv62}
	m.updateDEGeneric((*signed62)(d), (*signed62)(e), u, v, q, r)
}
