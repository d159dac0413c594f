package silentpayments

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// SenderInput is the private key of one of the transaction's inputs that
// BIP-352 counts (see InputPublicKey): for a P2TR input the key of the
// taproot output key (the tweaked key, as a key-path spend signs with),
// with Taproot set; for P2WPKH, P2SH-P2WPKH and P2PKH inputs the key of
// the input's public key.
type SenderInput struct {
	// Key is the input's private key.
	Key *secp256k1.PrivateKey
	// Taproot marks the key of a P2TR input: it stands for its x-only
	// public key and is negated if its public key has odd y.
	Taproot bool
}

// senderTrace receives intermediate values of CreateOutputs for the
// package's tests (nil otherwise).
type senderTrace struct {
	sum     [32]byte   // a, the sum of the input keys
	secrets [][33]byte // the shared secret of each recipient's group
}

// CreateOutputs returns the x-only public keys of the taproot outputs that
// pay each recipient, in the order of recipients: outputs[i] pays
// recipients[i]. inputs are the private keys of the transaction's eligible
// inputs, and outpoints the outpoints of all its inputs, eligible or not
// (BIP-352 hashes the smallest). Recipients that share a scan key form a
// group and are numbered k = 0, 1, ... in their order in recipients; a
// recipient listed twice gets two outputs. Every output must appear in
// the transaction, and the inputs and outpoints must be final (the
// outputs depend on them).
//
// It returns an error wrapping ErrNoInputs, ErrNoOutpoints or
// ErrNoRecipients for an empty list, ErrInvalidAddress for a nil or
// invalid address, secp256k1.ErrInvalidPrivateKey for a nil or zero-value
// key, ErrTooManyRecipients when more than KMax recipients share a scan
// key, ErrZeroSum when the keys sum to zero, and ErrInvalidScalar in the
// negligible cases BIP-352 fails on. It runs in constant time with
// respect to the private keys, their sum and the shared secrets; the
// outputs, the sum's public key and whether the sum is zero are revealed.
func CreateOutputs(inputs []SenderInput, outpoints []Outpoint, recipients []*Address) ([]*secp256k1.XOnlyPublicKey, error) {
	return createOutputs(inputs, outpoints, recipients, nil)
}

// recipientGroup is the recipients (indices into the recipient list) of
// one scan key.
type recipientGroup struct {
	scan    *group.Affine
	members []int
}

func createOutputs(inputs []SenderInput, outpoints []Outpoint, recipients []*Address, trace *senderTrace) ([]*secp256k1.XOnlyPublicKey, error) {
	switch {
	case len(inputs) == 0:
		return nil, ErrNoInputs
	case len(outpoints) == 0:
		return nil, ErrNoOutpoints
	case len(recipients) == 0:
		return nil, ErrNoRecipients
	}

	// Group the recipients by scan key, checking the addresses and the
	// group sizes before any secret is touched.
	spends := make([]*group.Affine, len(recipients))
	var groups []recipientGroup
	byScan := make(map[[33]byte]int)
	for i, a := range recipients {
		if a == nil {
			return nil, fmt.Errorf("%w: recipient %d is nil", ErrInvalidAddress, i)
		}
		var enc [33]byte
		scan, err := (*keys.Public)(a.ScanKey).Point()
		if err == nil {
			putPoint(&enc, scan)
			spends[i], err = (*keys.Public)(a.SpendKey).Point()
		}
		if err != nil {
			return nil, fmt.Errorf("%w: recipient %d: %w", ErrInvalidAddress, i, err)
		}
		g, ok := byScan[enc]
		if !ok {
			g = len(groups)
			byScan[enc] = g
			groups = append(groups, recipientGroup{scan: scan})
		}
		if groups[g].members = append(groups[g].members, i); len(groups[g].members) > KMax {
			return nil, fmt.Errorf("%w: more than %d for one scan key", ErrTooManyRecipients, KMax)
		}
	}

	// a = a_1 + ... + a_n, the taproot keys negated for odd y.
	var sum, d scalar.Scalar
	defer sum.Zero()
	defer d.Zero()
	for i, in := range inputs {
		k := (*keys.Private)(in.Key)
		var err error
		if in.Taproot {
			_, err = k.EvenYScalar(&d)
		} else {
			var s *scalar.Scalar
			if s, err = k.Scalar(); err == nil {
				d.Set(s)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("silentpayments: input %d: %w", i, err)
		}
		sum.Add(&sum, &d)
	}
	zero := sum.IsZero()
	ctcheck.Public(&zero) // BIP-352 fails on a zero sum: that is public
	if zero == 1 {
		return nil, ErrZeroSum
	}
	if trace != nil {
		sum.PutBytes(&trace.sum)
	}

	// A = a·G (public: the sum of the input public keys) and input_hash;
	// then a·input_hash, the secret of every group's ECDH.
	var pj group.Projective
	ecmult.BaseMult(&pj, &sum)
	var pa group.Affine
	pa.SetProjective(&pj)
	ctcheck.Public(&pa)
	var outpointL [36]byte
	smallestOutpoint(&outpointL, outpoints)
	var ih scalar.Scalar
	if !inputHash(&ih, &outpointL, &pa) {
		return nil, fmt.Errorf("%w: input_hash", ErrInvalidScalar)
	}
	var e scalar.Scalar
	defer e.Zero()
	e.Multiply(&sum, &ih)

	out := make([]*secp256k1.XOnlyPublicKey, len(recipients))
	var secret [33]byte
	defer clear(secret[:])
	var t scalar.Scalar
	defer t.Zero()
	for _, g := range groups {
		sharedSecret(&secret, &e, g.scan)
		if trace != nil {
			trace.secrets = append(trace.secrets, secret)
		}
		for k, i := range g.members {
			if !outputTweak(&t, &secret, uint32(k)) {
				return nil, fmt.Errorf("%w: t_k", ErrInvalidScalar)
			}
			// P = B_m + t_k·G: a complete addition, in constant time.
			ecmult.BaseMult(&pj, &t)
			pj.AddAffine(&pj, spends[i])
			inf := pj.IsInfinity()
			ctcheck.Public(&inf)
			if inf == 1 {
				return nil, fmt.Errorf("%w: the output key is the point at infinity", ErrInvalidScalar)
			}
			var p group.Affine
			p.SetProjective(&pj)
			ctcheck.Public(&p) // the output key is public
			var pub keys.Public
			if err := pub.SetPoint(&p); err != nil {
				return nil, fmt.Errorf("silentpayments: internal error: %w", err)
			}
			x := new(keys.XOnly)
			if _, err := x.SetPublic(&pub); err != nil {
				return nil, fmt.Errorf("silentpayments: internal error: %w", err)
			}
			out[i] = (*secp256k1.XOnlyPublicKey)(x)
		}
	}
	pj = group.Projective{}
	return out, nil
}
