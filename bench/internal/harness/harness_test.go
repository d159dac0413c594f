package harness_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	dcrecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

func dataset(t testing.TB, n int) *h.Dataset {
	t.Helper()
	ds, err := h.NewDataset(42, n)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestDatasetGolden pins the dataset: numbers taken with one version of the
// tool stay comparable with another only if the inputs are the same.
func TestDatasetGolden(t *testing.T) {
	var a, b bytes.Buffer
	if err := dataset(t, 25).WriteText(&a); err != nil {
		t.Fatal(err)
	}
	if err := dataset(t, 25).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("dataset generation is not deterministic")
	}
	sum := sha256.Sum256(a.Bytes())
	const want = "79fec80fed00da890c5ff126f80df156cfe816f73759961a0e7be05bdf44d686"
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("dataset(seed 42, n 25) digest %s, want %s", got, want)
	}
	// The v1 fields (everything but the tweak) are those of the v1 format,
	// whose digest was pinned before the tweak cases: old inputs unchanged.
	ds := dataset(t, 25)
	var v1 bytes.Buffer
	fmt.Fprintf(&v1, "p256k1-bench-dataset v1 %d %d 0\n", ds.Seed, ds.Len())
	for _, line := range strings.Split(strings.TrimSpace(a.String()), "\n")[1:] {
		f := strings.Fields(line)
		v1.WriteString(strings.Join(f[:10], " ") + "\n")
	}
	sum = sha256.Sum256(v1.Bytes())
	if got := hex.EncodeToString(sum[:]); got != "d75d7c804f1d20a7ccf47d4419b9bd4015506608e39461e2f6f78dbbc0a5523f" {
		t.Errorf("dataset(seed 42, n 25) v1 fields digest %s changed", got)
	}
	for i, it := range ds.Items {
		if got := h.EncodeDER(it.SigCompact); !bytes.Equal(got, it.SigDER) {
			t.Fatalf("item %d: EncodeDER %x, decred DER %x", i, got, it.SigDER)
		}
		sig, err := dcrecdsa.ParseDERSignature(it.SigDER)
		if err != nil {
			t.Fatal(err)
		}
		s := sig.S()
		if s.IsOverHalfOrder() {
			t.Fatalf("item %d: high-S signature in the dataset", i)
		}
	}
}

func TestMutatedGate(t *testing.T) {
	ds := dataset(t, 150)
	bad, err := ds.MutatedGate()
	if err != nil {
		t.Fatal(err)
	}
	if bad.Len() != h.GateN || !bad.Mutated {
		t.Fatalf("mutated dataset: len %d mutated %v", bad.Len(), bad.Mutated)
	}
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	for i := range bad.Items {
		if bad.Items[i].Hash == ds.Items[i].Hash || bad.Items[i].Valid {
			t.Fatalf("item %d not mutated", i)
		}
		if new(big.Int).SetBytes(bad.Items[i].Tweak[:]).Cmp(n) < 0 || new(big.Int).SetBytes(ds.Items[i].Tweak[:]).Cmp(n) >= 0 {
			t.Fatalf("item %d: tweak %x (mutated %x)", i, ds.Items[i].Tweak, bad.Items[i].Tweak)
		}
		if bad.Items[i].Recovered == ds.Items[i].Pub {
			t.Fatalf("item %d: recovery from a mutated hash gave the original key", i)
		}
	}
}

func TestPercentiles(t *testing.T) {
	s := make([]int64, 100)
	for i := range s {
		s[i] = int64(100 - i) // 100..1, unsorted
	}
	st := h.Summarize(s)
	if st.Samples != 100 || st.MedianNs != 50 || st.P10Ns != 10 || st.P90Ns != 90 || st.MinNs != 1 || st.MeanNs != 50.5 {
		t.Fatalf("Summarize = %+v", st)
	}
	if st.OpsPerSec != 1e9/50 {
		t.Fatalf("ops/s %v", st.OpsPerSec)
	}
	if got := h.Summarize([]int64{7}); got.MedianNs != 7 || got.P10Ns != 7 || got.P90Ns != 7 {
		t.Fatalf("one sample: %+v", got)
	}
}

func TestParseCases(t *testing.T) {
	cs, err := h.ParseCases("ecdh, ecdsa_sign_preparsed,ecdh")
	if err != nil || len(cs) != 2 || cs[0] != h.ECDH || cs[1] != h.ECDSASignPreparsed {
		t.Fatalf("ParseCases = %v, %v", cs, err)
	}
	if _, err := h.ParseCases("ecdsa_sign"); err == nil {
		t.Fatal("unknown case accepted")
	}
	if cs, _ := h.ParseCases("msm,ecdh"); len(cs) != len(h.MSMSizes)+1 {
		t.Errorf("ParseCases(msm,ecdh) = %v", cs)
	}
	// A batch verification case brings the single verification its ratio
	// divides by.
	if cs, _ := h.ParseCases("schnorr_verify_batch_n64_cores1"); len(cs) != 2 || cs[0] != h.SchnorrVerifyPreparsed {
		t.Errorf("ParseCases(schnorr_verify_batch_n64_cores1) = %v", cs)
	}
	// The invalid-batch family, with its single verification.
	if cs, _ := h.ParseCases("schnorr_verify_batch_invalid"); len(cs) != len(h.SchnorrInvalidCounts)+1 || cs[0] != h.SchnorrVerifyPreparsed {
		t.Errorf("ParseCases(schnorr_verify_batch_invalid) = %v", cs)
	}
	if cs, _ := h.ParseCases(""); len(cs) != len(h.AllCases) {
		t.Fatal("empty list should select all cases")
	}
}

// planted wraps a provider and corrupts one case's output.
type planted struct {
	h.Provider
	c      h.Case
	mangle func(out []byte, ok bool) ([]byte, bool)
}

func (p planted) Name() string { return "planted-" + p.Provider.Name() }

func (p planted) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	op, err := p.Provider.Prepare(c, ds)
	if err != nil || c != p.c {
		return op, err
	}
	return func(i int) ([]byte, bool) {
		out, ok := op(i)
		return p.mangle(append([]byte(nil), out...), ok)
	}, nil
}

func flipBit(out []byte, ok bool) ([]byte, bool) {
	if len(out) > 0 {
		out[len(out)-1] ^= 1
	}
	return out, ok
}

// firstOnly "verifies a batch" by verifying its first signature only.
type firstOnly struct{ h.Provider }

func (p firstOnly) Name() string       { return "first-only" }
func (p firstOnly) Honest() h.Provider { return p.Provider }
func (p firstOnly) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	if _, ok := c.Batch(); ok {
		return p.Provider.Prepare(h.SchnorrVerifyPreparsed, ds)
	}
	return p.Provider.Prepare(c, ds)
}

// TestGateCatchesPlantedBug is the acceptance test of the correctness gate:
// a provider that returns a wrong signature (or a verifier that accepts
// everything) is reported FAIL and is not timed, and the run as a whole is
// marked failed (the command then exits with status 1).
func TestGateCatchesPlantedBug(t *testing.T) {
	bugs := []planted{
		{providers.P256k1{}, h.ECDSASignPreparsed, flipBit},
		{providers.P256k1{}, h.ECDSASignFromBytes, flipBit},
		{providers.Decred{}, h.ECDSASignPreparsed, flipBit},
		{providers.Btcec{}, h.ECDSASignFromBytes, flipBit},
		{providers.Btcec{}, h.SchnorrSignPreparsed, flipBit},
		{providers.P256k1{}, h.ECDSAVerify, func([]byte, bool) ([]byte, bool) { return nil, true }},
		{providers.P256k1{}, h.PubkeyCreate, flipBit},
		{providers.Decred{}, h.ECDH, flipBit},
		{providers.P256k1{}, h.ECDSARecover, func(out []byte, ok bool) ([]byte, bool) { return out[:32], ok }},
		{providers.P256k1{}, h.SchnorrSignPreparsed, func(out []byte, ok bool) ([]byte, bool) { panic("boom") }},
		{providers.P256k1{}, h.PubkeyTweakAdd, flipBit},
		{providers.Decred{}, h.PubkeyTweakAdd, func(out []byte, ok bool) ([]byte, bool) { return out, true }}, // "accepts" t >= n
		{providers.Btcec{}, h.XOnlyTweakAdd, func(out []byte, ok bool) ([]byte, bool) {
			if len(out) == 33 {
				out[0] = 2 // drops the parity of the full key
			}
			return out, ok
		}},
		{xonlyNoLift{}, h.XOnlyTweakAdd, func(out []byte, ok bool) ([]byte, bool) { return out, ok }},
		{reducingTweak{providers.P256k1{}}, h.PubkeyTweakAdd, func(out []byte, ok bool) ([]byte, bool) { return out, ok }},
		{reducingTweak{providers.P256k1{}}, h.XOnlyTweakAdd, func(out []byte, ok bool) ([]byte, bool) { return out, ok }},
		{providers.P256k1{}, h.SchnorrVerifyBatchCase(64, false), func([]byte, bool) ([]byte, bool) { return nil, true }},
		{firstOnly{providers.P256k1{}}, h.SchnorrVerifyBatchCase(64, true), func(out []byte, ok bool) ([]byte, bool) { return out, ok }},
		{providers.P256k1{}, h.MSMCase(32), flipBit},
		// An invalid batch that reports one index too few, or accepts.
		{providers.P256k1{}, h.SchnorrVerifyBatchInvalidCase(1024, 10), func(out []byte, ok bool) ([]byte, bool) { return out[:len(out)-2], ok }},
		{providers.P256k1{}, h.SchnorrVerifyBatchInvalidCase(1024, 1), func(out []byte, ok bool) ([]byte, bool) { return out, false }},
		{providers.P256k1{}, h.BIP32DeriveBIP86, flipBit},
		{providers.Btcec{}, h.BIP32DeriveBIP86, func(out []byte, ok bool) ([]byte, bool) { return out[:32], ok }}, // the key without the chain code
	}
	for _, bug := range bugs {
		// The honest twin: the wrapped provider, or for the custom buggy
		// providers below the one they wrap.
		honest := bug.Provider
		if hp, ok := honest.(interface{ Honest() h.Provider }); ok {
			honest = hp.Honest()
		}
		t.Run(bug.Name()+"/"+string(bug.c), func(t *testing.T) {
			rep, err := h.Run(h.Config{
				Seed: 42, N: 120,
				Timing:    h.Timing{Warmup: time.Millisecond, Measure: 5 * time.Millisecond},
				Cases:     []h.Case{bug.c},
				Providers: []h.Provider{bug, honest},
				Verifiers: providers.Verifiers(),
			})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Failed() {
				t.Fatal("planted bug not caught: report not failed")
			}
			for _, rec := range rep.Records {
				switch rec.Provider {
				case bug.Name():
					if rec.Status != h.StatusFail || rec.Stats != nil || rec.Gate == nil || len(rec.Gate.Failures) == 0 {
						t.Fatalf("planted provider: status %q, stats %v, gate %+v", rec.Status, rec.Stats, rec.Gate)
					}
					t.Logf("caught: %s", rec.Gate.Failures[0])
				case honest.Name():
					if rec.Status != h.StatusOK || rec.Stats == nil {
						t.Fatalf("honest provider: status %q (%+v)", rec.Status, rec.Gate)
					}
				}
			}
			var md bytes.Buffer
			if err := rep.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			failRow := "| " + bug.Name() + " | — | — | — | — | — | — | FAIL |"
			if _, ok := bug.c.Batch(); ok {
				failRow = fmt.Sprintf("| %s | %d | — | — | — | — | — | — | — | FAIL |", bug.Name(), bug.c.ItemsPerOp())
			}
			if !strings.Contains(md.String(), failRow) {
				t.Fatalf("table does not show the FAIL row:\n%s", md.String())
			}
		})
	}
}

// TestWrongSignatureMessage checks the gate's diagnosis of a signature that
// does not verify under the reference.
func TestWrongSignatureMessage(t *testing.T) {
	ds := dataset(t, 110)
	g, err := h.NewGate(ds, providers.Verifiers())
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := g.Check(planted{providers.P256k1{}, h.ECDSASignPreparsed, flipBit}, h.ECDSASignPreparsed)
	if err != nil {
		t.Fatal(err)
	}
	if res.OK || res.Checked != h.GateN || !strings.Contains(res.Failures[0], "does not verify under") {
		t.Fatalf("gate result %+v", res)
	}
	if res.Verifier == "" || res.Verifier == "none available" {
		t.Fatalf("no reference verifier: %q", res.Verifier)
	}
}

// otherAux signs BIP-340 with a different aux: valid signatures that are
// not the deterministic ones.
type otherAux struct{ providers.Btcec }

func (otherAux) Name() string { return "other-aux" }

func (o otherAux) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	cp := *ds
	cp.Items = append([]h.Item(nil), ds.Items...)
	for i := range cp.Items {
		cp.Items[i].Aux[0] ^= 0x80
	}
	return o.Btcec.Prepare(c, &cp)
}

// xonlyNoLift is the classic x-only tweak bug: it tweaks the full key
// d*G instead of the even-y point lift_x(x), which differs for every key
// with odd y.
type xonlyNoLift struct{ providers.P256k1 }

func (xonlyNoLift) Name() string { return "xonly-no-lift" }

func (xonlyNoLift) Honest() h.Provider { return providers.P256k1{} }

func (x xonlyNoLift) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	if c == h.XOnlyTweakAdd {
		c = h.PubkeyTweakAdd
	}
	return x.P256k1.Prepare(c, ds)
}

// reducingTweak reduces tweaks mod n instead of rejecting those >= n.
type reducingTweak struct{ providers.P256k1 }

func (reducingTweak) Name() string { return "reducing-tweak" }

func (reducingTweak) Honest() h.Provider { return providers.P256k1{} }

func (r reducingTweak) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	cp := *ds
	cp.Items = append([]h.Item(nil), ds.Items...)
	for i := range cp.Items {
		t := new(big.Int).SetBytes(cp.Items[i].Tweak[:])
		t.Mod(t, n).FillBytes(cp.Items[i].Tweak[:])
	}
	return r.P256k1.Prepare(c, &cp)
}

func TestValidButDifferentSignature(t *testing.T) {
	g, err := h.NewGate(dataset(t, 110), providers.Verifiers())
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := g.Check(otherAux{}, h.SchnorrSignPreparsed)
	if err != nil {
		t.Fatal(err)
	}
	if res.OK || !strings.Contains(res.Failures[0], "verifies but differs from the deterministic") {
		t.Fatalf("gate result %+v", res)
	}
}

// TestAllProvidersPass runs the gate (no timing) on every provider that can
// run here, on every case it supports.
func TestAllProvidersPass(t *testing.T) {
	rep, err := h.Run(h.Config{
		Seed: 42, N: 120, Cases: h.AllCases, GateOnly: true,
		Providers: providers.All(), Verifiers: providers.Verifiers(),
	})
	if err != nil {
		t.Fatal(err)
	}
	ran := map[string]int{}
	for _, rec := range rep.Records {
		switch rec.Status {
		case h.StatusGateOnly:
			ran[rec.Provider]++
		case h.StatusUnsupported:
		default:
			t.Errorf("%s / %s: %s %s %+v", rec.Case, rec.Provider, rec.Status, rec.Reason, rec.Gate)
		}
	}
	for _, p := range rep.Providers {
		t.Logf("%-13s available=%v %s %s", p.Name, p.Available, p.Info.Version, p.Reason)
	}
	if ran["p256k1"] != len(h.AllCases) || ran["btcec"] != len(h.SingleCases) || ran["decred"] != 8 {
		t.Fatalf("cases gated per provider: %v", ran)
	}
}

func TestReportFormats(t *testing.T) {
	rep, err := h.Run(h.Config{
		Seed: 7, N: 50,
		Timing:    h.Timing{Warmup: time.Millisecond, Measure: 3 * time.Millisecond},
		Cases:     []h.Case{h.ECDSAVerify, h.SchnorrSignPreparsed, h.XOnlyTweakAdd},
		Providers: providers.All(), Verifiers: providers.Verifiers(), Baseline: "auto",
	})
	if err != nil {
		t.Fatal(err)
	}
	var js, svg, md bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back h.Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Settings.Seed != 7 || back.Settings.N != 50 || len(back.Records) != len(rep.Records) || back.Env.GoVersion == "" || back.Env.CPUModel == "" {
		t.Fatalf("JSON round trip lost data: %+v", back.Settings)
	}
	if err := rep.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	for {
		if _, err := dec.Token(); err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
	}
	for _, want := range []string{"<svg", "ecdsa_verify", "p256k1", "decred"} {
		if !strings.Contains(svg.String(), want) {
			t.Fatalf("SVG lacks %q", want)
		}
	}
	if err := rep.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| ecdsa_verify | p256k1 |") {
		t.Fatalf("markdown:\n%s", md.String())
	}
}
