//go:build gc && !purego

package field

import "unsafe"

// sqrt4 sets out[j] = in[j]^((p+1)/4) for j = 0..3 and returns a mask
// whose bit j is set if that is a square root of in[j]. out may alias in.
// An Element is exactly its four limbs, so [4]Element is [4][4]uint64.
func sqrt4(out, in *[4]Element) int {
	if useADX {
		return sqrt4VarTimeAsm((*[4][4]uint64)(unsafe.Pointer(out)), (*[4][4]uint64)(unsafe.Pointer(in)))
	}
	return sqrt4Generic(out, in)
}
