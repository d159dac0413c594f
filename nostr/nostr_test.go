package nostr_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	gonostr "github.com/nbd-wtf/go-nostr"
	fast "github.com/p256k1/secp256k1/nostr"
	"github.com/p256k1/secp256k1/signer"
)

// Differential tests against go-nostr itself (the module this one
// replaces for signing and checking).

// pieces of content and tags: escapes, control characters, unicode,
// invalid UTF-8, JSON-looking text.
var pieces = []string{"hello", "\"", "\\", "\n", "\r", "\t", "\b", "\f", "\x00", "\x01", "\x1f", "\x7f",
	"é", "😀", "\u2028", "</script>", "[0,\"x\"]", "\xff\xfe", "日本語", " ", "{}", "\\u0000"}

func randString(r *rand.Rand, max int) string {
	var b strings.Builder
	for range r.IntN(max + 1) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

func randEvent(r *rand.Rand) *gonostr.Event {
	evt := &gonostr.Event{
		CreatedAt: gonostr.Timestamp(r.Int64N(1 << 40)),
		Kind:      r.IntN(40000),
		Content:   randString(r, 20),
	}
	if r.IntN(20) == 0 {
		evt.Content = strings.Repeat(randString(r, 5)+"x", 10000+r.IntN(50000)) // large content
	}
	if r.IntN(4) > 0 {
		for range r.IntN(6) {
			var tag gonostr.Tag
			for range r.IntN(5) {
				tag = append(tag, randString(r, 4))
			}
			evt.Tags = append(evt.Tags, tag)
		}
	}
	if r.IntN(10) == 0 {
		evt.CreatedAt = -evt.CreatedAt
		evt.Kind = -evt.Kind
	}
	return evt
}

func randSecret(r *rand.Rand) string {
	b := make([]byte, 32)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[0] &= 0x7f
	return hex.EncodeToString(b)
}

func seed(t *testing.T) *rand.Rand {
	s := uint64(rand.Int64())
	t.Logf("seed %d", s)
	return rand.New(rand.NewPCG(s, 1))
}

// TestSerializeMatchesGoNostr: Serialize, GetID and CheckID agree with
// go-nostr on random events, with canonical and odd public key strings.
func TestSerializeMatchesGoNostr(t *testing.T) {
	r := seed(t)
	oddKeys := []string{"", "ABCDEF", strings.Repeat("A", 64), "\"quoted\"", "é", strings.Repeat("0", 63)}
	for i := range 400 {
		evt := randEvent(r)
		evt.PubKey = strings.Repeat("0", 64)
		if i%3 == 0 {
			evt.PubKey = randSecret(r) // any 64 lowercase hex digits
		} else if i%3 == 1 {
			evt.PubKey = oddKeys[r.IntN(len(oddKeys))]
		}
		if got, want := fast.Serialize(evt), evt.Serialize(); !bytes.Equal(got, want) {
			t.Fatalf("event %d: Serialize\n got %q\nwant %q", i, got, want)
		}
		if got, want := fast.GetID(evt), evt.GetID(); got != want {
			t.Fatalf("event %d: GetID %s, want %s", i, got, want)
		}
		evt.ID = evt.GetID()
		if !fast.CheckID(evt) || !evt.CheckID() {
			t.Fatalf("event %d: CheckID false for the right id", i)
		}
		evt.ID = strings.Repeat("f", 64)
		if fast.CheckID(evt) != evt.CheckID() {
			t.Fatalf("event %d: CheckID differs for a wrong id", i)
		}
	}
}

// TestSignCheckMatchesGoNostr signs random events with each library and
// checks them with both; then tampers with them in every way and compares
// the verdicts of CheckSignature (bool and whether an error) and CheckID.
func TestSignCheckMatchesGoNostr(t *testing.T) {
	r := seed(t)
	for i := range 150 {
		sk := randSecret(r)
		evt := randEvent(r)
		var err error
		if i%2 == 0 {
			err = fast.Sign(evt, sk)
		} else {
			err = evt.Sign(sk)
		}
		if err != nil {
			t.Fatal(err)
		}
		ok, err := evt.CheckSignature()
		ok2, err2 := fast.CheckSignature(evt)
		if !ok || err != nil || !ok2 || err2 != nil || !evt.CheckID() || !fast.CheckID(evt) {
			t.Fatalf("event %d signed by %s: go-nostr %v %v, p256k1 %v %v", i, []string{"p256k1", "go-nostr"}[i%2], ok, err, ok2, err2)
		}
		pub, _ := gonostr.GetPublicKey(sk)
		if evt.PubKey != pub {
			t.Fatalf("event %d: PubKey %s, go-nostr derives %s", i, evt.PubKey, pub)
		}
		for j, tamper := range tampers {
			e := *evt
			e.Tags = append(gonostr.Tags(nil), evt.Tags...)
			tamper(r, &e)
			ok, err := e.CheckSignature()
			ok2, err2 := fast.CheckSignature(&e)
			if ok != ok2 || (err == nil) != (err2 == nil) {
				t.Fatalf("event %d, tamper %d: go-nostr %v, %v; p256k1 %v, %v", i, j, ok, err, ok2, err2)
			}
			if len(e.ID) == 64 && e.CheckID() != fast.CheckID(&e) {
				t.Fatalf("event %d, tamper %d: CheckID differs", i, j)
			}
		}
	}
}

var tampers = []func(r *rand.Rand, e *gonostr.Event){
	func(r *rand.Rand, e *gonostr.Event) { e.Content += "!" },
	func(r *rand.Rand, e *gonostr.Event) { e.CreatedAt++ },
	func(r *rand.Rand, e *gonostr.Event) { e.Kind++ },
	func(r *rand.Rand, e *gonostr.Event) { e.Tags = append(e.Tags, gonostr.Tag{"p"}) },
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = flipHex(r, e.Sig) },
	func(r *rand.Rand, e *gonostr.Event) { e.ID = flipHex(r, e.ID) },
	func(r *rand.Rand, e *gonostr.Event) { e.PubKey = flipHex(r, e.PubKey) },
	func(r *rand.Rand, e *gonostr.Event) { e.PubKey = strings.ToUpper(e.PubKey) },
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = strings.ToUpper(e.Sig) },
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = e.Sig[:126] },
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = "zz" + e.Sig[2:] },
	func(r *rand.Rand, e *gonostr.Event) { e.PubKey = "xy" + e.PubKey[2:] },
	func(r *rand.Rand, e *gonostr.Event) { e.PubKey = strings.Repeat("f", 64) },                          // x >= p
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = strings.Repeat("f", 64) + e.Sig[64:] },                // r >= p
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = e.Sig[:64] + strings.Repeat("f", 64) },                // s >= n
	func(r *rand.Rand, e *gonostr.Event) { e.PubKey = "05" + strings.Repeat("0", 62); e.ID = e.GetID() }, // on the curve?
	func(r *rand.Rand, e *gonostr.Event) { e.PubKey = "" },
	func(r *rand.Rand, e *gonostr.Event) { e.Sig = "" },
}

func flipHex(r *rand.Rand, s string) string {
	if s == "" {
		return s
	}
	b := []byte(s)
	i := r.IntN(len(b))
	if b[i] == '0' {
		b[i] = '1'
	} else {
		b[i] = '0'
	}
	return string(b)
}

// goNostrResult is the reference for Check: go-nostr's own checks, in
// NIP-01's order (id first), for events whose hex fields are lowercase.
func goNostrResult(e *gonostr.Event) signer.Result {
	if e == nil {
		return signer.NilEvent
	}
	if len(e.ID) != 64 || strings.ToLower(e.ID) != e.ID {
		return signer.MalformedID
	}
	if _, err := hex.DecodeString(e.ID); err != nil {
		return signer.MalformedID
	}
	if !e.CheckID() {
		return signer.IDMismatch
	}
	ok, err := e.CheckSignature()
	switch {
	case err != nil && strings.Contains(err.Error(), "pubkey"):
		return signer.MalformedPubKey
	case err != nil:
		return signer.MalformedSignature
	case !ok && sOverflow(e.Sig):
		return signer.MalformedSignature // go-nostr: false, no error
	case !ok:
		return signer.BadSignature
	}
	return signer.Valid
}

// sOverflow reports whether the signature's s is not below n.
func sOverflow(sig string) bool {
	b, err := hex.DecodeString(sig)
	if err != nil || len(b) != 64 {
		return false
	}
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	return new(big.Int).SetBytes(b[32:]).Cmp(n) >= 0
}

// TestCheckEventsMatchesGoNostr checks bursts of signed and tampered
// events: each result is what go-nostr's CheckID and CheckSignature say,
// with one and two workers and a reused Checker.
func TestCheckEventsMatchesGoNostr(t *testing.T) {
	r := seed(t)
	var c fast.Checker
	for round := range 6 {
		var burst []*gonostr.Event
		var want []signer.Result
		sks := []string{randSecret(r), randSecret(r), randSecret(r)}
		for i := range 40 + r.IntN(200) {
			evt := randEvent(r)
			if err := evt.Sign(sks[r.IntN(len(sks))]); err != nil {
				t.Fatal(err)
			}
			if i%3 == 0 {
				tampers[r.IntN(len(tampers))](r, evt)
				if strings.ToLower(evt.PubKey) != evt.PubKey {
					evt.PubKey = strings.ToLower(evt.PubKey) // case is covered in TestCheckEventsStrict
				}
				if strings.ToLower(evt.Sig) != evt.Sig {
					evt.Sig = strings.ToLower(evt.Sig)
				}
			}
			if i%37 == 5 {
				evt = nil
			}
			burst = append(burst, evt)
			want = append(want, goNostrResult(evt))
		}
		c.Workers = 1 + round%2
		got := c.Check(burst)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("round %d, event %d: %v, go-nostr says %v", round, i, got[i], want[i])
			}
		}
		if all := fast.CheckEvents(burst); !equalResults(all, got) {
			t.Fatal("CheckEvents differs from Checker.Check")
		}
	}
}

func equalResults(a, b []signer.Result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCheckEventsStrict: hex that go-nostr accepts but NIP-01 does not.
func TestCheckEventsStrict(t *testing.T) {
	evt := &gonostr.Event{Kind: 1, Content: "strict"}
	if err := fast.Sign(evt, strings.Repeat("1", 64)); err != nil {
		t.Fatal(err)
	}
	upperSig, upperID := *evt, *evt
	upperSig.Sig = strings.ToUpper(evt.Sig)
	upperID.ID = strings.ToUpper(evt.ID)
	upperPub := *evt
	upperPub.PubKey = strings.ToUpper(evt.PubKey)
	upperPub.ID = upperPub.GetID() // the id over the key as written
	long := *evt
	long.ID += "00"
	got := fast.CheckEvents([]*gonostr.Event{evt, &upperSig, &upperID, &upperPub, &long})
	want := []signer.Result{signer.Valid, signer.MalformedSignature, signer.MalformedID, signer.MalformedPubKey, signer.MalformedID}
	if !equalResults(got, want) {
		t.Fatalf("CheckEvents = %v, want %v", got, want)
	}
}

// TestNIPExamples runs the example events of the NIPs: the ids of those
// whose id matches their content, and the signatures of all, through both
// libraries.
func TestNIPExamples(t *testing.T) {
	data, err := os.ReadFile("testdata/nip_event_examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Events []struct {
			NIP   string          `json:"nip"`
			IDOK  bool            `json:"id_ok"`
			SigOK bool            `json:"sig_ok"`
			Event json.RawMessage `json:"event"`
		} `json:"events"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Events) != 20 {
		t.Fatalf("%d events; the file has 20", len(f.Events))
	}
	ids := 0
	for i, c := range f.Events {
		var evt gonostr.Event
		if err := json.Unmarshal(c.Event, &evt); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		if fast.GetID(&evt) != evt.GetID() || !bytes.Equal(fast.Serialize(&evt), evt.Serialize()) {
			t.Errorf("event %d (%s): serialization differs from go-nostr", i, c.NIP)
		}
		if fast.CheckID(&evt) != c.IDOK || evt.CheckID() != c.IDOK {
			t.Errorf("event %d (%s): CheckID %v, go-nostr %v, file %v", i, c.NIP, fast.CheckID(&evt), evt.CheckID(), c.IDOK)
		}
		ok, err := fast.CheckSignature(&evt)
		ok2, err2 := evt.CheckSignature()
		if ok != ok2 || (err == nil) != (err2 == nil) || ok != c.IDOK {
			t.Errorf("event %d (%s): CheckSignature %v %v, go-nostr %v %v", i, c.NIP, ok, err, ok2, err2)
		}
		// The signature is over the stated id (sig_ok) for all of them.
		sig, _ := hex.DecodeString(evt.Sig)
		idb, _ := hex.DecodeString(evt.ID)
		var s signer.Signer
		pk, _ := hex.DecodeString(evt.PubKey)
		if err := s.InitPub(pk); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		if v, err := s.Verify(idb, sig); !v || err != nil || !c.SigOK {
			t.Errorf("event %d (%s): the signature of the stated id: %v %v", i, c.NIP, v, err)
		}
		res := fast.CheckEvents([]*gonostr.Event{&evt})[0]
		if want := map[bool]signer.Result{true: signer.Valid, false: signer.IDMismatch}[c.IDOK]; res != want {
			t.Errorf("event %d (%s): CheckEvents %v, want %v", i, c.NIP, res, want)
		}
		if c.IDOK {
			ids++
		}
	}
	if ids != 6 {
		t.Fatalf("%d events with id_ok; the file has 6", ids)
	}
}

// TestMisuse: nil events and bad keys give errors or false, no panic.
func TestMisuse(t *testing.T) {
	if fast.Serialize(nil) != nil || fast.GetID(nil) != "" || fast.CheckID(nil) {
		t.Error("nil event")
	}
	if ok, err := fast.CheckSignature(nil); ok || err == nil {
		t.Error("CheckSignature(nil)")
	}
	if fast.Sign(nil, strings.Repeat("1", 64)) == nil {
		t.Error("Sign(nil)")
	}
	for _, sk := range []string{"", "zz", strings.Repeat("0", 64), strings.Repeat("f", 64), strings.Repeat("1", 62)} {
		evt := &gonostr.Event{Content: "x"}
		if err := fast.Sign(evt, sk); err == nil || evt.PubKey != "" || evt.Sig != "" {
			t.Errorf("Sign with secret %q: %v, %+v", sk, err, evt)
		}
	}
	var nc *fast.Checker
	if nc.Check([]*gonostr.Event{nil}) != nil {
		t.Error("Check on a nil Checker")
	}
	if got := fast.CheckEvents(nil); len(got) != 0 {
		t.Error("CheckEvents(nil)")
	}
	var zero gonostr.Event
	if r := fast.CheckEvents([]*gonostr.Event{&zero})[0]; r != signer.MalformedID {
		t.Errorf("the zero event: %v", r)
	}
}
