package bip32_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// refKey is a BIP-32 key computed with math/big, crypto/hmac and the
// textbook curve of internal/testutil, straight from the BIP's formulas.
type refKey struct {
	d        *big.Int // nil for a public key
	P        *testutil.Point
	chain    []byte
	depth    uint8
	parentFP uint32
	child    uint32
}

func refHMAC(key, data []byte) (il *big.Int, ir []byte) {
	m := hmac.New(sha512.New, key)
	m.Write(data)
	I := m.Sum(nil)
	return new(big.Int).SetBytes(I[:32]), I[32:]
}

func refSer(p *testutil.Point) []byte {
	b := make([]byte, 33)
	b[0] = 2 + byte(p.Y.Bit(0))
	p.X.FillBytes(b[1:])
	return b
}

func refMaster(seed []byte) *refKey {
	il, ir := refHMAC([]byte("Bitcoin seed"), seed)
	if il.Sign() == 0 || il.Cmp(testutil.N) >= 0 {
		return nil
	}
	return &refKey{d: il, P: testutil.Mul(il, testutil.G()), chain: ir}
}

// derive is CKDpriv for a private key and CKDpub for a public one; nil for an
// invalid child (never met in practice).
func (k *refKey) derive(i uint32) *refKey {
	var data []byte
	if i >= bip32.HardenedOffset {
		data = append([]byte{0}, k.d.FillBytes(make([]byte, 32))...)
	} else {
		data = refSer(k.P)
	}
	data = binary.BigEndian.AppendUint32(data, i)
	il, ir := refHMAC(k.chain, data)
	if il.Cmp(testutil.N) >= 0 {
		return nil
	}
	h := ripemd160.Hash160(refSer(k.P))
	c := &refKey{chain: ir, depth: k.depth + 1, parentFP: binary.BigEndian.Uint32(h[:4]), child: i}
	if k.d != nil {
		c.d = new(big.Int).Add(il, k.d)
		c.d.Mod(c.d, testutil.N)
		if c.d.Sign() == 0 {
			return nil
		}
		c.P = testutil.Mul(c.d, testutil.G())
	} else {
		c.P = testutil.Add(k.P, testutil.Mul(il, testutil.G()))
		if c.P == nil {
			return nil
		}
	}
	return c
}

func (k *refKey) check(t *testing.T, what string, got *bip32.ExtendedKey) {
	t.Helper()
	pk, err := got.PublicKey()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !bytes.Equal(pk.BytesCompressed(), refSer(k.P)) || !bytes.Equal(got.ChainCode(), k.chain) ||
		got.Depth() != k.depth || got.ParentFingerprint() != k.parentFP || got.ChildNumber() != k.child {
		t.Errorf("%s: key %s differs from the math/big reference", what, got)
	}
	sk, err := got.PrivateKey()
	if (k.d != nil) != got.IsPrivate() || (k.d != nil && (err != nil || !bytes.Equal(sk.Bytes(), k.d.FillBytes(make([]byte, 32))))) {
		t.Errorf("%s: private key %x, %v; want %x", what, sk.Bytes(), err, k.d)
	}
}

// TestReference derives random paths from random seeds and compares every
// key with the math/big reference: the private chain by Derive and by
// Child, and the public chain by Child from a neutered key where the path
// has no hardened index left.
func TestReference(t *testing.T) {
	rng := testutil.Rand(t)
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	for range seeds {
		seed := make([]byte, 16+rng.IntN(49))
		for i := range seed {
			seed[i] = byte(rng.Uint32())
		}
		ref := refMaster(seed)
		master, err := bip32.NewMaster(seed, bip32.Xprv)
		if err != nil {
			t.Fatal(err)
		}
		ref.check(t, "master", master)
		path := make(bip32.Path, 1+rng.IntN(5))
		for j := range path {
			path[j] = rng.Uint32N(8)
			if rng.IntN(2) == 0 {
				path[j] = rng.Uint32() // any index, hardened or not
			}
		}
		r, k := ref, master
		var pub *bip32.ExtendedKey // the public chain, from the last hardened index on
		var rPub *refKey
		for j, i := range path {
			r = r.derive(i)
			if k, err = k.Child(i); err != nil || r == nil {
				t.Fatalf("Child(%d): %v (reference valid: %v)", i, err, r != nil)
			}
			r.check(t, path[:j+1].String(), k)
			if i >= bip32.HardenedOffset {
				pub, rPub = nil, nil
				continue
			}
			if pub == nil {
				parent, err := master.DerivePath(path[:j])
				if err != nil {
					t.Fatal(err)
				}
				pub, _ = parent.Neuter()
				rPub = &refKey{P: testutil.Mul(new(big.Int).SetBytes(mustPriv(t, parent)), testutil.G()),
					chain: parent.ChainCode(), depth: parent.Depth(), parentFP: parent.ParentFingerprint(), child: parent.ChildNumber()}
			}
			if pub, err = pub.Child(i); err != nil {
				t.Fatal(err)
			}
			rPub = rPub.derive(i)
			rPub.check(t, path[:j+1].String()+" (public)", pub)
		}
		d, err := master.Derive(path.String())
		if err != nil {
			t.Fatal(err)
		}
		r.check(t, "Derive("+path.String()+")", d)
	}
}

func mustPriv(t *testing.T, k *bip32.ExtendedKey) []byte {
	sk, err := k.PrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	return sk.Bytes()
}
