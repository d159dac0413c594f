package providers

import "github.com/p256k1/secp256k1/internal/field"

// p256k1Mode reports which field arithmetic the linked p256k1 runs (its
// assembly, or generic Go with -tags purego or without the CPU features),
// from the library's own report. The bench module lives in the library's
// repository, so it may read the internal package.
func p256k1Mode() string { return field.Implementation() }

// p256k1Short is the mode for chart legends.
func p256k1Short() string {
	if m := field.Implementation(); m != "generic Go" && m != "generic Go (no BMI2/ADX)" {
		return "assembly"
	}
	return "generic Go"
}
