//go:build exhaustive7

package scalar

// The exhaustive-test build of order 7 (tag exhaustive7): N = 7 and
// λ = 2, with λ³ ≡ 1 (mod 7). Building with two of the exhaustive tags at
// once fails here: order and lambdaLow are then declared twice.
const (
	order     = 7
	lambdaLow = 2
)
