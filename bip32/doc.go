// Package bip32 implements BIP-32 hierarchical deterministic keys on
// secp256k1: master keys from a seed (NewMaster; the seed of a BIP-39
// mnemonic comes from package bip39), private and public child derivation
// (ExtendedKey.Child, Derive with a path such as "m/86'/0'/0'/0/0"),
// neutering, and the Base58Check serialisation (xprv/xpub, tprv/tpub and
// the SLIP-132 forms ypub, zpub, Ypub, Zpub, upub, vpub, ... listed under
// Version) with a strict parser.
//
//	seed, _ := bip39.Seed(mnemonic, "")
//	master, _ := bip32.NewMaster(seed, bip32.Xprv)
//	key, _ := master.Derive("m/86'/0'/0'/0/0")
//	pub, _ := key.PublicKey() // a *secp256k1.PublicKey
//
// # Keys
//
// An ExtendedKey holds a secp256k1 key and converts to one without a copy:
// PrivateKey and PublicKey return the key the extended key holds, so there
// is nothing for the caller to wipe, and ExtendedKey.Zero wipes both. In
// the other direction NewPrivate and NewPublic copy the caller's key, which
// stays the caller's. Keys are immutable and safe for concurrent use.
//
// # Invalid children
//
// With probability about 2^-127 per index, BIP-32's child derivation gives
// no valid key (I_L >= n, or a zero key or the point at infinity), and the
// BIP says to go on with the next index. Child, Derive and DerivePath
// return an error wrapping ErrInvalidChild for such an index and leave the
// choice of the next index to the caller, as btcutil's hdkeychain does. A
// seed whose master key is invalid gives ErrUnusableSeed.
//
// # Constant time
//
// Every step on a private key runs in constant time with respect to the
// private key, the chain code and the seed: HMAC-SHA512 (the seed, the
// serialised private key), the addition of I_L modulo n and its range
// checks, the public-key computation, and the Base58Check encoding and
// decoding of private keys. What is revealed is what the caller sees: the
// validity of a master key, a child or a parsed key, the header fields
// (version, depth, parent fingerprint, child number) and the public keys.
// The valgrind check (internal/cmd/ctgrind) runs master-key generation,
// private derivation and serialisation on secret seeds.
//
// # Memory
//
// Derive keeps the keys between the given key and the result on the stack
// and wipes them; a 5-level derivation allocates only the result. Along a
// path a public key is computed only where it is needed: for a normal
// child, and for the result's parent fingerprint (m/86'/0'/0'/0/0 from a
// master key computes two, not five). Secret buffers (HMAC blocks, the
// serialised key, decoded strings) are cleared before returning. String
// returns a private key's serialisation as a Go string, which cannot be
// wiped; AppendText writes it to a buffer the caller can clear.
package bip32
