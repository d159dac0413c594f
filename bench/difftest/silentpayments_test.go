package difftest

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"

	secp "github.com/p256k1/secp256k1"
	sp "github.com/p256k1/secp256k1/silentpayments"

	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The silent-payments differential test: p256k1's silentpayments against
// libsecp256k1 0.8's silentpayments module (a second in-process build of
// the sources of secp256k1-sys 0.14.1 with ENABLE_MODULE_SILENTPAYMENTS,
// see providers/libsecp_sp.go) on random transactions. BIP-352 is
// deterministic, so everything must be identical: the outputs of a send
// (1 to 4 inputs, plain and taproot keys of both parities; 1 to 8
// recipients with 1 to 3 scan keys, some at labeled addresses, repeated
// addresses included), the labeled spend keys, and each receiver's scan of
// the transaction (outputs shuffled among unrelated keys; the change
// label and 0 to 3 more): the same outputs found in the same order, with
// the same tweaks and labels. A send with K_max + 1 recipients of one
// scan key fails in both. Address parsing, input-key extraction and the
// light-client tweak data are not in libsecp256k1's API: the BIP-352
// vectors check them in package silentpayments.

// spRef returns libsecp256k1 0.8's silentpayments module, or skips the
// test.
func spRef(t testing.TB) *providers.SilentPaymentsRef {
	t.Helper()
	r, err := providers.LibsecpSilentPayments()
	if err != nil {
		t.Skipf("libsecp256k1 0.8 with silentpayments not available, silent payments not compared: %v", err)
	}
	return r
}

func randPriv(t testing.TB, r *rand.Rand) *secp.PrivateKey {
	k, err := secp.GenerateKey(rngReader{r})
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// smallestOutpoint is BIP-352's outpoint_L, computed here for libsecp256k1
// (whose API takes it) from the serializations.
func smallestOutpoint(ops []sp.Outpoint) []byte {
	var best []byte
	for _, o := range ops {
		s := binary.LittleEndian.AppendUint32(bytes.Clone(o.Hash[:]), o.Index)
		if best == nil || bytes.Compare(s, best) < 0 {
			best = s
		}
	}
	return best
}

type spWallet struct {
	scan, spend *secp.PrivateKey
	r           *sp.Receiver
	labels      []uint32 // besides the change label
}

// spTrial runs one random transaction in both libraries and compares the
// send and every receiver's scan.
func spTrial(t *testing.T, ref *providers.SilentPaymentsRef, r *rand.Rand) {
	t.Helper()
	// Inputs, plain and taproot.
	var inputs []sp.SenderInput
	var taproot, plain [][]byte
	var inKeys []*secp.PublicKey
	var xonlyIn, plainIn [][]byte
	for range 1 + r.IntN(4) {
		k := randPriv(t, r)
		if r.IntN(2) == 0 {
			inputs = append(inputs, sp.SenderInput{Key: k, Taproot: true})
			taproot = append(taproot, k.Bytes())
			x, _ := k.PublicKey().XOnly()
			inKeys = append(inKeys, x.PublicKey())
			xonlyIn = append(xonlyIn, x.Bytes())
		} else {
			inputs = append(inputs, sp.SenderInput{Key: k})
			plain = append(plain, k.Bytes())
			inKeys = append(inKeys, k.PublicKey())
			plainIn = append(plainIn, k.PublicKey().BytesCompressed())
		}
	}
	outpoints := make([]sp.Outpoint, 1+r.IntN(3))
	for i := range outpoints {
		copy(outpoints[i].Hash[:], rbytes(r, 32))
		outpoints[i].Index = r.Uint32N(4)
	}
	opL := smallestOutpoint(outpoints)

	// Receivers with labels, and their addresses.
	wallets := make([]*spWallet, 1+r.IntN(3))
	var addrs []*sp.Address
	for i := range wallets {
		w := &spWallet{scan: randPriv(t, r), spend: randPriv(t, r)}
		var err error
		if w.r, err = sp.NewReceiver(w.scan, w.spend.PublicKey()); err != nil {
			t.Fatal(err)
		}
		a, _ := w.r.Address(sp.Mainnet)
		addrs = append(addrs, a)
		for range r.IntN(4) {
			m := r.Uint32N(5)
			if r.IntN(4) == 0 {
				m = r.Uint32()
			}
			a, err := w.r.LabeledAddress(sp.Mainnet, m)
			if err != nil {
				t.Fatal(err)
			}
			lspend, ok := ref.LabeledSpendKey(w.spend.PublicKey().BytesCompressed(), w.scan.Bytes(), m)
			if !ok || !bytes.Equal(lspend, a.SpendKey.BytesCompressed()) {
				t.Fatalf("labeled spend key for m = %d: libsecp256k1 %x, p256k1 %x", m, lspend, a.SpendKey.BytesCompressed())
			}
			if !slices.Contains(w.labels, m) && m != 0 {
				w.labels = append(w.labels, m)
			}
			addrs = append(addrs, a)
		}
		wallets[i] = w
	}

	// The send: p256k1 and libsecp256k1 give the same outputs.
	recipients := make([]*sp.Address, 1+r.IntN(8))
	lrec := make([][2][]byte, len(recipients))
	for i := range recipients {
		recipients[i] = addrs[r.IntN(len(addrs))]
		lrec[i] = [2][]byte{recipients[i].ScanKey.BytesCompressed(), recipients[i].SpendKey.BytesCompressed()}
	}
	outs, err := sp.CreateOutputs(inputs, outpoints, recipients)
	louts, ok := ref.CreateOutputs(lrec, opL, taproot, plain)
	if err != nil || !ok || len(outs) != len(louts) {
		t.Fatalf("CreateOutputs: p256k1 %v, libsecp256k1 ok %v", err, ok)
	}
	for i := range outs {
		if !bytes.Equal(outs[i].Bytes(), louts[i]) {
			t.Fatalf("output %d: p256k1 %x, libsecp256k1 %x", i, outs[i].Bytes(), louts[i])
		}
	}

	// The transaction's taproot outputs, shuffled among unrelated keys.
	txOuts := make([][]byte, 0, len(outs)+2)
	for _, o := range outs {
		txOuts = append(txOuts, o.Bytes())
	}
	for range r.IntN(3) {
		x, _ := randPriv(t, r).PublicKey().XOnly()
		txOuts = append(txOuts, x.Bytes())
	}
	r.Shuffle(len(txOuts), func(i, j int) { txOuts[i], txOuts[j] = txOuts[j], txOuts[i] })

	// Each receiver scans: the same outputs, tweaks and labels.
	for wi, w := range wallets {
		found, err := w.r.Scan(inKeys, outpoints, txOuts)
		if err != nil {
			t.Fatalf("wallet %d: Scan: %v", wi, err)
		}
		ls, err := ref.NewScan(txOuts, w.scan.Bytes(), opL, xonlyIn, plainIn, w.spend.PublicKey().BytesCompressed(), append([]uint32{0}, w.labels...))
		if err != nil {
			t.Fatal(err)
		}
		n := ls.Run()
		if n != len(found) {
			t.Fatalf("wallet %d: p256k1 found %d outputs, libsecp256k1 %d", wi, len(found), n)
		}
		for i, lf := range ls.Found(n) {
			f := found[i]
			if !bytes.Equal(txOuts[f.Index], lf.Output[:]) || f.Tweak != lf.Tweak || f.Labeled != lf.Labeled {
				t.Fatalf("wallet %d, output %d: p256k1 %x tweak %x labeled %v; libsecp256k1 %x tweak %x labeled %v",
					wi, i, txOuts[f.Index], f.Tweak, f.Labeled, lf.Output, lf.Tweak, lf.Labeled)
			}
			if f.Labeled {
				// libsecp256k1 names the label by its point, p256k1 by m:
				// the point must be B_m - B_spend.
				a, _ := w.r.LabeledAddress(sp.Mainnet, f.Label)
				l, err := secp.CombinePublicKeys(a.SpendKey, w.spend.PublicKey().Negate())
				if err != nil || !bytes.Equal(l.BytesCompressed(), lf.Label[:]) {
					t.Fatalf("wallet %d, output %d: label %d is not libsecp256k1's %x", wi, i, f.Label, lf.Label)
				}
			}
		}
	}
}

// TestSilentPaymentsVsLibsecp compares random transactions (seeded: -seed
// is not available in this module, so the seed is fixed and the fuzz
// target below explores others), and the K_max limit of the sender.
func TestSilentPaymentsVsLibsecp(t *testing.T) {
	ref := spRef(t)
	trials := 200
	if testing.Short() {
		trials = 20
	}
	r := rand.New(rand.NewPCG(42, 352))
	for range trials {
		spTrial(t, ref, r)
	}

	// K_max: 2323 recipients of one scan key are allowed, 2324 are not.
	in := randPriv(t, r)
	scan, spend := randPriv(t, r).PublicKey(), randPriv(t, r).PublicKey()
	ops := []sp.Outpoint{{Index: 1}}
	for _, n := range []int{sp.KMax, sp.KMax + 1} {
		recipients := make([]*sp.Address, n)
		lrec := make([][2][]byte, n)
		for i := range recipients {
			recipients[i] = &sp.Address{ScanKey: scan, SpendKey: spend}
			lrec[i] = [2][]byte{scan.BytesCompressed(), spend.BytesCompressed()}
		}
		outs, err := sp.CreateOutputs([]sp.SenderInput{{Key: in}}, ops, recipients)
		louts, ok := ref.CreateOutputs(lrec, smallestOutpoint(ops), nil, [][]byte{in.Bytes()})
		if (err == nil) != (n <= sp.KMax) || ok != (n <= sp.KMax) {
			t.Fatalf("%d recipients: p256k1 %v, libsecp256k1 ok %v", n, err, ok)
		}
		for i := range outs {
			if !bytes.Equal(outs[i].Bytes(), louts[i]) {
				t.Fatalf("%d recipients, output %d differs", n, i)
			}
		}
	}
}

// FuzzSilentPayments runs one random transaction per fuzz input (a seed).
func FuzzSilentPayments(f *testing.F) {
	for _, s := range []uint64{0, 1, 352, 1 << 40} {
		f.Add(binary.BigEndian.AppendUint64(nil, s))
	}
	f.Fuzz(func(t *testing.T, seed []byte) {
		ref := spRef(t)
		var s [16]byte
		copy(s[:], seed)
		r := rand.New(rand.NewPCG(binary.BigEndian.Uint64(s[:8]), binary.BigEndian.Uint64(s[8:])))
		spTrial(t, ref, r)
	})
}
