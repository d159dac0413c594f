package silentpayments

import (
	"encoding/binary"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// KMax is BIP-352's per-group limit: at most 2323 outputs for the
// recipients of one scan key in a transaction. The sender fails above it,
// and the receiver looks for no more than KMax outputs.
const KMax = 2323

// The tagged hashes of BIP-352.
var (
	tagInputs = tagged.New("BIP0352/Inputs")
	tagShared = tagged.New("BIP0352/SharedSecret")
	tagLabel  = tagged.New("BIP0352/Label")
)

// putPoint writes ser_P(p), the compressed encoding of the finite point p.
// It runs in constant time.
func putPoint(out *[33]byte, p *group.Affine) {
	out[0] = 2 | byte(p.Y.IsOdd())
	p.X.PutBytes((*[32]byte)(out[1:]))
}

// inputHash sets h to input_hash = hash_BIP0352/Inputs(outpoint_L ‖ ser_P(A))
// for the public sum A and reports whether it is a valid scalar (neither 0
// nor at least n), as BIP-352 requires.
func inputHash(h *scalar.Scalar, outpointL *[36]byte, a *group.Affine) bool {
	var enc [33]byte
	putPoint(&enc, a)
	var d [32]byte
	tagInputs.Sum(&d, outpointL[:], enc[:], nil)
	return h.SetBytes(&d) == 0 && h.IsZero() == 0
}

// sharedSecret writes ser_P(e·P), the ecdh_shared_secret of BIP-352, in
// constant time with respect to the secret e (1 <= e < n) and the result.
// P is public and finite, so e·P is finite.
func sharedSecret(out *[33]byte, e *scalar.Scalar, p *group.Affine) {
	var j group.Jacobian
	ecmult.ScalarMult(&j, e, p)
	var a group.Affine
	a.SetJacobian(&j)
	putPoint(out, &a)
	j, a = group.Jacobian{}, group.Affine{}
}

// outputTweak sets t to t_k = hash_BIP0352/SharedSecret(ser_P(S) ‖ ser_32(k))
// for the secret shared secret S, in constant time, and reports whether it
// is a valid scalar (only that is revealed).
func outputTweak(t *scalar.Scalar, s *[33]byte, k uint32) bool {
	var ks [4]byte
	binary.BigEndian.PutUint32(ks[:], k)
	var d [32]byte
	tagShared.Sum(&d, s[:], ks[:], nil)
	ok := (1 ^ t.SetBytes(&d)) & (1 ^ t.IsZero())
	clear(d[:])
	ctcheck.Public(&ok)
	return ok == 1
}

// labelTweak sets t to hash_BIP0352/Label(ser_256(b_scan) ‖ ser_32(m)) in
// constant time and reports whether it is a valid scalar (only that is
// revealed).
func labelTweak(t *scalar.Scalar, bScan *scalar.Scalar, m uint32) bool {
	var in [36]byte
	bScan.PutBytes((*[32]byte)(in[:32]))
	binary.BigEndian.PutUint32(in[32:], m)
	var d [32]byte
	tagLabel.Sum(&d, in[:], nil, nil)
	ok := (1 ^ t.SetBytes(&d)) & (1 ^ t.IsZero())
	clear(d[:])
	clear(in[:])
	ctcheck.Public(&ok)
	return ok == 1
}
