package chilldkg_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/frost/chilldkg"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// session is an in-process ChillDKG session.
type session struct {
	seckeys  [][]byte
	params   chilldkg.SessionParams
	states1  []*chilldkg.ParticipantState1
	pmsgs1   [][]byte
	cstate   *chilldkg.CoordinatorState
	cmsg1    []byte
	states2  []*chilldkg.ParticipantState2
	pmsgs2   [][]byte
	cmsg2    []byte
	cout     *chilldkg.DKGOutput
	crec     []byte
	outs     []*chilldkg.DKGOutput
	recs     [][]byte
	tamperFn func(pmsgs1 [][]byte) // changes the first messages before the coordinator sees them
}

func newSession(t testing.TB, r *rand.Rand, thr, n int) *session {
	t.Helper()
	s := &session{params: chilldkg.SessionParams{T: thr}}
	for range n {
		sk := randBytes(r, 32)
		pk, err := chilldkg.HostPubkey(sk)
		if err != nil {
			t.Fatal(err)
		}
		s.seckeys = append(s.seckeys, sk)
		s.params.HostPubkeys = append(s.params.HostPubkeys, pk)
	}
	return s
}

// round1 runs every participant's step 1 and the coordinator's.
func (s *session) round1(t testing.TB, r *rand.Rand) {
	t.Helper()
	n := len(s.seckeys)
	s.states1, s.pmsgs1 = make([]*chilldkg.ParticipantState1, n), make([][]byte, n)
	for i, sk := range s.seckeys {
		var err error
		if s.states1[i], s.pmsgs1[i], err = chilldkg.ParticipantStep1(sk, s.params, randBytes(r, 32)); err != nil {
			t.Fatalf("participant %d: step 1: %v", i, err)
		}
	}
	if s.tamperFn != nil {
		s.tamperFn(s.pmsgs1)
	}
	var err error
	if s.cstate, s.cmsg1, err = chilldkg.CoordinatorStep1(s.pmsgs1, s.params); err != nil {
		t.Fatalf("coordinator step 1: %v", err)
	}
}

// run runs a whole successful session and checks that every party agrees.
func (s *session) run(t testing.TB, r *rand.Rand) {
	t.Helper()
	s.round1(t, r)
	n := len(s.seckeys)
	s.states2, s.pmsgs2 = make([]*chilldkg.ParticipantState2, n), make([][]byte, n)
	for i, sk := range s.seckeys {
		var err error
		var aux []byte
		if i%2 == 0 {
			aux = randBytes(r, 32)
		}
		if s.states2[i], s.pmsgs2[i], err = chilldkg.ParticipantStep2(sk, s.states1[i], s.cmsg1, aux); err != nil {
			t.Fatalf("participant %d: step 2: %v", i, err)
		}
	}
	var err error
	if s.cmsg2, s.cout, s.crec, err = chilldkg.CoordinatorFinalize(s.cstate, s.pmsgs2); err != nil {
		t.Fatalf("coordinator finalize: %v", err)
	}
	s.outs, s.recs = make([]*chilldkg.DKGOutput, n), make([][]byte, n)
	for i := range s.seckeys {
		if s.outs[i], s.recs[i], err = chilldkg.ParticipantFinalize(s.states2[i], s.cmsg2); err != nil {
			t.Fatalf("participant %d: finalize: %v", i, err)
		}
		if !bytes.Equal(s.recs[i], s.crec) {
			t.Fatalf("participant %d: recovery data differs from the coordinator's", i)
		}
		samePublic(t, fmt.Sprintf("participant %d", i), s.outs[i], s.cout)
		if !bytes.Equal(s.outs[i].SecretShare.PublicKey().BytesCompressed(), s.cout.PublicShares[i]) {
			t.Fatalf("participant %d: secret share does not match its public share", i)
		}
	}
	if s.cout.SecretShare != nil {
		t.Fatal("the coordinator has a secret share")
	}
}

func samePublic(t testing.TB, what string, a, b *chilldkg.DKGOutput) {
	t.Helper()
	if !bytes.Equal(a.ThresholdPublicKey, b.ThresholdPublicKey) || len(a.PublicShares) != len(b.PublicShares) {
		t.Fatalf("%s: threshold key or share count differs", what)
	}
	for i := range a.PublicShares {
		if !bytes.Equal(a.PublicShares[i], b.PublicShares[i]) {
			t.Fatalf("%s: public share %d differs", what, i)
		}
	}
}

// frostSign signs msg with the shares of the given participants and
// checks the signature under the taproot-tweaked threshold key.
func frostSign(t *testing.T, s *session, ids []int, msg []byte) {
	t.Helper()
	n, thr := len(s.seckeys), s.params.T
	pubs := make([][]byte, len(ids))
	for i, id := range ids {
		pubs[i] = s.cout.PublicShares[id]
	}
	sc, err := frost.NewSignersContext(n, thr, ids, pubs, s.cout.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	tc, err := frost.NewTweakContext(s.cout.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := tc.TaprootTweak(nil); err != nil {
		t.Fatal(err)
	}
	sns := make([]*frost.SecretNonce, len(ids))
	pns := make([][]byte, len(ids))
	for i, id := range ids {
		if sns[i], pns[i], err = frost.NonceGen(&frost.NonceOptions{SecretShare: s.outs[id].SecretShare}); err != nil {
			t.Fatal(err)
		}
	}
	agg, err := frost.NonceAgg(pns)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := frost.NewSession(sc, tc, agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([][]byte, len(ids))
	for i, id := range ids {
		if psigs[i], err = sess.Sign(sns[i], s.outs[id].SecretShare, id); err != nil {
			t.Fatal(err)
		}
	}
	sig, err := sess.Aggregate(psigs)
	if err != nil || !schnorr.Verify(tc.XOnlyPublicKey(), msg, sig) {
		t.Fatalf("FROST signature with the DKG's shares does not verify (%v)", err)
	}
}

func TestSessionRoundTrip(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range [][2]int{{1, 1}, {1, 2}, {2, 2}, {2, 3}, {3, 5}, {4, 6}} {
		t.Run(fmt.Sprintf("%dof%d", c[0], c[1]), func(t *testing.T) {
			s := newSession(t, r, c[0], c[1])
			s.run(t, r)
			// Any t participants sign.
			frostSign(t, s, r.Perm(c[1])[:c[0]], randBytes(r, 32))
			// Recovery reproduces every output.
			for i, sk := range s.seckeys {
				out, p, err := chilldkg.ParticipantRecover(sk, s.crec)
				if err != nil {
					t.Fatalf("ParticipantRecover(%d): %v", i, err)
				}
				samePublic(t, "recovered", out, s.cout)
				if !bytes.Equal(out.SecretShare.Bytes(), s.outs[i].SecretShare.Bytes()) {
					t.Fatalf("participant %d: recovered secret share differs", i)
				}
				if p.T != s.params.T || len(p.HostPubkeys) != len(s.seckeys) {
					t.Fatal("recovered parameters differ")
				}
			}
			out, _, err := chilldkg.CoordinatorRecover(s.crec)
			if err != nil || out.SecretShare != nil {
				t.Fatalf("CoordinatorRecover: %v", err)
			}
			samePublic(t, "coordinator recovered", out, s.cout)
			// Recovery acknowledgments.
			acks := make([][]byte, len(s.seckeys))
			for i, sk := range s.seckeys {
				if acks[i], err = chilldkg.RecoveryAckSign(sk, s.crec, s.params, nil); err != nil {
					t.Fatal(err)
				}
			}
			if err := chilldkg.RecoveryAcksVerify(s.crec, s.params, acks); err != nil {
				t.Fatalf("RecoveryAcksVerify: %v", err)
			}
			last := len(acks) - 1
			acks[last] = bytes.Clone(acks[last])
			acks[last][5] ^= 1
			var ae *chilldkg.InvalidRecoveryAckError
			if err := chilldkg.RecoveryAcksVerify(s.crec, s.params, acks); !errors.As(err, &ae) || ae.ParticipantID != last || !errors.Is(err, chilldkg.ErrProtocol) {
				t.Fatalf("RecoveryAcksVerify(bad ack) = %v", err)
			}
			// A bit flip anywhere in the recovery data is rejected.
			bad := bytes.Clone(s.crec)
			bad[r.IntN(len(bad))] ^= 1 << r.IntN(8)
			if _, _, err := chilldkg.CoordinatorRecover(bad); !errors.Is(err, chilldkg.ErrRecoveryData) {
				t.Fatalf("CoordinatorRecover(bit flip) = %v", err)
			}
		})
	}
}

// TestInvestigation: participant j sends participant i a wrong encrypted
// partial share; i's step 2 cannot tell who, the investigation blames j.
func TestInvestigation(t *testing.T) {
	r := testutil.Rand(t)
	const thr, n = 2, 4
	for _, c := range [][2]int{{1, 2}, {3, 0}, {0, 0}} { // {liar j, victim i}
		j, i := c[0], c[1]
		s := newSession(t, r, thr, n)
		s.tamperFn = func(pmsgs [][]byte) {
			// The encrypted shares are the last 32n bytes of pmsg1: add 1
			// to the one for participant i.
			off := len(pmsgs[j]) - 32*n + 32*i + 31
			pmsgs[j] = bytes.Clone(pmsgs[j])
			pmsgs[j][off]++
		}
		s.round1(t, r)
		_, _, err := chilldkg.ParticipantStep2(s.seckeys[i], s.states1[i], s.cmsg1, nil)
		var u *chilldkg.UnknownFaultyParticipantOrCoordinatorError
		if !errors.As(err, &u) {
			t.Fatalf("liar %d, victim %d: step 2 = %v, want UnknownFaultyParticipantOrCoordinatorError", j, i, err)
		}
		if bytes.Contains([]byte(fmt.Sprintf("%v %+v %#v", err, err, u)), []byte("secshare")) {
			t.Error("the error prints its investigation data")
		}
		cinvs, err2 := chilldkg.CoordinatorInvestigate(s.pmsgs1, s.params)
		if err2 != nil {
			t.Fatal(err2)
		}
		err = chilldkg.ParticipantInvestigate(fmt.Errorf("wrapped: %w", err), cinvs[i])
		if j != i {
			var f *chilldkg.FaultyParticipantOrCoordinatorError
			if !errors.As(err, &f) || f.ParticipantID != j {
				t.Fatalf("liar %d, victim %d: investigation = %v", j, i, err)
			}
		} else {
			// The "liar" is the victim itself: only the coordinator could
			// have changed a share to oneself.
			var f *chilldkg.FaultyCoordinatorError
			if !errors.As(err, &f) {
				t.Fatalf("self-tampered share: investigation = %v", err)
			}
		}
		// The other participants are unaffected.
		k := (i + 1) % n
		if k == j {
			k = (k + 1) % n
		}
		if _, _, err := chilldkg.ParticipantStep2(s.seckeys[k], s.states1[k], s.cmsg1, nil); err != nil && j != k {
			t.Fatalf("participant %d: step 2: %v", k, err)
		}
	}
}

func TestStatesConsumed(t *testing.T) {
	r := testutil.Rand(t)
	s := newSession(t, r, 2, 3)
	s.round1(t, r)
	st2, _, err := chilldkg.ParticipantStep2(s.seckeys[0], s.states1[0], s.cmsg1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := chilldkg.ParticipantStep2(s.seckeys[0], s.states1[0], s.cmsg1, nil); !errors.Is(err, chilldkg.ErrInvalidState) {
		t.Fatalf("second ParticipantStep2 with one state = %v", err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%x", "%s"} {
		if got := fmt.Sprintf(verb, st2); got != "chilldkg.ParticipantState2{…}" {
			t.Errorf("Sprintf(%q) = %q", verb, got)
		}
	}
	if _, _, err := chilldkg.ParticipantFinalize(st2, make([]byte, 1)); !errors.Is(err, chilldkg.ErrInvalidInput) {
		t.Fatalf("ParticipantFinalize(short cmsg2) = %v", err)
	}
	if _, _, err := chilldkg.ParticipantFinalize(st2, make([]byte, 64*3)); !errors.Is(err, chilldkg.ErrInvalidState) {
		t.Fatalf("second ParticipantFinalize = %v", err)
	}
}

// TestPublicSharesInterpolate checks the DKG's key material with the
// FROST signers context: every t-subset interpolates to the threshold key.
func TestPublicSharesInterpolate(t *testing.T) {
	r := testutil.Rand(t)
	s := newSession(t, r, 3, 5)
	s.run(t, r)
	for range 5 {
		ids := r.Perm(5)[:3+r.IntN(3)]
		pubs := make([][]byte, len(ids))
		for i, id := range ids {
			pubs[i] = s.cout.PublicShares[id]
		}
		if _, err := frost.NewSignersContext(5, 3, ids, pubs, s.cout.ThresholdPublicKey); err != nil {
			t.Fatalf("signers %v: %v", ids, err)
		}
	}
	// And a taproot output key can be made from the threshold key.
	pk, err := secp256k1.NewPublicKey(s.cout.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := pk.XOnly()
	if _, _, err := secp256k1.TaprootOutputKey(x, nil); err != nil {
		t.Fatal(err)
	}
}
