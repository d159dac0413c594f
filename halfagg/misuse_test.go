package halfagg_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package halfagg: every exported function and method
// called with nil and zero values, wrong lengths, out-of-range values and
// too many signatures. None may panic; the aggregators return no value
// with an error, the verifiers false. TestMisuseTableComplete fails when
// an exported function has no entry.

// badLengths are byte strings of every wrong length for an n-byte input.
func badLengths(n int) [][]byte {
	return [][]byte{nil, {}, make([]byte, n-1), make([]byte, n+1), make([]byte, 2*n)}
}

func wantErr(t *testing.T, what string, b []byte, err, sentinel error) {
	t.Helper()
	if b != nil || !errors.Is(err, sentinel) {
		t.Errorf("%s = %x, %v; want nil and %v", what, b, err, sentinel)
	}
}

// misuseFixture is one valid aggregate of two signatures.
type misuseFixture struct {
	b   *batch
	agg []byte
}

func newMisuseFixture(t *testing.T) *misuseFixture {
	b := newBatch(t, testutil.Rand(t), 2)
	agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
	if err != nil {
		t.Fatal(err)
	}
	return &misuseFixture{b, agg}
}

func misuseTable(f *misuseFixture) map[string]func(t *testing.T) {
	b := f.b
	zeroKey := new(secp256k1.XOnlyPublicKey)
	highS := append(bytes.Clone(b.sigs[0][:32]), bytes.Repeat([]byte{0xff}, 32)...)
	sOrder := append(bytes.Clone(b.sigs[0][:32]), testutil.N.FillBytes(make([]byte, 32))...)
	tooMany := make([]*secp256k1.XOnlyPublicKey, halfagg.MaxSignatures+1)
	tooManyMsgs := make([][]byte, halfagg.MaxSignatures+1)
	// verifyFalse checks that VerifyAggregate and a Verifier reject.
	verifyFalse := func(t *testing.T, what string, agg []byte, keys []*secp256k1.XOnlyPublicKey, msgs [][]byte) {
		t.Helper()
		var v halfagg.Verifier
		if halfagg.VerifyAggregate(agg, keys, msgs) || v.Verify(agg, keys, msgs) {
			t.Errorf("%s: verifies", what)
		}
	}
	return map[string]func(t *testing.T){
		"halfagg.Aggregate": func(t *testing.T) {
			// No signatures is valid: the aggregate of nothing.
			got, err := halfagg.Aggregate(nil, nil, nil)
			if err != nil || !bytes.Equal(got, make([]byte, 32)) {
				t.Errorf("Aggregate(nil, nil, nil) = %x, %v; want 32 zero bytes", got, err)
			}
			got, err = halfagg.Aggregate(b.keys, b.msgs[:1], b.sigs)
			wantErr(t, "Aggregate(2 keys, 1 message)", got, err, halfagg.ErrLengthMismatch)
			got, err = halfagg.Aggregate(b.keys, b.msgs, b.sigs[:1])
			wantErr(t, "Aggregate(2 keys, 1 signature)", got, err, halfagg.ErrLengthMismatch)
			got, err = halfagg.Aggregate(nil, b.msgs, nil)
			wantErr(t, "Aggregate(no keys, 2 messages)", got, err, halfagg.ErrLengthMismatch)
			for _, k := range []*secp256k1.XOnlyPublicKey{nil, zeroKey} {
				got, err = halfagg.Aggregate([]*secp256k1.XOnlyPublicKey{b.keys[0], k}, b.msgs, b.sigs)
				wantErr(t, "Aggregate(nil or zero key)", got, err, secp256k1.ErrInvalidPublicKey)
			}
			for _, m := range badLengths(32) {
				got, err = halfagg.Aggregate(b.keys, [][]byte{b.msgs[0], m}, b.sigs)
				wantErr(t, "Aggregate(message length)", got, err, halfagg.ErrInvalidMessage)
			}
			for _, s := range append(badLengths(64), highS, sOrder) {
				got, err = halfagg.Aggregate(b.keys, b.msgs, [][]byte{b.sigs[0], s})
				wantErr(t, "Aggregate(bad signature)", got, err, halfagg.ErrInvalidSignature)
			}
			got, err = halfagg.Aggregate(tooMany, tooManyMsgs, make([][]byte, len(tooMany)))
			wantErr(t, "Aggregate(MaxSignatures+1)", got, err, halfagg.ErrTooManySignatures)
			// The inputs are only read.
			keys, msgs, sigs := slices.Clone(b.keys), cloneAll(b.msgs), cloneAll(b.sigs)
			if _, err := halfagg.Aggregate(keys, msgs, sigs); err != nil ||
				!slices.Equal(keys, b.keys) || !equalAll(msgs, b.msgs) || !equalAll(sigs, b.sigs) {
				t.Error("Aggregate changed its inputs")
			}
		},
		"halfagg.IncAggregate": func(t *testing.T) {
			k0, m0 := b.keys[:1], b.msgs[:1]
			k1, m1, s1 := b.keys[1:], b.msgs[1:], b.sigs[1:]
			one, err := halfagg.Aggregate(k0, m0, b.sigs[:1])
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range append(badLengths(64), make([]byte, 96)) {
				got, err := halfagg.IncAggregate(a, k0, m0, k1, m1, s1)
				wantErr(t, "IncAggregate(aggregate length)", got, err, halfagg.ErrInvalidAggregate)
			}
			got, err := halfagg.IncAggregate(nil, nil, nil, k1, m1, s1)
			wantErr(t, "IncAggregate(nil aggregate)", got, err, halfagg.ErrInvalidAggregate)
			for _, s := range [][]byte{testutil.N.FillBytes(make([]byte, 32)), bytes.Repeat([]byte{0xff}, 32)} {
				got, err = halfagg.IncAggregate(append(bytes.Clone(one[:32]), s...), k0, m0, k1, m1, s1)
				wantErr(t, "IncAggregate(aggregate s >= n)", got, err, halfagg.ErrInvalidAggregate)
			}
			got, err = halfagg.IncAggregate(one, k0, nil, k1, m1, s1)
			wantErr(t, "IncAggregate(1 old key, no message)", got, err, halfagg.ErrLengthMismatch)
			got, err = halfagg.IncAggregate(one, k0, m0, k1, nil, s1)
			wantErr(t, "IncAggregate(1 new key, no message)", got, err, halfagg.ErrLengthMismatch)
			got, err = halfagg.IncAggregate(one, k0, m0, k1, m1, nil)
			wantErr(t, "IncAggregate(1 new key, no signature)", got, err, halfagg.ErrLengthMismatch)
			for _, k := range []*secp256k1.XOnlyPublicKey{nil, zeroKey} {
				ks := []*secp256k1.XOnlyPublicKey{k}
				got, err = halfagg.IncAggregate(one, ks, m0, k1, m1, s1)
				wantErr(t, "IncAggregate(nil or zero old key)", got, err, secp256k1.ErrInvalidPublicKey)
				got, err = halfagg.IncAggregate(one, k0, m0, ks, m1, s1)
				wantErr(t, "IncAggregate(nil or zero new key)", got, err, secp256k1.ErrInvalidPublicKey)
			}
			for _, m := range badLengths(32) {
				got, err = halfagg.IncAggregate(one, k0, [][]byte{m}, k1, m1, s1)
				wantErr(t, "IncAggregate(old message length)", got, err, halfagg.ErrInvalidMessage)
				got, err = halfagg.IncAggregate(one, k0, m0, k1, [][]byte{m}, s1)
				wantErr(t, "IncAggregate(new message length)", got, err, halfagg.ErrInvalidMessage)
			}
			for _, s := range append(badLengths(64), highS, sOrder) {
				got, err = halfagg.IncAggregate(one, k0, m0, k1, m1, [][]byte{s})
				wantErr(t, "IncAggregate(bad signature)", got, err, halfagg.ErrInvalidSignature)
			}
			// MaxSignatures old and one new, and the other way round.
			got, err = halfagg.IncAggregate(make([]byte, 32*(len(tooMany))), tooMany[1:], tooManyMsgs[1:], k1, m1, s1)
			wantErr(t, "IncAggregate(MaxSignatures + 1)", got, err, halfagg.ErrTooManySignatures)
			got, err = halfagg.IncAggregate(one, k0, m0, tooMany[1:], tooManyMsgs[1:], make([][]byte, len(tooMany)-1))
			wantErr(t, "IncAggregate(1 + MaxSignatures)", got, err, halfagg.ErrTooManySignatures)
			// The inputs are only read.
			a, keys, msgs, sigs := bytes.Clone(one), slices.Clone(k1), cloneAll(m1), cloneAll(s1)
			if _, err := halfagg.IncAggregate(a, k0, m0, keys, msgs, sigs); err != nil || !bytes.Equal(a, one) ||
				!slices.Equal(keys, k1) || !equalAll(msgs, m1) || !equalAll(sigs, s1) {
				t.Error("IncAggregate changed its inputs")
			}
		},
		"halfagg.VerifyAggregate": func(t *testing.T) {
			if !halfagg.VerifyAggregate(make([]byte, 32), nil, nil) {
				t.Error("the empty aggregate does not verify")
			}
			verifyFalse(t, "nil aggregate, no pairs", nil, nil, nil)
			verifyFalse(t, "empty aggregate with s = 1", append(make([]byte, 31), 1), nil, nil)
			for _, a := range append(badLengths(96), f.agg[:95], append(bytes.Clone(f.agg), 0)) {
				verifyFalse(t, "aggregate length", a, b.keys, b.msgs)
			}
			verifyFalse(t, "2 keys, 1 message", f.agg, b.keys, b.msgs[:1])
			verifyFalse(t, "1 key, 2 messages", f.agg, b.keys[:1], b.msgs)
			for _, k := range []*secp256k1.XOnlyPublicKey{nil, zeroKey} {
				verifyFalse(t, "nil or zero key", f.agg, []*secp256k1.XOnlyPublicKey{b.keys[0], k}, b.msgs)
			}
			for _, m := range badLengths(32) {
				verifyFalse(t, "message length", f.agg, b.keys, [][]byte{b.msgs[0], m})
			}
			// r ≥ p, r = p, r not the x of a point (BIP-340's vector 5), s = n,
			// s = 2^256 - 1.
			notX := testutil.MustHex(t, "4a298dacae57395a15d0795ddbfd1dcb564da82b0f269bc70a74f8220429ba1d")
			for _, r := range [][]byte{bytes.Repeat([]byte{0xff}, 32), testutil.P.FillBytes(make([]byte, 32)), notX} {
				a := bytes.Clone(f.agg)
				copy(a[32:], r)
				verifyFalse(t, "bad r", a, b.keys, b.msgs)
			}
			for _, s := range [][]byte{testutil.N.FillBytes(make([]byte, 32)), bytes.Repeat([]byte{0xff}, 32)} {
				a := bytes.Clone(f.agg)
				copy(a[64:], s)
				verifyFalse(t, "bad s", a, b.keys, b.msgs)
			}
			verifyFalse(t, "MaxSignatures+1", make([]byte, 32*(len(tooMany)+1)), tooMany, tooManyMsgs)
			// The inputs are only read.
			a, keys, msgs := bytes.Clone(f.agg), slices.Clone(b.keys), cloneAll(b.msgs)
			if !halfagg.VerifyAggregate(a, keys, msgs) || !bytes.Equal(a, f.agg) || !slices.Equal(keys, b.keys) || !equalAll(msgs, b.msgs) {
				t.Error("VerifyAggregate rejects or changed its inputs")
			}
		},
		"halfagg.Verifier.Verify": func(t *testing.T) {
			var nilV *halfagg.Verifier
			if nilV.Verify(f.agg, b.keys, b.msgs) || nilV.Verify(make([]byte, 32), nil, nil) {
				t.Error("a nil Verifier verifies")
			}
			for _, w := range []int{0, 1, -3, 1000} {
				v := &halfagg.Verifier{Workers: w}
				if !v.Verify(f.agg, b.keys, b.msgs) {
					t.Errorf("Verifier{Workers: %d} rejects a valid aggregate", w)
				}
				if v.Verify(f.agg[:64], b.keys, b.msgs) || v.Verify(f.agg, b.keys, b.msgs[:1]) {
					t.Errorf("Verifier{Workers: %d} accepts malformed input", w)
				}
				// and is still right after rejecting
				if !v.Verify(f.agg, b.keys, b.msgs) {
					t.Errorf("Verifier{Workers: %d} rejects a valid aggregate after malformed input", w)
				}
			}
		},
	}
}

func cloneAll(bs [][]byte) [][]byte {
	out := make([][]byte, len(bs))
	for i, b := range bs {
		out[i] = bytes.Clone(b)
	}
	return out
}

func equalAll(a, b [][]byte) bool { return slices.EqualFunc(a, b, bytes.Equal) }

func TestMisuse(t *testing.T) {
	for name, f := range misuseTable(newMisuseFixture(t)) {
		t.Run(name, f)
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable(newMisuseFixture(t))
	for _, name := range testutil.ExportedFuncs(t, ".") {
		if _, ok := table[name]; !ok {
			t.Errorf("exported %s has no misuse case", name)
		}
		delete(table, name)
	}
	for name := range table {
		t.Errorf("misuse case %s names no exported function", name)
	}
}
