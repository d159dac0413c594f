package taproot_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/taproot"
)

// refTagged is BIP-340's tagged hash, written out.
func refTagged(tag string, parts ...[]byte) [32]byte {
	t := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(t[:])
	h.Write(t[:])
	for _, p := range parts {
		h.Write(p)
	}
	return [32]byte(h.Sum(nil))
}

// refCompactSize is Bitcoin's CompactSize, written from its definition.
func refCompactSize(length int) []byte {
	n := uint64(length)
	switch {
	case n < 253:
		return []byte{byte(n)}
	case n < 1<<16:
		return binary.LittleEndian.AppendUint16([]byte{253}, uint16(n))
	case n < 1<<32:
		return binary.LittleEndian.AppendUint32([]byte{254}, uint32(n))
	}
	return binary.LittleEndian.AppendUint64([]byte{255}, uint64(n))
}

func TestLeafHash(t *testing.T) {
	for _, n := range []int{0, 1, 75, 252, 253, 254, 255, 256, 10000, 65535, 65536, 70000} {
		script := bytes.Repeat([]byte{0xac}, n)
		for _, v := range []byte{0xc0, 0xc2, 0x00, 0xfe, 0x52} {
			got, err := taproot.LeafHash(v, script)
			want := refTagged("TapLeaf", []byte{v}, refCompactSize(n), script)
			if err != nil || got != want {
				t.Errorf("LeafHash(%#x, %d bytes) = %x, %v; want %x", v, n, got, err, want)
			}
		}
	}
	for _, v := range []byte{0x01, 0xc1, 0xff, 0x50, 0x51} {
		if h, err := taproot.LeafHash(v, nil); !errors.Is(err, taproot.ErrInvalidLeafVersion) || h != [32]byte{} {
			t.Errorf("LeafHash(%#x) = %x, %v", v, h, err)
		}
		if n, err := taproot.NewLeaf(v, nil); n != nil || !errors.Is(err, taproot.ErrInvalidLeafVersion) {
			t.Errorf("NewLeaf(%#x) = %v, %v", v, n, err)
		}
	}
}

func TestBranchHash(t *testing.T) {
	rng := testutil.Rand(t)
	for range 100 {
		var a, b [32]byte
		fill(rng, a[:])
		fill(rng, b[:])
		if rng.IntN(4) == 0 {
			b = a
			b[31] ^= byte(rng.IntN(2)) // equal or nearly
		}
		lo, hi := a, b
		if bytes.Compare(b[:], a[:]) < 0 {
			lo, hi = b, a
		}
		want := refTagged("TapBranch", lo[:], hi[:])
		if taproot.BranchHash(a, b) != want || taproot.BranchHash(b, a) != want {
			t.Fatalf("BranchHash(%x, %x) is not the sorted tagged hash", a, b)
		}
	}
}

func fill(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// randomTree builds a random tree of n leaves and returns it with its
// leaves depth first, left to right.
func randomTree(t *testing.T, rng *rand.Rand, n int) (*taproot.Node, []*taproot.Node, [][]byte) {
	if n == 1 {
		script := make([]byte, rng.IntN(80))
		fill(rng, script)
		v := []byte{0xc0, 0xc0, 0xc4, 0xfa}[rng.IntN(4)]
		l, err := taproot.NewLeaf(v, script)
		if err != nil {
			t.Fatal(err)
		}
		return l, []*taproot.Node{l}, [][]byte{script}
	}
	k := 1 + rng.IntN(n-1)
	left, ll, ls := randomTree(t, rng, k)
	right, rl, rs := randomTree(t, rng, n-k)
	b, err := taproot.NewBranch(left, right)
	if err != nil {
		t.Fatal(err)
	}
	return b, append(ll, rl...), append(ls, rs...)
}

// TestScriptPathsVerify checks every control block of random trees the way
// BIP-341's script-path verification does, written out here: from the
// leaf hash and the path, the merkle root, and from it and the internal
// key, the output key with the parity of the control block.
func TestScriptPathsVerify(t *testing.T) {
	rng := testutil.Rand(t)
	for range 30 {
		tree, leaves, scripts := randomTree(t, rng, 1+rng.IntN(12))
		var kb [32]byte
		fill(rng, kb[:])
		sk, err := secp256k1.NewPrivateKey(kb[:])
		if err != nil {
			t.Fatal(err)
		}
		internal, _ := sk.PublicKey().XOnly()
		out, _, err := taproot.OutputKey(internal, tree)
		if err != nil {
			t.Fatal(err)
		}
		paths, err := taproot.ScriptPaths(internal, tree)
		if err != nil || len(paths) != len(leaves) {
			t.Fatalf("%d script paths, %v; want %d", len(paths), err, len(leaves))
		}
		for i, p := range paths {
			cb := p.ControlBlock
			if len(cb) < 33 || (len(cb)-33)%32 != 0 || !bytes.Equal(cb[1:33], internal.Bytes()) ||
				cb[0]&0xfe != p.LeafVersion || !bytes.Equal(p.Script, scripts[i]) {
				t.Fatalf("leaf %d: malformed control block %x", i, cb)
			}
			k := refTagged("TapLeaf", []byte{p.LeafVersion}, refCompactSize(len(p.Script)), p.Script)
			if lh, _ := leaves[i].Hash(); k != lh {
				t.Fatalf("leaf %d: script path of another leaf", i)
			}
			for j := 33; j < len(cb); j += 32 {
				e := cb[j : j+32]
				if bytes.Compare(k[:], e) < 0 {
					k = refTagged("TapBranch", k[:], e)
				} else {
					k = refTagged("TapBranch", e, k[:])
				}
			}
			if root, _ := tree.Hash(); k != root {
				t.Fatalf("leaf %d: the path does not lead to the merkle root", i)
			}
			tweak := refTagged("TapTweak", internal.Bytes(), k[:])
			if !internal.TweakAddCheck(out.Bytes(), cb[0]&1 == 1, tweak[:]) {
				t.Fatalf("leaf %d: the control block's parity or key does not give the output key", i)
			}
		}
	}
}

func TestTreeLimits(t *testing.T) {
	leaf, err := taproot.NewLeaf(taproot.LeafVersionTapscript, []byte{0x51})
	if err != nil {
		t.Fatal(err)
	}
	// A chain 128 deep is the deepest tree; one more level is rejected.
	n := leaf
	for d := 1; d <= taproot.MaxDepth; d++ {
		if n, err = taproot.NewBranch(n, leaf); err != nil {
			t.Fatalf("depth %d: %v", d, err)
		}
	}
	if b, err := taproot.NewBranch(leaf, n); b != nil || !errors.Is(err, taproot.ErrInvalidTree) {
		t.Errorf("depth 129: %v, %v", b, err)
	}
	internal, _ := mustKey(t).PublicKey().XOnly()
	paths, err := taproot.ScriptPaths(internal, n)
	if err != nil || len(paths) != 129 || len(paths[0].ControlBlock) != 33+32*128 {
		t.Errorf("the deepest tree: %d paths, %v", len(paths), err)
	}
	// Shared nodes: 2^40 leaves in 41 nodes. Hashing is cheap; listing
	// them is refused.
	n = leaf
	for range 40 {
		if n, err = taproot.NewBranch(n, n); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := n.Hash(); err != nil {
		t.Fatal(err)
	}
	if p, err := taproot.ScriptPaths(internal, n); p != nil || !errors.Is(err, taproot.ErrInvalidTree) {
		t.Errorf("2^40 leaves: %d paths, %v", len(p), err)
	}
	// A tree that shares a node but stays small lists it twice.
	n, _ = taproot.NewBranch(leaf, leaf)
	n, _ = taproot.NewBranch(n, n)
	if p, err := taproot.ScriptPaths(internal, n); len(p) != 4 || err != nil {
		t.Errorf("4 shared leaves: %d paths, %v", len(p), err)
	}
}

// NewLeaf copies the script.
func TestLeafCopiesScript(t *testing.T) {
	script := []byte{1, 2, 3}
	l, _ := taproot.NewLeaf(taproot.LeafVersionTapscript, script)
	h1, _ := l.Hash()
	script[0] = 9
	internal, _ := mustKey(t).PublicKey().XOnly()
	p, _ := taproot.ScriptPaths(internal, l)
	if h2, _ := l.Hash(); h1 != h2 || p[0].Script[0] != 1 {
		t.Error("the leaf shares the caller's script")
	}
	p[0].Script[0] = 7
	if p2, _ := taproot.ScriptPaths(internal, l); p2[0].Script[0] != 1 {
		t.Error("ScriptPaths hands out the leaf's own script")
	}
}

func mustKey(t *testing.T) *secp256k1.PrivateKey {
	k, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k
}
