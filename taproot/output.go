package taproot

import (
	"fmt"

	"github.com/p256k1/secp256k1"
)

// OutputKey returns the BIP-341 output key of the internal key and the
// script tree (nil for an output with no script path, as BIP-86 makes),
// and the parity of its y (true: odd) that the control blocks carry. It
// is secp256k1.TaprootOutputKey with the tree's merkle root. It returns an
// error wrapping ErrInvalidTree for a zero-value tree, and the errors of
// secp256k1.TaprootOutputKey (secp256k1.ErrInvalidPublicKey for a nil or
// invalid internal key).
func OutputKey(internal *secp256k1.XOnlyPublicKey, tree *Node) (output *secp256k1.XOnlyPublicKey, parity bool, err error) {
	var root []byte
	if tree != nil {
		h, err := tree.Hash()
		if err != nil {
			return nil, false, err
		}
		root = h[:]
	}
	return secp256k1.TaprootOutputKey(internal, root)
}

// OutputScript returns the 34-byte scriptPubKey of a taproot output:
// OP_1 (0x51), a 32-byte push (0x20) and the output key. It returns an
// error wrapping secp256k1.ErrInvalidPublicKey for a nil or zero-value key.
func OutputScript(output *secp256k1.XOnlyPublicKey) ([]byte, error) {
	x := output.Bytes()
	if x == nil {
		return nil, fmt.Errorf("%w: nil or zero-value output key", secp256k1.ErrInvalidPublicKey)
	}
	return append([]byte{0x51, 0x20}, x...), nil
}

// KeyPathOutput returns the output key and the scriptPubKey of the BIP-86
// output of pub (typically a BIP-32 key at m/86'/0'/0'/0/i): the internal
// key is pub's x-only form, and the output commits to no script tree. The
// key that signs for it is the private key's TaprootTweak(nil). It returns
// an error wrapping secp256k1.ErrInvalidPublicKey for a nil or zero-value
// key.
func KeyPathOutput(pub *secp256k1.PublicKey) (output *secp256k1.XOnlyPublicKey, script []byte, err error) {
	internal, _ := pub.XOnly()
	if internal == nil {
		return nil, nil, fmt.Errorf("%w: nil or zero-value key", secp256k1.ErrInvalidPublicKey)
	}
	output, _, err = secp256k1.TaprootOutputKey(internal, nil)
	if err != nil {
		return nil, nil, err
	}
	script, err = OutputScript(output)
	if err != nil {
		return nil, nil, err
	}
	return output, script, nil
}
