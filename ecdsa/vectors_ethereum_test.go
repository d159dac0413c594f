package ecdsa_test

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// ethAddress is the Ethereum address of pub: the last 20 bytes of the
// Keccak-256 of its uncompressed encoding without the 0x04 prefix.
func ethAddress(pub *secp256k1.PublicKey) []byte {
	h := keccak256(pub.BytesUncompressed()[1:])
	return h[12:]
}

// TestVectorsEthereumEIP runs the 5 ecrecover examples of the EIPs
// (testdata/ethereum/eip_ecrecover_examples.json): the digest from its rule
// where the input is given (EIP-155's RLP, EIP-191 personal_sign), v through
// the chain-ID-aware parser and through the 0/1 form, recovery to the key
// of private_key, its address, verification, and SignEthereum reproducing
// r ‖ s ‖ v byte for byte (every example was made with RFC 6979).
func TestVectorsEthereumEIP(t *testing.T) {
	var f struct {
		Cases []struct {
			Name           string `json:"name"`
			PrivateKey     string `json:"private_key"`
			PrivateKeyRule string `json:"private_key_rule"`
			SigningDataRLP string `json:"signing_data_rlp"`
			MessageUTF8    string `json:"message_utf8"`
			Digest         string `json:"digest"`
			R              string `json:"r"`
			S              string `json:"s"`
			V              uint64 `json:"v"`
			ChainID        uint64 `json:"chain_id"`
			RecoveryID     byte   `json:"recovery_id"`
			Address        string `json:"address"`
			AddressDerived string `json:"address_derived"`
		} `json:"cases"`
	}
	testutil.LoadJSON(t, "testdata/ethereum/eip_ecrecover_examples.json", &f)
	if len(f.Cases) != 5 {
		t.Fatalf("%d cases, want 5", len(f.Cases))
	}
	digestsChecked := 0
	for i, c := range f.Cases {
		name := fmt.Sprintf("%d %s", i, c.Name)
		digest := testutil.MustHex(t, c.Digest)
		switch {
		case c.SigningDataRLP != "":
			if h := keccak256(testutil.MustHex(t, c.SigningDataRLP)); !bytes.Equal(h[:], digest) {
				t.Errorf("%s: keccak256(RLP) = %x, want %x", name, h, digest)
			}
			digestsChecked++
		case c.MessageUTF8 != "":
			msg := fmt.Sprintf("\x19Ethereum Signed Message:\n%d%s", len(c.MessageUTF8), c.MessageUTF8)
			if h := keccak256([]byte(msg)); !bytes.Equal(h[:], digest) {
				t.Errorf("%s: personal_sign digest %x, want %x", name, h, digest)
			}
			digestsChecked++
		}
		keyBytes := testutil.MustHex(t, c.PrivateKey)
		if c.PrivateKeyRule == "keccak256('cow')" {
			if h := keccak256([]byte("cow")); !bytes.Equal(h[:], keyBytes) {
				t.Errorf("%s: private key is not keccak256('cow')", name)
			}
		} else if c.PrivateKeyRule != "" {
			t.Fatalf("%s: unknown private_key_rule %q", name, c.PrivateKeyRule)
		}
		priv, err := secp256k1.NewPrivateKey(keyBytes)
		if err != nil {
			t.Fatal(err)
		}
		addr := c.Address + c.AddressDerived
		if got := fmt.Sprintf("%x", ethAddress(priv.PublicKey())); got != addr {
			t.Errorf("%s: address %s, want %s", name, got, addr)
		}

		rs := append(testutil.MustHex(t, c.R), testutil.MustHex(t, c.S)...)
		if c.V >= 256 {
			t.Fatalf("%s: v = %d does not fit 65 bytes", name, c.V)
		}
		b := append(bytes.Clone(rs), byte(c.V))
		sig, recID, err := ecdsa.ParseEthereumSignatureChainID(b, c.ChainID)
		if err != nil || recID != c.RecoveryID {
			t.Fatalf("%s: ParseEthereumSignatureChainID(v = %d, chain %d) = %d, %v; want recovery id %d",
				name, c.V, c.ChainID, recID, err, c.RecoveryID)
		}
		if id, err := ecdsa.EthereumRecoveryID(c.V, c.ChainID); err != nil || id != c.RecoveryID {
			t.Errorf("%s: EthereumRecoveryID = %d, %v", name, id, err)
		}
		if _, _, err := ecdsa.ParseEthereumSignature(b); err == nil {
			t.Errorf("%s: the strict parser accepts v = %d", name, c.V)
		}
		if !ecdsa.Verify(priv.PublicKey(), digest, sig) {
			t.Errorf("%s: does not verify", name)
		}
		pub, err := ecdsa.RecoverPublicKey(digest, sig, recID)
		if err != nil || !pub.Equal(priv.PublicKey()) {
			t.Errorf("%s: recovery: %v", name, err)
		}
		canonical := append(bytes.Clone(rs), c.RecoveryID)
		if pub, err := ecdsa.RecoverEthereum(digest, canonical); err != nil || !pub.Equal(priv.PublicKey()) {
			t.Errorf("%s: RecoverEthereum: %v", name, err)
		}
		if got := sig.BytesEthereum(recID); !bytes.Equal(got, canonical) {
			t.Errorf("%s: BytesEthereum = %x, want %x", name, got, canonical)
		}
		signed, err := ecdsa.SignEthereum(priv, digest)
		if err != nil || !bytes.Equal(signed, canonical) {
			t.Errorf("%s: SignEthereum = %x, %v; want %x", name, signed, err, canonical)
		}
	}
	if digestsChecked != 3 {
		t.Errorf("%d digest rules checked, want 3 (EIP-155 RLP, 2 × EIP-191)", digestsChecked)
	}
}

// TestVectorsEthereumKeyAddr runs go-ethereum's keyaddrtest.json: 2 seeds,
// key = keccak256(seed), and the key's address. Its sig_of_emptystring
// values are known not to be signatures of the key over the empty
// string's hash (other implementations disable them too): the test
// asserts that, so that the file cannot silently change meaning.
func TestVectorsEthereumKeyAddr(t *testing.T) {
	var f []struct {
		Seed string `json:"seed"`
		Key  string `json:"key"`
		Addr string `json:"addr"`
		Sig  struct {
			V uint64   `json:"v"`
			R *big.Int `json:"r"`
			S *big.Int `json:"s"`
		} `json:"sig_of_emptystring"`
	}
	testutil.LoadJSON(t, "testdata/ethereum/go-ethereum_keyaddrtest.json", &f)
	if len(f) != 2 {
		t.Fatalf("%d cases, want 2", len(f))
	}
	for _, c := range f {
		key := testutil.MustHex(t, c.Key)
		if h := keccak256([]byte(c.Seed)); !bytes.Equal(h[:], key) {
			t.Errorf("%s: key is not keccak256(seed)", c.Seed)
		}
		priv, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%x", ethAddress(priv.PublicKey())); got != c.Addr {
			t.Errorf("%s: address %s, want %s", c.Seed, got, c.Addr)
		}
		b := append(append(c.Sig.R.FillBytes(make([]byte, 32)), c.Sig.S.FillBytes(make([]byte, 32))...), byte(c.Sig.V))
		sig, recID, err := ecdsa.ParseEthereumSignatureChainID(b, 0)
		if err != nil {
			t.Fatalf("%s: sig_of_emptystring: %v", c.Seed, err)
		}
		empty := keccak256(nil)
		if pub, err := ecdsa.RecoverPublicKey(empty[:], sig, recID); err == nil && pub.Equal(priv.PublicKey()) {
			t.Errorf("%s: sig_of_emptystring now recovers to the key: the file changed; use it", c.Seed)
		}
		if ecdsa.Verify(priv.PublicKey(), empty[:], sig.Normalize()) {
			t.Errorf("%s: sig_of_emptystring now verifies: the file changed; use it", c.Seed)
		}
	}
}
