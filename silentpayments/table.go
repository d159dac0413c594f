package silentpayments

import (
	"hash/maphash"

	"github.com/p256k1/secp256k1/internal/field"
)

// outputTable finds a transaction's outputs by their 32-byte x-only key:
// an open-addressing hash table with linear probing and a random seed
// (maphash), so that outputs chosen to collide cost no more than a linear
// scan. Matched outputs are removed, as BIP-352's scanning removes them
// from outputs_to_check. Outputs are public; execution time depends on
// them and on the keys looked up, which the scan has declassified.
type outputTable struct {
	outs    [][]byte
	slots   []int32 // output index + 1; 0 is an empty slot
	mask    uint64
	seed    maphash.Seed
	removed []bool
}

func newOutputTable(outs [][]byte) *outputTable {
	n := 8
	for n < 2*len(outs) {
		n <<= 1
	}
	t := &outputTable{
		outs:    outs,
		slots:   make([]int32, n),
		mask:    uint64(n - 1),
		seed:    maphash.MakeSeed(),
		removed: make([]bool, len(outs)),
	}
	for j, o := range outs {
		h := maphash.Bytes(t.seed, o) & t.mask
		for t.slots[h] != 0 {
			h = (h + 1) & t.mask
		}
		t.slots[h] = int32(j + 1)
	}
	return t
}

// lookup returns the smallest index of an output that is not removed and
// whose key is the x coordinate x, or -1. Outputs with equal keys were
// inserted in index order along one probe sequence, so the first one found
// is the smallest.
func (t *outputTable) lookup(x *field.Element) int {
	var b [32]byte
	x.PutBytes(&b)
	h := maphash.Bytes(t.seed, b[:]) & t.mask
	for {
		s := t.slots[h]
		if s == 0 {
			return -1
		}
		if j := int(s - 1); !t.removed[j] && [32]byte(t.outs[j]) == b {
			return j
		}
		h = (h + 1) & t.mask
	}
}

// remove marks output j as found.
func (t *outputTable) remove(j int) { t.removed[j] = true }
