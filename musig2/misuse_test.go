package musig2_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
)

// The misuse table of package musig2: every exported function and method
// called with nil, zero values, consumed nonces and wrong lengths. None may
// panic, and none may return a value together with an error, or a value
// for invalid input. TestMisuseTableComplete fails when an exported
// function has no entry.

// wantErr fails unless err wraps sentinel and v is empty (nil slice or
// nil pointer).
func wantErr[T comparable](t *testing.T, what string, v T, err, sentinel error) {
	t.Helper()
	var zero T
	if v != zero || !errors.Is(err, sentinel) {
		t.Errorf("%s = %v, %v; want no value and %v", what, v, err, sentinel)
	}
}

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

func misuseTable(f *fixture) map[string]func(t *testing.T) {
	zeroCache := new(musig2.KeyAggCache)
	zeroSession := new(musig2.Session)
	var nilCache *musig2.KeyAggCache
	var nilSession *musig2.Session
	zeroKey := new(secp256k1.PrivateKey)
	consumed := func(t *testing.T) *musig2.SecretNonce {
		sn, pn, err := musig2.NonceGen(f.pks[0], nil)
		if err != nil {
			t.Fatal(err)
		}
		agg, _ := musig2.NonceAgg([][]byte{pn, f.pn[1]})
		s, _ := musig2.NewSession(f.cache, agg, f.msg)
		if _, err := s.Sign(sn, f.priv[0]); err != nil {
			t.Fatal(err)
		}
		return sn
	}
	freshNonce := func(t *testing.T) *musig2.SecretNonce {
		sn, _, err := musig2.NonceGen(f.pks[0], nil)
		if err != nil {
			t.Fatal(err)
		}
		return sn
	}
	validSig := func(t *testing.T) []byte {
		return signAll(t, f.cache, f.priv[:], f.msg)
	}
	return map[string]func(t *testing.T){
		"musig2.KeySort": func(t *testing.T) {
			musig2.KeySort(nil)
			keys := [][]byte{{3}, nil, {}, {2}}
			musig2.KeySort(keys)
			if len(keys[0]) != 0 || len(keys[1]) != 0 {
				t.Error("KeySort: empty keys must sort first")
			}
		},
		"musig2.KeyAgg": func(t *testing.T) {
			c, err := musig2.KeyAgg(nil)
			wantErr(t, "KeyAgg(nil)", c, err, musig2.ErrInvalidKeyAggCache)
			c, err = musig2.KeyAgg([][]byte{})
			wantErr(t, "KeyAgg(empty)", c, err, musig2.ErrInvalidKeyAggCache)
			for _, b := range badLengths(33) {
				c, err := musig2.KeyAgg([][]byte{f.pks[0], b})
				wantErr(t, "KeyAgg(bad key)", c, err, &musig2.InvalidContributionError{Signer: 1, Contribution: musig2.ContribPubKey})
				if !errors.Is(err, musig2.ErrInvalidPublicKey) {
					t.Errorf("KeyAgg(bad key): %v does not wrap ErrInvalidPublicKey", err)
				}
			}
		},
		"musig2.KeyAggCache.PublicKey": func(t *testing.T) {
			if nilCache.PublicKey() != nil || zeroCache.PublicKey() != nil {
				t.Error("PublicKey of a nil or zero cache is not nil")
			}
		},
		"musig2.KeyAggCache.XOnlyPublicKey": func(t *testing.T) {
			if nilCache.XOnlyPublicKey() != nil || zeroCache.XOnlyPublicKey() != nil {
				t.Error("XOnlyPublicKey of a nil or zero cache is not nil")
			}
		},
		"musig2.KeyAggCache.TweakAdd": func(t *testing.T) {
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				if err := c.TweakAdd(make([]byte, 32)); !errors.Is(err, musig2.ErrInvalidKeyAggCache) {
					t.Errorf("TweakAdd on a nil or zero cache: %v", err)
				}
			}
			c := *f.cache
			for _, b := range badLengths(32) {
				if err := c.TweakAdd(b); !errors.Is(err, musig2.ErrInvalidTweak) {
					t.Errorf("TweakAdd(%x): %v", b, err)
				}
			}
		},
		"musig2.KeyAggCache.XOnlyTweakAdd": func(t *testing.T) {
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				if err := c.XOnlyTweakAdd(make([]byte, 32)); !errors.Is(err, musig2.ErrInvalidKeyAggCache) {
					t.Errorf("XOnlyTweakAdd on a nil or zero cache: %v", err)
				}
			}
			c := *f.cache
			for _, b := range badLengths(32) {
				if err := c.XOnlyTweakAdd(b); !errors.Is(err, musig2.ErrInvalidTweak) {
					t.Errorf("XOnlyTweakAdd(%x): %v", b, err)
				}
			}
		},
		"musig2.KeyAggCache.TaprootTweak": func(t *testing.T) {
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				if err := c.TaprootTweak(nil); !errors.Is(err, musig2.ErrInvalidKeyAggCache) {
					t.Errorf("TaprootTweak on a nil or zero cache: %v", err)
				}
			}
			c := *f.cache
			for _, b := range [][]byte{{1}, make([]byte, 31), make([]byte, 33)} {
				if err := c.TaprootTweak(b); !errors.Is(err, musig2.ErrInvalidTweak) {
					t.Errorf("TaprootTweak(%x): %v", b, err)
				}
			}
		},
		"musig2.KeyAggCache.ExtendedKey": func(t *testing.T) {
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				k, err := c.ExtendedKey()
				wantErr(t, "ExtendedKey", k, err, musig2.ErrInvalidKeyAggCache)
			}
		},
		"musig2.KeyAggCache.DeriveChild": func(t *testing.T) {
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				if err := c.DeriveChild(0); !errors.Is(err, musig2.ErrInvalidKeyAggCache) {
					t.Errorf("DeriveChild on a nil or zero cache: %v", err)
				}
			}
			c := *f.cache
			if err := c.DeriveChild(1 << 31); !errors.Is(err, musig2.ErrNotExtendable) {
				t.Errorf("DeriveChild(hardened): %v", err)
			}
		},
		"musig2.SyntheticChainCode": func(t *testing.T) {
			if musig2.SyntheticChainCode() == [32]byte{} {
				t.Error("zero chain code")
			}
		},
		"musig2.ExtendedKey.Child": func(t *testing.T) {
			for _, k := range []*musig2.ExtendedKey{nil, {}, {Key: [33]byte{4}}} {
				c, tw, err := k.Child(0)
				if c != nil || tw != nil || !errors.Is(err, musig2.ErrInvalidPublicKey) {
					t.Errorf("Child of %v = %v, %x, %v", k, c, tw, err)
				}
			}
			k, _ := f.cache.ExtendedKey()
			c, tw, err := k.Child(1 << 31)
			if c != nil || tw != nil || !errors.Is(err, musig2.ErrNotExtendable) {
				t.Errorf("Child(hardened) = %v, %x, %v", c, tw, err)
			}
			k.Depth = 255
			c, tw, err = k.Child(0)
			if c != nil || tw != nil || !errors.Is(err, musig2.ErrNotExtendable) {
				t.Errorf("Child at depth 255 = %v, %x, %v", c, tw, err)
			}
		},
		"musig2.NonceGen": func(t *testing.T) {
			for _, pk := range badLengths(33) {
				sn, pn, err := musig2.NonceGen(pk, nil)
				wantErr(t, "NonceGen(bad key)", sn, err, musig2.ErrInvalidPublicKey)
				wantNilBytes(t, "NonceGen(bad key) nonce", pn, err, musig2.ErrInvalidPublicKey)
			}
			for name, o := range map[string]*musig2.NonceOptions{
				"short aggregate key": {AggregateKey: make([]byte, 31)},
				"empty aggregate key": {AggregateKey: []byte{}},
				"short rand":          {Rand: make([]byte, 31)},
				"empty rand":          {Rand: []byte{}},
				"zero rand":           {Rand: make([]byte, 32)},
			} {
				sn, pn, err := musig2.NonceGen(f.pks[0], o)
				wantErr(t, "NonceGen("+name+")", sn, err, musig2.ErrInvalidInput)
				wantNilBytes(t, "NonceGen("+name+") nonce", pn, err, musig2.ErrInvalidInput)
			}
			sn, pn, err := musig2.NonceGen(f.pks[0], &musig2.NonceOptions{SecretKey: zeroKey})
			wantErr(t, "NonceGen(zero key)", sn, err, musig2.ErrInvalidPrivateKey)
			wantNilBytes(t, "NonceGen(zero key) nonce", pn, err, musig2.ErrInvalidPrivateKey)
			sn, pn, err = musig2.NonceGen(f.pks[0], &musig2.NonceOptions{SecretKey: f.priv[1]})
			wantErr(t, "NonceGen(other signer's key)", sn, err, musig2.ErrNonceKeyMismatch)
			wantNilBytes(t, "NonceGen(other signer's key) nonce", pn, err, musig2.ErrNonceKeyMismatch)
			for _, pk := range badLengths(33) {
				sn, pn, err := musig2.NonceGen(pk, &musig2.NonceOptions{SecretKey: f.priv[0]})
				wantErr(t, "NonceGen(bad key, with SecretKey)", sn, err, musig2.ErrNonceKeyMismatch)
				wantNilBytes(t, "NonceGen(bad key, with SecretKey) nonce", pn, err, musig2.ErrNonceKeyMismatch)
			}
		},
		"musig2.SecretNonce.String": func(t *testing.T) {
			var n *musig2.SecretNonce
			if n.String() != "musig2.SecretNonce{…}" || new(musig2.SecretNonce).String() != "musig2.SecretNonce{…}" {
				t.Error("String of a nil or zero nonce")
			}
		},
		"musig2.SecretNonce.GoString": func(t *testing.T) {
			var n *musig2.SecretNonce
			if n.GoString() != "musig2.SecretNonce{…}" {
				t.Error("GoString of a nil nonce")
			}
		},
		"musig2.SecretNonce.Format": func(t *testing.T) {
			var n *musig2.SecretNonce
			if s := fmt.Sprintf("%v %x", n, new(musig2.SecretNonce)); s != "musig2.SecretNonce{…} musig2.SecretNonce{…}" {
				t.Errorf("Format of a nil or zero nonce: %q", s)
			}
		},
		"musig2.NonceAgg": func(t *testing.T) {
			agg, err := musig2.NonceAgg(nil)
			wantNilBytes(t, "NonceAgg(nil)", agg, err, musig2.ErrInvalidInput)
			for _, b := range badLengths(66) {
				agg, err := musig2.NonceAgg([][]byte{f.pn[0], b})
				wantNilBytes(t, "NonceAgg(bad nonce)", agg, err, &musig2.InvalidContributionError{Signer: 1, Contribution: musig2.ContribPubNonce})
			}
			// A half at infinity is not a public nonce.
			agg, err = musig2.NonceAgg([][]byte{append(make([]byte, 33), f.pn[0][33:]...)})
			wantNilBytes(t, "NonceAgg(infinity)", agg, err, musig2.ErrInvalidPubNonce)
		},
		"musig2.NewSession": func(t *testing.T) {
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				s, err := musig2.NewSession(c, f.agg, f.msg)
				wantErr(t, "NewSession(bad cache)", s, err, musig2.ErrInvalidKeyAggCache)
			}
			for _, b := range badLengths(66) {
				s, err := musig2.NewSession(f.cache, b, f.msg)
				wantErr(t, "NewSession(bad aggnonce)", s, err, &musig2.InvalidContributionError{Signer: musig2.NoSigner, Contribution: musig2.ContribAggNonce})
			}
		},
		"musig2.NewAdaptorSession": func(t *testing.T) {
			for _, b := range badLengths(33) {
				s, err := musig2.NewAdaptorSession(f.cache, f.agg, f.msg, b)
				wantErr(t, "NewAdaptorSession(bad adaptor)", s, err, musig2.ErrInvalidAdaptor)
			}
			for _, c := range []*musig2.KeyAggCache{nilCache, zeroCache} {
				s, err := musig2.NewAdaptorSession(c, f.agg, f.msg, f.pks[0])
				wantErr(t, "NewAdaptorSession(bad cache)", s, err, musig2.ErrInvalidKeyAggCache)
			}
			s, err := musig2.NewAdaptorSession(f.cache, make([]byte, 65), f.msg, f.pks[0])
			wantErr(t, "NewAdaptorSession(bad aggnonce)", s, err, musig2.ErrInvalidAggNonce)
		},
		"musig2.Session.NonceParity": func(t *testing.T) {
			for _, s := range []*musig2.Session{nilSession, zeroSession} {
				if odd, err := s.NonceParity(); odd || !errors.Is(err, musig2.ErrInvalidSession) {
					t.Errorf("NonceParity = %v, %v", odd, err)
				}
			}
		},
		"musig2.Session.Sign": func(t *testing.T) {
			for name, sn := range map[string]*musig2.SecretNonce{"nil": nil, "zero": new(musig2.SecretNonce), "consumed": consumed(t)} {
				psig, err := f.sess.Sign(sn, f.priv[0])
				wantNilBytes(t, "Sign("+name+" nonce)", psig, err, musig2.ErrInvalidSecretNonce)
			}
			for _, s := range []*musig2.Session{nilSession, zeroSession} {
				psig, err := s.Sign(freshNonce(t), f.priv[0])
				wantNilBytes(t, "Sign on a bad session", psig, err, musig2.ErrInvalidSession)
			}
			for _, k := range []*secp256k1.PrivateKey{nil, zeroKey} {
				psig, err := f.sess.Sign(freshNonce(t), k)
				wantNilBytes(t, "Sign(bad key)", psig, err, musig2.ErrInvalidPrivateKey)
			}
			psig, err := f.sess.Sign(freshNonce(t), f.priv[1])
			wantNilBytes(t, "Sign(other key)", psig, err, musig2.ErrNonceKeyMismatch)
		},
		"musig2.Session.PartialVerify": func(t *testing.T) {
			f2 := newFixture(t)
			psig, err := f2.sess.Sign(f2.sn[0], f2.priv[0])
			if err != nil || !f2.sess.PartialVerify(psig, f2.pn[0], f2.pks[0]) {
				t.Fatalf("valid partial signature: %v", err)
			}
			for _, s := range []*musig2.Session{nilSession, zeroSession} {
				if s.PartialVerify(psig, f2.pn[0], f2.pks[0]) {
					t.Error("PartialVerify on a bad session = true")
				}
			}
			for _, b := range badLengths(32) {
				if f2.sess.PartialVerify(b, f2.pn[0], f2.pks[0]) {
					t.Errorf("PartialVerify(psig %x) = true", b)
				}
			}
			for _, b := range badLengths(66) {
				if f2.sess.PartialVerify(psig, b, f2.pks[0]) {
					t.Errorf("PartialVerify(pubnonce %x) = true", b)
				}
			}
			for _, b := range badLengths(33) {
				if f2.sess.PartialVerify(psig, f2.pn[0], b) {
					t.Errorf("PartialVerify(pubkey %x) = true", b)
				}
			}
		},
		"musig2.Session.Aggregate": func(t *testing.T) {
			for _, s := range []*musig2.Session{nilSession, zeroSession} {
				sig, err := s.Aggregate([][]byte{make([]byte, 32)})
				wantNilBytes(t, "Aggregate on a bad session", sig, err, musig2.ErrInvalidSession)
			}
			sig, err := f.sess.Aggregate(nil)
			wantNilBytes(t, "Aggregate(nil)", sig, err, musig2.ErrInvalidInput)
			for _, b := range badLengths(32) {
				sig, err := f.sess.Aggregate([][]byte{make([]byte, 32), b})
				wantNilBytes(t, "Aggregate(bad psig)", sig, err, &musig2.InvalidContributionError{Signer: 1, Contribution: musig2.ContribPartialSig})
			}
		},
		"musig2.DeterministicSign": func(t *testing.T) {
			call := func(priv *secp256k1.PrivateKey, other []byte, c *musig2.KeyAggCache, rand []byte) ([]byte, []byte, error) {
				return musig2.DeterministicSign(priv, other, c, f.msg, rand)
			}
			check := func(what string, pn, psig []byte, err, sentinel error) {
				t.Helper()
				wantNilBytes(t, what, pn, err, sentinel)
				wantNilBytes(t, what, psig, err, sentinel)
			}
			pn, psig, err := call(f.priv[0], f.pn[1], nilCache, nil)
			check("DeterministicSign(nil cache)", pn, psig, err, musig2.ErrInvalidKeyAggCache)
			pn, psig, err = call(f.priv[0], f.pn[1], zeroCache, nil)
			check("DeterministicSign(zero cache)", pn, psig, err, musig2.ErrInvalidKeyAggCache)
			for _, k := range []*secp256k1.PrivateKey{nil, zeroKey} {
				pn, psig, err = call(k, f.pn[1], f.cache, nil)
				check("DeterministicSign(bad key)", pn, psig, err, musig2.ErrInvalidPrivateKey)
			}
			for _, b := range badLengths(66) {
				pn, psig, err = call(f.priv[0], b, f.cache, nil)
				check("DeterministicSign(bad aggothernonce)", pn, psig, err, &musig2.InvalidContributionError{Signer: musig2.NoSigner, Contribution: musig2.ContribAggOtherNonce})
			}
			for _, r := range [][]byte{{}, make([]byte, 31), make([]byte, 33)} {
				pn, psig, err = call(f.priv[0], f.pn[1], f.cache, r)
				check("DeterministicSign(bad rand)", pn, psig, err, musig2.ErrInvalidInput)
			}
		},
		"musig2.Adapt": func(t *testing.T) {
			sig := validSig(t)
			for _, b := range badLengths(64) {
				out, err := musig2.Adapt(b, make([]byte, 32), false)
				wantNilBytes(t, "Adapt(bad pre-signature)", out, err, musig2.ErrInvalidSignature)
			}
			for _, b := range badLengths(32) {
				out, err := musig2.Adapt(sig, b, false)
				wantNilBytes(t, "Adapt(bad secret)", out, err, musig2.ErrInvalidAdaptor)
			}
		},
		"musig2.ExtractAdaptor": func(t *testing.T) {
			sig := validSig(t)
			for _, b := range badLengths(64) {
				out, err := musig2.ExtractAdaptor(b, sig, false)
				wantNilBytes(t, "ExtractAdaptor(bad sig)", out, err, musig2.ErrInvalidSignature)
				out, err = musig2.ExtractAdaptor(sig, b, false)
				wantNilBytes(t, "ExtractAdaptor(bad pre-signature)", out, err, musig2.ErrInvalidSignature)
			}
			other := bytes.Clone(sig)
			other[0] ^= 1
			out, err := musig2.ExtractAdaptor(sig, other, false)
			wantNilBytes(t, "ExtractAdaptor(different nonces)", out, err, musig2.ErrInvalidSignature)
		},
		"musig2.InvalidContributionError.Error": func(t *testing.T) {
			var e *musig2.InvalidContributionError
			if e.Error() == "" || new(musig2.InvalidContributionError).Error() == "" {
				t.Error("empty message")
			}
		},
		"musig2.InvalidContributionError.Unwrap": func(t *testing.T) {
			var e *musig2.InvalidContributionError
			if e.Unwrap() != nil || new(musig2.InvalidContributionError).Unwrap() != nil {
				t.Error("Unwrap of a nil or unknown contribution is not nil")
			}
		},
		"musig2.InvalidContributionError.Is": func(t *testing.T) {
			var e *musig2.InvalidContributionError
			if e.Is(e) || e.Is(nil) || new(musig2.InvalidContributionError).Is(nil) {
				t.Error("Is of nil errors = true")
			}
		},
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
	for _, name := range testutil.ExportedFuncs(t, ".") {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(testutil.ExportedFuncs(t, "."), name) {
			t.Errorf("misuse case for %s, which is not exported", name)
		}
	}
}
