// Package address encodes and decodes Bitcoin addresses: P2PKH and P2SH
// (Base58Check), P2WPKH and P2WSH (bech32, witness version 0), P2TR
// (bech32m, witness version 1), the P2SH-wrapped P2WPKH of BIP-49, and the
// outputs of future witness versions (bech32m, versions 1 to 16), for
// mainnet, testnet (testnet3 and testnet4), signet and regtest. Each
// address gives its scriptPubKey, and a scriptPubKey of one of these forms
// gives its address.
//
//	pub, _ := key.PublicKey()                     // a BIP-32 key at m/84'/0'/0'/0/0
//	a, _ := address.P2WPKH(pub, address.Mainnet)  // bc1q…
//	script, _ := a.ScriptPubKey()                 // 0014 ‖ HASH160(pub)
//
//	a, err := address.Decode("bc1p…", address.Mainnet)
//	a.Type(), a.Program()                         // TypeP2TR, the 32-byte output key
//
// # Networks
//
// Decode takes the network the caller expects, as Bitcoin Core's
// DecodeDestination and btcutil's DecodeAddress do, because a string does
// not name its network: testnet, signet and regtest share the Base58
// version bytes (0x6f, 0xc4), and testnet and signet share the bech32
// prefix "tb". An address that is valid only for another network is
// rejected with an error wrapping ErrWrongNetwork that names the networks
// it is valid for. The zero Network is not a network.
//
// # Strictness
//
// Decoding is strict as BIP-173 and BIP-350 say: at most 90 characters, no
// mixed case (an all-uppercase bech32 address is read and re-encoded in
// lowercase), the checksum of the variant the witness version requires
// (bech32 for version 0, bech32m for 1 to 16), zero padding of at most 4
// bits, programs of 2 to 40 bytes and of 20 or 32 bytes for version 0. A
// Base58Check address must carry a valid checksum, decode to exactly 21
// bytes and start with the network's P2PKH or P2SH version byte. Every
// invalid address of BIP-173, BIP-350 and Bitcoin Core's key_io_invalid.json
// is rejected (the tests run them).
//
// Constructors reject what cannot be spent or is not an address: a nil or
// zero-value key, a nil or empty script, a redeem script longer than the
// 520 bytes a P2SH spend can push, a witness script longer than the 10,000
// bytes of a script, a program of the wrong length. A P2TR program is not
// checked to be an x coordinate on the curve, neither by New nor by
// Decode, as addresses do not say; P2TR from a key is always valid.
//
// # Zero values and constant time
//
// The zero Address, a nil *Address, and the zero Network and Type are
// invalid: methods of an invalid address return zero values, nil, "" or an
// error (ScriptPubKey returns an error, because an empty scriptPubKey would
// pay anyone), and functions return an error. Addresses, keys and scripts
// are public, so everything here runs in variable time.
//
// Why a package of its own: addresses are a Bitcoin encoding of outputs,
// not a key operation (package secp256k1) nor a derivation (bip32); a
// wallet that derives keys with bip32 and taproot needs this to show and
// read its addresses, and code that never touches Bitcoin addresses does
// not link the encodings.
package address
