// Package ellswift implements ElligatorSwift encodings of secp256k1 public
// keys and the key exchange of BIP-324 (Bitcoin's v2 P2P transport), as
// libsecp256k1's ellswift module does.
//
// An ElligatorSwift encoding is 64 bytes, u ‖ t, that look uniformly random
// to anyone who does not know the key: every 64-byte string decodes to a
// public key, and a key's encodings are drawn uniformly among its roughly
// 2^256 preimages. A BIP-324 peer sends such an encoding of an ephemeral
// key, so that the handshake contains no recognizable curve points:
//
//	ours, err := ellswift.EncodeSecret(priv, nil) // send ours
//	...                                           // receive theirs
//	secret, err := ellswift.XDH(priv, ours, theirs, ellswift.Initiator)
//
// and the peer, with its key and the two encodings swapped, calls XDH as
// Responder: both get the same 32-byte secret, from which BIP-324 derives
// the session keys (the v2 transport cipher is not in this package).
//
// The functions:
//
//   - Decode: any 64 bytes to a public key (ellswift_decode).
//   - Encode: a public key to 64 bytes with caller randomness
//     (secp256k1_ellswift_encode).
//   - EncodeSecret, EncodeSecretWithAux: one's own key, the randomness
//     derived from the secret key and optional auxiliary randomness
//     (secp256k1_ellswift_create).
//   - XDH: the BIP-324 shared secret (secp256k1_ellswift_xdh with the
//     BIP-324 hash), for either role.
//   - XSwiftEC, XSwiftECInv: the x-only map and its eight partial inverses
//     (xswiftec, xswiftec_inv), for protocols built on the map itself.
//
// Encode and EncodeSecretWithAux produce libsecp256k1 0.8's bytes for the
// same inputs.
//
// # Constant time
//
// EncodeSecret, EncodeSecretWithAux and XDH run in constant time with
// respect to the private key and the auxiliary randomness: the public key
// and the shared point are computed in constant time, and each attempt of
// the encoder's search (a constant-time XSwiftECInv on a hash of the key)
// reveals only whether it succeeded. XSwiftEC and XSwiftECInv run in
// constant time with respect to their inputs, revealing only whether x is
// valid and whether a preimage exists. Decode, Encode and the decoding of
// the peer's encoding in XDH handle public data and run in variable time.
//
// # Errors
//
// Invalid input never panics: wrong lengths, a nil or zero-value key, an
// unknown role or case return an error wrapping one of this package's
// sentinels or secp256k1.ErrInvalidPrivateKey / ErrInvalidPublicKey. Every
// 64-byte string is a valid encoding.
package ellswift
