package signer

import (
	"fmt"

	"github.com/p256k1/secp256k1/nip44"
)

// NIP-44 v2 derives its conversation key with HKDF-extract (RFC 5869), that
// is HMAC-SHA256 keyed with the salt "nip44-v2" over the raw shared x:
//
//	conversation_key = HMAC-SHA256(key = "nip44-v2", message = shared_x)
//
// Package nip44 owns the derivation (nip44.ExtractConversationKey) and
// the encryption; the methods here compute the ECDH from the signer's key.

// ConversationKeySize is the length of a NIP-44 v2 conversation key
// (nip44.KeySize).
const ConversationKeySize = nip44.KeySize

// DeriveConversationKey returns the NIP-44 v2 conversation key
// HKDF-extract(salt = "nip44-v2", IKM = sharedX) for a 32-byte raw ECDH
// secret sharedX (the output of ECDHRaw). It returns an error wrapping
// ErrSharedSecretLength if sharedX is not 32 bytes. It runs in constant
// time. Encrypt and decrypt with package nip44.
func DeriveConversationKey(sharedX []byte) ([]byte, error) {
	if len(sharedX) != 32 {
		return nil, fmt.Errorf("%w (got %d)", ErrSharedSecretLength, len(sharedX))
	}
	var k [32]byte
	nip44.ExtractConversationKey(&k, (*[32]byte)(sharedX))
	return k[:], nil
}

// ConversationKey returns the 32-byte NIP-44 v2 conversation key between
// the signer's secret key and the peer key pub (32 bytes x-only or 33 bytes
// compressed, as for ECDHRaw): HKDF-extract with salt "nip44-v2" over the
// raw shared x. Both sides of a conversation get the same key. It runs in
// constant time with respect to the secret, and returns ErrNoSecretKey if
// the signer holds none and an error wrapping secp256k1.ErrInvalidPublicKey
// for an invalid pub (including the small-order points of the twist that
// NIP-44's test vectors try).
func (s *Signer) ConversationKey(pub []byte) ([]byte, error) {
	return orNil(s.AppendConversationKey(make([]byte, 0, ConversationKeySize), pub))
}

// AppendConversationKey appends the conversation key of ConversationKey to
// dst and returns the extended slice. It does not allocate when dst has
// room. On error dst is returned unchanged.
func (s *Signer) AppendConversationKey(dst, pub []byte) ([]byte, error) {
	var x [32]byte
	defer clear(x[:])
	if _, err := s.appendECDH(x[:0], pub, false); err != nil {
		return dst, err
	}
	nip44.ExtractConversationKey(&x, &x)
	return append(dst, x[:]...), nil
}
