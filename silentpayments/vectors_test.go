package silentpayments_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// BIP-352's send_and_receive_test_vectors.json (testdata/bip-0352, see
// testdata/README.md at the repository root), every case: the sending
// half (input keys extracted with InputPublicKey, the key sum, the shared
// secret of each recipient, the outputs, or the failure) and the
// receiving half (addresses, the input key sum, the tweak data, the shared
// secret, every found output with its tweak and a BIP-340 signature with
// the tweaked key, or the skip), by Scan with the addition and the
// subtraction method of label matching, and by ScanTweak.

type vin struct {
	Txid        string `json:"txid"`
	Vout        uint32 `json:"vout"`
	ScriptSig   string `json:"scriptSig"`
	TxInWitness string `json:"txinwitness"`
	Prevout     struct {
		ScriptPubKey struct {
			Hex string `json:"hex"`
		} `json:"scriptPubKey"`
	} `json:"prevout"`
	PrivateKey string `json:"private_key"`
}

type vectorCase struct {
	Comment string `json:"comment"`
	Sending []struct {
		Given struct {
			Vin        []vin `json:"vin"`
			Recipients []struct {
				Address  string `json:"address"`
				ScanKey  string `json:"scan_pub_key"`
				SpendKey string `json:"spend_pub_key"`
				Count    int    `json:"count"`
			} `json:"recipients"`
		} `json:"given"`
		Expected struct {
			Outputs       [][]string `json:"outputs"`
			SharedSecrets []*string  `json:"shared_secrets"`
			KeySum        *string    `json:"input_private_key_sum"`
			InputPubKeys  []string   `json:"input_pub_keys"`
		} `json:"expected"`
	} `json:"sending"`
	Receiving []struct {
		Given struct {
			Vin         []vin    `json:"vin"`
			Outputs     []string `json:"outputs"`
			KeyMaterial struct {
				Spend string `json:"spend_priv_key"`
				Scan  string `json:"scan_priv_key"`
			} `json:"key_material"`
			Labels []uint32 `json:"labels"`
		} `json:"given"`
		Expected struct {
			Addresses []string `json:"addresses"`
			Outputs   []struct {
				Tweak     string `json:"priv_key_tweak"`
				PubKey    string `json:"pub_key"`
				Signature string `json:"signature"`
			} `json:"outputs"`
			NOutputs     *int    `json:"n_outputs"`
			Tweak        *string `json:"tweak"`
			SharedSecret *string `json:"shared_secret"`
			PubKeySum    *string `json:"input_pub_key_sum"`
		} `json:"expected"`
	} `json:"receiving"`
}

func loadVectors(t testing.TB) []vectorCase {
	var cases []vectorCase
	testutil.LoadJSON(t, "testdata/bip-0352/send_and_receive_test_vectors.json", &cases)
	return cases
}

// parseWitness decodes a serialized witness stack: a CompactSize count,
// then each item with a CompactSize length.
func parseWitness(t testing.TB, b []byte) [][]byte {
	t.Helper()
	if len(b) == 0 {
		return nil
	}
	readSize := func() int {
		if len(b) == 0 {
			t.Fatal("truncated witness")
		}
		n := int(b[0])
		b = b[1:]
		switch n {
		case 0xfd:
			n = int(b[0]) | int(b[1])<<8
			b = b[2:]
		case 0xfe, 0xff:
			t.Fatal("witness size too large for the vectors")
		}
		return n
	}
	items := make([][]byte, readSize())
	for i := range items {
		n := readSize()
		items[i], b = b[:n], b[n:]
	}
	if len(b) != 0 {
		t.Fatal("trailing bytes after the witness")
	}
	return items
}

// outpoint converts the displayed txid (big-endian hex) to the
// serialization order.
func outpoint(t testing.TB, v vin) sp.Outpoint {
	var o sp.Outpoint
	h := testutil.MustHex(t, v.Txid)
	for i := range h {
		o.Hash[i] = h[len(h)-1-i]
	}
	o.Index = v.Vout
	return o
}

// inputKey runs InputPublicKey on a vin; ok is false for an input that is
// not eligible (any other error fails the test).
func inputKey(t *testing.T, v vin) (*secp256k1.PublicKey, bool) {
	t.Helper()
	k, err := sp.InputPublicKey(testutil.MustHex(t, v.Prevout.ScriptPubKey.Hex), testutil.MustHex(t, v.ScriptSig),
		parseWitness(t, testutil.MustHex(t, v.TxInWitness)))
	if errors.Is(err, sp.ErrNotEligible) && k == nil {
		return nil, false
	}
	if err != nil || k == nil {
		t.Fatalf("InputPublicKey: %v, %v", k, err)
	}
	return k, true
}

func isP2TR(t testing.TB, v vin) bool {
	s := testutil.MustHex(t, v.Prevout.ScriptPubKey.Hex)
	return len(s) == 34 && s[0] == 0x51 && s[1] == 0x20
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }

func TestVectorsSending(t *testing.T) {
	cases := loadVectors(t)
	n, ok, failed := 0, 0, 0
	for _, c := range cases {
		for _, s := range c.Sending {
			n++
			var inputs []sp.SenderInput
			var pubs []string
			var outpoints []sp.Outpoint
			for _, v := range s.Given.Vin {
				outpoints = append(outpoints, outpoint(t, v))
				k, eligible := inputKey(t, v)
				if !eligible {
					continue
				}
				pubs = append(pubs, hexOf(k.BytesCompressed()))
				priv, err := secp256k1.NewPrivateKey(testutil.MustHex(t, v.PrivateKey))
				if err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, sp.SenderInput{Key: priv, Taproot: isP2TR(t, v)})
			}
			if !slices.Equal(pubs, s.Expected.InputPubKeys) && !(len(pubs) == 0 && len(s.Expected.InputPubKeys) == 0) {
				t.Errorf("%s: input keys %v, want %v", c.Comment, pubs, s.Expected.InputPubKeys)
			}

			var recipients []*sp.Address
			var index []int // recipient -> index in the vector's list
			for ri, r := range s.Given.Recipients {
				a, err := sp.ParseAddress(r.Address)
				if err != nil {
					t.Fatalf("%s: ParseAddress(%s): %v", c.Comment, r.Address, err)
				}
				if hexOf(a.ScanKey.BytesCompressed()) != r.ScanKey || hexOf(a.SpendKey.BytesCompressed()) != r.SpendKey || a.Network != sp.Mainnet {
					t.Errorf("%s: ParseAddress(%s) = %x, %x", c.Comment, r.Address, a.ScanKey.BytesCompressed(), a.SpendKey.BytesCompressed())
				}
				if enc, err := a.Encode(); err != nil || enc != r.Address {
					t.Errorf("%s: Encode = %s, %v", c.Comment, enc, err)
				}
				for range max(r.Count, 1) {
					recipients = append(recipients, a)
					index = append(index, ri)
				}
			}

			outs, sum, secrets, err := sp.CreateOutputsTrace(inputs, outpoints, recipients)
			want := s.Expected.Outputs
			if len(want) == 1 && len(want[0]) == 0 {
				// Sending fails: no eligible input, a zero sum, or a group
				// above KMax.
				failed++
				var wantErr error
				switch {
				case len(s.Expected.InputPubKeys) == 0:
					wantErr = sp.ErrNoInputs
				case s.Expected.KeySum == nil:
					wantErr = sp.ErrZeroSum
				default:
					wantErr = sp.ErrTooManyRecipients
				}
				if outs != nil || !errors.Is(err, wantErr) {
					t.Errorf("%s: CreateOutputs = %v, %v; want %v", c.Comment, outs, err, wantErr)
				}
				for _, ss := range s.Expected.SharedSecrets {
					if ss != nil {
						t.Errorf("%s: a failing case with a shared secret", c.Comment)
					}
				}
				continue
			}
			ok++
			if err != nil {
				t.Errorf("%s: CreateOutputs: %v", c.Comment, err)
				continue
			}
			if s.Expected.KeySum == nil || hexOf(sum[:]) != *s.Expected.KeySum {
				t.Errorf("%s: key sum %x, want %v", c.Comment, sum, s.Expected.KeySum)
			}
			// The shared secret of each recipient, from its group's.
			groupOf := map[string]int{}
			for _, a := range recipients {
				k := string(a.ScanKey.BytesCompressed())
				if _, seen := groupOf[k]; !seen {
					groupOf[k] = len(groupOf)
				}
			}
			if len(secrets) != len(groupOf) {
				t.Errorf("%s: %d shared secrets for %d groups", c.Comment, len(secrets), len(groupOf))
				continue
			}
			for i, a := range recipients {
				if exp := s.Expected.SharedSecrets[index[i]]; exp == nil || hexOf(secrets[groupOf[string(a.ScanKey.BytesCompressed())]][:]) != *exp {
					t.Errorf("%s: recipient %d: shared secret %x, want %v", c.Comment, i, secrets[groupOf[string(a.ScanKey.BytesCompressed())]], exp)
				}
			}
			var got []string
			for _, o := range outs {
				got = append(got, hexOf(o.Bytes()))
			}
			slices.Sort(got)
			match := false
			for _, set := range want {
				w := slices.Clone(set)
				slices.Sort(w)
				match = match || slices.Equal(got, w)
			}
			if !match {
				t.Errorf("%s: outputs %v match none of the %d expected sets", c.Comment, got, len(want))
			}
		}
	}
	if len(cases) != 28 || n != 28 || ok != 25 || failed != 3 {
		t.Errorf("%d cases, %d sending sub-cases (%d with outputs, %d failing); want 28, 28 (25, 3)", len(cases), n, ok, failed)
	}
}

// extraLabels pushes Scan to the subtraction method: more labels than
// twice the outputs (none of them pays anything in the vectors).
func extraLabels(t *testing.T, r *sp.Receiver, outputs int) {
	for m := range uint32(2*outputs + 1) {
		if _, err := r.LabeledAddress(sp.Mainnet, 1<<31+m); err != nil {
			t.Fatal(err)
		}
	}
}

func TestVectorsReceiving(t *testing.T) {
	cases := loadVectors(t)
	msg := sha256.Sum256([]byte("message"))
	aux := sha256.Sum256([]byte("random auxiliary data"))
	n, found, skipped := 0, 0, 0
	for _, c := range cases {
		for _, rc := range c.Receiving {
			n++
			g, e := rc.Given, rc.Expected
			scan, err1 := secp256k1.NewPrivateKey(testutil.MustHex(t, g.KeyMaterial.Scan))
			spend, err2 := secp256k1.NewPrivateKey(testutil.MustHex(t, g.KeyMaterial.Spend))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			newReceiver := func() *sp.Receiver {
				r, err := sp.NewReceiver(scan, spend.PublicKey())
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			r := newReceiver()
			var addrs []string
			a, err := r.Address(sp.Mainnet)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := a.Encode()
			addrs = append(addrs, s)
			for _, m := range g.Labels {
				a, err := r.LabeledAddress(sp.Mainnet, m)
				if err != nil {
					t.Fatal(err)
				}
				s, _ := a.Encode()
				addrs = append(addrs, s)
			}
			if !slices.Equal(addrs, e.Addresses) {
				t.Errorf("%s: addresses %v, want %v", c.Comment, addrs, e.Addresses)
			}

			var keys []*secp256k1.PublicKey
			var outpoints []sp.Outpoint
			for _, v := range g.Vin {
				outpoints = append(outpoints, outpoint(t, v))
				if k, ok := inputKey(t, v); ok {
					keys = append(keys, k)
				}
			}
			outputs := make([][]byte, len(g.Outputs))
			for i, o := range g.Outputs {
				outputs[i] = testutil.MustHex(t, o)
			}

			got, sum, secret, err := sp.ScanTrace(r, keys, outpoints, outputs)
			tweak, errT := sp.TweakData(keys, outpoints)
			if e.Tweak == nil {
				// Not a silent payment: no eligible input, or keys that sum
				// to the point at infinity.
				skipped++
				wantErr := sp.ErrZeroSum
				if len(keys) == 0 {
					wantErr = sp.ErrNoInputs
				}
				if got != nil || !errors.Is(err, wantErr) || tweak != nil || !errors.Is(errT, wantErr) || len(e.Outputs) != 0 {
					t.Errorf("%s: Scan = %v, %v; TweakData = %x, %v; want %v", c.Comment, got, err, tweak, errT, wantErr)
				}
				continue
			}
			found++
			if err != nil || errT != nil {
				t.Errorf("%s: Scan: %v; TweakData: %v", c.Comment, err, errT)
				continue
			}
			if hexOf(sum[:]) != *e.PubKeySum || hexOf(secret[:]) != *e.SharedSecret || hexOf(tweak) != *e.Tweak {
				t.Errorf("%s: key sum %x, shared secret %x, tweak %x; want %s, %s, %s", c.Comment, sum, secret, tweak, *e.PubKeySum, *e.SharedSecret, *e.Tweak)
			}

			// Every found output: its key is B_spend + tweak·G (up to y),
			// and its private key signs as the vector says.
			want := len(e.Outputs)
			if e.NOutputs != nil {
				want = *e.NOutputs
			}
			if len(got) != want {
				t.Errorf("%s: %d outputs found, want %d", c.Comment, len(got), want)
			}
			for _, f := range got {
				out := outputs[f.Index]
				if len(e.Outputs) == 0 { // the KMax case lists no outputs
					if testing.Short() {
						continue
					}
					p, err := spend.PublicKey().TweakAdd(f.Tweak[:])
					if x, _ := p.XOnly(); err != nil || !bytes.Equal(x.Bytes(), out) {
						t.Errorf("%s: output %d is not B_spend + tweak·G", c.Comment, f.Index)
					}
					continue
				}
				i := slices.IndexFunc(e.Outputs, func(o struct {
					Tweak     string `json:"priv_key_tweak"`
					PubKey    string `json:"pub_key"`
					Signature string `json:"signature"`
				}) bool {
					return o.PubKey == hexOf(out)
				})
				if i < 0 {
					t.Errorf("%s: output %x is not expected", c.Comment, out)
					continue
				}
				w := e.Outputs[i]
				if hexOf(f.Tweak[:]) != w.Tweak {
					t.Errorf("%s: output %x: tweak %x, want %s", c.Comment, out, f.Tweak, w.Tweak)
				}
				priv, err := f.PrivateKey(spend)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := schnorr.SignWithAux(priv, msg[:], aux[:])
				if err != nil || hexOf(sig) != w.Signature {
					t.Errorf("%s: output %x: signature %x, %v; want %s", c.Comment, out, sig, err, w.Signature)
				}
				xo, _ := secp256k1.NewXOnlyPublicKey(out)
				if !schnorr.Verify(xo, msg[:], sig) {
					t.Errorf("%s: output %x: the signature does not verify", c.Comment, out)
				}
			}

			// ScanTweak from the tweak data, and Scan with the subtraction
			// method, find the same outputs.
			byTweak, err := r.ScanTweak(tweak, outputs)
			if err != nil || !slices.Equal(byTweak, got) {
				t.Errorf("%s: ScanTweak = %v, %v; Scan found %v", c.Comment, byTweak, err, got)
			}
			if len(outputs) > 100 {
				continue // the subtraction method on the KMax case is slow
			}
			r2 := newReceiver()
			for _, m := range g.Labels {
				r2.LabeledAddress(sp.Mainnet, m)
			}
			extraLabels(t, r2, len(outputs))
			bySub, err := r2.Scan(keys, outpoints, outputs)
			if err != nil || !slices.Equal(bySub, got) {
				t.Errorf("%s: Scan by subtraction = %v, %v; by addition %v", c.Comment, bySub, err, got)
			}
		}
	}
	if n != 29 || found != 27 || skipped != 2 {
		t.Errorf("%d receiving sub-cases (%d scanned, %d skipped), want 29 (27, 2)", n, found, skipped)
	}
}
