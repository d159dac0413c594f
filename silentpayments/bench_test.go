package silentpayments_test

import (
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// BenchmarkCreateOutputs10: a send to 10 recipients with distinct scan
// keys, from one taproot and one plain input.
func BenchmarkCreateOutputs10(b *testing.B) {
	rng := testutil.Rand(b)
	inputs := []sp.SenderInput{{Key: randKey(b, rng), Taproot: true}, {Key: randKey(b, rng)}}
	for _, in := range inputs {
		in.Key.PublicKey() // a wallet's keys know their public keys
	}
	outpoints := randOutpoints(rng, 2)
	recipients := make([]*sp.Address, 10)
	for i := range recipients {
		recipients[i] = &sp.Address{ScanKey: randKey(b, rng).PublicKey(), SpendKey: randKey(b, rng).PublicKey()}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sp.CreateOutputs(inputs, outpoints, recipients); err != nil {
			b.Fatal(err)
		}
	}
}

// benchScan scans a transaction of n taproot outputs, matches of which pay
// the receiver (the rest are unrelated keys), with one input key; the
// receiver has the change label and extra labels.
func benchScan(b *testing.B, n, matches, extra int, tweak bool) {
	rng := testutil.Rand(b)
	r, err := sp.NewReceiver(randKey(b, rng), randKey(b, rng).PublicKey())
	if err != nil {
		b.Fatal(err)
	}
	for m := range extra {
		r.LabeledAddress(sp.Mainnet, uint32(1+m))
	}
	addr, _ := r.Address(sp.Mainnet)
	in := randKey(b, rng)
	outpoints := randOutpoints(rng, 1)
	outputs := make([][]byte, n)
	for i := range outputs {
		outputs[i] = randKey(b, rng).PublicKey().BytesCompressed()[1:]
	}
	if matches > 0 {
		recipients := make([]*sp.Address, matches)
		for i := range recipients {
			recipients[i] = addr
		}
		outs, err := sp.CreateOutputs([]sp.SenderInput{{Key: in}}, outpoints, recipients)
		if err != nil {
			b.Fatal(err)
		}
		for i, o := range outs { // the last outputs, in reverse order
			outputs[n-1-i] = o.Bytes()
		}
	}
	keys := []*secp256k1.PublicKey{in.PublicKey()}
	td, _ := sp.TweakData(keys, outpoints)
	b.ReportAllocs()
	for b.Loop() {
		var found []sp.FoundOutput
		var err error
		if tweak {
			found, err = r.ScanTweak(td, outputs)
		} else {
			found, err = r.Scan(keys, outpoints, outputs)
		}
		if err != nil || len(found) != matches {
			b.Fatalf("found %d, %v; want %d", len(found), err, matches)
		}
	}
}

func BenchmarkScan100(b *testing.B)         { benchScan(b, 100, 0, 0, false) }
func BenchmarkScan100Tweak(b *testing.B)    { benchScan(b, 100, 0, 0, true) }
func BenchmarkScan100Match10(b *testing.B)  { benchScan(b, 100, 10, 0, false) }
func BenchmarkScan100Labels1k(b *testing.B) { benchScan(b, 100, 0, 1000, false) }
func BenchmarkScan2(b *testing.B)           { benchScan(b, 2, 0, 0, false) }
