package silentpayments_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// A math/big and crypto/sha256 rendition of BIP-352's sender, written from
// the BIP's text, to check CreateOutputs on random inputs, and random
// send-and-scan round trips.

func refTagged(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

func refSerP(p *testutil.Point) []byte {
	out := make([]byte, 33)
	out[0] = 2 + byte(p.Y.Bit(0))
	p.X.FillBytes(out[1:])
	return out
}

func refPoint(t testing.TB, k *secp256k1.PublicKey) *testutil.Point {
	b := k.BytesUncompressed()
	return &testutil.Point{X: new(big.Int).SetBytes(b[1:33]), Y: new(big.Int).SetBytes(b[33:])}
}

func ser32(k uint32) []byte { return binary.BigEndian.AppendUint32(nil, k) }

func serOutpoint(o sp.Outpoint) []byte {
	return binary.LittleEndian.AppendUint32(bytes.Clone(o.Hash[:]), o.Index)
}

// refCreateOutputs is BIP-352's "Creating outputs" with math/big.
func refCreateOutputs(t testing.TB, inputs []sp.SenderInput, outpoints []sp.Outpoint, recipients []*sp.Address) [][]byte {
	a := new(big.Int)
	for _, in := range inputs {
		d := new(big.Int).SetBytes(in.Key.Bytes())
		if in.Taproot && testutil.Mul(d, testutil.G()).Y.Bit(0) == 1 {
			d.Sub(testutil.N, d)
		}
		a.Add(a, d)
	}
	a.Mod(a, testutil.N)
	A := testutil.Mul(a, testutil.G())
	var smallest []byte
	for _, o := range outpoints {
		if s := serOutpoint(o); smallest == nil || bytes.Compare(s, smallest) < 0 {
			smallest = s
		}
	}
	ih := new(big.Int).SetBytes(refTagged("BIP0352/Inputs", smallest, refSerP(A)))
	out := make([][]byte, len(recipients))
	k := map[string]uint32{}
	for i, r := range recipients {
		scan := refPoint(t, r.ScanKey)
		e := new(big.Int).Mul(ih, a)
		secret := refSerP(testutil.Mul(e.Mod(e, testutil.N), scan))
		key := string(r.ScanKey.BytesCompressed())
		tk := new(big.Int).SetBytes(refTagged("BIP0352/SharedSecret", secret, ser32(k[key])))
		k[key]++
		P := testutil.Add(refPoint(t, r.SpendKey), testutil.Mul(tk, testutil.G()))
		out[i] = P.X.FillBytes(make([]byte, 32))
	}
	return out
}

func randKey(t testing.TB, rng *rand.Rand) *secp256k1.PrivateKey {
	var b [32]byte
	for {
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		if k, err := secp256k1.NewPrivateKey(b[:]); err == nil {
			return k
		}
	}
}

func randOutpoints(rng *rand.Rand, n int) []sp.Outpoint {
	ops := make([]sp.Outpoint, n)
	for i := range ops {
		for j := range ops[i].Hash {
			ops[i].Hash[j] = byte(rng.Uint32())
		}
		if i > 0 && rng.IntN(3) == 0 { // same transaction, other index
			ops[i].Hash = ops[i-1].Hash
		}
		ops[i].Index = rng.Uint32N(300)
	}
	return ops
}

// TestCreateOutputsReference: random inputs (plain and taproot keys of
// both parities), outpoints, and recipients sharing scan keys, labeled or
// not, against the math/big sender.
func TestCreateOutputsReference(t *testing.T) {
	rng := testutil.Rand(t)
	n := 8
	if testing.Short() {
		n = 2
	}
	for c := range n {
		inputs := make([]sp.SenderInput, 1+rng.IntN(3))
		for i := range inputs {
			inputs[i] = sp.SenderInput{Key: randKey(t, rng), Taproot: rng.IntN(2) == 0}
		}
		scans := []*secp256k1.PublicKey{randKey(t, rng).PublicKey(), randKey(t, rng).PublicKey()}
		recipients := make([]*sp.Address, 1+rng.IntN(4))
		for i := range recipients {
			recipients[i] = &sp.Address{ScanKey: scans[rng.IntN(2)], SpendKey: randKey(t, rng).PublicKey()}
		}
		outpoints := randOutpoints(rng, 1+rng.IntN(3))
		got, err := sp.CreateOutputs(inputs, outpoints, recipients)
		if err != nil {
			t.Fatal(err)
		}
		want := refCreateOutputs(t, inputs, outpoints, recipients)
		for i := range want {
			if !bytes.Equal(got[i].Bytes(), want[i]) {
				t.Fatalf("case %d, recipient %d: output %x, reference %x", c, i, got[i].Bytes(), want[i])
			}
		}
	}
}

// TestRoundTrip: a sender pays two receivers (one with labels, the
// change label included, several outputs each), plus unrelated outputs,
// and each receiver finds exactly its own outputs, in shuffled order, by
// Scan, ScanTweak and both label methods, with tweaks that give the
// outputs' keys.
func TestRoundTrip(t *testing.T) {
	rng := testutil.Rand(t)
	n := 10
	if testing.Short() {
		n = 3
	}
	for c := range n {
		type wallet struct {
			spend *secp256k1.PrivateKey
			r     *sp.Receiver
			addrs []*sp.Address
			label []int64 // -1 unlabeled
		}
		var wallets []*wallet
		for range 2 {
			w := &wallet{spend: randKey(t, rng)}
			var err error
			if w.r, err = sp.NewReceiver(randKey(t, rng), w.spend.PublicKey()); err != nil {
				t.Fatal(err)
			}
			a, _ := w.r.Address(sp.Testnet)
			w.addrs, w.label = append(w.addrs, a), append(w.label, -1)
			for _, m := range []uint32{0, 1 + rng.Uint32N(5), rng.Uint32()} {
				a, err := w.r.LabeledAddress(sp.Testnet, m)
				if err != nil {
					t.Fatal(err)
				}
				w.addrs, w.label = append(w.addrs, a), append(w.label, int64(m))
			}
			wallets = append(wallets, w)
		}
		var recipients []*sp.Address
		var owner []int
		var labelOf []int64
		for range 2 + rng.IntN(6) {
			wi := rng.IntN(2)
			ai := rng.IntN(len(wallets[wi].addrs))
			recipients = append(recipients, wallets[wi].addrs[ai])
			owner, labelOf = append(owner, wi), append(labelOf, wallets[wi].label[ai])
		}
		inputs := []sp.SenderInput{{Key: randKey(t, rng), Taproot: true}, {Key: randKey(t, rng)}}
		outpoints := randOutpoints(rng, 3)
		outs, err := sp.CreateOutputs(inputs, outpoints, recipients)
		if err != nil {
			t.Fatal(err)
		}
		// The transaction's taproot outputs: ours shuffled among decoys.
		txOuts := [][]byte{randKey(t, rng).PublicKey().BytesCompressed()[1:]}
		for _, o := range outs {
			txOuts = append(txOuts, o.Bytes())
		}
		txOuts = append(txOuts, randKey(t, rng).PublicKey().BytesCompressed()[1:])
		perm := rng.Perm(len(txOuts))
		shuffled := make([][]byte, len(txOuts))
		for i, p := range perm {
			shuffled[p] = txOuts[i]
		}
		var inKeys []*secp256k1.PublicKey
		for _, in := range inputs {
			k := in.Key.PublicKey()
			if in.Taproot {
				x, _ := k.XOnly()
				k = x.PublicKey()
			}
			inKeys = append(inKeys, k)
		}
		tweak, err := sp.TweakData(inKeys, outpoints)
		if err != nil {
			t.Fatal(err)
		}
		for wi, w := range wallets {
			found, err := w.r.Scan(inKeys, outpoints, shuffled)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for i, o := range outs {
				if owner[i] == wi {
					want = append(want, string(o.Bytes()))
				}
			}
			var got []string
			for _, f := range found {
				out := shuffled[f.Index]
				got = append(got, string(out))
				p, err := w.spend.PublicKey().TweakAdd(f.Tweak[:])
				if x, _ := p.XOnly(); err != nil || !bytes.Equal(x.Bytes(), out) {
					t.Fatalf("case %d: found output %x is not B_spend + tweak·G", c, out)
				}
				i := slices.IndexFunc(outs, func(o *secp256k1.XOnlyPublicKey) bool { return bytes.Equal(o.Bytes(), out) })
				if wl := labelOf[i]; (wl >= 0) != f.Labeled || (f.Labeled && int64(f.Label) != wl) {
					t.Fatalf("case %d: output %x found with label %v %d, paid with %d", c, out, f.Labeled, f.Label, wl)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("case %d, wallet %d: found %d outputs, want %d", c, wi, len(got), len(want))
			}
			byTweak, err := w.r.ScanTweak(tweak, shuffled)
			if err != nil || !slices.Equal(byTweak, found) {
				t.Fatalf("case %d: ScanTweak = %v, %v; Scan %v", c, byTweak, err, found)
			}
			extraLabels(t, w.r, len(shuffled)) // now the subtraction method
			bySub, err := w.r.Scan(inKeys, outpoints, shuffled)
			if err != nil || !slices.Equal(bySub, found) {
				t.Fatalf("case %d: Scan by subtraction = %v, %v; by addition %v", c, bySub, err, found)
			}
		}
	}
}
