package silentpayments_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// TestInputPublicKey: each of BIP-352's input types, and the cases that
// leave an input out or the transaction unscanned.
func TestInputPublicKey(t *testing.T) {
	rng := testutil.Rand(t)
	key := randKey(t, rng).PublicKey()
	comp := key.BytesCompressed()
	uncomp := key.BytesUncompressed()
	h := ripemd160.Hash160(comp)
	hu := ripemd160.Hash160(uncomp)
	sig := bytes.Repeat([]byte{0x30}, 71)
	xonly, _ := key.XOnly()
	even := xonly.PublicKey()
	nums := testutil.MustHex(t, "50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0")

	p2pkh := func(hash [20]byte) []byte {
		return append(append([]byte{0x76, 0xa9, 0x14}, hash[:]...), 0x88, 0xac)
	}
	push := func(b []byte) []byte { return append([]byte{byte(len(b))}, b...) }
	p2wpkh := append([]byte{0x00, 0x14}, h[:]...)
	p2sh := append(append([]byte{0xa9, 0x14}, make([]byte, 20)...), 0x87)
	p2tr := append([]byte{0x51, 0x20}, xonly.Bytes()...)
	control := func(internal []byte) []byte { return append(append([]byte{0xc0}, internal...), make([]byte, 32)...) }
	leaf := []byte{0x51}

	cases := []struct {
		name               string
		prevout, scriptSig []byte
		witness            [][]byte
		want               *secp256k1.PublicKey
		err                error
	}{
		{"P2PKH", p2pkh(h), append(push(sig), push(comp)...), nil, key, nil},
		{"P2PKH with a dummy push and OP_DROP", p2pkh(h), append(append([]byte{0x00, 0x75}, push(sig)...), push(comp)...), nil, key, nil},
		{"P2PKH, the key not last", p2pkh(h), append(append(push(sig), push(comp)...), 0x51, 0x75), nil, key, nil},
		{"P2PKH, a key of another hash", p2pkh([20]byte{1}), append(push(sig), push(comp)...), nil, nil, sp.ErrNotEligible},
		{"P2PKH, uncompressed key", p2pkh(hu), append(push(sig), 0x41, 0x04), nil, nil, sp.ErrNotEligible},
		{"P2PKH, uncompressed key in full", p2pkh(hu), append(push(sig), push(uncomp)...), nil, nil, sp.ErrNotEligible},
		{"P2PKH, empty scriptSig", p2pkh(h), nil, nil, nil, sp.ErrNotEligible},
		{"P2WPKH", p2wpkh, nil, [][]byte{sig, comp}, key, nil},
		{"P2WPKH, uncompressed key", p2wpkh, nil, [][]byte{sig, uncomp}, nil, sp.ErrNotEligible},
		{"P2WPKH, empty witness", p2wpkh, nil, nil, nil, sp.ErrNotEligible},
		{"P2WPKH, last item not a key", p2wpkh, nil, [][]byte{comp, sig}, nil, sp.ErrNotEligible},
		{"P2SH-P2WPKH", p2sh, push(p2wpkh), [][]byte{sig, comp}, key, nil},
		{"P2SH-P2WPKH, uncompressed key", p2sh, push(p2wpkh), [][]byte{sig, uncomp}, nil, sp.ErrNotEligible},
		{"P2SH-P2WPKH, empty witness", p2sh, push(p2wpkh), nil, nil, sp.ErrNotEligible},
		{"P2SH, not P2WPKH", p2sh, push(append([]byte{0x00, 0x20}, make([]byte, 32)...)), [][]byte{sig, comp}, nil, sp.ErrNotEligible},
		{"P2SH-P2WPKH with an extra byte", p2sh, append(push(p2wpkh), 0x00), [][]byte{sig, comp}, nil, sp.ErrNotEligible},
		{"P2SH, empty scriptSig", p2sh, nil, [][]byte{sig, comp}, nil, sp.ErrNotEligible},
		{"P2TR key path", p2tr, nil, [][]byte{sig[:64]}, even, nil},
		{"P2TR key path, one item starting 0x50", p2tr, nil, [][]byte{append([]byte{0x50}, sig[:63]...)}, even, nil},
		{"P2TR key path with annex", p2tr, nil, [][]byte{sig[:64], {0x50, 1}}, even, nil},
		{"P2TR script path", p2tr, nil, [][]byte{sig[:64], leaf, control(comp[1:])}, even, nil},
		{"P2TR script path, H as internal key", p2tr, nil, [][]byte{sig[:64], leaf, control(nums)}, nil, sp.ErrNotEligible},
		{"P2TR script path, H, with annex", p2tr, nil, [][]byte{sig[:64], leaf, control(nums), {0x50}}, nil, sp.ErrNotEligible},
		{"P2TR script path, H, no other items", p2tr, nil, [][]byte{leaf, control(nums)}, nil, sp.ErrNotEligible},
		{"P2TR script path, short control block", p2tr, nil, [][]byte{leaf, {0xc0, 1, 2}}, even, nil},
		{"P2TR, empty witness", p2tr, nil, nil, nil, sp.ErrNotEligible},
		{"P2TR, empty last item", p2tr, nil, [][]byte{sig[:64], {}}, even, nil},
		{"P2TR, output key not on the curve", append([]byte{0x51, 0x20}, bytes.Repeat([]byte{0xff}, 32)...), nil, [][]byte{sig[:64]}, nil, sp.ErrNotEligible},
		{"segwit v2", append([]byte{0x52, 0x20}, make([]byte, 32)...), nil, [][]byte{sig}, nil, sp.ErrSegwitVersion},
		{"segwit v16, 2 bytes", []byte{0x60, 0x02, 1, 2}, nil, nil, nil, sp.ErrSegwitVersion},
		{"segwit v16, 40 bytes", append([]byte{0x60, 0x28}, make([]byte, 40)...), nil, nil, nil, sp.ErrSegwitVersion},
		{"v16 push of 41 bytes: no witness program", append([]byte{0x60, 0x29}, make([]byte, 41)...), nil, nil, nil, sp.ErrNotEligible},
		{"v1, 2 bytes (P2A)", []byte{0x51, 0x02, 0x4e, 0x73}, nil, nil, nil, sp.ErrNotEligible},
		{"P2WSH", append([]byte{0x00, 0x20}, make([]byte, 32)...), nil, [][]byte{sig, leaf}, nil, sp.ErrNotEligible},
		{"P2PK", append(push(comp), 0xac), push(sig), nil, nil, sp.ErrNotEligible},
		{"nil", nil, nil, nil, nil, sp.ErrNotEligible},
	}
	for _, c := range cases {
		got, err := sp.InputPublicKey(c.prevout, c.scriptSig, c.witness)
		if c.err != nil {
			if got != nil || !errors.Is(err, c.err) {
				t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.err)
			}
			continue
		}
		if err != nil || !got.Equal(c.want) {
			t.Errorf("%s: %v, %v", c.name, got, err)
		}
	}
}
