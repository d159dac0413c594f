// Package ripemd160 implements the RIPEMD-160 hash function (Dobbertin,
// Bosselaers and Preneel, 1996) and Bitcoin's HASH160, RIPEMD-160 of
// SHA-256, which names public keys in BIP-32 key fingerprints and in
// P2PKH and P2WPKH addresses.
//
// RIPEMD-160 is used here only where those formats require it; it is not a
// general-purpose hash for new designs. Sum and Hash160 do not allocate.
// The compression function has no data-dependent branches or memory
// indices (its message word order is fixed), so hashing runs in time that
// depends only on the length of the input.
package ripemd160

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// Size is the length of a RIPEMD-160 digest in bytes.
const Size = 20

// BlockSize is the block size of RIPEMD-160 in bytes.
const BlockSize = 64

// The initial chaining values.
const (
	init0 = 0x67452301
	init1 = 0xefcdab89
	init2 = 0x98badcfe
	init3 = 0x10325476
	init4 = 0xc3d2e1f0
)

// digest is the streaming state: the chaining values, a partial block and
// the number of bytes written.
type digest struct {
	s   [5]uint32
	x   [BlockSize]byte
	nx  int
	len uint64
}

// New returns a new hash.Hash computing RIPEMD-160. Its Sum appends the
// digest without changing the state, as hash.Hash requires.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

// Sum returns the RIPEMD-160 digest of data. It does not allocate.
func Sum(data []byte) [Size]byte {
	var d digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

// Hash160 returns RIPEMD-160(SHA-256(data)), Bitcoin's HASH160. It does not
// allocate.
func Hash160(data []byte) [Size]byte {
	h := sha256.Sum256(data)
	return Sum(h[:])
}

func (d *digest) Reset() {
	d.s = [5]uint32{init0, init1, init2, init3, init4}
	clear(d.x[:])
	d.nx = 0
	d.len = 0
}

func (d *digest) Size() int { return Size }

func (d *digest) BlockSize() int { return BlockSize }

// Write adds p to the running hash. It never returns an error.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		c := copy(d.x[d.nx:], p)
		d.nx += c
		p = p[c:]
		if d.nx < BlockSize {
			return n, nil
		}
		block(&d.s, d.x[:])
		d.nx = 0
	}
	if len(p) >= BlockSize {
		m := len(p) &^ (BlockSize - 1)
		block(&d.s, p[:m])
		p = p[m:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the digest of the data written so far to in; the state is
// unchanged.
func (d *digest) Sum(in []byte) []byte {
	c := *d
	h := c.checkSum()
	return append(in, h[:]...)
}

// checkSum pads the message (a 1 bit, zeros, the bit length as a 64-bit
// little-endian integer) and returns the digest. It consumes d.
func (d *digest) checkSum() [Size]byte {
	var pad [BlockSize + 8]byte
	pad[0] = 0x80
	bitLen := d.len << 3
	// Pad to 56 mod 64 bytes, then the length.
	n := 1 + (55-d.len)%BlockSize
	binary.LittleEndian.PutUint64(pad[n:], bitLen)
	d.Write(pad[:n+8])
	var out [Size]byte
	for i, v := range d.s {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}
