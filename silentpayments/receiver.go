package silentpayments

import (
	"fmt"
	"sync"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Receiver scans transactions for the outputs that pay one silent-payment
// wallet: it holds the scan private key b_scan, the spend public key
// B_spend (the spend private key can stay offline) and the labels the
// wallet uses. NewReceiver makes one; the zero value and nil are invalid.
// Its methods are safe for concurrent use.
type Receiver struct {
	mu      sync.RWMutex
	scan    keys.Private
	spend   keys.Public
	labels  []label          // labels[0] is the change label m = 0
	byM     map[uint32]int   // m -> index into labels
	byPoint map[[33]byte]int // ser_P(label·G) -> index into labels
	valid   bool
}

// label is one of the receiver's labels m: its tweak
// hash_BIP0352/Label(b_scan ‖ m) and the point tweak·G (which scanning
// treats as public: for a handed-out label it is B_m - B_spend).
type label struct {
	m     uint32
	tweak scalar.Scalar
	point group.Affine
}

// FoundOutput is an output that pays the receiver.
type FoundOutput struct {
	// Index is the output's position in the outputs given to Scan.
	Index int
	// Tweak is the private-key tweak of the output: t_k, plus the label's
	// tweak for an output paid to a labeled address. The output's private
	// key is b_spend + Tweak mod n (see PrivateKey). It is secret: with
	// B_spend it links the output to the receiver.
	Tweak [32]byte
	// Labeled reports whether the output was paid to a labeled address;
	// Label is its m (0 is the change label).
	Labeled bool
	Label   uint32
}

// PrivateKey returns the output's private key, b_spend + Tweak mod n, for
// the receiver's spend private key. It is the key of the output's
// (even-y) x-only key up to negation; BIP-340 signing (package schnorr)
// takes care of that. It returns an error wrapping
// secp256k1.ErrInvalidPrivateKey for a nil output or a nil or zero-value
// key.
func (f *FoundOutput) PrivateKey(spend *secp256k1.PrivateKey) (*secp256k1.PrivateKey, error) {
	if f == nil {
		return nil, fmt.Errorf("%w: nil found output", secp256k1.ErrInvalidPrivateKey)
	}
	k := new(keys.Private)
	if err := k.TweakAdd((*keys.Private)(spend), f.Tweak[:]); err != nil {
		return nil, fmt.Errorf("silentpayments: %w", err)
	}
	return (*secp256k1.PrivateKey)(k), nil
}

// NewReceiver returns a Receiver for the scan private key b_scan and the
// spend public key B_spend. It scans for the change label (m = 0) from the
// start, as BIP-352 asks of every wallet; LabeledAddress adds others. The
// receiver keeps a copy of the scan key (Wipe erases it). It returns an
// error wrapping secp256k1.ErrInvalidPrivateKey or ErrInvalidPublicKey for
// a nil or zero-value key.
func NewReceiver(scan *secp256k1.PrivateKey, spend *secp256k1.PublicKey) (*Receiver, error) {
	r := &Receiver{byM: make(map[uint32]int), byPoint: make(map[[33]byte]int)}
	if err := r.scan.Set((*keys.Private)(scan)); err != nil {
		return nil, fmt.Errorf("silentpayments: scan key: %w", err)
	}
	if err := r.spend.Set((*keys.Public)(spend)); err != nil {
		r.scan.Wipe()
		return nil, fmt.Errorf("silentpayments: spend key: %w", err)
	}
	if _, err := r.addLabel(0); err != nil {
		r.scan.Wipe()
		return nil, err
	}
	r.valid = true
	return r, nil
}

// errNoReceiver is the error of every method on a nil, zero-value or wiped
// Receiver.
var errNoReceiver = fmt.Errorf("%w: nil, zero-value or wiped receiver", secp256k1.ErrInvalidPrivateKey)

// Wipe erases the receiver's copy of the scan key and its label tweaks;
// every later call fails. It does nothing on a nil receiver.
func (r *Receiver) Wipe() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.scan.Wipe()
	for i := range r.labels {
		r.labels[i].tweak.Zero()
	}
	r.labels, r.byM, r.byPoint, r.valid = nil, nil, nil, false
}

// addLabel adds label m if it is new and returns its index. The caller
// holds r.mu for writing (or owns r).
func (r *Receiver) addLabel(m uint32) (int, error) {
	if i, ok := r.byM[m]; ok {
		return i, nil
	}
	d, err := r.scan.Scalar()
	if err != nil {
		return 0, err
	}
	var l label
	l.m = m
	if !labelTweak(&l.tweak, d, m) {
		return 0, fmt.Errorf("%w: the tweak of label %d", ErrInvalidScalar, m)
	}
	var p group.Projective
	ecmult.BaseMult(&p, &l.tweak)
	l.point.SetProjective(&p)
	ctcheck.Public(&l.point) // label points are public to the scan (see label)
	var enc [33]byte
	putPoint(&enc, &l.point)
	r.labels = append(r.labels, l)
	r.byM[m] = len(r.labels) - 1
	r.byPoint[enc] = len(r.labels) - 1
	return len(r.labels) - 1, nil
}

// Address returns the receiver's address (unlabeled) for network net.
func (r *Receiver) Address(net Network) (*Address, error) {
	if r == nil {
		return nil, errNoReceiver
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	if !r.valid {
		return nil, errNoReceiver
	}
	return r.address(net, &r.spend)
}

func (r *Receiver) address(net Network, spend *keys.Public) (*Address, error) {
	if net.hrp() == "" {
		return nil, fmt.Errorf("%w: unknown network %d", ErrInvalidAddress, net)
	}
	scan, err := r.scan.Public()
	if err != nil {
		return nil, err
	}
	a := &Address{Network: net, ScanKey: new(secp256k1.PublicKey), SpendKey: new(secp256k1.PublicKey)}
	(*keys.Public)(a.ScanKey).Set(scan)
	(*keys.Public)(a.SpendKey).Set(spend)
	return a, nil
}

// LabeledAddress returns the receiver's address with label m for network
// net, whose spend key is B_m = B_spend + hash_BIP0352/Label(b_scan ‖ m)·G,
// and adds m to the labels that Scan looks for. m = 0 is the change label:
// use its address for the wallet's own change, and never hand it out. It
// returns an error wrapping ErrInvalidScalar if B_m would be the point at
// infinity (negligible for an honestly made spend key).
func (r *Receiver) LabeledAddress(net Network, m uint32) (*Address, error) {
	if r == nil {
		return nil, errNoReceiver
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.valid {
		return nil, errNoReceiver
	}
	if net.hrp() == "" {
		return nil, fmt.Errorf("%w: unknown network %d", ErrInvalidAddress, net)
	}
	i, err := r.addLabel(m)
	if err != nil {
		return nil, err
	}
	spend, _ := r.spend.Point()
	var j group.Jacobian
	j.SetAffine(spend)
	j.AddMixedVarTime(&j, &r.labels[i].point)
	var bm keys.Public
	if err := bm.SetJacobianVarTime(&j); err != nil {
		return nil, fmt.Errorf("%w: the labeled spend key is the point at infinity", ErrInvalidScalar)
	}
	return r.address(net, &bm)
}
