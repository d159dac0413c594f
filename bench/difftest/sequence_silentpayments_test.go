package difftest

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"

	secp "github.com/p256k1/secp256k1"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// The silent-payments call-sequence target: one Receiver (which keeps its
// labels between calls) gets labels added and scans transactions in an
// order decoded from the input. Each transaction pays its base address,
// its labeled addresses (labels it already has, and labels it does not
// have yet, made by a second Receiver of the same keys) and another
// wallet; every scan is compared with libsecp256k1 0.8's scan_outputs with
// the labels the receiver holds at that point (the change label and those
// added so far). A wiped receiver must then fail every call.

// FuzzSilentPaymentsSeq: the first 16 input bytes seed the keys,
// outpoints and amounts of randomness; each later byte is one step (up to
// 32): b%4 == 0 adds the label b>>2 & 7 (or a random 32-bit one when b>>5
// is 7), otherwise a transaction of 1 + b>>2%4 recipients is sent and
// scanned.
func FuzzSilentPaymentsSeq(f *testing.F) {
	f.Add(binary.BigEndian.AppendUint64(make([]byte, 8), 352), []byte{1, 4, 5, 8, 0xfc, 9, 0x0d, 2})
	f.Add(binary.BigEndian.AppendUint64(make([]byte, 8), 1), []byte{3, 3, 3})
	f.Add(make([]byte, 16), []byte{0, 0, 1, 0xe0, 0xe1, 4, 4, 7})
	f.Fuzz(func(t *testing.T, seed, steps []byte) {
		ref := spRef(t)
		var s [16]byte
		copy(s[:], seed)
		r := rand.New(rand.NewPCG(binary.BigEndian.Uint64(s[:8]), binary.BigEndian.Uint64(s[8:])))
		if len(steps) > 32 {
			steps = steps[:32]
		}
		scan, spend := randPriv(t, r), randPriv(t, r)
		recv, err := sp.NewReceiver(scan, spend.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		// shadow has the same keys: its labeled addresses pay recv whether
		// or not recv has added the label.
		shadow, err := sp.NewReceiver(scan, spend.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		base, err := recv.Address(sp.Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		other, err := sp.NewReceiver(randPriv(t, r), randPriv(t, r).PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		otherAddr, _ := other.Address(sp.Mainnet)
		var labels []uint32 // recv's labels besides the change label 0
		randLabel := func() uint32 {
			if r.IntN(4) == 0 {
				return r.Uint32()
			}
			return r.Uint32N(8)
		}
		for step, b := range steps {
			if b%4 == 0 {
				m := uint32(b>>2) & 7
				if b>>5 == 7 {
					m = r.Uint32()
				}
				a, err := recv.LabeledAddress(sp.Mainnet, m)
				if err != nil {
					t.Fatalf("step %d: LabeledAddress(%d): %v", step, m, err)
				}
				lspend, ok := ref.LabeledSpendKey(spend.PublicKey().BytesCompressed(), scan.Bytes(), m)
				if !ok || !bytes.Equal(lspend, a.SpendKey.BytesCompressed()) {
					t.Fatalf("step %d: labeled spend key for m = %d: libsecp256k1 %x, p256k1 %x", step, m, lspend, a.SpendKey.BytesCompressed())
				}
				if m != 0 && !slices.Contains(labels, m) {
					labels = append(labels, m)
				}
				continue
			}
			// A transaction.
			k := randPriv(t, r)
			taproot := r.IntN(2) == 0
			var inKey *secp.PublicKey
			var taprootSK, plainSK, xonlyIn, plainIn [][]byte
			if taproot {
				x, _ := k.PublicKey().XOnly()
				inKey = x.PublicKey()
				taprootSK, xonlyIn = [][]byte{k.Bytes()}, [][]byte{x.Bytes()}
			} else {
				inKey = k.PublicKey()
				plainSK, plainIn = [][]byte{k.Bytes()}, [][]byte{k.PublicKey().BytesCompressed()}
			}
			ops := []sp.Outpoint{{Index: r.Uint32N(4)}}
			copy(ops[0].Hash[:], rbytes(r, 32))
			opL := smallestOutpoint(ops)
			recipients := make([]*sp.Address, 1+int(b>>2)%4)
			lrec := make([][2][]byte, len(recipients))
			for i := range recipients {
				switch r.IntN(4) {
				case 0:
					recipients[i] = base
				case 1:
					if len(labels) > 0 {
						recipients[i], err = shadow.LabeledAddress(sp.Mainnet, labels[r.IntN(len(labels))])
						break
					}
					fallthrough
				case 2:
					recipients[i], err = shadow.LabeledAddress(sp.Mainnet, randLabel())
				default:
					recipients[i] = otherAddr
				}
				if err != nil {
					t.Fatal(err)
				}
				lrec[i] = [2][]byte{recipients[i].ScanKey.BytesCompressed(), recipients[i].SpendKey.BytesCompressed()}
			}
			outs, err := sp.CreateOutputs([]sp.SenderInput{{Key: k, Taproot: taproot}}, ops, recipients)
			louts, ok := ref.CreateOutputs(lrec, opL, taprootSK, plainSK)
			if err != nil || !ok || len(outs) != len(louts) {
				t.Fatalf("step %d: CreateOutputs: p256k1 %v, libsecp256k1 ok %v", step, err, ok)
			}
			txOuts := make([][]byte, len(outs))
			for i := range outs {
				if txOuts[i] = outs[i].Bytes(); !bytes.Equal(txOuts[i], louts[i]) {
					t.Fatalf("step %d: output %d: p256k1 %x, libsecp256k1 %x", step, i, txOuts[i], louts[i])
				}
			}
			r.Shuffle(len(txOuts), func(i, j int) { txOuts[i], txOuts[j] = txOuts[j], txOuts[i] })

			found, err := recv.Scan([]*secp.PublicKey{inKey}, ops, txOuts)
			if err != nil {
				t.Fatalf("step %d: Scan: %v", step, err)
			}
			ls, err := ref.NewScan(txOuts, scan.Bytes(), opL, xonlyIn, plainIn, spend.PublicKey().BytesCompressed(), append([]uint32{0}, labels...))
			if err != nil {
				t.Fatal(err)
			}
			n := ls.Run()
			if n != len(found) {
				t.Fatalf("step %d: p256k1 found %d outputs, libsecp256k1 %d (labels %v)", step, len(found), n, labels)
			}
			for i, lf := range ls.Found(n) {
				fo := found[i]
				if !bytes.Equal(txOuts[fo.Index], lf.Output[:]) || fo.Tweak != lf.Tweak || fo.Labeled != lf.Labeled {
					t.Fatalf("step %d, output %d: p256k1 %x tweak %x labeled %v; libsecp256k1 %x tweak %x labeled %v",
						step, i, txOuts[fo.Index], fo.Tweak, fo.Labeled, lf.Output, lf.Tweak, lf.Labeled)
				}
				if fo.Labeled && fo.Label != 0 && !slices.Contains(labels, fo.Label) {
					t.Fatalf("step %d: found with label %d, which the receiver has not added", step, fo.Label)
				}
			}
		}
		recv.Wipe()
		if _, err := recv.Scan([]*secp.PublicKey{scan.PublicKey()}, []sp.Outpoint{{}}, [][]byte{make([]byte, 32)}); err == nil {
			t.Fatal("a wiped receiver scans")
		}
		if _, err := recv.LabeledAddress(sp.Mainnet, 1); err == nil {
			t.Fatal("a wiped receiver adds a label")
		}
	})
}
