//go:build exhaustive13

package scalar

// The exhaustive-test build of order 13 (tag exhaustive13): N = 13 and
// λ = 9, with λ³ ≡ 1 (mod 13). Building with two of the exhaustive tags at
// once fails here: order and lambdaLow are then declared twice.
const (
	order     = 13
	lambdaLow = 9
)
