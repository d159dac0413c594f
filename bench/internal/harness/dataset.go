package harness

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"runtime"
	"sync"

	"github.com/btcsuite/btcd/btcec/v2"
	"github.com/btcsuite/btcd/btcec/v2/schnorr"
	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	dcrecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

// GateN is the number of leading dataset items the correctness gate checks.
const GateN = 100

// Item is one dataset entry. Inputs are derived from the seed alone; the
// derived public values (keys, signatures) and the Expect* fields are computed
// by the dataset generator (decred dcrec/secp256k1 for keys, ECDSA and ECDH,
// btcec/v2/schnorr for BIP-340), both pure Go and always available. The
// correctness gate then requires every provider, the reference included, to
// reproduce them.
type Item struct {
	Seckey [32]byte // 1 <= d < n
	Hash   [32]byte // ECDSA message hash, also the BIP-340 message
	Aux    [32]byte // BIP-340 auxiliary randomness
	Tweak  [32]byte // key tweak of the tweak cases: < n (>= n in the mutated dataset)

	Pub       [33]byte // compressed d*G
	PubUncomp [65]byte // uncompressed d*G
	XOnly     [32]byte // BIP-340 x-only d*G

	SigDER     []byte   // ECDSA RFC 6979 low-S signature of Hash, strict DER
	SigCompact [64]byte // the same signature as r||s
	RecID      byte     // its recovery id (0..3)
	Schnorr    [64]byte // BIP-340 signature of Hash with Aux

	// Peer is the index of the item whose public key is the remote key of
	// the ECDH case: (i+1) mod n.
	Peer int

	// Expected outputs. Valid says whether the item's signatures verify
	// and its tweak is in range (true in the main dataset, false in the
	// mutated one). ECDHX, Recovered, TweakedPub, TweakedXOnly and
	// BIP32Child are filled for the first GateN items only.
	Valid        bool
	ECDHX        [32]byte // x(d * Q_peer)
	Recovered    [33]byte // compressed key recovered from (SigCompact, RecID, Hash)
	TweakedPub   [33]byte // compressed d*G + Tweak*G
	TweakedXOnly [33]byte // compressed lift_x(XOnly) + Tweak*G (full key, with its y parity)
	// BIP32Child is the private key || chain code at BIP86Path below the
	// BIP-32 master key of Seckey taken as the seed (first GateN items).
	BIP32Child [64]byte
}

// Dataset is the shared input of all providers.
type Dataset struct {
	Seed  int64
	Items []Item
	// Mutated marks the gate's negative dataset: hashes have one bit
	// flipped, so every signature must fail to verify and recovery yields
	// a different key.
	Mutated bool
}

// Len is the number of items.
func (ds *Dataset) Len() int { return len(ds.Items) }

// PeerPub returns the compressed remote public key of item i's ECDH case.
func (ds *Dataset) PeerPub(i int) []byte { return ds.Items[ds.Items[i].Peer].Pub[:] }

// derive returns SHA-256("p256k1-bench/v1/" || label || seed || index || counter).
func derive(label string, seed int64, index, counter uint64) [32]byte {
	h := sha256.New()
	h.Write([]byte("p256k1-bench/v1/" + label))
	var b [24]byte
	binary.LittleEndian.PutUint64(b[0:], uint64(seed))
	binary.LittleEndian.PutUint64(b[8:], index)
	binary.LittleEndian.PutUint64(b[16:], counter)
	h.Write(b[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// NewDataset derives n items from seed. The result is identical on every
// machine and Go version: inputs are SHA-256 outputs, and the derived public
// values are deterministic (RFC 6979, BIP-340 with the given aux).
func NewDataset(seed int64, n int) (*Dataset, error) {
	if n < 2 {
		return nil, fmt.Errorf("dataset size %d: need at least 2 items", n)
	}
	ds := &Dataset{Seed: seed, Items: make([]Item, n)}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < n; i += workers {
				if err := ds.fill(i); err != nil && errs[w] == nil {
					errs[w] = err
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	// ECDH and recovery expectations need the peers' keys: second pass.
	for i := 0; i < n && i < GateN; i++ {
		it := &ds.Items[i]
		priv := dcr.PrivKeyFromBytes(it.Seckey[:])
		peer, err := dcr.ParsePubKey(ds.Items[it.Peer].Pub[:])
		if err != nil {
			return nil, fmt.Errorf("dataset item %d: %w", i, err)
		}
		copy(it.ECDHX[:], dcr.GenerateSharedSecret(priv, peer))
		it.Recovered = it.Pub
		if err := it.fillTweaked(); err != nil {
			return nil, fmt.Errorf("dataset item %d: %w", i, err)
		}
		if err := it.fillBIP32(); err != nil {
			return nil, fmt.Errorf("dataset item %d: %w", i, err)
		}
	}
	return ds, nil
}

// fillTweaked computes the expected outputs of the tweak cases with
// decred's point arithmetic: P + t*G for the full key P, and lift_x(x(P)) +
// t*G (P with its y made even, as BIP-340 and libsecp256k1's
// xonly_pubkey_tweak_add read an x-only key).
func (it *Item) fillTweaked() error {
	var t dcr.ModNScalar
	if t.SetBytes(&it.Tweak) != 0 {
		return fmt.Errorf("tweak %x >= n", it.Tweak)
	}
	pub, err := dcr.ParsePubKey(it.Pub[:])
	if err != nil {
		return err
	}
	var p, tg dcr.JacobianPoint
	pub.AsJacobian(&p)
	dcr.ScalarBaseMultNonConst(&t, &tg)
	add := func(p *dcr.JacobianPoint, out *[33]byte) error {
		var r dcr.JacobianPoint
		dcr.AddNonConst(p, &tg, &r)
		if (r.X.IsZero() && r.Y.IsZero()) || r.Z.IsZero() {
			return errors.New("tweaked key is the point at infinity")
		}
		r.ToAffine()
		copy(out[:], dcr.NewPublicKey(&r.X, &r.Y).SerializeCompressed())
		return nil
	}
	if err := add(&p, &it.TweakedPub); err != nil {
		return err
	}
	if p.Y.Normalize().IsOdd() {
		p.Y.Negate(1).Normalize()
	}
	return add(&p, &it.TweakedXOnly)
}

func (ds *Dataset) fill(i int) error {
	n := len(ds.Items)
	it := &ds.Items[i]
	for ctr := uint64(0); ; ctr++ {
		it.Seckey = derive("seckey", ds.Seed, uint64(i), ctr)
		var s dcr.ModNScalar
		if overflow := s.SetBytes(&it.Seckey); overflow == 0 && !s.IsZero() {
			break
		}
	}
	it.Hash = derive("msg", ds.Seed, uint64(i), 0)
	it.Aux = derive("aux", ds.Seed, uint64(i), 0)
	for ctr := uint64(0); ; ctr++ {
		it.Tweak = derive("tweak", ds.Seed, uint64(i), ctr)
		var t dcr.ModNScalar
		if t.SetBytes(&it.Tweak) == 0 {
			break
		}
	}
	it.Peer = (i + 1) % n
	it.Valid = true

	priv := dcr.PrivKeyFromBytes(it.Seckey[:])
	pub := priv.PubKey()
	copy(it.Pub[:], pub.SerializeCompressed())
	copy(it.PubUncomp[:], pub.SerializeUncompressed())
	copy(it.XOnly[:], it.Pub[1:])

	compact := dcrecdsa.SignCompact(priv, it.Hash[:], true) // code || r || s
	it.RecID = (compact[0] - 27) & 3
	copy(it.SigCompact[:], compact[1:])
	var r, s dcr.ModNScalar
	r.SetByteSlice(compact[1:33])
	s.SetByteSlice(compact[33:65])
	it.SigDER = dcrecdsa.NewSignature(&r, &s).Serialize()

	bpriv, _ := btcec.PrivKeyFromBytes(it.Seckey[:])
	ssig, err := schnorr.Sign(bpriv, it.Hash[:], schnorr.CustomNonce(it.Aux))
	if err != nil {
		return fmt.Errorf("dataset item %d: schnorr sign: %w", i, err)
	}
	copy(it.Schnorr[:], ssig.Serialize())
	return nil
}

// MutatedGate returns the gate's negative dataset: a copy of the first
// GateN items (fewer if the dataset is smaller) with bit 0 of every hash
// flipped and every tweak replaced by n + i (>= n, so out of range). All
// verifications must fail; ECDSA recovery must return the key the
// generator recovers for the flipped hash; every tweak must be rejected
// (libsecp256k1 never reduces a tweak mod n).
func (ds *Dataset) MutatedGate() (*Dataset, error) {
	m := min(GateN, len(ds.Items))
	out := &Dataset{Seed: ds.Seed, Items: make([]Item, m), Mutated: true}
	for i := 0; i < m; i++ {
		it := ds.Items[i]
		it.SigDER = append([]byte(nil), it.SigDER...)
		it.Hash[0] ^= 1
		it.Valid = false
		new(big.Int).Add(curveOrder, big.NewInt(int64(i))).FillBytes(it.Tweak[:])
		it.TweakedPub, it.TweakedXOnly = [33]byte{}, [33]byte{}
		it.Peer = (i + 1) % m
		var buf [65]byte
		buf[0] = 27 + 4 + it.RecID
		copy(buf[1:], it.SigCompact[:])
		pub, _, err := dcrecdsa.RecoverCompact(buf[:], it.Hash[:])
		if err != nil {
			return nil, fmt.Errorf("mutated item %d: recover: %w", i, err)
		}
		copy(it.Recovered[:], pub.SerializeCompressed())
		out.Items[i] = it
	}
	// ECDH peers changed with the shorter ring: recompute the expectation.
	for i := range out.Items {
		it := &out.Items[i]
		priv := dcr.PrivKeyFromBytes(it.Seckey[:])
		peer, err := dcr.ParsePubKey(out.Items[it.Peer].Pub[:])
		if err != nil {
			return nil, err
		}
		copy(it.ECDHX[:], dcr.GenerateSharedSecret(priv, peer))
	}
	return out, nil
}

// curveOrder is n, the order of the secp256k1 group.
var curveOrder, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)

// WriteText writes the dataset in the line format read by the native
// anchor (bench/native): a header line "p256k1-bench-dataset v2 <seed> <n>
// <mutated 0|1>", then one line per item with space-separated lowercase hex
// fields: seckey hash aux pub33 xonly der compact recid schnorr peer tweak
// (v1 had the first ten fields only).
func (ds *Dataset) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	mut := 0
	if ds.Mutated {
		mut = 1
	}
	fmt.Fprintf(bw, "p256k1-bench-dataset v2 %d %d %d\n", ds.Seed, len(ds.Items), mut)
	for i := range ds.Items {
		it := &ds.Items[i]
		fmt.Fprintf(bw, "%s %s %s %s %s %s %s %d %s %d %s\n",
			hex.EncodeToString(it.Seckey[:]), hex.EncodeToString(it.Hash[:]),
			hex.EncodeToString(it.Aux[:]), hex.EncodeToString(it.Pub[:]),
			hex.EncodeToString(it.XOnly[:]), hex.EncodeToString(it.SigDER),
			hex.EncodeToString(it.SigCompact[:]), it.RecID,
			hex.EncodeToString(it.Schnorr[:]), it.Peer, hex.EncodeToString(it.Tweak[:]))
	}
	return bw.Flush()
}
