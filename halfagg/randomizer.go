package halfagg

import (
	"crypto/sha256"
	"hash"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// The hashes of BIP-458.
var (
	// randomizerTagHash is SHA256(RandomizerTag), written twice before the
	// input of every randomizer hash (a BIP-340 tagged hash).
	randomizerTagHash = sha256.Sum256([]byte(RandomizerTag))
	// tagChallenge is BIP-340's challenge hash.
	tagChallenge = tagged.New("BIP0340/challenge")
)

// randomizerHash computes BIP-458's randomizers
//
//	z_0 = 1, z_i = int(hash_RandomizerTag(r_0 ‖ pk_0 ‖ m_0 ‖ … ‖ r_i ‖ pk_i ‖ m_i)) mod n.
//
// The input of z_i is a prefix of that of z_(i+1), so the entries stream
// through one SHA-256 state and each z_i finalizes a copy of it (Sum does
// not change the state): linear in the number of entries, where hashing
// every prefix anew would be quadratic. The zero value is not ready: call
// reset first, which also clears everything an earlier use left.
type randomizerHash struct {
	d   hash.Hash
	buf [96]byte // one entry r ‖ pk ‖ m, kept here so that it does not escape each time
	sum []byte   // Sum's output, likewise
}

// reset starts a new chain of randomizers.
func (h *randomizerHash) reset() {
	if h.d == nil {
		h.d = sha256.New()
	} else {
		h.d.Reset()
	}
	h.d.Write(randomizerTagHash[:])
	h.d.Write(randomizerTagHash[:])
}

// add appends entry (r, pk, m) to the chain: r and m are 32 bytes, pk is
// the key's point (its x is the 32-byte key).
func (h *randomizerHash) add(r []byte, pk *group.Affine, m []byte) {
	copy(h.buf[:32], r)
	pk.X.PutBytes((*[32]byte)(h.buf[32:64]))
	copy(h.buf[64:], m)
	h.d.Write(h.buf[:])
}

// randomizer sets z to z_i, where i is the index of the entry added last
// (i = 0 gives 1, whatever was added).
func (h *randomizerHash) randomizer(z *scalar.Scalar, i int) {
	if i == 0 {
		z.One()
		return
	}
	h.sum = h.d.Sum(h.sum[:0])
	z.SetBytes((*[32]byte)(h.sum))
}
