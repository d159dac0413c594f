package signer_test

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/signer"
)

type nipEvent struct {
	ID        string     `json:"id"`
	PubKey    string     `json:"pubkey"`
	CreatedAt int64      `json:"created_at"`
	Kind      int        `json:"kind"`
	Tags      [][]string `json:"tags"`
	Content   string     `json:"content"`
	Sig       string     `json:"sig"`
}

func (e *nipEvent) fields(t *testing.T) *signer.Event {
	ev := &signer.Event{CreatedAt: e.CreatedAt, Kind: e.Kind, Tags: e.Tags, Content: e.Content}
	copy(ev.PubKey[:], testutil.MustHex(t, e.PubKey))
	return ev
}

// TestNIPEventExamples: the example events of the NIPs
// (nip_event_examples.json). The 6 marked id_ok must hash to their id; all
// 20 carry a valid signature over their stated id.
func TestNIPEventExamples(t *testing.T) {
	var f struct {
		Events []struct {
			Event nipEvent `json:"event"`
			IDOK  bool     `json:"id_ok"`
			SigOK bool     `json:"sig_ok"`
			NIP   string   `json:"nip"`
		} `json:"events"`
	}
	testutil.LoadJSON(t, "testdata/nip_event_examples.json", &f)
	ids, sigs := 0, 0
	for i, c := range f.Events {
		e := c.Event
		ev := e.fields(t)
		id := testutil.MustHex(t, e.ID)
		sig := testutil.MustHex(t, e.Sig)
		if c.IDOK {
			got := ev.ID()
			if hex.EncodeToString(got[:]) != e.ID {
				t.Errorf("event %d (%s): id %x, want %s\n%s", i, c.NIP, got, e.ID, ev.Serialize())
			}
			if !signer.VerifyEvent(ev, id, sig) {
				t.Errorf("event %d (%s): VerifyEvent rejects", i, c.NIP)
			}
			ids++
		} else if signer.VerifyEvent(ev, id, sig) {
			t.Errorf("event %d (%s): VerifyEvent accepts an event whose id does not match", i, c.NIP)
		}
		if c.SigOK {
			var v signer.Signer
			if err := v.InitPub(testutil.MustHex(t, e.PubKey)); err != nil {
				t.Fatal(err)
			}
			if ok, err := v.Verify(id, sig); !ok || err != nil {
				t.Errorf("event %d (%s): signature rejected: %v", i, c.NIP, err)
			}
			sigs++
		}
	}
	if ids != 6 || sigs != 20 {
		t.Errorf("checked %d ids and %d signatures, want 6 and 20", ids, sigs)
	}
	t.Logf("%d event ids, %d signatures", ids, sigs)
}

func TestEventSerializeEscaping(t *testing.T) {
	ev := &signer.Event{
		CreatedAt: 1700000000,
		Kind:      1,
		Tags:      [][]string{{"e", "a\"b"}, {}, {"t", "x\\y", "z\n"}},
		Content:   "line\nquote\" back\\ cr\r tab\t bs\b ff\f nul\x00 us\x1f del\x7f / <>& é 😀 \u2028",
	}
	want := `[0,"0000000000000000000000000000000000000000000000000000000000000000",1700000000,1,` +
		`[["e","a\"b"],[],["t","x\\y","z\n"]],` +
		`"line\nquote\" back\\ cr\r tab\t bs\b ff\f nul\u0000 us\u001f del` + "\x7f" + ` / <>& é 😀 ` + "\u2028" + `"]`
	if got := string(ev.Serialize()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The serialization is JSON that decodes back to the same values.
	var back []any
	if err := json.Unmarshal(ev.Serialize(), &back); err != nil {
		t.Fatal(err)
	}
	if back[5].(string) != ev.Content || back[2].(float64) != 1700000000 {
		t.Errorf("round trip: %q", back[5])
	}
	// Nil tags serialize as [], negative times as is.
	e2 := &signer.Event{CreatedAt: -5, Kind: 30023}
	if got := string(e2.Serialize()); !strings.HasSuffix(got, `,-5,30023,[],""]`) {
		t.Errorf("empty event: %s", got)
	}
}

func TestSignEvent(t *testing.T) {
	var s signer.Signer
	ev := &signer.Event{CreatedAt: 1, Kind: 1, Content: "hi"}
	if _, _, err := s.SignEvent(ev); err == nil {
		t.Fatal("SignEvent without a key")
	}
	if err := s.Generate(); err != nil {
		t.Fatal(err)
	}
	id, sig, err := s.SignEvent(ev)
	if err != nil {
		t.Fatal(err)
	}
	if hex.EncodeToString(ev.PubKey[:]) != hex.EncodeToString(s.Pub()) || ev.ID() != id {
		t.Fatal("SignEvent did not set the public key or the id")
	}
	if !signer.VerifyEvent(ev, id[:], sig) {
		t.Fatal("VerifyEvent rejects a signed event")
	}
	ev.Content = "changed"
	if signer.VerifyEvent(ev, id[:], sig) {
		t.Fatal("VerifyEvent accepts a changed event")
	}
	if signer.VerifyEvent(ev, id[:31], sig) {
		t.Fatal("VerifyEvent accepts a short id")
	}
}
