package chilldkg_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1/frost/chilldkg"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The message parsers of the package, fuzzed: none may panic, a result
// comes without an error and an error without a result, and every error is
// one of the package's.

func fuzzSession(f *testing.F) *session {
	r := testutil.Rand(f)
	s := newSession(f, r, 2, 3)
	s.run(f, r)
	return s
}

// packageError reports whether err wraps one of the package's sentinels.
func packageError(err error) bool {
	for _, s := range []error{chilldkg.ErrInvalidInput, chilldkg.ErrHostSeckey, chilldkg.ErrSessionParams,
		chilldkg.ErrRandomness, chilldkg.ErrProtocol, chilldkg.ErrRecoveryData, chilldkg.ErrInvalidState} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

func FuzzRecoveryData(f *testing.F) {
	s := fuzzSession(f)
	f.Add(s.crec)
	f.Add(s.crec[:100])
	f.Add([]byte{0, 0, 0, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		out, p, err := chilldkg.CoordinatorRecover(b)
		if (err == nil) != (out != nil && p != nil) || (err != nil && !packageError(err)) {
			t.Fatalf("CoordinatorRecover: %v, %v, %v", out, p, err)
		}
		if err == nil && len(out.PublicShares) != len(p.HostPubkeys) {
			t.Fatal("share count differs from the participant count")
		}
		out, p, err = chilldkg.ParticipantRecover(s.seckeys[0], b)
		if (err == nil) != (out != nil && p != nil) || (err != nil && !packageError(err)) {
			t.Fatalf("ParticipantRecover: %v", err)
		}
		if err == nil && bytes.Equal(b, s.crec) && !bytes.Equal(out.SecretShare.Bytes(), s.outs[0].SecretShare.Bytes()) {
			t.Fatal("recovered a different share")
		}
	})
}

func FuzzCoordinatorMessages(f *testing.F) {
	s := fuzzSession(f)
	f.Add(s.cmsg1, s.cmsg2)
	f.Add(s.cmsg1[:10], s.cmsg2[:64])
	f.Fuzz(func(t *testing.T, cmsg1, cmsg2 []byte) {
		st1, _, err := chilldkg.ParticipantStep1(s.seckeys[1], s.params, bytes.Repeat([]byte{7}, 32))
		if err != nil {
			t.Fatal(err)
		}
		st2, pmsg2, err := chilldkg.ParticipantStep2(s.seckeys[1], st1, cmsg1, make([]byte, 32))
		if (err == nil) != (st2 != nil && pmsg2 != nil) || (err != nil && !packageError(err)) {
			t.Fatalf("ParticipantStep2: %v", err)
		}
		if err != nil {
			// The investigation message, against whatever cmsg1 did.
			if ierr := chilldkg.ParticipantInvestigate(err, cmsg2); ierr == nil || !packageError(ierr) {
				t.Fatalf("ParticipantInvestigate: %v", ierr)
			}
			return
		}
		out, rec, err := chilldkg.ParticipantFinalize(st2, cmsg2)
		if (err == nil) != (out != nil && rec != nil) || (err != nil && !packageError(err)) {
			t.Fatalf("ParticipantFinalize: %v", err)
		}
	})
}

func FuzzParticipantMessages(f *testing.F) {
	s := fuzzSession(f)
	f.Add(s.pmsgs1[1], s.pmsgs2[1])
	f.Add(s.pmsgs1[1][:40], []byte{1})
	f.Fuzz(func(t *testing.T, pmsg1, pmsg2 []byte) {
		pmsgs := [][]byte{s.pmsgs1[0], pmsg1, s.pmsgs1[2]}
		cs, cmsg1, err := chilldkg.CoordinatorStep1(pmsgs, s.params)
		if (err == nil) != (cs != nil && cmsg1 != nil) || (err != nil && !packageError(err)) {
			t.Fatalf("CoordinatorStep1: %v", err)
		}
		cinvs, ierr := chilldkg.CoordinatorInvestigate(pmsgs, s.params)
		if (ierr == nil) != (err == nil) || (ierr == nil && len(cinvs) != 3) {
			t.Fatalf("CoordinatorInvestigate: %v, CoordinatorStep1: %v", ierr, err)
		}
		if err != nil {
			return
		}
		cmsg2, out, rec, err := chilldkg.CoordinatorFinalize(cs, [][]byte{s.pmsgs2[0], pmsg2, s.pmsgs2[2]})
		if (err == nil) != (cmsg2 != nil && out != nil && rec != nil) || (err != nil && !packageError(err)) {
			t.Fatalf("CoordinatorFinalize: %v", err)
		}
	})
}
