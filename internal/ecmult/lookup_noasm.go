//go:build !amd64 || !gc || purego

package ecmult

// Without assembly the table scan is the Go loop of lookupAffine.
const useAVX2 = false

func lookupAffineAVX2(e *[8]uint64, row [][8]uint64, mag uint32, neg int) {
	panic("ecmult: internal error: lookupAffineAVX2 without assembly")
}

// LookupImplementation describes the table scan of k·G and k·P in this
// process.
func LookupImplementation() string { return "generic Go" }
