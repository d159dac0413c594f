package silentpayments

import (
	"bytes"
	"encoding/binary"
)

// Outpoint names a transaction output that an input spends: BIP-352
// hashes the smallest outpoint of a transaction's inputs into its shared
// secret.
type Outpoint struct {
	// Hash is the txid in the byte order of the transaction serialization,
	// which is the reverse of the usual hex display (as btcd's
	// chainhash.Hash holds it): the txid shown as "f4184fc5...9e16" has
	// Hash[0] = 0x16 and Hash[31] = 0xf4.
	Hash [32]byte
	// Index is the output's index in that transaction (vout).
	Index uint32
}

// serialize writes BIP-352's outpoint encoding: the 32 hash bytes and the
// index, little-endian (the transaction serialization).
func (o *Outpoint) serialize(out *[36]byte) {
	copy(out[:32], o.Hash[:])
	binary.LittleEndian.PutUint32(out[32:], o.Index)
}

// smallestOutpoint writes the lexicographically smallest serialization
// among outpoints, which must not be empty.
func smallestOutpoint(out *[36]byte, outpoints []Outpoint) {
	outpoints[0].serialize(out)
	var b [36]byte
	for i := 1; i < len(outpoints); i++ {
		outpoints[i].serialize(&b)
		if bytes.Compare(b[:], out[:]) < 0 {
			*out = b
		}
	}
}
