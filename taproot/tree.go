package taproot

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// LeafVersionTapscript is the leaf version of BIP-342 tapscript.
const LeafVersionTapscript byte = 0xc0

// MaxScriptPaths bounds the leaves ScriptPaths lists. A tree whose nodes
// appear in several places can have up to 2^128 leaves with 256 nodes.
const MaxScriptPaths = 1 << 20

// MaxDepth is the greatest depth of a leaf in a script tree: a control
// block holds at most 128 hashes of the path.
const MaxDepth = 128

var (
	// ErrInvalidLeafVersion: a leaf version with its low bit set (BIP-341
	// keeps that bit for the parity in the control block), or 0x50 (which
	// would make the control block look like an annex).
	ErrInvalidLeafVersion = errors.New("taproot: invalid leaf version")
	// ErrInvalidTree: a nil or zero-value node, or a tree deeper than
	// MaxDepth.
	ErrInvalidTree = errors.New("taproot: invalid script tree")
)

var (
	tagTapLeaf   = tagged.New("TapLeaf")
	tagTapBranch = tagged.New("TapBranch")
)

// checkLeafVersion returns an error for a version no leaf can have.
func checkLeafVersion(v byte) error {
	if v&1 != 0 || v == 0x50 {
		return fmt.Errorf("%w: %#02x", ErrInvalidLeafVersion, v)
	}
	return nil
}

// LeafHash returns hash_TapLeaf(version ‖ compact_size(len(script)) ‖
// script), the hash of a script leaf. The version is LeafVersionTapscript
// for tapscript; any even value but 0x50 is accepted (future versions),
// others return an error wrapping ErrInvalidLeafVersion. An empty script is
// a valid (if useless) leaf.
func LeafHash(version byte, script []byte) ([32]byte, error) {
	var h [32]byte
	if err := checkLeafVersion(version); err != nil {
		return h, err
	}
	var prefix [1 + 9]byte
	prefix[0] = version
	n := putCompactSize(prefix[1:], uint64(len(script)))
	tagTapLeaf.Sum(&h, prefix[:1+n], script, nil)
	return h, nil
}

// putCompactSize writes Bitcoin's CompactSize encoding of n to b and
// returns its length.
func putCompactSize(b []byte, n uint64) int {
	switch {
	case n < 0xfd:
		b[0] = byte(n)
		return 1
	case n <= 0xffff:
		b[0] = 0xfd
		binary.LittleEndian.PutUint16(b[1:], uint16(n))
		return 3
	case n <= 0xffffffff:
		b[0] = 0xfe
		binary.LittleEndian.PutUint32(b[1:], uint32(n))
		return 5
	default:
		b[0] = 0xff
		binary.LittleEndian.PutUint64(b[1:], n)
		return 9
	}
}

// BranchHash returns hash_TapBranch of the two child hashes, the smaller
// first (BIP-341 sorts them, so the order of a and b does not matter).
func BranchHash(a, b [32]byte) [32]byte {
	if string(b[:]) < string(a[:]) {
		a, b = b, a
	}
	var h [32]byte
	tagTapBranch.Sum(&h, a[:], b[:], nil)
	return h
}

// Node is a node of a script tree: a leaf (a script and its leaf version)
// or a branch of two nodes. Build trees with NewLeaf and NewBranch; the
// zero value and nil are not valid nodes. A Node is immutable and safe for
// concurrent use.
type Node struct {
	_ [0]func() // not comparable

	hash        [32]byte // the leaf hash, or the branch hash (the subtree's merkle root)
	depth       int      // 0 for a leaf
	leaves      uint64   // the number of leaves below (1 for a leaf), at most maxLeaves+1
	leafVersion byte
	script      []byte // a leaf's script (a copy)
	left, right *Node  // a branch's children
	valid       bool
}

// NewLeaf returns a leaf with the given version (LeafVersionTapscript for
// tapscript) and script, which is copied. It returns an error wrapping
// ErrInvalidLeafVersion for an odd version or 0x50.
func NewLeaf(version byte, script []byte) (*Node, error) {
	h, err := LeafHash(version, script)
	if err != nil {
		return nil, err
	}
	return &Node{hash: h, leaves: 1, leafVersion: version, script: append([]byte{}, script...), valid: true}, nil
}

// NewBranch returns the branch with children left and right; their order
// is kept for ScriptPaths, and does not change the hash. A node may appear
// in several places of a tree. It returns an error wrapping ErrInvalidTree
// for a nil or zero-value child, and for a branch that would put a leaf
// deeper than MaxDepth.
func NewBranch(left, right *Node) (*Node, error) {
	if !left.ok() || !right.ok() {
		return nil, fmt.Errorf("%w: nil or zero-value child", ErrInvalidTree)
	}
	d := 1 + max(left.depth, right.depth)
	if d > MaxDepth {
		return nil, fmt.Errorf("%w: a leaf at depth %d, more than %d", ErrInvalidTree, d, MaxDepth)
	}
	leaves := min(left.leaves+right.leaves, MaxScriptPaths+1) // saturates: a node may be shared
	return &Node{hash: BranchHash(left.hash, right.hash), depth: d, leaves: leaves, left: left, right: right, valid: true}, nil
}

func (n *Node) ok() bool { return n != nil && n.valid }

// Hash returns n's hash: the leaf hash of a leaf, and the merkle root of
// the subtree of a branch. The hash of a whole tree is the merkle root that
// secp256k1.TaprootOutputKey and PrivateKey.TaprootTweak take. It returns
// an error wrapping ErrInvalidTree for a nil or zero-value node.
func (n *Node) Hash() ([32]byte, error) {
	if !n.ok() {
		return [32]byte{}, fmt.Errorf("%w: nil or zero-value node", ErrInvalidTree)
	}
	return n.hash, nil
}

// ScriptPath is what spending one leaf by the script path needs: the leaf's
// script and version, and its control block.
type ScriptPath struct {
	LeafVersion byte
	Script      []byte
	// ControlBlock is (LeafVersion | parity of the output key's y) ‖ the
	// internal key (32 bytes) ‖ the hashes of the path from the leaf up to
	// the root's children (32 bytes each).
	ControlBlock []byte
}

// ScriptPaths returns one ScriptPath per leaf of tree, depth first and
// left before right, for the output with the given internal key and tree
// (the output key of OutputKey). The scripts are copies. It returns an
// error wrapping ErrInvalidTree for a nil or zero-value tree and for a tree
// of more than MaxScriptPaths leaves, secp256k1.ErrInvalidPublicKey for an
// invalid internal key, and the errors of secp256k1.TaprootOutputKey.
func ScriptPaths(internal *secp256k1.XOnlyPublicKey, tree *Node) ([]ScriptPath, error) {
	if !tree.ok() {
		return nil, fmt.Errorf("%w: nil or zero-value tree", ErrInvalidTree)
	}
	if tree.leaves > MaxScriptPaths {
		return nil, fmt.Errorf("%w: more than %d leaves to list", ErrInvalidTree, MaxScriptPaths)
	}
	_, parity, err := OutputKey(internal, tree)
	if err != nil {
		return nil, err
	}
	prefix := internal.Bytes()
	var out []ScriptPath
	var path [][32]byte // sibling hashes from the root down
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.left == nil {
			cb := make([]byte, 0, 33+32*len(path))
			v := n.leafVersion
			if parity {
				v |= 1
			}
			cb = append(cb, v)
			cb = append(cb, prefix...)
			for i := len(path) - 1; i >= 0; i-- {
				cb = append(cb, path[i][:]...)
			}
			out = append(out, ScriptPath{LeafVersion: n.leafVersion, Script: append([]byte{}, n.script...), ControlBlock: cb})
			return
		}
		path = append(path, n.right.hash)
		walk(n.left)
		path[len(path)-1] = n.left.hash
		walk(n.right)
		path = path[:len(path)-1]
	}
	walk(tree)
	return out, nil
}
