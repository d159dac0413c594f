package address_test

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/taproot"
)

// master returns the BIP-32 master key of a mnemonic (empty passphrase).
func master(t *testing.T, mnemonic string, v bip32.Version) *bip32.ExtendedKey {
	t.Helper()
	seed, err := bip39.Seed(mnemonic, "")
	if err != nil {
		t.Fatal(err)
	}
	m, err := bip32.NewMaster(seed, v)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func derive(t *testing.T, k *bip32.ExtendedKey, path string) *bip32.ExtendedKey {
	t.Helper()
	c, err := k.Derive(path)
	if err != nil {
		t.Fatalf("Derive(%s): %v", path, err)
	}
	return c
}

// wif decodes a compressed-key WIF string (the test's own decoder: version
// byte, 32-byte key, 0x01) and checks its version byte.
func wif(t *testing.T, s string, version byte) []byte {
	t.Helper()
	b, err := base58.CheckDecode(s)
	if err != nil || len(b) != 34 || b[0] != version || b[33] != 1 {
		t.Fatalf("WIF %s: %x, %v", s, b, err)
	}
	return b[1:33]
}

type bip84File struct {
	Mnemonic string `json:"mnemonic"`
	Rootnode string `json:"rootnode"`
	Account  struct {
		Path  string `json:"path"`
		Xpriv string `json:"xpriv"`
	} `json:"account"`
	Addresses []struct {
		Path    string `json:"path"`
		Privkey string `json:"privkey"`
		Pubkey  string `json:"pubkey"`
		Address string `json:"address"`
	} `json:"addresses"`
}

// TestBIP84Vectors: the BIP's mnemonic through bip39 and bip32 (zprv root
// and account) to its three keys (the WIF private key, the public key) and
// their P2WPKH addresses, which decode back to HASH160 of the key.
func TestBIP84Vectors(t *testing.T) {
	var f bip84File
	testutil.LoadJSON(t, "testdata/bip-0084/bip84_test_vectors.json", &f)
	m := master(t, f.Mnemonic, bip32.Zprv)
	if m.String() != f.Rootnode {
		t.Errorf("root %s, want %s", m, f.Rootnode)
	}
	if acc := derive(t, m, f.Account.Path); acc.String() != f.Account.Xpriv {
		t.Errorf("account %s, want %s", acc, f.Account.Xpriv)
	}
	for _, c := range f.Addresses {
		k := derive(t, m, c.Path)
		priv, _ := k.PrivateKey()
		if !bytes.Equal(priv.Bytes(), wif(t, c.Privkey, 0x80)) {
			t.Errorf("%s: private key differs from %s", c.Path, c.Privkey)
		}
		pub, _ := k.PublicKey()
		if hex.EncodeToString(pub.BytesCompressed()) != c.Pubkey {
			t.Errorf("%s: public key %x, want %s", c.Path, pub.BytesCompressed(), c.Pubkey)
		}
		a, err := address.P2WPKH(pub, address.Mainnet)
		if err != nil || a.String() != c.Address || a.Type() != address.TypeP2WPKH {
			t.Errorf("%s: P2WPKH = %v (%v), %v; want %s", c.Path, a, a.Type(), err, c.Address)
		}
		h := ripemd160.Hash160(pub.BytesCompressed())
		checkValid(t, c.Address, address.Mainnet, "0014"+hex.EncodeToString(h[:]))
	}
	if len(f.Addresses) != 3 {
		t.Errorf("%d addresses, want 3", len(f.Addresses))
	}
}

type bip49File struct {
	Words    string `json:"masterseedWords"`
	Root     string `json:"masterseed"`
	Account0 struct {
		Path  string `json:"path"`
		Xpriv string `json:"account0Xpriv"`
		Xpub  string `json:"account0Xpub"`
	} `json:"account0"`
	Recv struct {
		Path         string `json:"path"`
		PrivateKey   string `json:"account0recvPrivateKey"`
		PrivateHex   string `json:"account0recvPrivateKeyHex"`
		PublicHex    string `json:"account0recvPublicKeyHex"`
		Keyhash      string `json:"keyhash"`
		ScriptSig    string `json:"scriptSig"`
		AddressBytes string `json:"addressBytes"`
		Address      string `json:"address"`
	} `json:"account0recv"`
}

// TestBIP49Vectors: the BIP's testnet mnemonic through bip32 (uprv root,
// account uprv/upub) to the first receiving key, whose P2SH-P2WPKH address
// is the BIP's, with the BIP's intermediate values: the key hash, the
// redeem script ("scriptSig") and its hash (the address's payload).
func TestBIP49Vectors(t *testing.T) {
	var f bip49File
	testutil.LoadJSON(t, "testdata/bip-0049/bip49_test_vectors.json", &f)
	m := master(t, f.Words, bip32.Uprv)
	if m.String() != f.Root {
		t.Errorf("root %s, want %s", m, f.Root)
	}
	acc := derive(t, m, f.Account0.Path)
	accPub, _ := acc.Neuter()
	if acc.String() != f.Account0.Xpriv || accPub.String() != f.Account0.Xpub {
		t.Errorf("account %s %s, want %s %s", acc, accPub, f.Account0.Xpriv, f.Account0.Xpub)
	}
	r := f.Recv
	k := derive(t, m, r.Path)
	priv, _ := k.PrivateKey()
	if hex.EncodeToString(priv.Bytes()) != r.PrivateHex || !bytes.Equal(priv.Bytes(), wif(t, r.PrivateKey, 0xef)) {
		t.Errorf("private key %x, want %s (%s)", priv.Bytes(), r.PrivateHex, r.PrivateKey)
	}
	pub := priv.PublicKey()
	if hex.EncodeToString(pub.BytesCompressed()) != r.PublicHex {
		t.Errorf("public key %x, want %s", pub.BytesCompressed(), r.PublicHex)
	}
	// The BIP's intermediate values, from the key: a P2WPKH program is the
	// key hash, and the redeem script is its scriptPubKey.
	w, err := address.P2WPKH(pub, address.Testnet)
	if err != nil || hex.EncodeToString(w.Program()) != r.Keyhash {
		t.Fatalf("key hash %x, %v; want %s", w.Program(), err, r.Keyhash)
	}
	redeem, _ := w.ScriptPubKey()
	if hex.EncodeToString(redeem) != r.ScriptSig {
		t.Errorf("redeem script %x, want %s", redeem, r.ScriptSig)
	}
	a, err := address.P2SHP2WPKH(pub, address.Testnet)
	if err != nil || a.String() != r.Address || a.Type() != address.TypeP2SH || hex.EncodeToString(a.Program()) != r.AddressBytes {
		t.Errorf("P2SHP2WPKH = %v (%v, %x), %v; want %s (%s)", a, a.Type(), a.Program(), err, r.Address, r.AddressBytes)
	}
	if b, err := address.P2SH(redeem, address.Testnet); err != nil || !b.Equal(a) {
		t.Errorf("P2SH(redeem script) = %v, %v; want %v", b, err, a)
	}
	checkValid(t, r.Address, address.Testnet, "a914"+r.AddressBytes+"87")
}

type bip86File struct {
	Root struct {
		Mnemonic string `json:"mnemonic"`
	} `json:"root"`
	Addresses []struct {
		Path         string `json:"path"`
		InternalKey  string `json:"internal_key"`
		OutputKey    string `json:"output_key"`
		ScriptPubKey string `json:"scriptPubKey"`
		Address      string `json:"address"`
	} `json:"addresses"`
}

// TestBIP86Vectors: the BIP's mnemonic to its three taproot addresses
// (bip32, taproot.KeyPathOutput, P2TR), decoded back to the output key.
func TestBIP86Vectors(t *testing.T) {
	var f bip86File
	testutil.LoadJSON(t, "../testdata/bip86/bip86_test_vectors.json", &f)
	m := master(t, f.Root.Mnemonic, bip32.Xprv)
	for _, c := range f.Addresses {
		pub, _ := derive(t, m, c.Path).PublicKey()
		x, _ := pub.XOnly()
		out, _, err := taproot.KeyPathOutput(pub)
		if err != nil || hex.EncodeToString(x.Bytes()) != c.InternalKey || hex.EncodeToString(out.Bytes()) != c.OutputKey {
			t.Fatalf("%s: internal %x, output %x, %v", c.Path, x.Bytes(), out.Bytes(), err)
		}
		a, err := address.P2TR(out, address.Mainnet)
		if err != nil || a.String() != c.Address || a.Type() != address.TypeP2TR {
			t.Errorf("%s: P2TR = %v (%v), %v; want %s", c.Path, a, a.Type(), err, c.Address)
		}
		d := checkValid(t, c.Address, address.Mainnet, c.ScriptPubKey)
		if k, err := secp256k1.NewXOnlyPublicKey(d.Program()); err != nil || !k.Equal(out) {
			t.Errorf("%s: program %x is not the output key: %v", c.Path, d.Program(), err)
		}
	}
	if len(f.Addresses) != 3 {
		t.Errorf("%d addresses, want 3", len(f.Addresses))
	}
}
