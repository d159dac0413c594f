// Package curve is the low-level group API of secp256k1 for protocol
// builders: points, scalars modulo the group order n, and the operations
// between them, shaped like filippo.io/edwards25519. Use it to implement
// Pedersen commitments, DLEQ proofs, adaptor signatures, threshold schemes
// and the like; for signatures and keys use packages secp256k1, ecdsa and
// schnorr instead.
//
// # Arithmetic
//
// Operations set their receiver and return it, like math/big:
//
//	v.Add(p, q)             // v = p + q
//	s.MultiplyAdd(x, y, z)  // s = x·y + z mod n
//
// Receivers and arguments may alias freely.
//
// # Zero values, nil and errors
//
// The zero value of Point is the identity (the point at infinity) and the
// zero value of Scalar is 0: both are ready to use, as in math/big, and
// there is no uninitialized state. new(Point), NewIdentityPoint and a
// declared var all mean the same point.
//
// No function of this package panics. A method whose receiver or any
// pointer argument is nil does nothing and returns nil; predicates return 0
// for nil arguments. Where the method has an error result, a nil gets the
// error of the method's other invalid input, with a detail that names the
// nil: ErrInvalidEncoding from the decoding setters (SetBytes,
// SetCanonicalBytes, SetUniformBytes), secp256k1.ErrInvalidPublicKey or
// secp256k1.ErrInvalidPrivateKey from the conversions to and from keys,
// ErrIdentity from BytesX. A setter that rejects its input returns nil and
// an error and leaves the receiver unchanged.
//
// # Encodings
//
// Scalars are 32 bytes big-endian. SetCanonicalBytes rejects values >= n;
// SetBytes reduces any 32-byte value modulo n; SetUniformBytes reduces 64
// bytes (for example a hash output) modulo n, with a bias below 2^-255.
//
// Points use SEC 1 (version 2.0, section 2.3.3): BytesCompressed returns 33
// bytes (0x02 or 0x03 by the parity of y, then x), BytesUncompressed 65
// bytes (0x04, x, y), and SetBytes accepts both. The identity has the SEC 1
// encoding of the point at infinity, the single byte 0x00, in both forms,
// and SetBytes accepts it; code that must not accept the identity checks
// IsIdentity after decoding, or converts to a secp256k1.PublicKey, which
// rejects it. BytesX returns the 32-byte x coordinate of BIP-340, and an
// error for the identity; SetXOnlyBytes is its inverse, BIP-340's lift_x
// (the point with that x and even y). The hybrid encodings 0x06 and 0x07
// are rejected. BytesCompressedOrZero and SetBytesCompressedOrZero are the
// 33-byte encoding of BIP-327 and BIP-352 that writes the identity as 33
// zero bytes.
//
// # Protocol helpers
//
// What BIP-340 and the protocols built on it (MuSig2, silent payments,
// adaptor signatures) need beside the arithmetic: TaggedHash, the lift_x of
// SetXOnlyBytes, HasEvenY, and Point.CondNegate and Scalar.CondNegate to
// bring a key pair to even y without a secret branch:
//
//	d.CondNegate(d, 1-P.HasEvenY())  // the secret of the even-y key
//	P.CondNegate(P, 1-P.HasEvenY())  // the even-y point
//
// # Hashing to the curve
//
// HashToCurve and EncodeToCurve implement RFC 9380's suites
// secp256k1_XMD:SHA-256_SSWU_RO_ and secp256k1_XMD:SHA-256_SSWU_NU_
// (expand_message_xmd with SHA-256, the simplified SWU map to a
// 3-isogenous curve and the isogeny), and HashToScalar hashes into the
// scalars the same way (hash_to_field modulo n, as FROST and RFC 9497 use
// it). Each takes a non-empty domain separation tag and returns an error
// wrapping ErrInvalidDST otherwise (and for a nil receiver); each runs in
// constant time with respect to the message, which may be secret.
//
// # Timing
//
// Every operation runs in constant time with respect to its inputs, points
// and scalars alike, unless its name starts with VarTime; those say
// "Execution time depends on the inputs." and are for public data only
// (verifying proofs, batch verification). Predicates return an int that is
// 1 or 0, and Select and CondNegate choose in constant time. Only whether
// a decoding succeeded, and whether a point encoded by BytesCompressed,
// BytesUncompressed or BytesX is the identity (its encoding is shorter, or
// an error), are revealed; BytesCompressedOrZero and
// SetBytesCompressedOrZero do not reveal it.
//
// # Concurrency
//
// Points and Scalars are plain values: they may be read by several
// goroutines at once, but must not be written while another goroutine
// uses them.
package curve
