package frost_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package frost: every exported function and method
// called with nil, zero values, consumed nonces and wrong lengths. None may
// panic, and none may return a value together with an error, or a value
// for invalid input. TestMisuseTableComplete fails when an exported
// function has no entry.

func wantNilBytes(t *testing.T, what string, b []byte, err, sentinel error) {
	t.Helper()
	if b != nil || !errors.Is(err, sentinel) {
		t.Errorf("%s = %x, %v; want nil and %v", what, b, err, sentinel)
	}
}

// badLengths are byte strings of every wrong kind for a fixed-length input.
func badLengths(n int) [][]byte {
	return [][]byte{nil, {}, make([]byte, n-1), make([]byte, n+1), bytes.Repeat([]byte{0xff}, n)}
}

// tooManyParticipants is MaxParticipants+1 where an int holds it, and
// the largest int (an invalid t <= n pair with t = 2, n too large for the
// 2 identifiers to matter) otherwise.
var tooManyParticipants = func() int {
	n := uint64(frost.MaxParticipants) + 1
	if n > math.MaxInt {
		return -1 // 32-bit: no int exceeds MaxParticipants; n < t instead
	}
	return int(n)
}()

func misuseTable(f *fixture) map[string]func(t *testing.T) {
	var nilSC *frost.SignersContext
	zeroSC := new(frost.SignersContext)
	var nilTC *frost.TweakContext
	zeroTC := new(frost.TweakContext)
	var nilSess *frost.Session
	zeroSess := new(frost.Session)
	zeroKey := new(secp256k1.PrivateKey)
	share0, share2 := f.d.SecretShares[0], f.d.SecretShares[2]
	fresh := func(t *testing.T) *frost.SecretNonce {
		sn, _, err := frost.NonceGen(nil)
		if err != nil {
			t.Fatal(err)
		}
		return sn
	}
	pubs := [][]byte{f.d.PublicShares[0], f.d.PublicShares[2]}
	tpk := f.d.ThresholdPublicKey
	return map[string]func(t *testing.T){
		"frost.NewSignersContext": func(t *testing.T) {
			for _, c := range []struct {
				n, t      int
				ids       []int
				pubshares [][]byte
				tpk       []byte
				want      error
			}{
				{0, 0, nil, nil, nil, frost.ErrInvalidThreshold},
				{3, 0, f.ids, pubs, tpk, frost.ErrInvalidThreshold},
				{3, 4, f.ids, pubs, tpk, frost.ErrInvalidThreshold},
				{-1, -2, f.ids, pubs, tpk, frost.ErrInvalidThreshold},
				{tooManyParticipants, 2, f.ids, pubs, tpk, frost.ErrInvalidThreshold},
				{3, 2, nil, nil, tpk, frost.ErrSignerCount},
				{3, 2, []int{0}, pubs[:1], tpk, frost.ErrSignerCount},
				{3, 2, []int{0, 1, 2, 0}, pubs, tpk, frost.ErrSignerCount},
				{3, 2, f.ids, pubs[:1], tpk, frost.ErrLengthMismatch},
				{3, 2, f.ids, [][]byte{nil, nil}, tpk, frost.ErrInvalidPubShare},
				{3, 2, []int{0, 3}, pubs, tpk, frost.ErrIDOutOfRange},
				{3, 2, []int{-1, 2}, pubs, tpk, frost.ErrIDOutOfRange},
				{3, 2, []int{2, 2}, pubs, tpk, frost.ErrDuplicateID},
				{3, 2, f.ids, pubs, nil, frost.ErrKeyMismatch},
				{3, 2, f.ids, pubs, make([]byte, 33), frost.ErrKeyMismatch},
				{3, 2, []int{2, 0}, pubs, tpk, frost.ErrKeyMismatch},
			} {
				sc, err := frost.NewSignersContext(c.n, c.t, c.ids, c.pubshares, c.tpk)
				if sc != nil || !errors.Is(err, c.want) {
					t.Errorf("NewSignersContext(%d, %d, %v, ...) = %v, %v; want %v", c.n, c.t, c.ids, sc, err, c.want)
				}
			}
		},
		"frost.SignersContext.N": func(t *testing.T) {
			if nilSC.N() != 0 || zeroSC.N() != 0 || f.sc.N() != 3 {
				t.Error("N")
			}
		},
		"frost.SignersContext.T": func(t *testing.T) {
			if nilSC.T() != 0 || zeroSC.T() != 0 || f.sc.T() != 2 {
				t.Error("T")
			}
		},
		"frost.SignersContext.IDs": func(t *testing.T) {
			if nilSC.IDs() != nil || zeroSC.IDs() != nil || !slices.Equal(f.sc.IDs(), f.ids) {
				t.Error("IDs")
			}
			ids := f.sc.IDs()
			ids[0] = 7
			if f.sc.IDs()[0] != f.ids[0] {
				t.Error("IDs returns the context's own slice")
			}
		},
		"frost.SignersContext.PublicShares": func(t *testing.T) {
			if nilSC.PublicShares() != nil || zeroSC.PublicShares() != nil {
				t.Error("PublicShares of an invalid context")
			}
			ps := f.sc.PublicShares()
			if len(ps) != 2 || !bytes.Equal(ps[1], pubs[1]) {
				t.Error("PublicShares")
			}
			ps[0][0] ^= 1
			if !bytes.Equal(f.sc.PublicShares()[0], pubs[0]) {
				t.Error("PublicShares returns the context's own bytes")
			}
		},
		"frost.SignersContext.ThresholdPublicKey": func(t *testing.T) {
			if nilSC.ThresholdPublicKey() != nil || zeroSC.ThresholdPublicKey() != nil || !bytes.Equal(f.sc.ThresholdPublicKey(), tpk) {
				t.Error("ThresholdPublicKey")
			}
		},
		"frost.NewTweakContext": func(t *testing.T) {
			for _, b := range append(badLengths(33), make([]byte, 33)) {
				tc, err := frost.NewTweakContext(b)
				if tc != nil || !errors.Is(err, frost.ErrInvalidThresholdKey) {
					t.Errorf("NewTweakContext(%x) = %v, %v", b, tc, err)
				}
			}
		},
		"frost.TweakContext.ApplyTweaks": func(t *testing.T) {
			for _, tc := range []*frost.TweakContext{nilTC, zeroTC} {
				if err := tc.ApplyTweaks(nil, nil); !errors.Is(err, frost.ErrInvalidTweakContext) {
					t.Errorf("ApplyTweaks on an invalid context: %v", err)
				}
			}
			tc, _ := frost.NewTweakContext(tpk)
			before := tc.PublicKey().BytesCompressed()
			if err := tc.ApplyTweaks([][]byte{make([]byte, 32)}, nil); !errors.Is(err, frost.ErrLengthMismatch) {
				t.Errorf("ApplyTweaks(1 tweak, 0 flags) = %v", err)
			}
			// A bad second tweak leaves the context unchanged.
			one := make([]byte, 32)
			one[31] = 1
			if err := tc.ApplyTweaks([][]byte{one, nil}, []bool{false, true}); !errors.Is(err, frost.ErrInvalidTweak) {
				t.Errorf("ApplyTweaks(good, nil) = %v", err)
			}
			if !bytes.Equal(tc.PublicKey().BytesCompressed(), before) {
				t.Error("a failed ApplyTweaks changed the context")
			}
		},
		"frost.TweakContext.TweakAdd": func(t *testing.T) {
			testTweak(t, (*frost.TweakContext).TweakAdd)
		},
		"frost.TweakContext.XOnlyTweakAdd": func(t *testing.T) {
			testTweak(t, (*frost.TweakContext).XOnlyTweakAdd)
		},
		"frost.TweakContext.TaprootTweak": func(t *testing.T) {
			for _, tc := range []*frost.TweakContext{nilTC, zeroTC} {
				if err := tc.TaprootTweak(nil); !errors.Is(err, frost.ErrInvalidTweakContext) {
					t.Errorf("TaprootTweak on an invalid context: %v", err)
				}
			}
			tc, _ := frost.NewTweakContext(tpk)
			for _, b := range [][]byte{{1}, make([]byte, 31), make([]byte, 33)} {
				if err := tc.TaprootTweak(b); !errors.Is(err, frost.ErrInvalidTweak) {
					t.Errorf("TaprootTweak(%x) = %v", b, err)
				}
			}
		},
		"frost.TweakContext.PublicKey": func(t *testing.T) {
			if nilTC.PublicKey() != nil || zeroTC.PublicKey() != nil {
				t.Error("PublicKey of an invalid context")
			}
		},
		"frost.TweakContext.XOnlyPublicKey": func(t *testing.T) {
			if nilTC.XOnlyPublicKey() != nil || zeroTC.XOnlyPublicKey() != nil {
				t.Error("XOnlyPublicKey of an invalid context")
			}
		},
		"frost.SecretNonce.String": func(t *testing.T) {
			var sn *frost.SecretNonce
			if sn.String() != "frost.SecretNonce{…}" || new(frost.SecretNonce).String() != "frost.SecretNonce{…}" {
				t.Error("String")
			}
		},
		"frost.SecretNonce.GoString": func(t *testing.T) {
			var sn *frost.SecretNonce
			if sn.GoString() != "frost.SecretNonce{…}" {
				t.Error("GoString")
			}
		},
		"frost.SecretNonce.Format": func(t *testing.T) {
			var sn *frost.SecretNonce
			if fmt.Sprintf("%x", sn) != "frost.SecretNonce{…}" {
				t.Error("Format")
			}
		},
		"frost.NonceGen": func(t *testing.T) {
			for _, o := range []*frost.NonceOptions{
				{SecretShare: zeroKey},
				{PublicShare: []byte{}},
				{PublicShare: make([]byte, 33)},
				{ThresholdKey: []byte{}},
				{ThresholdKey: make([]byte, 33)},
				{Rand: []byte{}},
				{Rand: make([]byte, 31)},
				{Rand: make([]byte, 32)},
				{SecretShare: share0, PublicShare: pubs[1]},
			} {
				sn, pn, err := frost.NonceGen(o)
				if sn != nil || pn != nil || err == nil {
					t.Errorf("NonceGen(%+v) = %v, %x, %v", o, sn, pn, err)
				}
			}
		},
		"frost.NonceAgg": func(t *testing.T) {
			out, err := frost.NonceAgg(nil)
			wantNilBytes(t, "NonceAgg(nil)", out, err, frost.ErrInvalidInput)
			for _, b := range badLengths(66) {
				out, err := frost.NonceAgg([][]byte{f.pn[0], b})
				if out != nil || !errors.Is(err, &frost.InvalidContributionError{Signer: 1, Contribution: frost.ContribPubNonce}) {
					t.Errorf("NonceAgg(good, %x) = %x, %v", b, out, err)
				}
			}
		},
		"frost.NewSession": func(t *testing.T) {
			for _, c := range []struct {
				sc   *frost.SignersContext
				tc   *frost.TweakContext
				agg  []byte
				want error
			}{
				{nilSC, nil, f.agg, frost.ErrInvalidSignersContext},
				{zeroSC, nil, f.agg, frost.ErrInvalidSignersContext},
				{f.sc, zeroTC, f.agg, frost.ErrInvalidTweakContext},
				{f.sc, nil, nil, frost.ErrInvalidAggNonce},
				{f.sc, nil, f.agg[:65], frost.ErrInvalidAggNonce},
				{f.sc, nil, bytes.Repeat([]byte{0xff}, 66), frost.ErrInvalidAggNonce},
			} {
				s, err := frost.NewSession(c.sc, c.tc, c.agg, f.msg)
				if s != nil || !errors.Is(err, c.want) {
					t.Errorf("NewSession = %v, %v; want %v", s, err, c.want)
				}
			}
			// The all-infinity aggregate nonce is valid (R falls back to G).
			if _, err := frost.NewSession(f.sc, nil, make([]byte, 66), nil); err != nil {
				t.Errorf("NewSession(infinity nonce) = %v", err)
			}
		},
		"frost.Session.Sign": func(t *testing.T) {
			var nilSN *frost.SecretNonce
			for _, sn := range []*frost.SecretNonce{nilSN, new(frost.SecretNonce)} {
				out, err := f.sess.Sign(sn, share0, 0)
				wantNilBytes(t, "Sign(invalid nonce)", out, err, frost.ErrInvalidSecretNonce)
			}
			for _, s := range []*frost.Session{nilSess, zeroSess} {
				out, err := s.Sign(fresh(t), share0, 0)
				wantNilBytes(t, "Sign on an invalid session", out, err, frost.ErrInvalidSession)
			}
			out, err := f.sess.Sign(fresh(t), nil, 0)
			wantNilBytes(t, "Sign(nil share)", out, err, frost.ErrInvalidSecretShare)
			out, err = f.sess.Sign(fresh(t), zeroKey, 0)
			wantNilBytes(t, "Sign(zero share)", out, err, frost.ErrInvalidSecretShare)
			for _, id := range []int{-1, 1, 3, math.MaxInt} {
				out, err = f.sess.Sign(fresh(t), share0, id)
				wantNilBytes(t, fmt.Sprintf("Sign(id %d)", id), out, err, frost.ErrIDNotInSigners)
			}
			out, err = f.sess.Sign(fresh(t), share2, 0)
			wantNilBytes(t, "Sign(share of another id)", out, err, frost.ErrShareIDMismatch)
		},
		"frost.Session.PartialVerify": func(t *testing.T) {
			psig := make([]byte, 32)
			for _, s := range []*frost.Session{nilSess, zeroSess} {
				if s.PartialVerify(psig, f.pn[0], 0) {
					t.Error("PartialVerify on an invalid session")
				}
			}
			for _, i := range []int{-1, 2, math.MaxInt} {
				if f.sess.PartialVerify(psig, f.pn[0], i) {
					t.Errorf("PartialVerify(index %d)", i)
				}
			}
			for _, b := range badLengths(32) {
				if f.sess.PartialVerify(b, f.pn[0], 0) {
					t.Errorf("PartialVerify(psig %x)", b)
				}
			}
			for _, b := range badLengths(66) {
				if f.sess.PartialVerify(psig, b, 0) {
					t.Errorf("PartialVerify(pubnonce %x)", b)
				}
			}
		},
		"frost.Session.Aggregate": func(t *testing.T) {
			for _, s := range []*frost.Session{nilSess, zeroSess} {
				out, err := s.Aggregate([][]byte{nil, nil})
				wantNilBytes(t, "Aggregate on an invalid session", out, err, frost.ErrInvalidSession)
			}
			out, err := f.sess.Aggregate(nil)
			wantNilBytes(t, "Aggregate(nil)", out, err, frost.ErrLengthMismatch)
			out, err = f.sess.Aggregate([][]byte{make([]byte, 32)})
			wantNilBytes(t, "Aggregate(1 of 2)", out, err, frost.ErrLengthMismatch)
			for _, b := range badLengths(32) {
				out, err := f.sess.Aggregate([][]byte{make([]byte, 32), b})
				if out != nil || !errors.Is(err, &frost.InvalidContributionError{Signer: 1, Contribution: frost.ContribPartialSig}) {
					t.Errorf("Aggregate(good, %x) = %x, %v", b, out, err)
				}
			}
		},
		"frost.DeterministicSign": func(t *testing.T) {
			other := f.pn[1]
			for _, c := range []struct {
				share *secp256k1.PrivateKey
				id    int
				aon   []byte
				sc    *frost.SignersContext
				tc    *frost.TweakContext
				aux   []byte
				want  error
			}{
				{share0, 0, other, nilSC, nil, nil, frost.ErrInvalidSignersContext},
				{share0, 0, other, zeroSC, nil, nil, frost.ErrInvalidSignersContext},
				{share0, 0, other, f.sc, zeroTC, nil, frost.ErrInvalidTweakContext},
				{share0, 0, other, f.sc, nil, []byte{}, frost.ErrInvalidInput},
				{share0, 0, other, f.sc, nil, make([]byte, 33), frost.ErrInvalidInput},
				{share0, 0, nil, f.sc, nil, nil, frost.ErrInvalidInput},
				{share0, 0, []byte{}, f.sc, nil, nil, frost.ErrInvalidAggNonce},
				{share0, 0, make([]byte, 66), f.sc, nil, nil, frost.ErrInvalidAggNonce},
				{share0, 0, other[:65], f.sc, nil, nil, frost.ErrInvalidAggNonce},
				{nil, 0, other, f.sc, nil, nil, frost.ErrInvalidSecretShare},
				{zeroKey, 0, other, f.sc, nil, nil, frost.ErrInvalidSecretShare},
				{share0, -1, other, f.sc, nil, nil, frost.ErrIDNotInSigners},
				{share0, math.MaxInt, other, f.sc, nil, nil, frost.ErrIDNotInSigners},
				{share0, 1, other, f.sc, nil, nil, frost.ErrIDNotInSigners},
				{share0, 2, other, f.sc, nil, nil, frost.ErrShareIDMismatch},
				{f.d.SecretShares[1], 0, other, f.sc, nil, nil, frost.ErrPubShareNotInSigners},
			} {
				pn, psig, err := frost.DeterministicSign(c.share, c.id, c.aon, c.sc, c.tc, f.msg, c.aux)
				if pn != nil || psig != nil || !errors.Is(err, c.want) {
					t.Errorf("DeterministicSign(id %d, aon %x) = %x, %x, %v; want %v", c.id, c.aon, pn, psig, err, c.want)
				}
			}
		},
		"frost.DealerKeyGen": func(t *testing.T) {
			for _, c := range [][2]int{{0, 0}, {2, 1}, {-1, 3}, {1, frost.MaxDealerParticipants + 1}} {
				d, err := frost.DealerKeyGen(c[0], c[1], nil, nil)
				if d != nil || !errors.Is(err, frost.ErrInvalidThreshold) {
					t.Errorf("DealerKeyGen(%d, %d) = %v, %v", c[0], c[1], d, err)
				}
			}
			d, err := frost.DealerKeyGen(2, 3, zeroKey, nil)
			if d != nil || !errors.Is(err, frost.ErrInvalidSecretShare) {
				t.Errorf("DealerKeyGen(zero secret) = %v, %v", d, err)
			}
			d, err = frost.DealerKeyGen(2, 3, nil, bytes.NewReader(nil))
			if d != nil || err == nil {
				t.Errorf("DealerKeyGen(empty reader) = %v, %v", d, err)
			}
		},
		"frost.VerifyShare": func(t *testing.T) {
			if frost.VerifyShare(nil, 0, share0) || frost.VerifyShare(f.d.Commitment, 0, nil) ||
				frost.VerifyShare(f.d.Commitment, 0, zeroKey) || frost.VerifyShare(f.d.Commitment, -1, share0) ||
				frost.VerifyShare([][]byte{nil}, 0, share0) {
				t.Error("VerifyShare of invalid input = true")
			}
		},
		"frost.InvalidContributionError.Error": func(t *testing.T) {
			var e *frost.InvalidContributionError
			if e.Error() == "" || new(frost.InvalidContributionError).Error() == "" {
				t.Error("empty message")
			}
		},
		"frost.InvalidContributionError.Unwrap": func(t *testing.T) {
			var e *frost.InvalidContributionError
			if e.Unwrap() != nil || new(frost.InvalidContributionError).Unwrap() != nil {
				t.Error("Unwrap of a nil or unknown contribution is not nil")
			}
		},
		"frost.InvalidContributionError.Is": func(t *testing.T) {
			var e *frost.InvalidContributionError
			if e.Is(e) || e.Is(nil) || new(frost.InvalidContributionError).Is(nil) {
				t.Error("Is of nil errors = true")
			}
		},
	}
}

// testTweak runs the misuse cases of a single-tweak method.
func testTweak(t *testing.T, tweak func(*frost.TweakContext, []byte) error) {
	t.Helper()
	var nilTC *frost.TweakContext
	for _, tc := range []*frost.TweakContext{nilTC, new(frost.TweakContext)} {
		if err := tweak(tc, make([]byte, 32)); !errors.Is(err, frost.ErrInvalidTweakContext) {
			t.Errorf("tweak on an invalid context: %v", err)
		}
	}
	d, err := frost.DealerKeyGen(1, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	tc, _ := frost.NewTweakContext(d.ThresholdPublicKey)
	for _, b := range [][]byte{nil, {}, make([]byte, 31), make([]byte, 33)} {
		if err := tweak(tc, b); !errors.Is(err, frost.ErrInvalidTweak) {
			t.Errorf("tweak(%x) = %v", b, err)
		}
	}
	if err := tweak(tc, testutil.MustHex(t, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")); !errors.Is(err, frost.ErrTweakRange) {
		t.Errorf("tweak(n) = %v", err)
	}
	// The negated secret as a plain tweak takes the key to infinity.
	neg := d.SecretShares[0].Negate().Bytes()
	before := tc.PublicKey().BytesCompressed()
	if err := tc.TweakAdd(neg); !errors.Is(err, frost.ErrTweakInfinity) {
		t.Errorf("TweakAdd(-secret) = %v", err)
	}
	if !bytes.Equal(tc.PublicKey().BytesCompressed(), before) {
		t.Error("a failed tweak changed the context")
	}
}

func TestMisuse(t *testing.T) {
	f := newFixture(t)
	for name, fn := range misuseTable(f) {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			fn(t)
		})
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable(newFixture(t))
	exported := testutil.ExportedFuncs(t, ".")
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse case for %s, which is not exported", name)
		}
	}
}
