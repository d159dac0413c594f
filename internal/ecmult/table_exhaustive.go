//go:build exhaustive7 || exhaustive13 || exhaustive199

package ecmult

import "github.com/p256k1/secp256k1/internal/ecmult/tablegen"

// In the exhaustive-test builds the committed table of table_base.go (for
// the secp256k1 generator) is replaced at init by the same table for the
// test curve's generator, computed by the generator of the committed one
// (tablegen.BaseTable). Its entries that are the point at infinity (the
// multiples (j+1)·2^(6i) divisible by N) are stored as zeros; BaseMult
// never selects them for a scalar below N, whose Booth digits are below N,
// as the exhaustive tests of every scalar confirm.
func init() {
	baseTable = *tablegen.BaseTable()
}
