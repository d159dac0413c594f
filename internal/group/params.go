//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package group

// B is the curve constant b = 7.
const B = 7

// Generator coordinates (SEC 2, section 2.4.1).
var (
	gx = [4]uint64{0x59F2815B16F81798, 0x029BFCDB2DCE28D9, 0x55A06295CE870B07, 0x79BE667EF9DCBBAC}
	gy = [4]uint64{0x9C47D08FFB10D4B8, 0xFD17B448A6855419, 0x5DA4FBFC0E1108A8, 0x483ADA7726A3C465}
)
