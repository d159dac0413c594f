package musig2

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// KeySort sorts the 33-byte compressed public keys in place in ascending
// byte order: BIP-327's KeySort (libsecp256k1's secp256k1_ec_pubkey_sort).
// It compares bytes only, so it sorts invalid encodings too; KeyAgg
// rejects them. It does not allocate.
func KeySort(pubkeys [][]byte) {
	slices.SortFunc(pubkeys, bytes.Compare)
}

// KeyAggCache is the result of key aggregation, which signing, nonce
// generation, partial-signature verification and aggregation read: the
// aggregate public key Q (after any tweaks), BIP-327's tweak accumulator
// tacc and sign accumulator gacc, the hash of the key list, the second
// distinct key (whose coefficient is 1), and the key list itself, so that
// signing can check that the signer is one of the keys.
//
// The zero value and nil are invalid: every method returns an error (or
// nil). Make one with KeyAgg. The tweak methods change the cache in place;
// a copy (c2 := *c) is an independent cache, which may be tweaked
// differently (the key list is shared, and never modified). A cache holds
// only public data. It is not safe to tweak a cache while another
// goroutine reads it.
type KeyAggCache struct {
	q         group.Affine   // Q, the (tweaked) aggregate key: finite
	parityAcc int            // 1 when gacc = -1 (mod n), 0 when gacc = 1
	tacc      scalar.Scalar  // the tweak accumulator
	pksHash   [32]byte       // hash_KeyAgg list(pk_1 ‖ ... ‖ pk_u)
	second    [33]byte       // GetSecondKey: the first key != pk_1, or zeros
	keys      []byte         // the aggregated keys, 33 bytes each
	pts       []group.Affine // the same keys, parsed
	ext       extState       // BIP-328 derivation state
	valid     bool
}

// ok reports whether c was made by KeyAgg.
func (c *KeyAggCache) ok() bool { return c != nil && c.valid }

// KeyAgg aggregates the 33-byte compressed public keys in the given order
// (sort them first with KeySort for an order-independent key): BIP-327's
// KeyAgg, libsecp256k1's secp256k1_musig_pubkey_agg. The same key may
// appear more than once.
//
// A key that is not a valid compressed point returns an
// *InvalidContributionError naming its index and ContribPubKey (the first
// such index); an empty list returns an error wrapping
// ErrInvalidKeyAggCache. Keys are public: execution time depends on them.
// The sum Σ a_i·P_i is one variable-time multi-scalar multiplication.
func KeyAgg(pubkeys [][]byte) (*KeyAggCache, error) {
	if len(pubkeys) == 0 {
		return nil, fmt.Errorf("%w: no public keys", ErrInvalidKeyAggCache)
	}
	pts := make([]group.Affine, len(pubkeys))
	for i, pk := range pubkeys {
		if !parsePoint(&pts[i], pk) {
			return nil, contribErr(i, ContribPubKey)
		}
	}
	c := &KeyAggCache{keys: make([]byte, 0, 33*len(pubkeys)), pts: pts}
	for _, pk := range pubkeys {
		c.keys = append(c.keys, pk...)
	}
	tagKeyAggList.Sum(&c.pksHash, c.keys, nil, nil)
	for _, pk := range pubkeys[1:] {
		if !bytes.Equal(pk, pubkeys[0]) {
			c.second = [33]byte(pk)
			break
		}
	}

	// Q = Σ a_i·P_i: the keys with coefficient 1 (the second key, maybe
	// repeated) are added directly, the others go to one multi-scalar
	// multiplication.
	var ones group.Jacobian
	ones.SetInfinity()
	terms := make([]ecmult.Term, 0, len(pubkeys))
	var a scalar.Scalar
	for i, pk := range pubkeys {
		if c.isSecond(pk) {
			ones.AddMixedVarTime(&ones, &pts[i])
			continue
		}
		c.coefHash(&a, pk)
		terms = append(terms, ecmult.Term{})
		terms[len(terms)-1].Set(&a, &pts[i])
	}
	var q group.Jacobian
	switch len(terms) {
	case 0:
		q.Set(&ones)
	case 1:
		// Two distinct keys (the common case): one a·P, without the
		// multi-scalar machinery; a still holds that key's coefficient
		// (the loop computed no other).
		var zero scalar.Scalar
		ecmult.DoubleMultVarTime(&q, &a, &terms[0].P, &zero)
		q.AddVarTime(&q, &ones)
	default:
		ecmult.MultiScalarMultVarTime(&q, nil, terms, nil)
		q.AddVarTime(&q, &ones)
	}
	if q.IsInfinity() == 1 {
		return nil, errInfinity
	}
	c.q.SetJacobianVarTime(&q)
	c.ext.init()
	c.valid = true
	return c, nil
}

// isSecond reports whether pk is the second key (coefficient 1).
func (c *KeyAggCache) isSecond(pk []byte) bool {
	return c.second != zeroCompressed && bytes.Equal(pk, c.second[:])
}

// coefHash sets a to hash_KeyAgg coefficient(L ‖ pk) mod n.
func (c *KeyAggCache) coefHash(a *scalar.Scalar, pk []byte) {
	hashToScalar(a, &tagKeyAggCoef, c.pksHash[:], pk, nil)
}

// coef sets a to the key aggregation coefficient of pk (BIP-327's
// KeyAggCoeff): 1 for the second key, the hash otherwise.
func (c *KeyAggCache) coef(a *scalar.Scalar, pk []byte) {
	if c.isSecond(pk) {
		a.One()
		return
	}
	c.coefHash(a, pk)
}

// keyIndex returns the index of pk among the aggregated keys, or -1.
func (c *KeyAggCache) keyIndex(pk []byte) int {
	for i := 0; i < len(c.keys); i += 33 {
		if bytes.Equal(c.keys[i:i+33], pk) {
			return i / 33
		}
	}
	return -1
}

// hasKey reports whether pk is one of the aggregated keys.
func (c *KeyAggCache) hasKey(pk []byte) bool { return c.keyIndex(pk) >= 0 }

// negateSecret reports (1 or 0) whether a signer's secret key is negated:
// g·gacc = -1, BIP-327's d = g·gacc·d' (g = -1 when Q has odd y).
func (c *KeyAggCache) negateSecret() int { return c.q.Y.IsOdd() ^ c.parityAcc }

// PublicKey returns the aggregate public key Q, after any tweaks, as a full
// public key (with the parity of its y), or nil for a nil or zero-value
// cache. BIP-327's GetPlainPubkey; libsecp256k1's secp256k1_musig_pubkey_get.
func (c *KeyAggCache) PublicKey() *secp256k1.PublicKey {
	if !c.ok() {
		return nil
	}
	k := new(keys.Public)
	if k.SetOnCurvePoint(&c.q) != nil {
		return nil
	}
	return (*secp256k1.PublicKey)(k)
}

// XOnlyPublicKey returns the x-only aggregate public key, after any tweaks:
// the key that BIP-340 signatures of the group verify under (BIP-327's
// GetXonlyPubkey), or nil for a nil or zero-value cache.
func (c *KeyAggCache) XOnlyPublicKey() *secp256k1.XOnlyPublicKey {
	k := c.PublicKey()
	if k == nil {
		return nil
	}
	x := new(keys.XOnly)
	if _, err := x.SetPublic((*keys.Public)(k)); err != nil {
		return nil
	}
	return (*secp256k1.XOnlyPublicKey)(x)
}

// TweakAdd applies a plain tweak to the aggregate key: Q' = Q + t·G for the
// 32-byte big-endian tweak t (BIP-327's ApplyTweak with is_xonly_t = false,
// libsecp256k1's secp256k1_musig_pubkey_ec_tweak_add), as BIP-32 derivation
// does. A tweak >= n returns ErrTweakRange, a result at infinity
// ErrTweakInfinity, a tweak not 32 bytes an error wrapping ErrInvalidTweak;
// on error the cache is unchanged. Tweaks are public (variable time).
func (c *KeyAggCache) TweakAdd(tweak []byte) error {
	return c.applyTweak(tweak, false)
}

// XOnlyTweakAdd applies an x-only tweak to the aggregate key: Q' = g·Q + t·G
// with g = -1 if Q has odd y and 1 otherwise, so that the tweak applies to
// the x-only key (BIP-327's ApplyTweak with is_xonly_t = true,
// libsecp256k1's secp256k1_musig_pubkey_xonly_tweak_add), as BIP-341 taproot
// tweaking does. Errors as TweakAdd. Plain and x-only tweaks may follow each
// other in any order.
func (c *KeyAggCache) XOnlyTweakAdd(tweak []byte) error {
	return c.applyTweak(tweak, true)
}

// TaprootTweak applies the BIP-341 taproot tweak to the aggregate key: the
// x-only tweak hash_TapTweak(Q.x ‖ merkleRoot), where merkleRoot is empty
// (key-path only, BIP-86) or 32 bytes. XOnlyPublicKey is then the taproot
// output key. Errors as XOnlyTweakAdd, and an error wrapping
// ErrInvalidTweak for a merkle root of another length.
func (c *KeyAggCache) TaprootTweak(merkleRoot []byte) error {
	x := c.XOnlyPublicKey()
	if x == nil {
		return ErrInvalidKeyAggCache
	}
	var t [32]byte
	if err := keys.TapTweakHash(&t, (*keys.XOnly)(x), merkleRoot); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidTweak, err)
	}
	return c.applyTweak(t[:], true)
}

func (c *KeyAggCache) applyTweak(tweak []byte, xonly bool) error {
	if !c.ok() {
		return ErrInvalidKeyAggCache
	}
	if len(tweak) != 32 {
		return fmt.Errorf("%w: %d bytes, want 32", ErrInvalidTweak, len(tweak))
	}
	var t scalar.Scalar
	if t.SetCanonicalBytes((*[32]byte)(tweak)) != 1 {
		return ErrTweakRange
	}
	if err := c.tweakScalar(&t, xonly); err != nil {
		return err
	}
	c.ext.extendable = false
	return nil
}

// tweakScalar applies the tweak t < n; on error c is unchanged.
func (c *KeyAggCache) tweakScalar(t *scalar.Scalar, xonly bool) error {
	q, parity, tacc := c.q, c.parityAcc, c.tacc
	if xonly && q.Y.IsOdd() == 1 {
		q.Negate(&q)
		parity ^= 1
		tacc.Negate(&tacc)
	}
	tacc.Add(&tacc, t)
	var j group.Jacobian
	ecmult.BaseMultVarTime(&j, t)
	j.AddMixedVarTime(&j, &q)
	if j.IsInfinity() == 1 {
		return ErrTweakInfinity
	}
	c.q.SetJacobianVarTime(&j)
	c.parityAcc, c.tacc = parity, tacc
	return nil
}
