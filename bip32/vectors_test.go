package bip32_test

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// testdata/bip32_test_vectors.json: BIP-32's test vectors 1-4 (valid) and
// 5 (invalid), see testdata/LICENSE.
type bip32File struct {
	Valid []struct {
		Vector int
		Seed   string
		Chains []struct {
			Path              string
			PathIndices       []uint32 `json:"path_indices"`
			ExtPub            string   `json:"ext_pub"`
			ExtPrv            string   `json:"ext_prv"`
			PublicKey         string   `json:"public_key_compressed"`
			PrivateKey        string   `json:"private_key"`
			ChainCode         string   `json:"chain_code"`
			Depth             uint8
			ParentFingerprint string `json:"parent_fingerprint"`
			ChildNumber       uint32 `json:"child_number"`
		}
	}
	Invalid []struct {
		Vector int
		Key    string
		Reason string
	}
}

// TestBIP32Valid runs the 17 keys of test vectors 1-4: from the seed, each
// path by Derive, by ParsePath and DerivePath, and by Child from the
// previous key of the chain; each key's xprv and xpub, its fields, Parse of
// both strings (which must give them back), and public derivation from the
// parent's xpub where the last index is normal.
func TestBIP32Valid(t *testing.T) {
	var f bip32File
	testutil.LoadJSON(t, "testdata/bip32_test_vectors.json", &f)
	seeds, chains, pubSteps := 0, 0, 0
	for _, v := range f.Valid {
		seeds++
		master, err := bip32.NewMaster(testutil.MustHex(t, v.Seed), bip32.Xprv)
		if err != nil {
			t.Fatalf("vector %d: NewMaster: %v", v.Vector, err)
		}
		var prev, prevPub *bip32.ExtendedKey
		for _, c := range v.Chains {
			chains++
			name := fmt.Sprintf("vector %d %s", v.Vector, c.Path)
			k, err := master.Derive(c.Path)
			if err != nil {
				t.Fatalf("%s: Derive: %v", name, err)
			}
			p, err := bip32.ParsePath(c.Path)
			if err != nil || fmt.Sprint([]uint32(p)) != fmt.Sprint(c.PathIndices) {
				t.Errorf("%s: ParsePath = %v, %v; want %v", name, p, err, c.PathIndices)
			}
			if k2, err := master.DerivePath(p); err != nil || k2.String() != c.ExtPrv {
				t.Errorf("%s: DerivePath = %v, %v", name, k2, err)
			}
			if len(c.PathIndices) > 0 {
				last := c.PathIndices[len(c.PathIndices)-1]
				step, err := prev.Child(last)
				if err != nil || step.String() != c.ExtPrv {
					t.Errorf("%s: Child(%d) of the previous key = %v, %v", name, last, step, err)
				}
				if last < bip32.HardenedOffset {
					pubSteps++
					pc, err := prevPub.Child(last)
					if err != nil || pc.String() != c.ExtPub || pc.IsPrivate() {
						t.Errorf("%s: public Child(%d) of the parent's xpub = %v, %v; want %s", name, last, pc, err, c.ExtPub)
					}
				} else if _, err := prevPub.Child(last); !errors.Is(err, bip32.ErrHardenedFromPublic) {
					t.Errorf("%s: hardened Child of an xpub: %v, want ErrHardenedFromPublic", name, err)
				}
			} else if k.String() != master.String() {
				t.Errorf("%s: Derive(m) is not the master key", name)
			}
			checkKey(t, name, k, c.ExtPrv, true, c.PrivateKey, c.PublicKey, c.ChainCode, c.Depth, c.ParentFingerprint, c.ChildNumber)
			pub, err := k.Neuter()
			if err != nil {
				t.Fatalf("%s: Neuter: %v", name, err)
			}
			checkKey(t, name+" (neutered)", pub, c.ExtPub, false, "", c.PublicKey, c.ChainCode, c.Depth, c.ParentFingerprint, c.ChildNumber)
			for _, s := range []string{c.ExtPrv, c.ExtPub} {
				parsed, err := bip32.Parse(s)
				if err != nil {
					t.Errorf("%s: Parse(%s): %v", name, s, err)
					continue
				}
				isPrv := s == c.ExtPrv
				want := ""
				if isPrv {
					want = c.PrivateKey
				}
				checkKey(t, name+" (parsed)", parsed, s, isPrv, want, c.PublicKey, c.ChainCode, c.Depth, c.ParentFingerprint, c.ChildNumber)
			}
			prev, prevPub = k, pub
		}
	}
	if seeds != 4 || chains != 17 || pubSteps != 6 {
		t.Errorf("ran %d seeds, %d keys, %d public derivations; want 4, 17, 6", seeds, chains, pubSteps)
	}
}

// checkKey checks every accessor of k against the vector's fields.
func checkKey(t *testing.T, name string, k *bip32.ExtendedKey, str string, private bool, priv, pub, chain string, depth uint8, parentFP string, child uint32) {
	t.Helper()
	if got := k.String(); got != str {
		t.Errorf("%s: String = %s, want %s", name, got, str)
	}
	if b, err := k.AppendText([]byte("x")); err != nil || string(b) != "x"+str {
		t.Errorf("%s: AppendText = %q, %v", name, b, err)
	}
	if k.IsPrivate() != private {
		t.Errorf("%s: IsPrivate = %v", name, k.IsPrivate())
	}
	wantVersion := bip32.Xpub
	if private {
		wantVersion = bip32.Xprv
	}
	if k.Version() != wantVersion || k.Version().String() != str[:4] {
		t.Errorf("%s: Version = %v, want %v", name, k.Version(), wantVersion)
	}
	if k.Depth() != depth || fmt.Sprintf("%08x", k.ParentFingerprint()) != parentFP || k.ChildNumber() != child {
		t.Errorf("%s: depth %d, parent fingerprint %08x, child %d; want %d, %s, %d", name, k.Depth(), k.ParentFingerprint(), k.ChildNumber(), depth, parentFP, child)
	}
	if got := hex.EncodeToString(k.ChainCode()); got != chain {
		t.Errorf("%s: chain code %s, want %s", name, got, chain)
	}
	pk, err := k.PublicKey()
	if err != nil || hex.EncodeToString(pk.BytesCompressed()) != pub {
		t.Errorf("%s: PublicKey = %v, %v; want %s", name, pk, err, pub)
	}
	sk, err := k.PrivateKey()
	if private {
		if err != nil || hex.EncodeToString(sk.Bytes()) != priv {
			t.Errorf("%s: PrivateKey = %x, %v; want %s", name, sk.Bytes(), err, priv)
		} else if !sk.PublicKey().Equal(pk) {
			t.Errorf("%s: the private key's public key is not PublicKey", name)
		}
	} else if sk != nil || !errors.Is(err, bip32.ErrNotPrivate) {
		t.Errorf("%s: PrivateKey of a public key = %v, %v", name, sk, err)
	}
}

// TestBIP32Invalid parses the 16 keys of test vector 5: each must fail with
// an error that names its reason.
func TestBIP32Invalid(t *testing.T) {
	var f bip32File
	testutil.LoadJSON(t, "testdata/bip32_test_vectors.json", &f)
	// What each reason's error must wrap and say.
	want := map[string]struct {
		is   error
		text string
	}{
		"pubkey version / prvkey mismatch":            {bip32.ErrInvalidKey, "private key (prefix 0x00) under the public version"},
		"prvkey version / pubkey mismatch":            {bip32.ErrInvalidKey, "public key (prefix 0x03) under the private version"},
		"invalid pubkey prefix 04":                    {secp256k1.ErrInvalidPublicKey, "bad prefix 0x04"},
		"invalid prvkey prefix 04":                    {bip32.ErrInvalidKey, "starts with 0x04"},
		"invalid pubkey prefix 01":                    {secp256k1.ErrInvalidPublicKey, "bad prefix 0x01"},
		"invalid prvkey prefix 01":                    {bip32.ErrInvalidKey, "starts with 0x01"},
		"zero depth with non-zero parent fingerprint": {bip32.ErrInvalidKey, "depth 0 with parent fingerprint"},
		"zero depth with non-zero index":              {bip32.ErrInvalidKey, "depth 0 with child number"},
		"unknown extended key version":                {bip32.ErrInvalidVersion, "unknown version 0x01010101"},
		"private key 0 not in 1..n-1":                 {secp256k1.ErrInvalidPrivateKey, "not in [1, n)"},
		"private key n not in 1..n-1":                 {secp256k1.ErrInvalidPrivateKey, "not in [1, n)"},
		"invalid pubkey 020000000000000000000000000000000000000000000000000000000000000007": {secp256k1.ErrInvalidPublicKey, "no point on the curve"},
		"invalid checksum": {bip32.ErrInvalidKey, "checksum"},
	}
	n := 0
	for _, c := range f.Invalid {
		n++
		k, err := bip32.Parse(c.Key)
		w, ok := want[c.Reason]
		if !ok {
			t.Errorf("no expectation for reason %q", c.Reason)
			continue
		}
		if k != nil || !errors.Is(err, bip32.ErrInvalidKey) || !errors.Is(err, w.is) || !strings.Contains(err.Error(), w.text) {
			t.Errorf("Parse(%s) (%s) = %v, %v; want an error wrapping %v and saying %q", c.Key, c.Reason, k, err, w.is, w.text)
		}
	}
	if n != 16 {
		t.Errorf("ran %d invalid keys, want 16", n)
	}
}

// TestNIP06 runs the 2 NIP-06 vectors: mnemonic -> BIP-39 seed (empty
// passphrase) -> m/44'/1237'/0'/0/0 -> the nostr private key and its
// x-only public key.
func TestNIP06(t *testing.T) {
	var f struct {
		Vectors []struct {
			Mnemonic   string
			PrivateKey string `json:"private_key"`
			PublicKey  string `json:"public_key_xonly"`
		}
	}
	testutil.LoadJSON(t, "testdata/nip06_key_derivation_vectors.json", &f)
	n := 0
	for _, v := range f.Vectors {
		n++
		seed, err := bip39.Seed(v.Mnemonic, "")
		if err != nil {
			t.Fatal(err)
		}
		master, err := bip32.NewMaster(seed, bip32.Xprv)
		if err != nil {
			t.Fatal(err)
		}
		k, err := master.Derive("m/44'/1237'/0'/0/0")
		if err != nil {
			t.Fatal(err)
		}
		sk, _ := k.PrivateKey()
		pk, _ := k.PublicKey()
		x, _ := pk.XOnly()
		if hex.EncodeToString(sk.Bytes()) != v.PrivateKey || hex.EncodeToString(x.Bytes()) != v.PublicKey {
			t.Errorf("%q: key %x, x-only %x; want %s, %s", v.Mnemonic, sk.Bytes(), x.Bytes(), v.PrivateKey, v.PublicKey)
		}
	}
	if n != 2 {
		t.Errorf("ran %d NIP-06 vectors, want 2", n)
	}
}

// TestBIP39Xprv runs the xprv column of bip39's trezor vectors (24 English
// cases, in ../bip39/testdata): the master key of each seed.
func TestBIP39Xprv(t *testing.T) {
	var f map[string][][4]string
	testutil.LoadJSON(t, "../bip39/testdata/vectors.json", &f)
	n := 0
	for _, c := range f["english"] {
		n++
		seed, err := bip39.Seed(c[1], "TREZOR")
		if err != nil || hex.EncodeToString(seed) != c[2] {
			t.Fatalf("Seed(%q) = %x, %v", c[1], seed, err)
		}
		k, err := bip32.NewMaster(seed, bip32.Xprv)
		if err != nil || k.String() != c[3] {
			t.Errorf("master key of %q: %v, %v; want %s", c[1], k, err, c[3])
		}
	}
	if n != 24 {
		t.Errorf("ran %d cases, want 24", n)
	}
}

// TestBIP86Keys runs the keys of the BIP-86 test vectors (in
// ../testdata/bip86): the mnemonic's root xprv and xpub, the account
// m/86'/0'/0' and the three address keys, each by Derive from the root and
// by a relative path from the account key.
func TestBIP86Keys(t *testing.T) {
	var f struct {
		Root struct {
			Mnemonic string
			Rootpriv string
			Rootpub  string
		}
		Account struct {
			Path string
			Xprv string
			Xpub string
		}
		Addresses []struct {
			Path string
			Xprv string
			Xpub string
		}
	}
	testutil.LoadJSON(t, "../testdata/bip86/bip86_test_vectors.json", &f)
	seed, err := bip39.Seed(f.Root.Mnemonic, "")
	if err != nil {
		t.Fatal(err)
	}
	root, err := bip32.NewMaster(seed, bip32.Xprv)
	if err != nil {
		t.Fatal(err)
	}
	rootPub, _ := root.Neuter()
	if root.String() != f.Root.Rootpriv || rootPub.String() != f.Root.Rootpub {
		t.Errorf("root %s %s; want %s %s", root, rootPub, f.Root.Rootpriv, f.Root.Rootpub)
	}
	account, err := root.Derive(f.Account.Path)
	if err != nil {
		t.Fatal(err)
	}
	accountPub, _ := account.Neuter()
	if account.String() != f.Account.Xprv || accountPub.String() != f.Account.Xpub {
		t.Errorf("account %s %s", account, accountPub)
	}
	n := 0
	for _, a := range f.Addresses {
		n++
		rel, ok := strings.CutPrefix(a.Path, f.Account.Path+"/")
		if !ok {
			t.Fatalf("path %s is not below the account", a.Path)
		}
		for _, d := range []struct {
			from *bip32.ExtendedKey
			path string
			prv  bool
		}{{root, a.Path, true}, {account, rel, true}, {accountPub, rel, false}} {
			k, err := d.from.Derive(d.path)
			if err != nil {
				t.Errorf("Derive(%s): %v", d.path, err)
				continue
			}
			pub, _ := k.Neuter()
			if pub.String() != a.Xpub || (d.prv && k.String() != a.Xprv) {
				t.Errorf("Derive(%s) = %s / %s; want %s / %s", d.path, k, pub, a.Xprv, a.Xpub)
			}
		}
		if _, err := account.Derive(a.Path); !errors.Is(err, bip32.ErrInvalidPath) {
			t.Errorf("absolute path %s from the account key: %v, want ErrInvalidPath", a.Path, err)
		}
	}
	if n != 3 {
		t.Errorf("ran %d addresses, want 3", n)
	}
}
