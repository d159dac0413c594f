package taproot_test

import (
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/bech32"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/taproot"
)

// The scriptPubKey section of BIP-341's wallet-test-vectors.json (in
// ../testdata/bip341): the script trees, their leaf hashes and merkle
// roots, the output keys, scriptPubKeys, bech32m addresses and every
// control block.
type walletVectors struct {
	ScriptPubKey []struct {
		Given struct {
			InternalPubkey string
			ScriptTree     json.RawMessage
		}
		Intermediary struct {
			LeafHashes    []string
			MerkleRoot    *string
			TweakedPubkey string
		}
		Expected struct {
			ScriptPubKey            string
			Bip350Address           string
			ScriptPathControlBlocks []string
		}
	}
}

type jsonLeaf struct {
	ID          int
	Script      string
	LeafVersion int
}

// buildTree builds a tree from the vectors' JSON form (a leaf object or a
// two-element array) and records each leaf under its id.
func buildTree(t *testing.T, raw json.RawMessage, leaves map[int]jsonLeaf) *taproot.Node {
	t.Helper()
	var pair []json.RawMessage
	if err := json.Unmarshal(raw, &pair); err == nil {
		if len(pair) != 2 {
			t.Fatalf("a branch of %d nodes", len(pair))
		}
		n, err := taproot.NewBranch(buildTree(t, pair[0], leaves), buildTree(t, pair[1], leaves))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	var l jsonLeaf
	if err := json.Unmarshal(raw, &l); err != nil {
		t.Fatal(err)
	}
	leaves[l.ID] = l
	n, err := taproot.NewLeaf(byte(l.LeafVersion), testutil.MustHex(t, l.Script))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBIP341ScriptTrees(t *testing.T) {
	var f walletVectors
	testutil.LoadJSON(t, "../testdata/bip341/wallet-test-vectors.json", &f)
	cases, leafHashes, controlBlocks := 0, 0, 0
	for i, c := range f.ScriptPubKey {
		cases++
		internal, err := secp256k1.NewXOnlyPublicKey(testutil.MustHex(t, c.Given.InternalPubkey))
		if err != nil {
			t.Fatal(err)
		}
		var tree *taproot.Node
		leaves := map[int]jsonLeaf{}
		if string(c.Given.ScriptTree) != "null" && len(c.Given.ScriptTree) > 0 {
			tree = buildTree(t, c.Given.ScriptTree, leaves)
		}
		// Leaf hashes, listed by leaf id.
		if len(leaves) != len(c.Intermediary.LeafHashes) {
			t.Fatalf("case %d: %d leaves, %d leaf hashes", i, len(leaves), len(c.Intermediary.LeafHashes))
		}
		for id, want := range c.Intermediary.LeafHashes {
			l := leaves[id]
			h, err := taproot.LeafHash(byte(l.LeafVersion), testutil.MustHex(t, l.Script))
			if err != nil || hex.EncodeToString(h[:]) != want {
				t.Errorf("case %d leaf %d: hash %x, %v; want %s", i, id, h, err, want)
			}
			leafHashes++
		}
		// Merkle root.
		if tree == nil {
			if c.Intermediary.MerkleRoot != nil {
				t.Errorf("case %d: no tree but a merkle root", i)
			}
		} else if h, err := tree.Hash(); err != nil || c.Intermediary.MerkleRoot == nil || hex.EncodeToString(h[:]) != *c.Intermediary.MerkleRoot {
			t.Errorf("case %d: merkle root %x, %v; want %v", i, h, err, c.Intermediary.MerkleRoot)
		}
		// Output key and scriptPubKey.
		out, _, err := taproot.OutputKey(internal, tree)
		if err != nil || hex.EncodeToString(out.Bytes()) != c.Intermediary.TweakedPubkey {
			t.Errorf("case %d: output key %v, %v; want %s", i, out, err, c.Intermediary.TweakedPubkey)
			continue
		}
		script, err := taproot.OutputScript(out)
		if err != nil || hex.EncodeToString(script) != c.Expected.ScriptPubKey {
			t.Errorf("case %d: scriptPubKey %x, %v; want %s", i, script, err, c.Expected.ScriptPubKey)
		}
		if a, err := bech32.SegwitAddress("bc", 1, out.Bytes()); err != nil || a != c.Expected.Bip350Address {
			t.Errorf("case %d: address %s, %v; want %s", i, a, err, c.Expected.Bip350Address)
		}
		// Control blocks, one per leaf in id order (the vectors number
		// the leaves depth first, left to right).
		if tree == nil {
			continue
		}
		paths, err := taproot.ScriptPaths(internal, tree)
		if err != nil || len(paths) != len(c.Expected.ScriptPathControlBlocks) {
			t.Fatalf("case %d: %d script paths, %v; want %d", i, len(paths), err, len(c.Expected.ScriptPathControlBlocks))
		}
		for j, want := range c.Expected.ScriptPathControlBlocks {
			p := paths[j]
			if got := hex.EncodeToString(p.ControlBlock); got != want {
				t.Errorf("case %d leaf %d: control block %s, want %s", i, j, got, want)
			}
			if l := leaves[j]; p.LeafVersion != byte(l.LeafVersion) || hex.EncodeToString(p.Script) != l.Script {
				t.Errorf("case %d leaf %d: script path of another leaf", i, j)
			}
			controlBlocks++
		}
	}
	if cases != 7 || leafHashes != 12 || controlBlocks != 12 {
		t.Errorf("ran %d cases, %d leaf hashes, %d control blocks; want 7, 12, 12", cases, leafHashes, controlBlocks)
	}
}

// TestBIP86 runs the BIP-86 vectors (in ../testdata/bip86) the whole way:
// mnemonic -> BIP-39 seed -> BIP-32 key at each path -> internal key ->
// output key and scriptPubKey (KeyPathOutput) -> bech32m address, and the
// key-path signing key (TaprootTweak) whose x-only key is the output key.
func TestBIP86(t *testing.T) {
	var f struct {
		Root struct {
			Mnemonic string
		}
		Addresses []struct {
			Path         string
			InternalKey  string `json:"internal_key"`
			OutputKey    string `json:"output_key"`
			ScriptPubKey string
			Address      string
		}
	}
	testutil.LoadJSON(t, "../testdata/bip86/bip86_test_vectors.json", &f)
	seed, err := bip39.Seed(f.Root.Mnemonic, "")
	if err != nil {
		t.Fatal(err)
	}
	master, err := bip32.NewMaster(seed, bip32.Xprv)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range f.Addresses {
		n++
		k, err := master.Derive(a.Path)
		if err != nil {
			t.Fatal(err)
		}
		pub, _ := k.PublicKey()
		x, _ := pub.XOnly()
		out, script, err := taproot.KeyPathOutput(pub)
		if err != nil || hex.EncodeToString(x.Bytes()) != a.InternalKey || hex.EncodeToString(out.Bytes()) != a.OutputKey ||
			hex.EncodeToString(script) != a.ScriptPubKey {
			t.Errorf("%s: internal %x, output %v, script %x, %v", a.Path, x.Bytes(), out, script, err)
		}
		if addr, err := bech32.SegwitAddress("bc", 1, out.Bytes()); err != nil || addr != a.Address {
			t.Errorf("%s: address %s, %v; want %s", a.Path, addr, err, a.Address)
		}
		priv, _ := k.PrivateKey()
		sk, err := priv.TaprootTweak(nil)
		if err != nil {
			t.Fatal(err)
		}
		if sx, _ := sk.PublicKey().XOnly(); !sx.Equal(out) {
			t.Errorf("%s: the tweaked private key does not sign for the output", a.Path)
		}
	}
	if n != 3 {
		t.Errorf("ran %d addresses, want 3", n)
	}
}
