package halfagg_test

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// decodeFuzz turns fuzz input into a verification: data[0] % 5 pairs,
// data[1] flags (bit 0: the aggregate's length is off by data[2] % 41 − 20
// bytes; bit 1: the last message is data[2] % 32 bytes), then 64 bytes per
// pair (key ‖ message), then the aggregate. Short input is zero-padded.
func decodeFuzz(data []byte) (agg []byte, pks, msgs [][]byte) {
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	take := func(from, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = at(from + i)
		}
		return b
	}
	n, flags, p := int(at(0)%5), at(1), int(at(2))
	for i := range n {
		pks = append(pks, take(3+64*i, 32))
		msgs = append(msgs, take(3+64*i+32, 32))
	}
	size := 32 * (n + 1)
	if flags&1 != 0 {
		size = max(0, size+p%41-20)
	}
	if flags&2 != 0 && n > 0 {
		msgs[n-1] = msgs[n-1][:p%32]
	}
	return take(3+64*n, size), pks, msgs
}

// encodeFuzz is the inverse of decodeFuzz for well-formed input (n ≤ 4,
// 32-byte keys and messages, the aggregate's own length).
func encodeFuzz(agg []byte, pks, msgs [][]byte) []byte {
	data := []byte{byte(len(pks)), 0, 0}
	for i := range pks {
		data = append(data, pks[i]...)
		data = append(data, msgs[i]...)
	}
	return append(data, agg...)
}

// fuzzVerifier is one Verifier for all the inputs of a fuzz run: every
// call must be independent of the calls before it.
var fuzzVerifier halfagg.Verifier

// FuzzVerifyAggregate checks that VerifyAggregate never panics and agrees
// with the per-term reference on arbitrary input (keys that do not parse
// are passed as nil), and that a Verifier reused across the inputs agrees
// too.
func FuzzVerifyAggregate(f *testing.F) {
	f.Add([]byte{})
	f.Add(encodeFuzz(make([]byte, 32), nil, nil))
	// A valid aggregate of four, and the BIP-458 verify vectors.
	{
		b := newBatch(f, rand.New(rand.NewPCG(1, 2)), 4) // fixed seeds
		agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(encodeFuzz(agg, b.pks, b.msgs))
		f.Add(encodeFuzz(agg[32:], b.pks[1:], b.msgs[1:]))
	}
	for _, row := range readVectorsForFuzz(f) {
		f.Add(row)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		agg, pks, msgs := decodeFuzz(data)
		keys := parseKeys(pks)
		got := halfagg.VerifyAggregate(agg, keys, msgs)
		if want := refVerifyCurve(agg, pks, msgs); got != want {
			t.Fatalf("VerifyAggregate = %v, reference %v", got, want)
		}
		fuzzVerifier.Workers = 1 + len(data)%3
		if again := fuzzVerifier.Verify(agg, keys, msgs); again != got {
			t.Fatalf("the reused Verifier says %v, VerifyAggregate %v", again, got)
		}
	})
}

// readVectorsForFuzz encodes the well-formed rows of the BIP-458 verify
// file (at most 4 pairs, 32-byte aggregates per pair).
func readVectorsForFuzz(f *testing.F) [][]byte {
	var out [][]byte
	for _, row := range readCSV(f, "test_vectors_verify.csv", "index,aggsig,pubkeys,messages,expected_result,comment") {
		agg := testutil.MustHex(f, row[1])
		pks, msgs := hexList(f, row[2]), hexList(f, row[3])
		if len(pks) <= 4 && len(agg) == 32*(len(pks)+1) {
			out = append(out, encodeFuzz(agg, pks, msgs))
		}
	}
	if len(out) == 0 {
		f.Fatal("no vector seeds")
	}
	return out
}
