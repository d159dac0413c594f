package bip32

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// payloadLen is the length of a serialised extended key before
// Base58Check: version (4), depth (1), parent fingerprint (4), child
// number (4), chain code (32), key (33).
const payloadLen = 78

// maxEncodedLen bounds the strings Parse decodes (the Base58 decoder takes
// time quadratic in the length); every extended key is 111 characters.
const maxEncodedLen = 120

// putPayload writes k's 78-byte serialisation to b. k must be valid.
func (k *ExtendedKey) putPayload(b *[payloadLen + 4]byte) {
	binary.BigEndian.PutUint32(b[0:4], uint32(k.version))
	b[4] = k.depth
	copy(b[5:9], k.parentFP[:])
	binary.BigEndian.PutUint32(b[9:13], k.child)
	copy(b[13:45], k.chain[:])
	if k.private {
		b[45] = 0
		if err := k.priv.PutBytes((*[32]byte)(b[46:78])); err != nil {
			panic("bip32: internal error: encoding a valid key: " + err.Error())
		}
	} else if err := k.pub.PutCompressed((*[33]byte)(b[45:78])); err != nil {
		panic("bip32: internal error: encoding a valid key: " + err.Error())
	}
}

// AppendText appends k's serialisation to b: Base58Check of the 78 bytes
// BIP-32 defines, 111 characters starting with the version's name ("xprv",
// "zpub", ...). It returns an error wrapping ErrInvalidKey for an invalid
// key. For a private key the text holds the secret: the caller can wipe b
// after use, which String's result does not allow. The encoding runs in
// constant time with respect to the key and the chain code.
func (k *ExtendedKey) AppendText(b []byte) ([]byte, error) {
	if !k.valid() {
		return b, errNoKey
	}
	var p [payloadLen + 4]byte
	defer clear(p[:])
	k.putPayload(&p)
	h := sha256.Sum256(p[:payloadLen])
	h = sha256.Sum256(h[:])
	copy(p[payloadLen:], h[:4])
	clear(h[:])
	return base58.AppendEncode(b, p[:]), nil
}

// String returns k's serialisation (see AppendText), or "" for an invalid
// key. For a private key the string is the secret ("xprv..."), and a Go
// string cannot be wiped: prefer AppendText where that matters, and take
// care that k does not reach a log through %v or %s.
func (k *ExtendedKey) String() string {
	var buf [maxEncodedLen]byte
	b, err := k.AppendText(buf[:0])
	if err != nil {
		return ""
	}
	s := string(b)
	clear(b)
	return s
}

// Parse parses a serialised extended key (AppendText's form) of any known
// version. It is strict: it rejects, with an error wrapping ErrInvalidKey
// that says why, every invalid key of BIP-32's test vector 5 and the like:
// a bad Base58 character or checksum, a payload that is not 78 bytes, an
// unknown version (also wrapping ErrInvalidVersion), key data that does not
// match the version's kind (0x00 ‖ 32 bytes for a private version, 0x02 or
// 0x03 ‖ x for a public one), a private key of 0 or >= n, a public key not
// on the curve, and depth 0 with a parent fingerprint or child number that
// is not 0.
//
// Decoding a private key runs in constant time with respect to the key and
// the chain code; the header (version, depth, parent fingerprint, child
// number) is public, and of the key only its validity is revealed.
func Parse(s string) (*ExtendedKey, error) {
	if len(s) > maxEncodedLen {
		return nil, fmt.Errorf("%w: %d characters, an extended key has 111", ErrInvalidKey, len(s))
	}
	b, err := base58.CheckDecode(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidKey, err)
	}
	defer clear(b)
	if len(b) != payloadLen {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrInvalidKey, len(b), payloadLen)
	}
	k := new(ExtendedKey)
	if err := k.setPayload((*[payloadLen]byte)(b)); err != nil {
		k.Zero()
		return nil, err
	}
	return k, nil
}

// setPayload sets k to the serialised key b. On error k may hold part of
// it, and the caller wipes it.
func (k *ExtendedKey) setPayload(b *[payloadLen]byte) error {
	var hdr [13]byte
	copy(hdr[:], b[:13])
	ctcheck.Public(&hdr) // the header is public
	v := Version(binary.BigEndian.Uint32(hdr[0:4]))
	info := v.info()
	if info == nil {
		return fmt.Errorf("%w: %w", ErrInvalidKey, unknownVersion(v))
	}
	depth, fp, child := hdr[4], [4]byte(hdr[5:9]), binary.BigEndian.Uint32(hdr[9:13])
	if err := checkHeader(depth, fp, child); err != nil {
		return err
	}
	key := b[45:78]
	// Whether the key data starts with 0x00 is the one thing about it that
	// decides the kind; it is revealed, and the prefix itself only in the
	// error.
	zero := subtle.ConstantTimeByteEq(key[0], 0)
	ctcheck.Public(&zero)
	if info.private {
		if zero != 1 {
			prefix := key[0]
			ctcheck.Public(&prefix)
			if prefix == 2 || prefix == 3 {
				return fmt.Errorf("%w: a public key (prefix %#02x) under the private version %s", ErrInvalidKey, prefix, v)
			}
			return fmt.Errorf("%w: private key data starts with %#02x, want 0x00", ErrInvalidKey, prefix)
		}
		if err := k.priv.SetBytes(key[1:]); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidKey, err)
		}
	} else {
		if zero == 1 {
			return fmt.Errorf("%w: a private key (prefix 0x00) under the public version %s", ErrInvalidKey, v)
		}
		if err := k.pub.SetBytes(key); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidKey, err)
		}
	}
	k.version, k.private, k.depth, k.parentFP, k.child = v, info.private, depth, fp, child
	copy(k.chain[:], b[13:45])
	return nil
}
