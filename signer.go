package secp256k1

import (
	"crypto"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/p256k1/secp256k1/internal/ecdsasign"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// PrivateKey implements crypto.Signer with ECDSA.
var _ crypto.Signer = (*PrivateKey)(nil)

// errSigningFailed is returned if no RFC 6979 nonce works, which a valid
// key cannot cause (see ecdsa.ErrSigningFailed).
var errSigningFailed = errors.New("secp256k1: signing failed")

// Sign implements crypto.Signer: it returns the ASN.1 DER ECDSA signature
// of digest by k (SEC 1's Ecdsa-Sig-Value, what crypto/ecdsa.SignASN1
// returns and crypto/ecdsa.VerifyASN1 checks against k.PublicKey().ToECDSA()),
// low-S and deterministic: byte-identical to ecdsa.Sign(k, digest).BytesDER()
// and to libsecp256k1 (RFC 6979 with HMAC-SHA256).
//
// rand is ignored: the RFC 6979 nonce needs no randomness, and the same key
// and digest always give the same signature. For signatures that mix in
// fresh randomness use ecdsa.SignWithEntropy.
//
// digest is the hash of the message, computed by the caller, and must not
// be empty. If opts is not nil and opts.HashFunc() is not zero, digest must
// be that hash function's size. Digests longer than 32 bytes (SHA-384,
// SHA-512) are truncated to their leftmost 32 bytes, as crypto/ecdsa does
// (SEC 1, section 4.1.3). Errors wrap ErrInvalidPrivateKey for a nil or
// zero-value key; an empty or mismatched digest gets a plain error.
//
// Public, the other method of crypto.Signer, returns a *PublicKey; code
// that needs a *crypto/ecdsa.PublicKey (x509, JOSE libraries) converts it
// with k.PublicKey().ToECDSA(). It runs in constant time with respect to
// the key and the nonce.
func (k *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	d, err := k.in().Scalar()
	if err != nil {
		return nil, err
	}
	if len(digest) == 0 {
		return nil, errors.New("secp256k1: Sign: empty digest (sign a hash of the message)")
	}
	if opts != nil {
		if h := opts.HashFunc(); h != 0 {
			if strings.HasPrefix(h.String(), "unknown hash") {
				return nil, fmt.Errorf("secp256k1: Sign: unknown hash function %d in opts", uint(h))
			}
			if len(digest) != h.Size() {
				return nil, fmt.Errorf("secp256k1: Sign: %d-byte digest for %v, want %d bytes", len(digest), h, h.Size())
			}
		}
	}
	var r, s scalar.Scalar
	if _, ok := ecdsasign.Sign(&r, &s, d, digest, nil, 0); !ok {
		return nil, errSigningFailed
	}
	rb, sb := r.Bytes(), s.Bytes()
	return ecdsasign.AppendDER(make([]byte, 0, 72), &rb, &sb), nil
}
