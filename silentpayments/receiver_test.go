package silentpayments_test

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

type scanFixture struct {
	scan      *secp256k1.PrivateKey
	spend     *secp256k1.PublicKey
	r         *sp.Receiver
	inputs    []sp.SenderInput
	inKeys    []*secp256k1.PublicKey
	outpoints []sp.Outpoint
	plain     []byte // P_0 to the unlabeled address
	change    []byte // P_0 to the change address (m = 0), also k = 0
}

func newScanFixture(t *testing.T) *scanFixture {
	rng := testutil.Rand(t)
	f := &scanFixture{outpoints: randOutpoints(rng, 2)}
	f.scan, f.spend = randKey(t, rng), randKey(t, rng).PublicKey()
	var err error
	if f.r, err = sp.NewReceiver(f.scan, f.spend); err != nil {
		t.Fatal(err)
	}
	k := randKey(t, rng)
	f.inputs = []sp.SenderInput{{Key: k}}
	f.inKeys = []*secp256k1.PublicKey{k.PublicKey()}
	plain, _ := f.r.Address(sp.Mainnet)
	change, _ := f.r.LabeledAddress(sp.Mainnet, 0)
	for _, c := range []struct {
		a   *sp.Address
		out *[]byte
	}{{plain, &f.plain}, {change, &f.change}} {
		outs, err := sp.CreateOutputs(f.inputs, f.outpoints, []*sp.Address{c.a})
		if err != nil {
			t.Fatal(err)
		}
		*c.out = outs[0].Bytes()
	}
	return f
}

// TestScanPrecedence: two outputs pay the receiver with the same k (one
// to its address, one to its change address, as two separate senders'
// transactions would, merged): BIP-352's loop takes the first output in
// order, with or without the label, and then stops at k = 1. Duplicate
// outputs are found once.
func TestScanPrecedence(t *testing.T) {
	f := newScanFixture(t)
	check := func(name string, outputs [][]byte, wantIndex []int, wantLabeled bool) {
		t.Helper()
		for _, method := range []string{"addition", "subtraction"} {
			r, err := sp.NewReceiver(f.scan, f.spend)
			if err != nil {
				t.Fatal(err)
			}
			if method == "subtraction" {
				extraLabels(t, r, len(outputs))
			}
			got, err := r.Scan(f.inKeys, f.outpoints, outputs)
			var idx []int
			for _, g := range got {
				idx = append(idx, g.Index)
			}
			if err != nil || !slices.Equal(idx, wantIndex) || got[0].Labeled != wantLabeled {
				t.Errorf("%s (%s): found %+v, %v; want indices %v, labeled %v", name, method, got, err, wantIndex, wantLabeled)
			}
		}
	}
	decoy := randKey(t, testutil.Rand(t)).PublicKey().BytesCompressed()[1:]
	check("labeled first", [][]byte{decoy, f.change, f.plain}, []int{1}, true)
	check("unlabeled first", [][]byte{f.plain, decoy, f.change}, []int{0}, false)
	check("duplicate", [][]byte{f.plain, f.plain}, []int{0}, false)
}

// TestReceiverConcurrent: scans run while labels are added (run with
// -race).
func TestReceiverConcurrent(t *testing.T) {
	f := newScanFixture(t)
	outputs := [][]byte{f.plain}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 10 {
				if g == 0 {
					if _, err := f.r.LabeledAddress(sp.Testnet, uint32(100+i)); err != nil {
						t.Error(err)
					}
					continue
				}
				got, err := f.r.Scan(f.inKeys, f.outpoints, outputs)
				if err != nil || len(got) != 1 {
					t.Errorf("Scan = %v, %v", got, err)
				}
			}
		})
	}
	wg.Wait()
}

// TestReceiverWipe: a wiped receiver refuses every call.
func TestReceiverWipe(t *testing.T) {
	f := newScanFixture(t)
	f.r.Wipe()
	if got, err := f.r.Scan(f.inKeys, f.outpoints, [][]byte{f.plain}); got != nil || !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
		t.Errorf("Scan after Wipe = %v, %v", got, err)
	}
	if a, err := f.r.Address(sp.Mainnet); a != nil || err == nil {
		t.Errorf("Address after Wipe = %v, %v", a, err)
	}
	if a, err := f.r.LabeledAddress(sp.Mainnet, 1); a != nil || err == nil {
		t.Errorf("LabeledAddress after Wipe = %v, %v", a, err)
	}
	f.r.Wipe() // twice is fine
}
