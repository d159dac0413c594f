package bip32

import (
	"encoding/hex"
	"errors"
	"testing"
)

// The invalid cases of BIP-32 that no seed or index is known to reach
// (probability about 2^-127): each is forced here through the step that
// follows the HMAC.

const orderHex = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"

func mustHex32(t *testing.T, s string) (b [32]byte) {
	t.Helper()
	if _, err := hex.Decode(b[:], []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b
}

// negHex returns n - d for the private key d of k, as 64 hex digits.
func negOf(t *testing.T, k *ExtendedKey) [32]byte {
	t.Helper()
	var d [32]byte
	if err := k.priv.PutBytes(&d); err != nil {
		t.Fatal(err)
	}
	n := mustHex32(t, orderHex)
	var out [32]byte
	borrow := 0
	for i := 31; i >= 0; i-- {
		v := int(n[i]) - int(d[i]) - borrow
		borrow = 0
		if v < 0 {
			v += 256
			borrow = 1
		}
		out[i] = byte(v)
	}
	return out
}

func TestUnusableSeed(t *testing.T) {
	for _, il := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		orderHex,
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	} {
		var I [64]byte
		b := mustHex32(t, il)
		copy(I[:32], b[:])
		var k ExtendedKey
		if err := k.setMaster(&I, Xprv); !errors.Is(err, ErrUnusableSeed) || k.valid() {
			t.Errorf("I_L = %s: %v, valid %v; want ErrUnusableSeed and no key", il, err, k.valid())
		}
	}
	// n - 1 is a valid key.
	var I [64]byte
	b := mustHex32(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140")
	copy(I[:32], b[:])
	var k ExtendedKey
	if err := k.setMaster(&I, Xprv); err != nil || !k.valid() {
		t.Errorf("I_L = n-1: %v", err)
	}
}

func TestInvalidChild(t *testing.T) {
	seed := make([]byte, 32)
	parent, err := NewMaster(seed, Xprv)
	if err != nil {
		t.Fatal(err)
	}
	pubParent, err := parent.Neuter()
	if err != nil {
		t.Fatal(err)
	}
	neg := negOf(t, parent) // I_L = n - d: the child key is 0, its point infinity
	for _, c := range []struct {
		name string
		il   [32]byte
	}{
		{"I_L = n", mustHex32(t, orderHex)},
		{"I_L = 2^256-1", mustHex32(t, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")},
		{"child key 0", neg},
	} {
		for _, p := range []*ExtendedKey{parent, pubParent} {
			var I [64]byte
			copy(I[:32], c.il[:])
			var k ExtendedKey
			err := k.setChildFromI(p, 7, &I, nil)
			if !errors.Is(err, ErrInvalidChild) || k.valid() {
				t.Errorf("%s (private %v): %v, valid %v; want ErrInvalidChild and no key", c.name, p.private, err, k.valid())
			}
		}
	}
	// I_L = n - d - 1 gives the key n - 1 (the child of the public key is
	// -G): valid.
	il := neg
	if il[31] == 0 {
		t.Fatal("pick another seed: the last byte of n - d is 0")
	}
	il[31]--
	for _, p := range []*ExtendedKey{parent, pubParent} {
		var I [64]byte
		copy(I[:32], il[:])
		var k ExtendedKey
		if err := k.setChildFromI(p, 7, &I, nil); err != nil || !k.valid() {
			t.Errorf("I_L = n - d - 1 (private %v): %v", p.private, err)
		}
	}
}
