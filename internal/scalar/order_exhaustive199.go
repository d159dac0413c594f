//go:build exhaustive199

package scalar

// The exhaustive-test build of order 199 (tag exhaustive199): N = 199 and
// λ = 92, with λ³ ≡ 1 (mod 199). Building with two of the exhaustive tags at
// once fails here: order and lambdaLow are then declared twice.
const (
	order     = 199
	lambdaLow = 92
)
