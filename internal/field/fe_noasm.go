//go:build (!amd64 && !arm64) || !gc || purego

package field

// Without assembly (other architectures, gccgo, or -tags purego) the generic
// Go code is the only implementation.

func feMul(v, a, b *Element) { feMulGeneric(v, a, b) }

func feSquare(v, a *Element) { feSquareGeneric(v, a) }

// feSquareN sets v = a^(2^n) for n ≥ 1.
func feSquareN(v, a *Element, n int) { feSquareNGeneric(v, a, n) }

// Implementation describes the code Multiply and Square run in this process.
func Implementation() string { return "generic Go" }
