package ecdsa

import (
	"errors"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keyaccess"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Sign returns a deterministic signature of hash (of any length, see the
// package documentation) by priv: RFC 6979 nonces with HMAC-SHA256,
// byte-identical to libsecp256k1's secp256k1_ecdsa_sign with its default
// nonce function, and always low-S. It runs in constant time with respect to
// the key and the nonce.
func Sign(priv *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	sig := new(Signature)
	if _, err := sign(sig, priv, hash); err != nil {
		return nil, err
	}
	return sig, nil
}

// SignRecoverable is Sign that also returns the recovery id (0 to 3) that
// RecoverPublicKey needs to recover the public key: bit 0 is the parity of
// the y coordinate of the nonce point R, and bit 1 says that R's x
// coordinate was at least n (so r = x - n; it happens with probability
// about 2^-127), exactly as in libsecp256k1's recovery module.
func SignRecoverable(priv *secp256k1.PrivateKey, hash []byte) (sig *Signature, recID byte, err error) {
	sig = new(Signature)
	recID, err = sign(sig, priv, hash)
	if err != nil {
		return nil, 0, err
	}
	return sig, recID, nil
}

var errNilKey = errors.New("ecdsa: nil private key")

func sign(sig *Signature, priv *secp256k1.PrivateKey, hash []byte) (byte, error) {
	if priv == nil {
		return 0, errNilKey
	}
	d := keyaccess.PrivateScalar(priv)
	m, msg := hashToScalar(hash)
	var key, nonce [32]byte
	d.PutBytes(&key)
	defer clear(key[:])
	defer clear(nonce[:])

	var k, kinv, s scalar.Scalar
	var rp group.Projective
	var ra group.Affine
	for counter := uint32(0); ; counter++ {
		nonceRFC6979(&nonce, &key, &msg, nil, counter)
		valid := k.SetCanonicalBytes(&nonce) & (1 ^ k.IsZero())
		// Whether the candidate is usable is public (as in libsecp256k1:
		// it reveals nothing about the nonce finally used).
		ctcheck.Public(&valid)
		if valid != 1 {
			continue
		}
		ecmult.BaseMult(&rp, &k)
		ra.SetProjective(&rp)
		xb := ra.X.Bytes()
		overflow := sig.r.SetBytes(&xb)
		recID := byte(overflow<<1 | ra.Y.IsOdd())
		// s = k⁻¹·(m + r·d)
		kinv.Invert(&k)
		s.Multiply(&sig.r, d)
		s.Add(&s, &m)
		s.Multiply(&s, &kinv)
		high := s.IsHigh()
		sig.s.CondNegate(&s, high)
		recID ^= byte(high)
		// r and s are the public signature; their being zero is public.
		ctcheck.Public(sig)
		ctcheck.Public(&recID)
		if sig.r.IsZero() == 1 || sig.s.IsZero() == 1 {
			continue
		}
		k.Zero()
		kinv.Zero()
		return recID, nil
	}
}
