package difftest

import (
	"bytes"
	"errors"
	"math/big"
	"sync"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/halfagg"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// Call-sequence targets for curve's multi-scalar multiplication, whose
// scratch space lives in a pool shared by all calls (doc/state.md), and for
// halfagg.Verifier, which keeps its memory between calls.

// msmTerm is one term k·P of a multi-scalar multiplication, with P's
// encoding for libsecp256k1 (nil for the identity).
type msmTerm struct {
	k   []byte // 32 bytes, any value (reduced mod n by both sides)
	enc []byte
}

// msmTermsFrom decodes 0 to max terms: scalars with the edges of edge32,
// points from the dataset, the generator, the identity, negations and
// copies of earlier points (so that terms cancel), and sums of two earlier
// points.
func msmTermsFrom(t *testing.T, its []h.Item, s *stream, max int) []msmTerm {
	n := int(s.next()) % (max + 1)
	terms := make([]msmTerm, 0, n)
	for range n {
		sel := s.next()
		k := edge32(sel, s.take(int(s.next()%4)*8+1))
		if sel&0x10 != 0 && len(terms) > 0 {
			// the negated scalar of an earlier term
			prev := new(big.Int).SetBytes(terms[int(s.next())%len(terms)].k)
			k = b32(new(big.Int).Mod(new(big.Int).Neg(prev), curveN))
		}
		var enc []byte
		switch p := s.next(); p % 8 {
		case 0, 1, 2:
			enc = its[int(s.next())%len(its)].Pub[:]
		case 3:
			enc = its[0].Pub[:] // the same point again and again
		case 4:
			enc = nil // the identity
		case 5, 6:
			var prev []byte
			if len(terms) > 0 {
				prev = terms[int(s.next())%len(terms)].enc
			}
			if prev == nil {
				enc = its[int(s.next())%len(its)].Pub[:]
				break
			}
			q := mustPub(t, prev)
			if p%8 == 5 {
				q = q.Negate()
			}
			enc = q.BytesCompressed()
		case 7:
			g, _ := curve.NewGeneratorPoint().PublicKey()
			enc = g.BytesCompressed()
		}
		terms = append(terms, msmTerm{k: k, enc: enc})
	}
	return terms
}

// msmWant is Σ k_i·P_i computed by libsecp256k1: ec_pubkey_tweak_mul of each
// term with k mod n != 0 and P not the identity, then ec_pubkey_combine;
// nil for the identity.
func msmWant(t *testing.T, a *providers.LibsecpAPI, terms []msmTerm) []byte {
	var parts [][]byte
	for _, tm := range terms {
		k := new(big.Int).Mod(new(big.Int).SetBytes(tm.k), curveN)
		if k.Sign() == 0 || tm.enc == nil {
			continue
		}
		p, ok := a.PubkeyTweakMul(tm.enc, b32(k))
		if !ok {
			t.Fatalf("ec_pubkey_tweak_mul(%x, %x) failed", tm.enc, k)
		}
		parts = append(parts, p)
	}
	// Sum in chunks of at most MaxCombineKeys (the sum of the chunk sums;
	// a chunk at infinity drops out).
	for len(parts) > 1 {
		var next [][]byte
		for i := 0; i < len(parts); i += providers.MaxCombineKeys {
			chunk := parts[i:min(i+providers.MaxCombineKeys, len(parts))]
			if sum, ok := a.PubkeyCombine(chunk); ok {
				next = append(next, sum)
			}
		}
		parts = next
	}
	if len(parts) == 0 {
		return nil
	}
	return parts[0]
}

// msmGot runs VarTimeMultiScalarMult on the terms (on a point that holds
// G before the call). It may run on another goroutine than the test's.
func msmGot(terms []msmTerm) ([]byte, error) {
	scalars := make([]*curve.Scalar, len(terms))
	points := make([]*curve.Point, len(terms))
	for i, tm := range terms {
		var err error
		if scalars[i], err = curve.NewScalar().SetBytes(tm.k); err != nil {
			return nil, err
		}
		enc := tm.enc
		if enc == nil {
			enc = []byte{0}
		}
		if points[i], err = curve.NewIdentityPoint().SetBytes(enc); err != nil {
			return nil, err
		}
	}
	v := curve.NewGeneratorPoint().VarTimeMultiScalarMult(scalars, points)
	if v == nil {
		return nil, errors.New("VarTimeMultiScalarMult returned nil")
	}
	return compressedOrNil(v), nil
}

func compressedOrNil(v *curve.Point) []byte {
	if v.IsIdentity() == 1 {
		return nil
	}
	return v.BytesCompressed()
}

// FuzzMSMSeq drives curve's multi-scalar multiplication through a sequence
// of calls with 0 to 40 terms (the identity, zero and edge scalars,
// repeated, negated and cancelling terms; across Strauss's and Pippenger's
// ranges), some of them two at once from two goroutines, and of
// VarTimeDoubleScalarBaseMult; each result must be libsecp256k1's sum of
// ec_pubkey_tweak_mul of the terms (ec_pubkey_combine; ec_pubkey_create for
// the b·G term).
func FuzzMSMSeq(f *testing.F) {
	a := libsecp08(f)
	seqSeeds(f,
		[]byte{0, 3, 8, 1, 0, 0, 1, 7, 0, 4, 0, 1, 9, 0, 0, 2, 0, 0, 4},
		[]byte{1, 2, 0, 3, 0, 0, 2, 0, 16, 0, 1, 0, 5, 0},
		[]byte{0, 40, 1, 0, 0, 3, 2, 1, 0, 5, 3, 4, 0, 0, 0, 1, 1, 1, 1, 5, 6, 7, 2, 2, 3},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		for n := 0; n < 12 && !s.done(); n++ {
			switch op := s.next(); op % 3 {
			case 0:
				terms := msmTermsFrom(t, its, s, 40)
				got, err := msmGot(terms)
				if err != nil {
					t.Fatal(err)
				}
				if want := msmWant(t, a, terms); !bytes.Equal(got, want) {
					t.Fatalf("call %d: VarTimeMultiScalarMult of %d terms = %x; libsecp256k1 %x", n, len(terms), got, want)
				}
			case 1:
				// Two calls at once: the pool hands each its own scratch.
				t1, t2 := msmTermsFrom(t, its, s, 40), msmTermsFrom(t, its, s, 40)
				var g1, g2 []byte
				var e1, e2 error
				var wg sync.WaitGroup
				wg.Add(2)
				go func() { defer wg.Done(); g1, e1 = msmGot(t1) }()
				go func() { defer wg.Done(); g2, e2 = msmGot(t2) }()
				wg.Wait()
				if e1 != nil || e2 != nil {
					t.Fatal(e1, e2)
				}
				if w1, w2 := msmWant(t, a, t1), msmWant(t, a, t2); !bytes.Equal(g1, w1) || !bytes.Equal(g2, w2) {
					t.Fatalf("call %d, concurrent: %x and %x; libsecp256k1 %x and %x", n, g1, g2, w1, w2)
				}
			case 2:
				terms := msmTermsFrom(t, its, s, 1)
				if len(terms) == 0 {
					terms = []msmTerm{{k: make([]byte, 32), enc: its[0].Pub[:]}}
				}
				bk := edge32(s.next(), s.take(32))
				sa, _ := curve.NewScalar().SetBytes(terms[0].k)
				sb, _ := curve.NewScalar().SetBytes(bk)
				enc := terms[0].enc
				if enc == nil {
					enc = []byte{0}
				}
				A, err := curve.NewIdentityPoint().SetBytes(enc)
				if err != nil {
					t.Fatal(err)
				}
				got := compressedOrNil(curve.NewIdentityPoint().VarTimeDoubleScalarBaseMult(sa, A, sb))
				g, _ := curve.NewGeneratorPoint().PublicKey()
				want := msmWant(t, a, []msmTerm{terms[0], {k: bk, enc: g.BytesCompressed()}})
				if !bytes.Equal(got, want) {
					t.Fatalf("call %d: VarTimeDoubleScalarBaseMult = %x; libsecp256k1 %x", n, got, want)
				}
			}
		}
	})
}

// haSig is one signature of a half-aggregate: its key, message and
// signature, and libsecp256k1's schnorrsig_verify of it.
type haSig struct {
	pub      *secp.XOnlyPublicKey
	x        []byte
	msg, sig []byte
	valid    bool
}

// haSigFrom decodes a signature: a dataset one, one libsecp256k1 makes on a
// 32-byte message from the input, or (unless onlyValid) an invalid one
// (another message, another key, a bit of s flipped, an r with no point).
func haSigFrom(t *testing.T, a *providers.LibsecpAPI, its []h.Item, s *stream, onlyValid bool) haSig {
	it := its[int(s.next())%len(its)]
	e := haSig{x: it.XOnly[:], msg: it.Hash[:], sig: it.Schnorr[:]}
	k := s.next()
	if onlyValid {
		k %= 4
	}
	switch k % 7 {
	case 0, 1, 2:
	case 3:
		e.msg = s.take(32)
		var ok bool
		if e.sig, ok = a.SchnorrSign32(it.Seckey[:], e.msg, it.Aux[:]); !ok {
			t.Fatal("schnorrsig_sign32 failed on a dataset key")
		}
	case 4:
		e.msg = s.take(32)
	case 5:
		e.x = its[int(s.next())%len(its)].XOnly[:]
	case 6:
		e.sig = bytes.Clone(e.sig)
		b := s.next()
		if b&1 == 0 {
			e.sig[32+int(b/2)%32] ^= 1 // s stays below n with high probability
			if new(big.Int).SetBytes(e.sig[32:]).Cmp(curveN) >= 0 {
				e.sig[32] = 0
			}
		} else {
			e.sig[int(b/2)%32] ^= 1 << (b % 8) // r, perhaps with no point
		}
	}
	e.pub = mustXOnly(t, e.x)
	e.valid = cachedVerdict('s', [][]byte{e.x, e.msg, e.sig}, func() bool { return a.SchnorrVerify(e.x, e.msg, e.sig) })
	return e
}

// FuzzHalfAggSeq drives one halfagg.Verifier through a sequence of
// verifications of half-aggregates of 0 to 24 signatures (made with
// Aggregate, or with IncAggregate in two steps; some with a changed byte or
// a wrong length, some of only valid signatures) with Workers changes; each
// answer must be VerifyAggregate's (a fresh verification, no memory kept),
// and for an unchanged aggregate, whether libsecp256k1's schnorrsig_verify
// accepts every signature in it.
func FuzzHalfAggSeq(f *testing.F) {
	a := libsecp08(f)
	seqSeeds(f,
		[]byte{0, 3, 0, 0, 1, 0, 2, 0, 0, 5, 0, 0, 0, 0, 0, 0, 1, 0, 0, 3, 2, 0, 4},
		[]byte{1, 8, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 0, 0, 2, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		var v halfagg.Verifier
		for n := 0; n < 16 && !s.done(); n++ {
			op := s.next()
			if op%5 == 4 {
				v.Workers = int(s.next() % 3)
				continue
			}
			count := int(s.next()) % 25
			sigs := make([]haSig, count)
			pubs := make([]*secp.XOnlyPublicKey, count)
			msgs, raw := make([][]byte, count), make([][]byte, count)
			allValid := true
			for i := range sigs {
				sigs[i] = haSigFrom(t, a, its, s, op&0x20 != 0)
				pubs[i], msgs[i], raw[i] = sigs[i].pub, sigs[i].msg, sigs[i].sig
				allValid = allValid && sigs[i].valid
			}
			var agg []byte
			var err error
			if op%5 == 1 && count > 0 {
				cut := int(s.next()) % (count + 1)
				if agg, err = halfagg.Aggregate(pubs[:cut], msgs[:cut], raw[:cut]); err == nil {
					agg, err = halfagg.IncAggregate(agg, pubs[:cut], msgs[:cut], pubs[cut:], msgs[cut:], raw[cut:])
				}
			} else {
				agg, err = halfagg.Aggregate(pubs, msgs, raw)
			}
			if err != nil {
				t.Fatalf("call %d: Aggregate of %d signatures: %v", n, count, err)
			}
			changed := false
			switch op % 5 {
			case 2:
				if b := s.next(); len(agg) > 0 {
					agg[int(b)%len(agg)] ^= 1 << (b % 8)
					changed = true
				}
			case 3:
				if s.next()&1 == 0 {
					agg = agg[:len(agg)-1]
				} else {
					agg = append(agg, 0)
				}
				changed = true
			}
			got := v.Verify(agg, pubs, msgs)
			if want := halfagg.VerifyAggregate(agg, pubs, msgs); got != want {
				t.Fatalf("call %d: Verifier.Verify of %d signatures = %v; VerifyAggregate %v", n, count, got, want)
			}
			if !changed && got != allValid {
				t.Fatalf("call %d: Verifier.Verify of %d signatures = %v; libsecp256k1 accepts every one: %v", n, count, got, allValid)
			}
		}
	})
}
