// Package taproot builds BIP-341 taproot outputs: script trees (leaves
// hashed with hash_TapLeaf, branches with hash_TapBranch, sorted), their
// merkle root, the output key and its scriptPubKey, and the control block
// of each script path; and the key-path-only outputs of BIP-86 wallets.
//
//	pub, _ := key.PublicKey()            // a BIP-32 key at m/86'/0'/0'/0/0
//	output, script, _ := taproot.KeyPathOutput(pub)
//
// The key operations live in package secp256k1: TaprootOutputKey and
// TapTweakHash for the output key, PrivateKey.TaprootTweak for the key
// that signs by the key path (BIP-340, package schnorr). This package adds
// what is not a key operation: the script tree, the scripts and the
// control blocks, which is why it is a package of its own rather than part
// of the key package or of bip32 (a taproot output need not come from a
// BIP-32 key, and a BIP-32 key need not make a taproot output).
//
// Everything here handles public data and runs in variable time.
package taproot
