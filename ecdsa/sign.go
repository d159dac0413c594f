package ecdsa

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecdsasign"
	"github.com/p256k1/secp256k1/internal/keys"
)

// Sign returns a deterministic signature of hash by priv. hash is normally
// a 32-byte digest; other lengths are accepted as crypto/ecdsa accepts them
// (a longer hash is truncated to its leftmost 32 bytes, a shorter one read
// as a smaller integer: see the package documentation), so an unhashed
// message is not rejected but only its first 32 bytes are signed. The
// signature uses RFC 6979 nonces with HMAC-SHA256,
// byte-identical to libsecp256k1's secp256k1_ecdsa_sign with its default
// nonce function, and always low-S. It runs in constant time with respect to
// the key and the nonce, and never computes priv's public key.
//
// It returns an error wrapping secp256k1.ErrInvalidPrivateKey for a nil or
// zero-value key.
func Sign(priv *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	return signNew(priv, hash, nil)
}

// SignWithEntropy is Sign with 32 bytes of additional data mixed into the
// RFC 6979 nonce (RFC 6979 section 3.6; libsecp256k1's ndata argument of
// secp256k1_ecdsa_sign, byte-identical to it). The signature is still
// deterministic for a given extra; fresh random extra bytes give a
// randomized signature that stays safe if the randomness is bad (the nonce
// never repeats for different messages). It returns an error wrapping
// ErrInvalidEntropy if extra is not 32 bytes.
func SignWithEntropy(priv *secp256k1.PrivateKey, hash, extra []byte) (*Signature, error) {
	if len(extra) != 32 {
		return nil, fmt.Errorf("%w (got %d)", ErrInvalidEntropy, len(extra))
	}
	return signNew(priv, hash, (*[32]byte)(extra))
}

// SignLowR returns a low-R signature of hash by priv, as Bitcoin Core makes
// them: a signature whose r is below 2^255, so that its DER encoding is at
// most 71 bytes (r needs no 0x00 padding byte). It tries Sign first, then
// SignWithEntropy with extra = a 32-bit little-endian counter 1, 2, 3, …
// followed by zeros (Bitcoin Core's CKey::Sign grinding), until r is low;
// each try succeeds with probability 1/2. The result is deterministic, and
// identical to Bitcoin Core's for the same key and hash.
func SignLowR(priv *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	sig := new(Signature)
	var extra [32]byte
	for counter := uint32(0); ; counter++ {
		var ndata *[32]byte
		if counter > 0 {
			binary.LittleEndian.PutUint32(extra[:4], counter)
			ndata = &extra
		}
		if _, err := sign(sig, priv, hash, ndata, 0); err != nil {
			return nil, err
		}
		if sig.r.Bits(255, 1) == 0 {
			return sig, nil
		}
		if counter == maxLowRAttempts {
			return nil, fmt.Errorf("%w: no low-R signature in %d attempts", ErrSigningFailed, maxLowRAttempts)
		}
	}
}

// maxLowRAttempts bounds the low-R grinding of SignLowR: each attempt
// fails with probability 1/2, so 256 misses in a row do not happen.
const maxLowRAttempts = 256

// SignRecoverable is Sign that also returns the recovery id (0 to 3) that
// RecoverPublicKey needs to recover the public key: bit 0 is the parity of
// the y coordinate of the nonce point R, and bit 1 says that R's x
// coordinate was at least n (so r = x - n; it happens with probability
// about 2^-127), exactly as in libsecp256k1's recovery module.
func SignRecoverable(priv *secp256k1.PrivateKey, hash []byte) (sig *Signature, recID byte, err error) {
	sig = new(Signature)
	recID, err = sign(sig, priv, hash, nil, 0)
	if err != nil {
		return nil, 0, err
	}
	return sig, recID, nil
}

func signNew(priv *secp256k1.PrivateKey, hash []byte, extra *[32]byte) (*Signature, error) {
	sig := new(Signature)
	if _, err := sign(sig, priv, hash, extra, 0); err != nil {
		return nil, err
	}
	return sig, nil
}

// sign computes the signature into sig and returns its recovery id, with
// internal/ecdsasign.Sign (shared with secp256k1.PrivateKey.Sign). The
// RFC 6979 candidates are tried from number first on (Sign starts at 0;
// the valgrind harness starts later to run the retry path, which valid keys
// otherwise reach with probability about 2^-127).
func sign(sig *Signature, priv *secp256k1.PrivateKey, hash []byte, extra *[32]byte, first uint32) (byte, error) {
	d, err := (*keys.Private)(priv).Scalar()
	if err != nil {
		return 0, err
	}
	recID, ok := ecdsasign.Sign(&sig.r, &sig.s, d, hash, extra, first)
	if !ok {
		*sig = Signature{}
		return 0, fmt.Errorf("%w: no valid nonce in %d attempts", ErrSigningFailed, ecdsasign.MaxNonceAttempts)
	}
	return recID, nil
}
