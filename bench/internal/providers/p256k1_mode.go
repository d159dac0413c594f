package providers

import (
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// p256k1Mode reports which code the linked p256k1 runs (its assembly, or
// generic Go with -tags purego or without the CPU features) for the field
// arithmetic, the point operations and the constant-time table scans, from
// the library's own reports. The bench module lives in the library's
// repository, so it may read the internal packages.
func p256k1Mode() string {
	return field.Implementation() + "; points: " + group.PointImplementation() +
		"; table scan: " + ecmult.LookupImplementation()
}

// p256k1Short is the mode for chart legends.
func p256k1Short() string {
	if m := field.Implementation(); m != "generic Go" && m != "generic Go (no BMI2/ADX)" {
		return "assembly"
	}
	return "generic Go"
}
