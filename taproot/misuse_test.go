package taproot_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/taproot"
)

// The misuse table of package taproot: every exported function with nil
// and zero-value inputs. None may panic or return a value with an error.
// TestMisuseTableComplete fails when an exported function has no entry.

func misuseTable() map[string]func(t *testing.T) {
	badNodes := []*taproot.Node{nil, new(taproot.Node)}
	badXOnly := []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)}
	goodLeaf := func(t *testing.T) *taproot.Node {
		l, err := taproot.NewLeaf(taproot.LeafVersionTapscript, nil)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return map[string]func(t *testing.T){
		"taproot.LeafHash": func(t *testing.T) {
			if h, err := taproot.LeafHash(0x51, nil); h != [32]byte{} || !errors.Is(err, taproot.ErrInvalidLeafVersion) {
				t.Errorf("LeafHash(odd) = %x, %v", h, err)
			}
			if _, err := taproot.LeafHash(taproot.LeafVersionTapscript, nil); err != nil {
				t.Errorf("LeafHash of the empty script: %v", err)
			}
		},
		"taproot.BranchHash": func(t *testing.T) {
			// No input is invalid: zero hashes hash like any other.
			var z [32]byte
			if taproot.BranchHash(z, z) == z {
				t.Error("BranchHash(0, 0) = 0")
			}
		},
		"taproot.NewLeaf": func(t *testing.T) {
			if n, err := taproot.NewLeaf(0x50, nil); n != nil || !errors.Is(err, taproot.ErrInvalidLeafVersion) {
				t.Errorf("NewLeaf(0x50) = %v, %v", n, err)
			}
		},
		"taproot.NewBranch": func(t *testing.T) {
			l := goodLeaf(t)
			for _, b := range badNodes {
				for _, pair := range [][2]*taproot.Node{{b, l}, {l, b}, {b, b}} {
					if n, err := taproot.NewBranch(pair[0], pair[1]); n != nil || !errors.Is(err, taproot.ErrInvalidTree) {
						t.Errorf("NewBranch(bad) = %v, %v", n, err)
					}
				}
			}
		},
		"taproot.Node.Hash": func(t *testing.T) {
			for _, b := range badNodes {
				if h, err := b.Hash(); h != [32]byte{} || !errors.Is(err, taproot.ErrInvalidTree) {
					t.Errorf("Hash of a bad node = %x, %v", h, err)
				}
			}
		},
		"taproot.ScriptPaths": func(t *testing.T) {
			internal, _ := mustKey(t).PublicKey().XOnly()
			for _, b := range badNodes {
				if p, err := taproot.ScriptPaths(internal, b); p != nil || !errors.Is(err, taproot.ErrInvalidTree) {
					t.Errorf("ScriptPaths(bad tree) = %v, %v", p, err)
				}
			}
			for _, x := range badXOnly {
				if p, err := taproot.ScriptPaths(x, goodLeaf(t)); p != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
					t.Errorf("ScriptPaths(bad key) = %v, %v", p, err)
				}
			}
		},
		"taproot.OutputKey": func(t *testing.T) {
			internal, _ := mustKey(t).PublicKey().XOnly()
			if o, p, err := taproot.OutputKey(internal, new(taproot.Node)); o != nil || p || !errors.Is(err, taproot.ErrInvalidTree) {
				t.Errorf("OutputKey(zero tree) = %v, %v, %v", o, p, err)
			}
			for _, x := range badXOnly {
				for _, tree := range []*taproot.Node{nil, goodLeaf(t)} {
					if o, p, err := taproot.OutputKey(x, tree); o != nil || p || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
						t.Errorf("OutputKey(bad key) = %v, %v, %v", o, p, err)
					}
				}
			}
		},
		"taproot.OutputScript": func(t *testing.T) {
			for _, x := range badXOnly {
				if s, err := taproot.OutputScript(x); s != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
					t.Errorf("OutputScript(bad key) = %x, %v", s, err)
				}
			}
		},
		"taproot.KeyPathOutput": func(t *testing.T) {
			for _, k := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
				if o, s, err := taproot.KeyPathOutput(k); o != nil || s != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
					t.Errorf("KeyPathOutput(bad key) = %v, %x, %v", o, s, err)
				}
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	for name, f := range misuseTable() {
		t.Run(name, f)
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable()
	funcs := testutil.ExportedFuncs(t, ".")
	for _, name := range funcs {
		if _, ok := table[name]; !ok {
			t.Errorf("%s has no misuse entry", name)
		}
	}
	for name := range table {
		if !slices.Contains(funcs, name) {
			t.Errorf("misuse entry %s names no exported function", name)
		}
	}
}
