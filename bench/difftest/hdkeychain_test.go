package difftest

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The BIP-32 differential tests: p256k1's bip32 against btcutil's
// hdkeychain (github.com/btcsuite/btcd/btcutil v1.2.0, Derive: the
// BIP-32-conforming derivation, not DeriveNonStandard) on random seeds and
// paths, private and public derivation, compared as serialised strings.

// hdCompare derives path from seed with both libraries, step by step, and
// compares every private key, its neutered form, and the public child of
// the parent's neutered form where the index is normal. It also parses
// each string with the other library.
func hdCompare(t *testing.T, seed []byte, path []uint32, testnet bool) {
	t.Helper()
	net, v := &chaincfg.MainNetParams, bip32.Xprv
	if testnet {
		net, v = &chaincfg.TestNet3Params, bip32.Tprv
	}
	theirs, errT := hdkeychain.NewMaster(seed, net)
	ours, errO := bip32.NewMaster(seed, v)
	if (errT != nil) != (errO != nil) {
		t.Fatalf("NewMaster(%x): hdkeychain %v, bip32 %v", seed, errT, errO)
	}
	if errT != nil {
		return
	}
	hdSame(t, "master", ours, theirs)
	for j, i := range path {
		tPub, err1 := theirs.Neuter()
		oPub, err2 := ours.Neuter()
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if theirs, errT = theirs.Derive(i); errT != nil {
			t.Fatalf("hdkeychain Derive(%d): %v", i, errT)
		}
		if ours, errO = ours.Child(i); errO != nil {
			t.Fatalf("bip32 Child(%d): %v", i, errO)
		}
		what := bip32.Path(path[:j+1]).String()
		hdSame(t, what, ours, theirs)
		// Public derivation, or its refusal for a hardened index.
		tc, errT := tPub.Derive(i)
		oc, errO := oPub.Child(i)
		if i >= bip32.HardenedOffset {
			if !errors.Is(errT, hdkeychain.ErrDeriveHardFromPublic) || !errors.Is(errO, bip32.ErrHardenedFromPublic) {
				t.Fatalf("%s: hardened child of an xpub: hdkeychain %v, bip32 %v", what, errT, errO)
			}
			continue
		}
		if errT != nil || errO != nil {
			t.Fatalf("%s: public derivation: hdkeychain %v, bip32 %v", what, errT, errO)
		}
		hdSame(t, what+" (public)", oc, tc)
	}
	// The whole path at once.
	d, err := bip32.NewMaster(seed, v)
	if err == nil {
		d, err = d.DerivePath(path)
	}
	if err != nil || d.String() != theirs.String() {
		t.Fatalf("DerivePath(%v) = %v, %v; hdkeychain %s", bip32.Path(path), d, err, theirs)
	}
}

// hdSame compares one key of each library, and each library's parse of
// the other's string.
func hdSame(t *testing.T, what string, ours *bip32.ExtendedKey, theirs *hdkeychain.ExtendedKey) {
	t.Helper()
	s := ours.String()
	if s != theirs.String() {
		t.Fatalf("%s: bip32 %s, hdkeychain %s", what, s, theirs)
	}
	if p, err := bip32.Parse(theirs.String()); err != nil || p.String() != s {
		t.Fatalf("%s: bip32.Parse of hdkeychain's string: %v, %v", what, p, err)
	}
	if p, err := hdkeychain.NewKeyFromString(s); err != nil || p.String() != s {
		t.Fatalf("%s: hdkeychain.NewKeyFromString of bip32's string: %v, %v", what, p, err)
	}
	if ours.ParentFingerprint() != theirs.ParentFingerprint() || ours.ChildNumber() != theirs.ChildIndex() ||
		ours.Depth() != theirs.Depth() || ours.IsPrivate() != theirs.IsPrivate() {
		t.Fatalf("%s: header fields differ", what)
	}
}

// TestHDKeychain compares random seeds (16 to 64 bytes) and random paths
// of up to 6 levels, half of the indices hardened, on mainnet and testnet
// versions, and the fixed BIP-44/49/84/86 account paths.
func TestHDKeychain(t *testing.T) {
	rng := testutil.Rand(t)
	n := 60
	if testing.Short() {
		n = 10
	}
	for k := range n {
		seed := make([]byte, 16+rng.IntN(49))
		for i := range seed {
			seed[i] = byte(rng.Uint32())
		}
		path := make([]uint32, rng.IntN(7))
		for i := range path {
			switch rng.IntN(3) {
			case 0:
				path[i] = rng.Uint32N(4)
			case 1:
				path[i] = bip32.HardenedOffset + rng.Uint32N(100)
			default:
				path[i] = rng.Uint32()
			}
		}
		hdCompare(t, seed, path, k%2 == 1)
	}
	seed := []byte("p256k1 bip32 differential test!!")
	for _, purpose := range []uint32{44, 49, 84, 86} {
		h := bip32.HardenedOffset
		hdCompare(t, seed, []uint32{purpose + h, h, h, 0, 0}, false)
		hdCompare(t, seed, []uint32{purpose + h, 1 + h, h, 1, 7}, true)
	}
}

// FuzzHDKeychainDerive is TestHDKeychain on fuzzed seeds and paths (the
// path is read as big-endian 32-bit indices, at most 8).
func FuzzHDKeychainDerive(f *testing.F) {
	f.Add([]byte("0123456789abcdef"), []byte{0x80, 0, 0, 86, 0x80, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, false)
	f.Add(make([]byte, 64), []byte{0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff}, true)
	f.Fuzz(func(t *testing.T, seed, pathBytes []byte, testnet bool) {
		var path []uint32
		for i := 0; i+4 <= len(pathBytes) && len(path) < 8; i += 4 {
			path = append(path, binary.BigEndian.Uint32(pathBytes[i:]))
		}
		hdCompare(t, seed, path, testnet)
	})
}

// FuzzHDKeychainParse: every string bip32.Parse accepts, hdkeychain
// accepts too and serialises back the same (hdkeychain is the more lenient
// parser: it checks neither the version nor the depth-0 fields).
func FuzzHDKeychainParse(f *testing.F) {
	f.Add("xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi")
	f.Add("xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8")
	f.Add("xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6LBpB85b3D2yc8sfvZU521AAwdZafEz7mnzBBsz4wKY5fTtTQBm")
	f.Fuzz(func(t *testing.T, s string) {
		ours, err := bip32.Parse(s)
		if err != nil {
			return
		}
		theirs, err := hdkeychain.NewKeyFromString(s)
		if err != nil || theirs.String() != ours.String() {
			t.Fatalf("bip32 accepts %s, hdkeychain: %v, %v", s, theirs, err)
		}
	})
}
