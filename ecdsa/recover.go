package ecdsa

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// RecoverPublicKey returns the public key that produced sig over hash, given
// the recovery id from SignRecoverable (libsecp256k1's
// secp256k1_ecdsa_recover semantics: bit 0 is the parity of R's y, bit 1
// says R's x is r + n). High-S signatures are accepted, as in libsecp256k1;
// the recovered key then verifies only the normalized signature. Execution
// time depends on the inputs, which are public.
func RecoverPublicKey(hash []byte, sig *Signature, recID byte) (*secp256k1.PublicKey, error) {
	if recID > 3 {
		return nil, fmt.Errorf("%w: %d, want 0 to 3 (an Ethereum V of 27, 28 or 35 + 2·chainID, or a "+
			"BIP-137 header byte, must be converted first: see EthereumRecoveryID and ParseBIP137Signature)",
			ErrInvalidRecoveryID, recID)
	}
	if !sig.valid() {
		return nil, errNoSignature
	}
	// R's x coordinate: r, or r + n when bit 1 is set (only valid if < p).
	rl := sig.r.Limbs()
	var x field.Element
	if recID&2 == 0 {
		x.SetLimbs(&rl) // r < n < p: no reduction happens
	} else if x.SetScalarPlusOrder(&rl) != 1 {
		return nil, fmt.Errorf("%w: recovery id %d says the nonce point R has x-coordinate r + n, "+
			"but r + n is not below the field prime p (ids 2 and 3 fit only when r < p - n, about 2^128): "+
			"the recovery id does not belong to this signature", ErrRecoveryFailed, recID)
	}
	var rp group.Affine
	if rp.SetXO(&x, int(recID&1)) != 1 {
		which := "r"
		if recID&2 != 0 {
			which = "r + n"
		}
		return nil, fmt.Errorf("%w: recovery id %d: no curve point has x-coordinate %s, so no key made this signature",
			ErrRecoveryFailed, recID, which)
	}
	// Q = r⁻¹·(s·R - m·G)
	m, _ := hashToScalar(hash)
	var rinv, u1, u2 scalar.Scalar
	rinv.InvertVarTime(&sig.r)
	u1.Multiply(&m, &rinv)
	u1.Negate(&u1)
	u2.Multiply(&sig.s, &rinv)
	var qj group.Jacobian
	ecmult.DoubleMultVarTime(&qj, &u2, &rp, &u1)
	q := new(keys.Public)
	if q.SetJacobianVarTime(&qj) != nil {
		return nil, fmt.Errorf("%w: the recovered point is infinity", ErrRecoveryFailed)
	}
	return (*secp256k1.PublicKey)(q), nil
}
