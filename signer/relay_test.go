package signer_test

import (
	"fmt"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/signer"
)

// TestRelayPoolCoversResults checks that the sequence tests' pool holds
// events of every Result a check returns, so that the sequence tests
// compare each of them.
func TestRelayPoolCoversResults(t *testing.T) {
	pool := newEventPool(t, testutil.Rand(t), 160)
	seen := map[signer.Result]int{}
	for _, e := range pool {
		seen[e.want]++
	}
	for r := signer.Valid; r <= signer.BadSignature; r++ {
		if seen[r] == 0 {
			t.Errorf("no pool event gives %v (%d)", r, r)
		}
	}
	t.Log(seen)
}

// TestResultString pins the texts a relay sends.
func TestResultString(t *testing.T) {
	want := map[signer.Result]string{
		signer.Unchecked:          "not checked",
		signer.Valid:              "",
		signer.NilEvent:           "missing event",
		signer.MalformedID:        "id is not 32 bytes",
		signer.IDMismatch:         "id does not match the event",
		signer.MalformedPubKey:    "public key is not a valid x-only key",
		signer.MalformedSignature: "signature is malformed",
		signer.BadSignature:       "signature is invalid",
		200:                       "Result(200)",
	}
	for r, s := range want {
		if r.String() != s {
			t.Errorf("%d.String() = %q, want %q", r, r.String(), s)
		}
		if r.OK() != (r == signer.Valid) {
			t.Errorf("%d.OK() = %v", r, r.OK())
		}
	}
}

// ExampleCheckEvents answers a burst of events as a relay does.
func ExampleCheckEvents() {
	var s signer.Signer
	if err := s.Generate(); err != nil {
		panic(err)
	}
	var burst []*signer.SignedEvent
	for i := range 3 {
		ev := signer.Event{CreatedAt: 1700000000, Kind: 1, Content: fmt.Sprint("note ", i)}
		id, sig, err := s.SignEvent(&ev)
		if err != nil {
			panic(err)
		}
		burst = append(burst, &signer.SignedEvent{Event: ev, ID: id[:], Sig: sig})
	}
	burst[1].Event.Content = "edited" // the id no longer matches
	burst[2].Sig[0] ^= 1              // a forged signature
	burst = append(burst, nil)

	for i, r := range signer.CheckEvents(burst) {
		if r.OK() {
			fmt.Printf("%d: OK true\n", i)
		} else {
			fmt.Printf("%d: OK false \"invalid: %v\"\n", i, r)
		}
	}
	// Output:
	// 0: OK true
	// 1: OK false "invalid: id does not match the event"
	// 2: OK false "invalid: signature is invalid"
	// 3: OK false "invalid: missing event"
}
