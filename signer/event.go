package signer

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

// Event holds the fields of a nostr event that its id commits to (NIP-01).
// The id and the signature are not part of it: ID computes the one, and
// Signer.SignEvent the other.
type Event struct {
	PubKey    [32]byte   // the author's x-only public key
	CreatedAt int64      // unix time in seconds
	Kind      int        // event kind
	Tags      [][]string // nil serializes as []
	Content   string     // arbitrary UTF-8 text
}

// AppendSerialize appends to dst the NIP-01 serialization of e, the JSON
// array
//
//	[0,"<pubkey, lowercase hex>",<created_at>,<kind>,<tags>,"<content>"]
//
// with no whitespace, and returns the extended slice. Strings (content and
// tags) are escaped as NIP-01 requires: line feed, double quote, backslash,
// carriage return, tab, backspace and form feed as \n \" \\ \r \t \b \f;
// the other control characters (below 0x20), which JSON cannot carry raw,
// as \u00XX with lowercase hex, as JSON.stringify and the common relay
// implementations write them; every other byte verbatim (UTF-8 is not
// re-encoded, '/' and non-ASCII are not escaped). A nil event appends
// nothing.
func (e *Event) AppendSerialize(dst []byte) []byte {
	if e == nil {
		return dst
	}
	dst = append(dst, `[0,"`...)
	dst = hex.AppendEncode(dst, e.PubKey[:])
	dst = append(dst, `",`...)
	dst = strconv.AppendInt(dst, e.CreatedAt, 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(e.Kind), 10)
	dst = append(dst, ",["...)
	for i, tag := range e.Tags {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		for j, s := range tag {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, s)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, "],"...)
	dst = appendJSONString(dst, e.Content)
	return append(dst, ']')
}

// Serialize returns the NIP-01 serialization of e (see AppendSerialize) in
// a new slice, or nil for a nil event.
func (e *Event) Serialize() []byte {
	if e == nil {
		return nil
	}
	return e.AppendSerialize(nil)
}

// ID returns the NIP-01 event id: the SHA-256 of the serialization of e.
// It does not allocate for events whose serialization fits in 1 KiB. A nil
// event has the all-zero id, which no event has (finding one would break
// SHA-256).
func (e *Event) ID() [32]byte {
	if e == nil {
		return [32]byte{}
	}
	buf := e.AppendSerialize(make([]byte, 0, 1024))
	return sha256.Sum256(buf)
}

// appendJSONString appends s as a JSON string with the NIP-01 escapes.
func appendJSONString(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// errNilEvent is SignEvent's error for a nil event, made once.
var errNilEvent = fmt.Errorf("%w: nil event", ErrInvalidEvent)

// SignEvent sets e.PubKey to the signer's public key, computes the event
// id and returns it with its 64-byte BIP-340 signature (fresh auxiliary
// randomness, constant time). It returns ErrNoSecretKey if the signer
// holds no secret key (a nil signer holds none) and an error wrapping
// ErrInvalidEvent if e is nil, and then leaves e unchanged.
func (s *Signer) SignEvent(e *Event) (id [32]byte, sig []byte, err error) {
	if !s.holdsSec() {
		return id, nil, ErrNoSecretKey
	}
	if e == nil {
		return id, nil, errNilEvent
	}
	e.PubKey = s.pub
	id = e.ID()
	sig, err = s.Sign(id[:])
	if err != nil {
		return [32]byte{}, nil, err
	}
	return id, sig, nil
}

// VerifyEvent reports whether id is the NIP-01 id of e and sig a valid
// BIP-340 signature of id by e.PubKey. A public key that is not on the
// curve, an id that is not 32 bytes, a signature that is not 64 bytes and a
// nil event make it return false. Public data: execution time depends on
// the inputs.
func VerifyEvent(e *Event, id, sig []byte) bool {
	if e == nil || len(id) != 32 || e.ID() != [32]byte(id) {
		return false
	}
	pub, err := secp256k1.NewXOnlyPublicKey(e.PubKey[:])
	if err != nil {
		return false
	}
	return schnorr.Verify(pub, id, sig)
}
