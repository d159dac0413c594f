package harness

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"
	"errors"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
)

// BIP86Path is the path of the BIP-32 case: the first receiving address of
// the first BIP-86 (taproot) account, m/86'/0'/0'/0/0.
var BIP86Path = []uint32{0x80000000 + 86, 0x80000000, 0x80000000, 0, 0}

// fillBIP32 computes BIP32Child from the formulas of BIP-32 with
// crypto/hmac and decred's scalar and point arithmetic, independently of
// the providers' BIP-32 code: I = HMAC-SHA512("Bitcoin seed", Seckey) gives
// the master key, then each index i gives I = HMAC-SHA512(chain code,
// 0x00 || key || i) (hardened) or HMAC-SHA512(chain code, compressed
// public key || i) (normal), and the child key I_L + key mod n.
func (it *Item) fillBIP32() error {
	mac := func(key, data []byte) []byte {
		m := hmac.New(sha512.New, key)
		m.Write(data)
		return m.Sum(nil)
	}
	I := mac([]byte("Bitcoin seed"), it.Seckey[:])
	var k, il dcr.ModNScalar
	if k.SetByteSlice(I[:32]) || k.IsZero() {
		return errors.New("BIP-32: invalid master key")
	}
	chain := I[32:]
	for _, i := range BIP86Path {
		var data []byte
		if i >= 0x80000000 {
			kb := k.Bytes()
			data = append([]byte{0}, kb[:]...)
		} else {
			data = dcr.NewPrivateKey(&k).PubKey().SerializeCompressed()
		}
		data = binary.BigEndian.AppendUint32(data, i)
		I = mac(chain, data)
		if il.SetByteSlice(I[:32]) {
			return errors.New("BIP-32: invalid child")
		}
		k.Add(&il)
		if k.IsZero() {
			return errors.New("BIP-32: invalid child")
		}
		chain = I[32:]
	}
	kb := k.Bytes()
	copy(it.BIP32Child[:32], kb[:])
	copy(it.BIP32Child[32:], chain)
	return nil
}
