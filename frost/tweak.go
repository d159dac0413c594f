package frost

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// TweakContext is BIP-445's tweak context: the threshold public key Q after
// a sequence of plain (BIP-32) and x-only (BIP-341) tweaks, with the sign
// accumulator gacc and tweak accumulator tacc that signing and aggregation
// need. Make one with NewTweakContext from the untweaked threshold key and
// apply tweaks with TweakAdd, XOnlyTweakAdd, TaprootTweak or ApplyTweaks;
// a nil *TweakContext given to NewSession or DeterministicSign means no
// tweaks.
//
// The tweak methods change the context in place; a copy (c2 := *c) is an
// independent context. A TweakContext holds only public data; it is not
// safe to tweak it while another goroutine reads it. The zero value is
// invalid (ErrInvalidTweakContext).
type TweakContext struct {
	base      [33]byte      // the untweaked threshold public key
	q         group.Affine  // Q after the tweaks: finite
	parityAcc int           // 1 when gacc = -1, 0 when gacc = 1
	tacc      scalar.Scalar // the tweak accumulator
	valid     bool
}

func (c *TweakContext) ok() bool { return c != nil && c.valid }

// NewTweakContext returns the tweak context of the 33-byte compressed
// threshold public key threshPK, with no tweak applied (BIP-445's
// tweak_ctx_init). An invalid key returns ErrInvalidThresholdKey.
func NewTweakContext(threshPK []byte) (*TweakContext, error) {
	c := new(TweakContext)
	if !parsePoint(&c.q, threshPK) {
		return nil, ErrInvalidThresholdKey
	}
	c.base = [33]byte(threshPK)
	c.valid = true
	return c, nil
}

// ApplyTweaks applies tweaks[i] as an x-only tweak if isXOnly[i], as a
// plain tweak otherwise, in order: BIP-445's thresh_pubkey_and_tweak
// after tweak_ctx_init. Lists of different lengths return
// ErrLengthMismatch; a tweak error is returned as the single-tweak methods
// return it. On error the context is unchanged.
func (c *TweakContext) ApplyTweaks(tweaks [][]byte, isXOnly []bool) error {
	if !c.ok() {
		return ErrInvalidTweakContext
	}
	if len(tweaks) != len(isXOnly) {
		return fmt.Errorf("%w: %d tweaks, %d is_xonly flags", ErrLengthMismatch, len(tweaks), len(isXOnly))
	}
	tmp := *c
	for i, t := range tweaks {
		if err := tmp.applyTweak(t, isXOnly[i]); err != nil {
			return err
		}
	}
	*c = tmp
	return nil
}

// TweakAdd applies a plain tweak: Q' = Q + t·G for the 32-byte big-endian
// tweak t (BIP-445's apply_tweak with is_xonly false), as unhardened BIP-32
// derivation does. A tweak of another length returns an error wrapping
// ErrInvalidTweak ("The tweak must be a 32-byte array."), t >= n
// ErrTweakRange, a result at infinity ErrTweakInfinity; on error the
// context is unchanged. Tweaks are public (variable time).
func (c *TweakContext) TweakAdd(tweak []byte) error { return c.applyTweak(tweak, false) }

// XOnlyTweakAdd applies an x-only tweak: Q' = g·Q + t·G with g = -1 if Q
// has odd y and 1 otherwise (BIP-445's apply_tweak with is_xonly true), as
// BIP-341 taproot tweaking does. Errors as TweakAdd.
func (c *TweakContext) XOnlyTweakAdd(tweak []byte) error { return c.applyTweak(tweak, true) }

// TaprootTweak applies the BIP-341 taproot tweak: the x-only tweak
// hash_TapTweak(Q.x ‖ merkleRoot), where merkleRoot is empty (key path
// only, BIP-86) or 32 bytes. XOnlyPublicKey is then the taproot output
// key. Errors as XOnlyTweakAdd, and an error wrapping ErrInvalidTweak for
// a merkle root of another length.
func (c *TweakContext) TaprootTweak(merkleRoot []byte) error {
	x := c.XOnlyPublicKey()
	if x == nil {
		return ErrInvalidTweakContext
	}
	var t [32]byte
	if err := keys.TapTweakHash(&t, (*keys.XOnly)(x), merkleRoot); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidTweak, err)
	}
	return c.applyTweak(t[:], true)
}

func (c *TweakContext) applyTweak(tweak []byte, xonly bool) error {
	if !c.ok() {
		return ErrInvalidTweakContext
	}
	if len(tweak) != 32 {
		return fmt.Errorf("%w: the tweak must be a 32-byte array (got %d bytes)", ErrInvalidTweak, len(tweak))
	}
	var t scalar.Scalar
	if t.SetCanonicalBytes((*[32]byte)(tweak)) != 1 {
		return ErrTweakRange
	}
	q, parity, tacc := c.q, c.parityAcc, c.tacc
	if xonly && q.Y.IsOdd() == 1 {
		q.Negate(&q)
		parity ^= 1
		tacc.Negate(&tacc)
	}
	tacc.Add(&tacc, &t)
	var j group.Jacobian
	ecmult.BaseMultVarTime(&j, &t)
	j.AddMixedVarTime(&j, &q)
	if j.IsInfinity() == 1 {
		return ErrTweakInfinity
	}
	c.q.SetJacobianVarTime(&j)
	c.parityAcc, c.tacc = parity, tacc
	return nil
}

// PublicKey returns the tweaked threshold public key Q, with the parity of
// its y (BIP-445's get_plain_pk), or nil for a nil or zero-value context.
func (c *TweakContext) PublicKey() *secp256k1.PublicKey {
	if !c.ok() {
		return nil
	}
	k := new(keys.Public)
	if k.SetOnCurvePoint(&c.q) != nil {
		return nil
	}
	return (*secp256k1.PublicKey)(k)
}

// XOnlyPublicKey returns the x-only tweaked threshold public key: the key
// the group's BIP-340 signatures verify under (BIP-445's get_xonly_pk), or
// nil for a nil or zero-value context.
func (c *TweakContext) XOnlyPublicKey() *secp256k1.XOnlyPublicKey {
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

// negateSecret reports (1 or 0) whether a signer's secret share is
// negated: g·gacc = -1 with g = -1 when Q has odd y.
func (c *TweakContext) negateSecret() int { return c.q.Y.IsOdd() ^ c.parityAcc }
