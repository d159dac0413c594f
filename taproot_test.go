package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// BIP-341 wallet-test-vectors.json (the parts about keys).
type twBIP341File struct {
	ScriptPubKey []struct {
		Given struct {
			InternalPubkey string
		}
		Intermediary struct {
			MerkleRoot    *string
			Tweak         string
			TweakedPubkey string
		}
		Expected struct {
			ScriptPubKey            string
			ScriptPathControlBlocks []string
		}
	}
	KeyPathSpending []struct {
		InputSpending []struct {
			Given struct {
				TxinIndex       int
				InternalPrivkey string
				MerkleRoot      *string
				HashType        int
			}
			Intermediary struct {
				InternalPubkey string
				Tweak          string
				TweakedPrivkey string
				SigHash        string
			}
			Expected struct {
				Witness []string
			}
		}
	}
}

func twMerkleRoot(t *testing.T, s *string) []byte {
	if s == nil {
		return nil
	}
	return testutil.MustHex(t, *s)
}

// TestBIP341ScriptPubKey: internal key + merkle root -> tweak, output key,
// scriptPubKey and the parity bit of every script-path control block.
func TestBIP341ScriptPubKey(t *testing.T) {
	var f twBIP341File
	testutil.LoadJSON(t, "testdata/bip341/wallet-test-vectors.json", &f)
	controlBlocks := 0
	for i, c := range f.ScriptPubKey {
		internal := twXOnly(t, c.Given.InternalPubkey)
		root := twMerkleRoot(t, c.Intermediary.MerkleRoot)
		tweak, err := secp256k1.TapTweakHash(internal, root)
		if err != nil || hex.EncodeToString(tweak) != c.Intermediary.Tweak {
			t.Errorf("case %d: tweak %x, %v; want %s", i, tweak, err, c.Intermediary.Tweak)
		}
		out, parity, err := secp256k1.TaprootOutputKey(internal, root)
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if got := hex.EncodeToString(out.Bytes()); got != c.Intermediary.TweakedPubkey {
			t.Errorf("case %d: output key %s, want %s", i, got, c.Intermediary.TweakedPubkey)
		}
		if got := "5120" + hex.EncodeToString(out.Bytes()); got != c.Expected.ScriptPubKey {
			t.Errorf("case %d: scriptPubKey %s, want %s", i, got, c.Expected.ScriptPubKey)
		}
		for j, cb := range c.Expected.ScriptPathControlBlocks {
			b := testutil.MustHex(t, cb)
			// Control block: (leaf version | parity of Q) ‖ internal key ‖ path.
			if (b[0]&1 == 1) != parity || !bytes.Equal(b[1:33], internal.Bytes()) {
				t.Errorf("case %d: control block %d disagrees (parity %v)", i, j, parity)
			}
			if !internal.TweakAddCheck(out.Bytes(), b[0]&1 == 1, tweak) {
				t.Errorf("case %d: TweakAddCheck rejects control block %d", i, j)
			}
			controlBlocks++
		}
		if !internal.TweakAddCheck(out.Bytes(), parity, tweak) || internal.TweakAddCheck(out.Bytes(), !parity, tweak) {
			t.Errorf("case %d: TweakAddCheck", i)
		}
	}
	if len(f.ScriptPubKey) != 7 {
		t.Errorf("ran %d cases, want 7", len(f.ScriptPubKey))
	}
	t.Logf("7 scriptPubKey cases, %d control blocks", controlBlocks)
}

// TestBIP341KeyPathSpending: internal private key -> tweaked private key,
// and the BIP-340 signature of the given sighash with all-zero aux_rand
// (the BIP says so) equals the witness.
func TestBIP341KeyPathSpending(t *testing.T) {
	var f twBIP341File
	testutil.LoadJSON(t, "testdata/bip341/wallet-test-vectors.json", &f)
	n := 0
	for _, kp := range f.KeyPathSpending {
		for i, c := range kp.InputSpending {
			n++
			k := twPriv(t, c.Given.InternalPrivkey)
			x, _ := k.PublicKey().XOnly()
			if got := hex.EncodeToString(x.Bytes()); got != c.Intermediary.InternalPubkey {
				t.Errorf("input %d: internal key %s, want %s", i, got, c.Intermediary.InternalPubkey)
			}
			root := twMerkleRoot(t, c.Given.MerkleRoot)
			tk, err := k.TaprootTweak(root)
			if err != nil || hex.EncodeToString(tk.Bytes()) != c.Intermediary.TweakedPrivkey {
				t.Errorf("input %d: tweaked key %v, %v; want %s", i, tk, err, c.Intermediary.TweakedPrivkey)
				continue
			}
			// The same through XOnlyTweakAdd with the published tweak.
			tk2, err := k.XOnlyTweakAdd(testutil.MustHex(t, c.Intermediary.Tweak))
			if err != nil || !tk2.Equal(tk) {
				t.Errorf("input %d: XOnlyTweakAdd disagrees: %v", i, err)
			}
			out, _, err := secp256k1.TaprootOutputKey(x, root)
			tx, _ := tk.PublicKey().XOnly()
			if err != nil || !out.Equal(tx) {
				t.Errorf("input %d: output key and tweaked private key disagree: %v", i, err)
			}
			sig, err := schnorr.SignWithAux(tk, testutil.MustHex(t, c.Intermediary.SigHash), make([]byte, 32))
			if err != nil {
				t.Fatal(err)
			}
			want := c.Expected.Witness[0]
			if c.Given.HashType != 0 {
				sig = append(sig, byte(c.Given.HashType))
			}
			if got := hex.EncodeToString(sig); got != want {
				t.Errorf("input %d: witness %s, want %s", i, got, want)
			}
		}
	}
	if n != 7 {
		t.Errorf("ran %d inputs, want 7", n)
	}
}

// twBase58Check decodes a Base58Check string (test helper for the BIP-86
// extended keys).
func twBase58Check(s string) ([]byte, error) {
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	x := new(big.Int)
	for _, c := range []byte(s) {
		i := bytes.IndexByte([]byte(alphabet), c)
		if i < 0 {
			return nil, fmt.Errorf("bad base58 character %q", c)
		}
		x.Mul(x, big.NewInt(58)).Add(x, big.NewInt(int64(i)))
	}
	b := x.Bytes()
	for i := 0; i < len(s) && s[i] == '1'; i++ {
		b = append([]byte{0}, b...)
	}
	if len(b) < 4 {
		return nil, errors.New("too short")
	}
	payload, sum := b[:len(b)-4], b[len(b)-4:]
	h := sha256.Sum256(payload)
	h = sha256.Sum256(h[:])
	if !bytes.Equal(h[:4], sum) {
		return nil, errors.New("bad checksum")
	}
	return payload, nil
}

// TestBIP86 derives the output keys of the BIP-86 vectors from their
// internal keys, and from the private keys inside their xprv strings.
func TestBIP86(t *testing.T) {
	var f struct {
		Addresses []struct {
			Path, Xprv, Xpub string
			InternalKey      string `json:"internal_key"`
			OutputKey        string `json:"output_key"`
			ScriptPubKey     string
		}
	}
	testutil.LoadJSON(t, "testdata/bip86/bip86_test_vectors.json", &f)
	for _, c := range f.Addresses {
		internal := twXOnly(t, c.InternalKey)
		out, _, err := secp256k1.TaprootOutputKey(internal, nil)
		if err != nil || hex.EncodeToString(out.Bytes()) != c.OutputKey {
			t.Errorf("%s: output key %v, %v; want %s", c.Path, out, err, c.OutputKey)
			continue
		}
		if got := "5120" + c.OutputKey; got != c.ScriptPubKey {
			t.Errorf("%s: scriptPubKey %s, want %s", c.Path, got, c.ScriptPubKey)
		}
		// An empty (non-nil) merkle root means no script tree too.
		if out2, _, err := secp256k1.TaprootOutputKey(internal, []byte{}); err != nil || !out2.Equal(out) {
			t.Errorf("%s: empty merkle root differs from nil", c.Path)
		}

		// xprv: version(4) depth(1) fingerprint(4) child(4) chain code(32) 0x00 key(32).
		raw, err := twBase58Check(c.Xprv)
		if err != nil || len(raw) != 78 || raw[45] != 0 {
			t.Fatalf("%s: bad xprv: %v", c.Path, err)
		}
		k := twPriv(t, hex.EncodeToString(raw[46:]))
		x, _ := k.PublicKey().XOnly()
		if !x.Equal(internal) {
			t.Errorf("%s: the xprv key is not the internal key", c.Path)
		}
		tk, err := k.TaprootTweak(nil)
		if err != nil {
			t.Fatal(err)
		}
		if tx, _ := tk.PublicKey().XOnly(); !tx.Equal(out) {
			t.Errorf("%s: TaprootTweak does not match the output key", c.Path)
		}
	}
	if len(f.Addresses) != 3 {
		t.Errorf("ran %d addresses, want 3", len(f.Addresses))
	}
}

func TestTaprootErrors(t *testing.T) {
	k := twPriv(t, "0000000000000000000000000000000000000000000000000000000000000007")
	x, _ := k.PublicKey().XOnly()
	for _, n := range []int{1, 31, 33, 64} {
		root := make([]byte, n)
		if _, _, err := secp256k1.TaprootOutputKey(x, root); !errors.Is(err, secp256k1.ErrInvalidTweak) {
			t.Errorf("root of %d bytes: %v", n, err)
		}
		if r, err := k.TaprootTweak(root); !errors.Is(err, secp256k1.ErrInvalidTweak) || r != nil {
			t.Errorf("root of %d bytes: %v", n, err)
		}
		if _, err := secp256k1.TapTweakHash(x, root); !errors.Is(err, secp256k1.ErrInvalidTweak) {
			t.Errorf("root of %d bytes: %v", n, err)
		}
	}
	if _, _, err := secp256k1.TaprootOutputKey(nil, nil); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Error(err)
	}
	if _, err := secp256k1.TapTweakHash(nil, nil); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Error(err)
	}
	var nk *secp256k1.PrivateKey
	if _, err := nk.TaprootTweak(nil); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
		t.Error(err)
	}
	// hash_TapTweak(x) by hand.
	tag := sha256.Sum256([]byte("TapTweak"))
	h := sha256.New()
	h.Write(tag[:])
	h.Write(tag[:])
	h.Write(x.Bytes())
	root := bytes.Repeat([]byte{0xab}, 32)
	if got, _ := secp256k1.TapTweakHash(x, nil); !bytes.Equal(got, h.Sum(nil)) {
		t.Error("TapTweakHash without a root")
	}
	h.Write(root)
	if got, _ := secp256k1.TapTweakHash(x, root); !bytes.Equal(got, h.Sum(nil)) {
		t.Error("TapTweakHash with a root")
	}
}

func BenchmarkTaproot(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x11}, 32))
	x, _ := k.PublicKey().XOnly()
	b.Run("TaprootOutputKey", func(b *testing.B) {
		for b.Loop() {
			secp256k1.TaprootOutputKey(x, nil)
		}
	})
	b.Run("PrivateKey.TaprootTweak", func(b *testing.B) {
		for b.Loop() {
			k.TaprootTweak(nil)
		}
	})
}

// A BIP-86 (key-path only) Taproot output and the key that spends it: the
// first receiving address of the BIP-86 test vectors (m/86'/0'/0'/0/0).
func ExampleTaprootOutputKey() {
	secret, _ := hex.DecodeString("41f41d69260df4cf277826a9b65a3717e4eeddbeedf637f212ca096576479361")
	k, _ := secp256k1.NewPrivateKey(secret)
	internal, _ := k.PublicKey().XOnly()
	fmt.Printf("internal key: %x\n", internal.Bytes())

	out, parity, _ := secp256k1.TaprootOutputKey(internal, nil) // no script tree
	fmt.Printf("scriptPubKey: 5120%x\n", out.Bytes())
	fmt.Println("odd y:", parity)

	spend, _ := k.TaprootTweak(nil) // sign with this key (package schnorr)
	sx, _ := spend.PublicKey().XOnly()
	fmt.Println("spending key matches:", sx.Equal(out))
	// Output:
	// internal key: cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115
	// scriptPubKey: 5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c
	// odd y: true
	// spending key matches: true
}

// Deriving a child public key the BIP-32 way: the tweak is public, the
// private side gets the same key.
func ExamplePublicKey_TweakAdd() {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x01}, 32))
	tweak := bytes.Repeat([]byte{0x02}, 32)

	childPub, _ := k.PublicKey().TweakAdd(tweak)
	childPriv, _ := k.TweakAdd(tweak)
	fmt.Println(childPub.Equal(childPriv.PublicKey()))

	_, err := k.TweakAdd(bytes.Repeat([]byte{0xff}, 32)) // >= n: rejected, never reduced
	fmt.Println(errors.Is(err, secp256k1.ErrInvalidTweak))
	// Output:
	// true
	// true
}
