package silentpayments

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// TweakDataSize is the length of a transaction's tweak data: the
// compressed point input_hash·A.
const TweakDataSize = 33

// receiverTrace receives intermediate values of a scan for the package's
// tests (nil otherwise).
type receiverTrace struct {
	sum    [33]byte // ser_P(A)
	secret [33]byte // the shared secret
}

// inputSummary sums a transaction's input public keys (A) and computes
// its input_hash. Everything is public and runs in variable time.
func inputSummary(a *group.Affine, ih *scalar.Scalar, inputKeys []*secp256k1.PublicKey, outpoints []Outpoint) error {
	if len(inputKeys) == 0 {
		return ErrNoInputs
	}
	if len(outpoints) == 0 {
		return ErrNoOutpoints
	}
	var j group.Jacobian
	j.SetInfinity()
	for i, k := range inputKeys {
		p, err := (*keys.Public)(k).Point()
		if err != nil {
			return fmt.Errorf("silentpayments: input key %d: %w", i, err)
		}
		j.AddMixedVarTime(&j, p)
	}
	if a.SetJacobianVarTime(&j); a.Infinity {
		return ErrZeroSum
	}
	var outpointL [36]byte
	smallestOutpoint(&outpointL, outpoints)
	if !inputHash(ih, &outpointL, a) {
		return fmt.Errorf("%w: input_hash", ErrInvalidScalar)
	}
	return nil
}

// TweakData returns the 33-byte tweak data of a transaction,
// ser_P(input_hash·A), where A is the sum of its eligible input public keys
// (see InputPublicKey) and input_hash hashes A with the smallest of
// outpoints, the outpoints of all its inputs. An index server computes it
// once per transaction, and a light client scans with ScanTweak. It
// returns an error wrapping ErrNoInputs or ErrNoOutpoints for an empty
// list, secp256k1.ErrInvalidPublicKey for a nil or zero-value key, and
// ErrZeroSum when the keys sum to the point at infinity (the transaction
// is then not a silent payment). Everything is public; execution time
// depends on the inputs.
func TweakData(inputKeys []*secp256k1.PublicKey, outpoints []Outpoint) ([]byte, error) {
	var a group.Affine
	var ih scalar.Scalar
	if err := inputSummary(&a, &ih, inputKeys, outpoints); err != nil {
		return nil, err
	}
	var zero scalar.Scalar
	var j group.Jacobian
	ecmult.DoubleMultVarTime(&j, &ih, &a, &zero)
	var t group.Affine
	t.SetJacobianVarTime(&j) // finite: ih != 0 and A has order n
	out := make([]byte, TweakDataSize)
	putPoint((*[33]byte)(out), &t)
	return out, nil
}

// Scan returns the outputs of a transaction that pay the receiver, to its
// address or to one of its labeled addresses (the change label always).
// inputKeys are the public keys of the transaction's eligible inputs
// (InputPublicKey of each input, leaving out those that return
// ErrNotEligible), outpoints the outpoints of all its inputs, and outputs
// the 32-byte x-only keys of its taproot outputs, in any order. It looks
// for at most KMax outputs.
//
// It returns no outputs and no error when nothing pays the receiver; an
// error wrapping ErrNoInputs or ErrZeroSum when the transaction is not a
// silent payment (skip it); ErrNoOutpoints for an empty outpoint list,
// ErrInvalidOutput for an empty output list or an output that is not 32
// bytes, secp256k1.ErrInvalidPublicKey for a nil or zero-value input key,
// secp256k1.ErrInvalidPrivateKey for a nil, zero-value or wiped receiver,
// and ErrInvalidScalar in the negligible cases BIP-352 fails on.
//
// The scan key is used in constant time (b_scan·input_hash and the ECDH
// with A), and so are the shared secret, the tweaks t_k and the candidate
// keys P_k = B_spend + t_k·G up to their affine form. P_k is then
// declassified and matched against the public outputs in variable time:
// timing reveals which outputs pay the receiver (as what the caller does
// with them will), and the first P_k that matches nothing, a key that no
// transaction can ever pay (it commits to outpoints that are now spent).
func (r *Receiver) Scan(inputKeys []*secp256k1.PublicKey, outpoints []Outpoint, outputs [][]byte) ([]FoundOutput, error) {
	return r.scanTx(inputKeys, outpoints, outputs, nil)
}

func (r *Receiver) scanTx(inputKeys []*secp256k1.PublicKey, outpoints []Outpoint, outputs [][]byte, trace *receiverTrace) ([]FoundOutput, error) {
	if r == nil {
		return nil, errNoReceiver
	}
	if err := checkOutputs(outputs); err != nil {
		return nil, err
	}
	var a group.Affine
	var ih scalar.Scalar
	if err := inputSummary(&a, &ih, inputKeys, outpoints); err != nil {
		return nil, err
	}
	if trace != nil {
		putPoint(&trace.sum, &a)
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	d, err := r.scan.Scalar()
	if err != nil || !r.valid {
		return nil, errNoReceiver
	}
	// (b_scan·input_hash)·A: one constant-time multiplication.
	var e scalar.Scalar
	defer e.Zero()
	e.Multiply(d, &ih)
	var secret [33]byte
	defer clear(secret[:])
	sharedSecret(&secret, &e, &a)
	if trace != nil {
		trace.secret = secret
	}
	return r.scanOutputs(&secret, outputs)
}

// ScanTweak is Scan for a light client: it takes the transaction's tweak
// data (see TweakData) instead of its input keys and outpoints. It returns
// an error wrapping ErrInvalidTweakData if tweakData is not a 33-byte
// compressed point, and otherwise fails as Scan does. The scan key is used
// in constant time (b_scan·tweak); the matching is as in Scan.
func (r *Receiver) ScanTweak(tweakData []byte, outputs [][]byte) ([]FoundOutput, error) {
	if r == nil {
		return nil, errNoReceiver
	}
	if err := checkOutputs(outputs); err != nil {
		return nil, err
	}
	t, err := compressedKey(tweakData)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidTweakData, err)
	}
	tp, _ := (*keys.Public)(t).Point()
	r.mu.RLock()
	defer r.mu.RUnlock()
	d, err := r.scan.Scalar()
	if err != nil || !r.valid {
		return nil, errNoReceiver
	}
	var secret [33]byte
	defer clear(secret[:])
	sharedSecret(&secret, d, tp)
	return r.scanOutputs(&secret, outputs)
}

// checkOutputs checks that outputs is a non-empty list of 32-byte keys.
func checkOutputs(outputs [][]byte) error {
	if len(outputs) == 0 {
		return fmt.Errorf("%w: no outputs", ErrInvalidOutput)
	}
	for i, o := range outputs {
		if len(o) != 32 {
			return fmt.Errorf("%w: output %d is %d bytes, want 32", ErrInvalidOutput, i, len(o))
		}
	}
	return nil
}

// addLabelsMax is the number of labels per output up to which a scan adds
// each label to P_k (len(labels) additions per k); with more labels it
// subtracts P_k from each output (two per output) and looks the
// difference up, as BIP-352 describes. The two find the same outputs.
const addLabelsMax = 2

// scanOutputs runs BIP-352's output check for the shared secret. The
// caller holds r.mu for reading.
func (r *Receiver) scanOutputs(secret *[33]byte, outputs [][]byte) ([]FoundOutput, error) {
	tbl := newOutputTable(outputs)
	m := matcher{r: r, tbl: tbl, outputs: outputs, subtract: len(r.labels) > addLabelsMax*len(outputs)}
	kmax := min(len(outputs), KMax)
	spend, _ := r.spend.Point()
	var found []FoundOutput
	var t scalar.Scalar
	defer t.Zero()
	var pj group.Projective
	for k := 0; k < kmax; k++ {
		if !outputTweak(&t, secret, uint32(k)) {
			return nil, fmt.Errorf("%w: t_k", ErrInvalidScalar)
		}
		// P_k = B_spend + t_k·G in constant time, then declassified.
		ecmult.BaseMult(&pj, &t)
		pj.AddAffine(&pj, spend)
		inf := pj.IsInfinity()
		ctcheck.Public(&inf)
		if inf == 1 {
			return nil, fmt.Errorf("%w: P_k is the point at infinity", ErrInvalidScalar)
		}
		var pk group.Affine
		pk.SetProjective(&pj)
		ctcheck.Public(&pk)
		j, li := m.match(&pk)
		if j < 0 {
			break
		}
		tbl.remove(j)
		f := FoundOutput{Index: j}
		if li >= 0 {
			l := &r.labels[li]
			t.Add(&t, &l.tweak)
			f.Labeled, f.Label = true, l.m
		}
		t.PutBytes(&f.Tweak)
		found = append(found, f)
	}
	pj = group.Projective{}
	return found, nil
}

// matcher finds the output that a candidate P_k pays, directly or with a
// label. Everything it handles is public.
type matcher struct {
	r        *Receiver
	tbl      *outputTable
	outputs  [][]byte
	subtract bool

	// The addition method's buffers (one entry per label).
	cands   []group.Jacobian
	aff     []group.Affine
	scratch []field.Element

	// The subtraction method's lifted outputs (even y), made on first use;
	// lifted[j] is false for a key that is not on the curve.
	points []group.Affine
	lifted []bool
}

// match returns the smallest index j of an output that P_k pays, and the
// index of the label it was paid with (-1 for none), or j = -1. As in
// BIP-352's loop, an earlier output wins, and for one output the direct
// match before a label.
func (m *matcher) match(pk *group.Affine) (j, label int) {
	j, label = m.tbl.lookup(&pk.X), -1
	if m.subtract {
		return m.matchSubtract(pk, j)
	}
	labels := m.r.labels
	if len(labels) == 0 {
		return j, label
	}
	if m.cands == nil {
		m.cands = make([]group.Jacobian, len(labels))
		m.aff = make([]group.Affine, len(labels))
		m.scratch = make([]field.Element, 2*len(labels))
	}
	// x(P_k + label) equals an output's x exactly when output - P_k or
	// -output - P_k is the label: the two checks of BIP-352 in one.
	var pj group.Jacobian
	pj.SetAffine(pk)
	for i := range labels {
		m.cands[i].AddMixedVarTime(&pj, &labels[i].point)
	}
	group.BatchToAffineVarTime(m.aff, m.cands, m.scratch)
	for i := range m.aff {
		if m.aff[i].Infinity {
			continue
		}
		if c := m.tbl.lookup(&m.aff[i].X); c >= 0 && (j < 0 || c < j) {
			j, label = c, i
		}
	}
	return j, label
}

// subtractBatch is the number of outputs whose two label candidates the
// subtraction method converts to affine with one inversion.
const subtractBatch = 32

// matchSubtract looks up output - P_k and -output - P_k among the label
// points for the outputs before the direct match direct (all outputs if
// there is none), in order.
func (m *matcher) matchSubtract(pk *group.Affine, direct int) (j, label int) {
	if m.points == nil {
		m.points = make([]group.Affine, len(m.outputs))
		m.lifted = make([]bool, len(m.outputs))
		for i, o := range m.outputs {
			var x field.Element
			if x.SetCanonicalBytes((*[32]byte)(o)) == 1 && m.points[i].SetXO(&x, 0) == 1 {
				m.lifted[i] = true
			}
		}
		m.cands = make([]group.Jacobian, 2*subtractBatch)
		m.aff = make([]group.Affine, 2*subtractBatch)
		m.scratch = make([]field.Element, 4*subtractBatch)
	}
	end := len(m.outputs)
	if direct >= 0 {
		end = direct
	}
	var neg group.Affine
	neg.Negate(pk)
	idx := make([]int, 0, subtractBatch)
	for start := 0; start < end; start += subtractBatch {
		idx = idx[:0]
		for i := start; i < min(start+subtractBatch, end); i++ {
			if m.lifted[i] && !m.tbl.removed[i] {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			continue
		}
		n := 0
		for _, i := range idx {
			var o, on group.Jacobian
			o.SetAffine(&m.points[i])
			m.cands[n].AddMixedVarTime(&o, &neg) // output - P_k
			var negO group.Affine
			negO.Negate(&m.points[i])
			on.SetAffine(&negO)
			m.cands[n+1].AddMixedVarTime(&on, &neg) // -output - P_k
			n += 2
		}
		group.BatchToAffineVarTime(m.aff[:n], m.cands[:n], m.scratch[:2*n])
		for c := 0; c < n; c++ {
			if m.aff[c].Infinity {
				continue
			}
			var enc [33]byte
			putPoint(&enc, &m.aff[c])
			if li, ok := m.r.byPoint[enc]; ok {
				return idx[c/2], li
			}
		}
	}
	return direct, -1
}
