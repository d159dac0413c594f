package ellswift

import (
	cryptorand "crypto/rand"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// EncodingSize is the length of an ElligatorSwift encoding: u ‖ t, two
// 32-byte big-endian field elements.
const EncodingSize = 64

// The tags of libsecp256k1's encoders (their PRNGs), as SHA-256(tag), and
// the tagged hash of the BIP-324 shared secret.
var (
	tagEncode = sha256.Sum256([]byte("secp256k1_ellswift_encode"))
	tagCreate = sha256.Sum256([]byte("secp256k1_ellswift_create"))
	tagXDH    = tagged.New("bip324_ellswift_xonly_ecdh")
)

// maxAttempts bounds the search for an encoding. Each attempt succeeds with
// probability about 1/4, so 1024 attempts all fail with probability about
// 2^-425: the bound only turns a broken invariant into an error instead of
// a hang.
const maxAttempts = 1024

var errEncodingFailed = fmt.Errorf("ellswift: no encoding found in %d attempts", maxAttempts)

// Encode returns a 64-byte ElligatorSwift encoding of pub: u ‖ t with
// Decode(u ‖ t) = pub, drawn uniformly among pub's encodings with 32 bytes
// of randomness read from rand (crypto/rand if rand is nil). The encoding
// is indistinguishable from 64 random bytes to anyone who does not know
// pub.
//
// The bytes are those of libsecp256k1's secp256k1_ellswift_encode given the
// same 32 bytes as rnd32: u and the branches of the inverse map come from
// the tagged hash "secp256k1_ellswift_encode" of the compressed key, 31 zero
// bytes, the randomness and a counter.
//
// It returns an error wrapping secp256k1.ErrInvalidPublicKey for a nil or
// zero-value key, or the reader's error. The key is public, and the
// randomness only hides it: the search runs in variable time, as
// libsecp256k1's does, and execution time depends on both. To encode the
// public key of one's own private key, use EncodeSecret.
func Encode(pub *secp256k1.PublicKey, rand io.Reader) ([]byte, error) {
	k := (*keys.Public)(pub)
	p, err := k.Point()
	if err != nil {
		return nil, err
	}
	// seed = compressed key ‖ 31 zero bytes ‖ rnd32.
	var seed [96]byte
	if err := k.PutCompressed((*[33]byte)(seed[:33])); err != nil {
		return nil, err
	}
	if err := readRandom(seed[64:], rand); err != nil {
		return nil, err
	}
	out := make([]byte, EncodingSize)
	if err := encodePoint((*[64]byte)(out), &p.X, p.Y.IsOdd(), &tagEncode, seed[:], false); err != nil {
		return nil, err
	}
	return out, nil
}

// EncodeSecret returns a 64-byte ElligatorSwift encoding of priv's public
// key, as EncodeSecretWithAux does with 32 bytes of auxiliary randomness
// read from rand (crypto/rand if rand is nil): the encoding a BIP-324 peer
// sends for its ephemeral key.
func EncodeSecret(priv *secp256k1.PrivateKey, rand io.Reader) ([]byte, error) {
	var aux [32]byte
	defer clear(aux[:])
	if err := readRandom(aux[:], rand); err != nil {
		return nil, err
	}
	ctcheck.Secret(&aux) // fresh randomness is secret (for the valgrind check)
	return EncodeSecretWithAux(priv, aux[:])
}

// EncodeSecretWithAux returns a 64-byte ElligatorSwift encoding of priv's
// public key: libsecp256k1's secp256k1_ellswift_create, byte for byte.
// aux is 32 bytes of auxiliary randomness, or empty (nil) for none, like
// libsecp256k1's NULL auxrnd32, which makes the encoding a function of the
// key alone. u and the branches of the inverse map come from the tagged
// hash "secp256k1_ellswift_create" of the secret key, 32 zero bytes, aux
// and a counter, so the encoding is uniform among the key's encodings
// whatever aux is, as long as the key is secret.
//
// It runs in constant time with respect to the key and aux: the public key
// is computed in constant time, and each attempt of the search (the
// constant-time inverse map of XSwiftECInv, on a hash of the key) reveals
// only whether it succeeded, so the number of attempts depends on the hash
// outputs and not otherwise on the key. (libsecp256k1 runs this search in
// variable time once the key is hashed. Here the attempts' exponentiations
// run three at a time in lockstep, and the constant-time search costs
// about a fifth more than the variable-time one of Encode.) It returns an
// error wrapping
// secp256k1.ErrInvalidPrivateKey for a nil or zero-value key and
// ErrInvalidAux if aux is neither 32 bytes nor empty.
func EncodeSecretWithAux(priv *secp256k1.PrivateKey, aux []byte) ([]byte, error) {
	if len(aux) != 0 && len(aux) != 32 {
		return nil, fmt.Errorf("%w (got %d bytes)", ErrInvalidAux, len(aux))
	}
	k := (*keys.Private)(priv)
	pub, err := k.Public()
	if err != nil {
		return nil, err
	}
	p, err := pub.Point()
	if err != nil {
		return nil, err
	}
	// seed = secret key ‖ 32 zero bytes [‖ aux].
	var seed [96]byte
	defer clear(seed[:])
	if err := k.PutBytes((*[32]byte)(seed[:32])); err != nil {
		return nil, err
	}
	n := 64
	if len(aux) == 32 {
		copy(seed[64:], aux)
		n = 96
	}
	out := make([]byte, EncodingSize)
	if err := encodePoint((*[64]byte)(out), &p.X, p.Y.IsOdd(), &tagCreate, seed[:n], true); err != nil {
		return nil, err
	}
	return out, nil
}

// readRandom fills b from rand, or from crypto/rand if rand is nil.
func readRandom(b []byte, rand io.Reader) error {
	var err error
	if rand == nil {
		_, err = cryptorand.Read(b)
	} else {
		_, err = io.ReadFull(rand, b)
	}
	if err != nil {
		return fmt.Errorf("ellswift: reading randomness: %w", err)
	}
	return nil
}

// prng is libsecp256k1's encoder PRNG: output number cnt is the tagged
// hash of seed ‖ cnt (cnt as 4 bytes, little-endian). The SHA-256 state
// after the tag and the seed is kept, so that each output costs the
// compression of one block. (The hash is a local variable in each method:
// kept in the struct, its calls would go through the interface and make
// their arguments escape.)
type prng struct {
	state []byte // the SHA-256 state after the seed, in buf
	buf   [128]byte
}

func (g *prng) init(tagHash *[32]byte, seed []byte) {
	h := sha256.New()
	h.Write(tagHash[:])
	h.Write(tagHash[:])
	h.Write(seed)
	st, err := h.(encoding.BinaryAppender).AppendBinary(g.buf[:0])
	if err != nil {
		panic("ellswift: internal error: " + err.Error())
	}
	g.state = st
}

// next sets out to output number cnt.
func (g *prng) next(out *[32]byte, cnt uint32) {
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(g.state); err != nil {
		panic("ellswift: internal error: " + err.Error())
	}
	var c [4]byte
	binary.LittleEndian.PutUint32(c[:], cnt)
	h.Write(c[:])
	h.Sum(out[:0])
}

// wipe forgets the state (a hash of the secret key for EncodeSecret).
func (g *prng) wipe() { clear(g.buf[:]) }

// attempts draws the attempts of libsecp256k1's encoder from its PRNG:
// output 0 fills a pool of 64 branch values (4 bits each, of which 3 are
// used, taken from the end of the pool); each attempt then takes the next
// branch c and the next output as u (its 32 bytes go into the encoding as
// they are, even if >= p). A further pool would be drawn after 64 attempts.
// For EncodeSecret the outputs are secret: c is read from the pool at an
// index that depends only on the attempt number.
type attempts struct {
	g    prng
	pool [32]byte
	left int
	cnt  uint32
}

// next sets u32 to the next attempt's u and returns its branch c.
func (a *attempts) next(u32 *[32]byte) int {
	if a.left == 0 {
		a.g.next(&a.pool, a.cnt)
		a.cnt++
		a.left = 64
	}
	a.left--
	c := int(a.pool[a.left>>1]>>((a.left&1)<<2)) & 7
	a.g.next(u32, a.cnt)
	a.cnt++
	return c
}

// wipe forgets the state and the pool.
func (a *attempts) wipe() {
	a.g.wipe()
	clear(a.pool[:])
}

// encodePoint writes to out an encoding u ‖ t of the point with
// x-coordinate x (valid) and y of parity yOdd, libsecp256k1's
// secp256k1_ellswift_elligatorswift_var, with the PRNG of tagHash and seed:
// the first attempt (see attempts) whose u and c have a preimage t of x
// gives the encoding, with t negated if needed so that its parity is y's.
//
// With secret set, the attempts are evaluated by secretSearch, in constant
// time with respect to the PRNG outputs except for the number of attempts,
// which it reveals; otherwise by xswiftecInvVarTime, one after the other.
// The output is declassified (it is public).
func encodePoint(out *[64]byte, x *field.Element, yOdd int, tagHash *[32]byte, seed []byte, secret bool) error {
	var a attempts
	a.g.init(tagHash, seed)
	defer a.wipe()
	var u32 [32]byte
	var u, t field.Element
	if secret {
		if !secretSearch(&u32, &t, x, &a) {
			return errEncodingFailed
		}
	} else {
		found := false
		for range maxAttempts {
			c := a.next(&u32)
			u.SetBytes(&u32)
			if xswiftecInvVarTime(&t, x, &u, c) {
				found = true
				break
			}
		}
		if !found {
			return errEncodingFailed
		}
	}
	t.CondNegate(&t, t.IsOdd()^yOdd)
	copy(out[:32], u32[:])
	t.PutBytes((*[32]byte)(out[32:]))
	ctcheck.Public(out) // the encoding is public
	clear(u32[:])
	u, t = field.Element{}, field.Element{}
	return nil
}

// secretAttempt is an attempt of secretSearch under way.
type secretAttempt struct {
	u32   [32]byte
	u     field.Element
	in    invInput
	sp, r field.Element // s' and r = z^((p+1)/4) (xswiftecinv.go)
}

// secretSearch finds the first attempt of a that has a preimage t of x,
// sets u32 to its u and t to its t (up to its sign) and reports whether one
// was found within maxAttempts. Each attempt is evaluated as
// xswiftecInvEncode does, with its two exponentiations, in constant time;
// only whether it succeeded is revealed. The exponentiations of
// consecutive attempts are run three at a time in lockstep (pow3: about
// 1.5 µs per exponentiation on amd64, against 1.9 in pairs and 2.5 one at
// a time), not two per attempt: the i-th group of three
// computes exponentiations 3i, 3i+1 and 3i+2 of the sequence z0, s'0, z1,
// s'1, ..., and the attempts whose second exponentiation is in the group
// are then decided, in order. So attempt k+1 is drawn (and its z
// exponentiated) before attempt k is decided; if k succeeds, that work is
// discarded. The number of groups reveals no more than the number of
// attempts.
func secretSearch(u32 *[32]byte, t, x *field.Element, a *attempts) bool {
	var live [2]secretAttempt // attempt k in live[k&1]
	defer func() { live = [2]secretAttempt{} }()
	var in, out triple
	defer func() { in, out = triple{}, triple{} }()
	for e := 0; e/2 < maxAttempts; e += 3 {
		var inv [3]bool
		for l := range 3 {
			k := (e + l) / 2
			at := &live[k&1]
			if (e+l)&1 == 0 {
				// Draw attempt k: its z first.
				c := a.next(&at.u32)
				at.u.SetBytes(&at.u32)
				at.in.set(x, &at.u, c)
				at.in.secondRadicand(&at.sp)
				in[l].Set(&at.in.z)
			} else {
				in[l].Set(&at.sp)
				inv[l] = true
			}
		}
		pow3(&out, &in, inv)
		for l := range 3 {
			k := (e + l) / 2
			at := &live[k&1]
			if (e+l)&1 == 0 {
				at.r.Set(&out[l])
				continue
			}
			if k >= maxAttempts {
				break
			}
			ok := at.in.decide(&at.r, &out[l], &at.sp, &at.u)
			ctcheck.Public(&ok) // whether the attempt succeeded is public
			if ok == 1 {
				at.in.finishEncode(t, x, &at.u, &at.r, &out[l], &at.sp)
				*u32 = at.u32
				return true
			}
		}
	}
	return false
}
