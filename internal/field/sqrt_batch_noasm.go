//go:build !amd64 || !gc || purego

package field

// sqrt4 sets out[j] = in[j]^((p+1)/4) for j = 0..3 and returns a mask
// whose bit j is set if that is a square root of in[j]. out may alias in.
func sqrt4(out, in *[4]Element) int { return sqrt4Generic(out, in) }
