package crypto

import (
	"hash"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto/keccak"
	"github.com/ethereum/go-ethereum/rlp"
)

// Keccak-256 and address derivation: go-ethereum's own Keccak
// (crypto/keccak) and RLP encoder, so the hashes and their state type are
// go-ethereum's.

// KeccakState wraps sha3.state. In addition to the usual hash methods, it also supports
// Read to get a variable amount of data from the hash state. Read is faster than Sum
// because it doesn't copy the internal state, but also modifies the internal state.
//
// It has the method set of go-ethereum's crypto.KeccakState, so values of
// either interface type convert to the other.
type KeccakState interface {
	hash.Hash
	Read([]byte) (int, error)
}

// NewKeccakState creates a new KeccakState: go-ethereum's legacy
// Keccak-256 state.
func NewKeccakState() KeccakState {
	return keccak.NewLegacyKeccak256().(KeccakState)
}

// HashData hashes the provided data using the KeccakState and returns a 32 byte hash
//
// A nil kh gives the zero hash (go-ethereum panics).
func HashData(kh KeccakState, data []byte) (h common.Hash) {
	if kh == nil {
		return h
	}
	kh.Reset()
	kh.Write(data)
	kh.Read(h[:])
	return h
}

var hasherPool = sync.Pool{
	New: func() any {
		return keccak.NewLegacyKeccak256().(KeccakState)
	},
}

// Keccak256 calculates and returns the Keccak256 hash of the input data.
func Keccak256(data ...[]byte) []byte {
	b := make([]byte, 32)
	d := hasherPool.Get().(KeccakState)
	d.Reset()
	for _, b := range data {
		d.Write(b)
	}
	d.Read(b)
	hasherPool.Put(d)
	return b
}

// Keccak256Hash calculates and returns the Keccak256 hash of the input data,
// converting it to an internal Hash data structure.
func Keccak256Hash(data ...[]byte) (h common.Hash) {
	d := hasherPool.Get().(KeccakState)
	d.Reset()
	for _, b := range data {
		d.Write(b)
	}
	d.Read(h[:])
	hasherPool.Put(d)
	return h
}

// CreateAddress creates an ethereum address given the bytes and the nonce:
// the last 20 bytes of Keccak-256 of the RLP list [b, nonce].
func CreateAddress(b common.Address, nonce uint64) common.Address {
	data, _ := rlp.EncodeToBytes([]any{b, nonce})
	return common.BytesToAddress(Keccak256(data)[12:])
}

// CreateAddress2 creates an ethereum address given the address bytes, initial
// contract code hash and a salt (EIP-1014: Keccak-256 of
// 0xff || b || salt || inithash, last 20 bytes).
func CreateAddress2(b common.Address, salt [32]byte, inithash []byte) common.Address {
	return common.BytesToAddress(Keccak256([]byte{0xff}, b.Bytes(), salt[:], inithash)[12:])
}
