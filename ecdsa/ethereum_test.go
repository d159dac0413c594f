package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// fillRand fills b from rng.
func fillRand(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// ethV is the naive specification of EthereumRecoveryID: the set of valid
// v for a chain and the recovery id of each.
func ethV(v, chainID uint64) (byte, bool) {
	for id := uint64(0); id < 2; id++ {
		if v == id || v == 27+id {
			return byte(id), true
		}
		if chainID != 0 && chainID <= (math.MaxUint64-36)/2 && v == 35+2*chainID+id {
			return byte(id), true
		}
	}
	return 0, false
}

func TestEthereumRecoveryID(t *testing.T) {
	for _, chainID := range []uint64{0, 1, 5, 56, 109, 110, 137, 1 << 40} {
		for v := uint64(0); v < 600; v++ {
			want, ok := ethV(v, chainID)
			got, err := ecdsa.EthereumRecoveryID(v, chainID)
			if ok != (err == nil) || got != want {
				t.Fatalf("EthereumRecoveryID(%d, chain %d) = %d, %v; want %d, valid %v", v, chainID, got, err, want, ok)
			}
			if err != nil && !errors.Is(err, ecdsa.ErrInvalidRecoveryID) {
				t.Fatalf("v = %d: %v does not wrap ErrInvalidRecoveryID", v, err)
			}
		}
	}
	// Chain IDs whose v does not fit a byte, up to the largest whose v
	// fits 64 bits, and v of other chains.
	for _, chainID := range []uint64{1 << 40, (math.MaxUint64 - 36) / 2} {
		for id := uint64(0); id < 2; id++ {
			v := 35 + 2*chainID + id
			if got, err := ecdsa.EthereumRecoveryID(v, chainID); err != nil || got != byte(id) {
				t.Errorf("chain %d, v = %d: %d, %v", chainID, v, got, err)
			}
			_, err := ecdsa.EthereumRecoveryID(v, chainID-1)
			if err == nil || !strings.Contains(err.Error(), "EIP-155 for chain ID") {
				t.Errorf("chain %d, v = %d, given chain %d: %v", chainID, v, chainID-1, err)
			}
		}
	}
	if _, err := ecdsa.EthereumRecoveryID(math.MaxUint64, 5); err == nil {
		t.Error("v = 2^64 - 1 accepted for chain 5")
	}
	// The messages say what was wrong.
	for _, c := range []struct {
		v, chainID uint64
		want       string
	}{
		{38, 5, "v = 38 is EIP-155 for chain ID 1, want chain ID 5"},
		{37, 0, "v = 37 is EIP-155 for chain ID 1, but no chain ID was given"},
		{29, 1, "v = 29 is none of 0, 1, 27, 28 or 35 + 2·chainID"},
		{2, 1, "v = 2 is none of"},
	} {
		_, err := ecdsa.EthereumRecoveryID(c.v, c.chainID)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("EthereumRecoveryID(%d, %d): %v, want %q", c.v, c.chainID, err, c.want)
		}
	}
}

// TestEthereumRoundTrip signs random hashes with random keys and checks
// every path against Sign, SignRecoverable and RecoverPublicKey: the 65
// bytes are r ‖ s ‖ recovery id, each v convention parses to the same
// signature and id, and recovery gives the key.
func TestEthereumRoundTrip(t *testing.T) {
	rng := testutil.Rand(t)
	n := 200
	if testing.Short() {
		n = 20
	}
	ids := [2]int{}
	for range n {
		var kb, hash [32]byte
		fillRand(rng, kb[:])
		fillRand(rng, hash[:])
		priv, err := secp256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		b, err := ecdsa.SignEthereum(priv, hash[:])
		if err != nil {
			t.Fatal(err)
		}
		want, recID, err := ecdsa.SignRecoverable(priv, hash[:])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b[:64], want.BytesCompact()) || b[64] != recID || len(b) != 65 {
			t.Fatalf("SignEthereum = %x, SignRecoverable = %x, %d", b, want.BytesCompact(), recID)
		}
		ids[recID]++
		sig, id, err := ecdsa.ParseEthereumSignature(b)
		if err != nil || id != recID || !sig.Equal(want) {
			t.Fatalf("ParseEthereumSignature(%x) = %d, %v", b, id, err)
		}
		pub, err := ecdsa.RecoverEthereum(hash[:], b)
		if err != nil || !pub.Equal(priv.PublicKey()) {
			t.Fatalf("RecoverEthereum: %v", err)
		}
		chainID := uint64(rng.IntN(110))
		for _, v := range []uint64{uint64(recID), 27 + uint64(recID), 35 + 2*chainID + uint64(recID)} {
			if chainID == 0 && v >= 35 {
				continue
			}
			c := bytes.Clone(b)
			c[64] = byte(v)
			sig, id, err := ecdsa.ParseEthereumSignatureChainID(c, chainID)
			if err != nil || id != recID || !sig.Equal(want) {
				t.Fatalf("ParseEthereumSignatureChainID(v = %d, chain %d) = %d, %v", v, chainID, id, err)
			}
		}
		// The other parity recovers another key (or none).
		c := bytes.Clone(b)
		c[64] ^= 1
		if pub, err := ecdsa.RecoverEthereum(hash[:], c); err == nil && pub.Equal(priv.PublicKey()) {
			t.Fatal("the flipped recovery id recovers the key")
		}
	}
	if !testing.Short() && (ids[0] == 0 || ids[1] == 0) {
		t.Errorf("recovery ids seen: %v", ids)
	}
}

func TestEthereumRejects(t *testing.T) {
	priv, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte("ethereum"))
	good, err := ecdsa.SignEthereum(priv, h[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, hl := range []int{0, 20, 31, 33, 64} {
		hash := make([]byte, hl)
		if b, err := ecdsa.SignEthereum(priv, hash); b != nil || !errors.Is(err, ecdsa.ErrInvalidHashLength) {
			t.Errorf("SignEthereum(%d-byte hash) = %x, %v", hl, b, err)
		}
		if p, err := ecdsa.RecoverEthereum(hash, good); p != nil || !errors.Is(err, ecdsa.ErrInvalidHashLength) {
			t.Errorf("RecoverEthereum(%d-byte hash) = %v, %v", hl, p, err)
		}
	}
	n := testutil.MustHex(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	mutate := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	for name, c := range map[string]struct {
		b        []byte
		sentinel error
	}{
		"nil":      {nil, ecdsa.ErrInvalidSignature},
		"64 bytes": {good[:64], ecdsa.ErrInvalidSignature},
		"66 bytes": {append(bytes.Clone(good), 0), ecdsa.ErrInvalidSignature},
		"r = 0":    {mutate(func(b []byte) []byte { clear(b[:32]); return b }), ecdsa.ErrInvalidSignature},
		"s = 0":    {mutate(func(b []byte) []byte { clear(b[32:64]); return b }), ecdsa.ErrInvalidSignature},
		"r = n":    {mutate(func(b []byte) []byte { copy(b, n); return b }), ecdsa.ErrInvalidSignature},
		"s = n":    {mutate(func(b []byte) []byte { copy(b[32:], n); return b }), ecdsa.ErrInvalidSignature},
		"v = 2":    {mutate(func(b []byte) []byte { b[64] = 2; return b }), ecdsa.ErrInvalidRecoveryID},
		"v = 27":   {mutate(func(b []byte) []byte { b[64] = 27; return b }), ecdsa.ErrInvalidRecoveryID},
		"v = 37":   {mutate(func(b []byte) []byte { b[64] = 37; return b }), ecdsa.ErrInvalidRecoveryID},
		"v = 255":  {mutate(func(b []byte) []byte { b[64] = 255; return b }), ecdsa.ErrInvalidRecoveryID},
		"all zero": {make([]byte, 65), ecdsa.ErrInvalidSignature},
		"all 0xff": {bytes.Repeat([]byte{0xff}, 65), ecdsa.ErrInvalidRecoveryID},
	} {
		sig, id, err := ecdsa.ParseEthereumSignature(c.b)
		if sig != nil || id != 0 || !errors.Is(err, c.sentinel) {
			t.Errorf("ParseEthereumSignature(%s) = %v, %d, %v; want %v", name, sig, id, err, c.sentinel)
		}
		if p, err := ecdsa.RecoverEthereum(h[:], c.b); p != nil || !errors.Is(err, c.sentinel) {
			t.Errorf("RecoverEthereum(%s) = %v, %v", name, p, err)
		}
		// The chain-aware parser accepts 27 and 37 (chain 1).
		sig, _, err = ecdsa.ParseEthereumSignatureChainID(c.b, 1)
		if v := len(c.b) == 65 && (c.b[64] == 27 || c.b[64] == 37); v != (err == nil) || (err == nil) != (sig != nil) {
			t.Errorf("ParseEthereumSignatureChainID(%s, 1) = %v, %v", name, sig, err)
		}
	}
	v27 := mutate(func(b []byte) []byte { b[64] = 27; return b })
	if _, _, err := ecdsa.ParseEthereumSignature(v27); err == nil || !strings.Contains(err.Error(), "use ParseEthereumSignatureChainID") {
		t.Errorf("v = 27: error %v does not point to ParseEthereumSignatureChainID", err)
	}
	// A high s parses and recovers the same key (as go-ethereum's
	// Ecrecover does); it is not low-S.
	sig, id, err := ecdsa.ParseEthereumSignature(good)
	if err != nil {
		t.Fatal(err)
	}
	// n - s, and the recovery id of the negated nonce point's parity.
	sNeg := new(big.Int).Sub(new(big.Int).SetBytes(n), new(big.Int).SetBytes(sig.S()))
	hb := append(append(bytes.Clone(good[:32]), sNeg.FillBytes(make([]byte, 32))...), id^1)
	hs, _, err := ecdsa.ParseEthereumSignature(hb)
	if err != nil || hs.IsLowS() {
		t.Fatalf("high-s: %v", err)
	}
	if p, err := ecdsa.RecoverEthereum(h[:], hb); err != nil || !p.Equal(priv.PublicKey()) {
		t.Errorf("high-s recovery: %v", err)
	}
	for _, id := range []byte{2, 3, 27} {
		if b := sig.BytesEthereum(id); b != nil {
			t.Errorf("BytesEthereum(%d) = %x", id, b)
		}
	}
}
