package chilldkg_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/frost/chilldkg"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package chilldkg: every exported function and method
// called with nil, zero values, used states and wrong lengths. None may
// panic, and none may return a value together with an error.
// TestMisuseTableComplete fails when an exported function has no entry.

func badLengths(n int) [][]byte {
	return [][]byte{nil, {}, make([]byte, n-1), make([]byte, n+1)}
}

func misuseTable(s *session) map[string]func(t *testing.T) {
	sk := s.seckeys[0]
	p := s.params
	badParams := []chilldkg.SessionParams{
		{}, {T: 1}, {T: 0, HostPubkeys: p.HostPubkeys}, {T: 4, HostPubkeys: p.HostPubkeys},
		{T: -1, HostPubkeys: p.HostPubkeys}, {T: 2, HostPubkeys: [][]byte{nil, p.HostPubkeys[1]}},
		{T: 2, HostPubkeys: [][]byte{p.HostPubkeys[0], p.HostPubkeys[0]}},
	}
	fresh1 := func(t *testing.T) *chilldkg.ParticipantState1 {
		st, _, err := chilldkg.ParticipantStep1(sk, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	var nilS1 *chilldkg.ParticipantState1
	var nilS2 *chilldkg.ParticipantState2
	var nilCS *chilldkg.CoordinatorState
	return map[string]func(t *testing.T){
		"chilldkg.HostPubkey": func(t *testing.T) {
			for _, b := range append(badLengths(32), make([]byte, 32), bytes.Repeat([]byte{0xff}, 32)) {
				if pk, err := chilldkg.HostPubkey(b); pk != nil || err == nil {
					t.Errorf("HostPubkey(%x) = %x, %v", b, pk, err)
				}
			}
		},
		"chilldkg.ParamsHash": func(t *testing.T) {
			for _, bp := range badParams {
				if h, err := chilldkg.ParamsHash(bp); h != nil || !errors.Is(err, chilldkg.ErrSessionParams) {
					t.Errorf("ParamsHash(%v) = %x, %v", bp, h, err)
				}
			}
		},
		"chilldkg.ParticipantStep1": func(t *testing.T) {
			for _, b := range badLengths(32) {
				if st, m, err := chilldkg.ParticipantStep1(b, p, nil); st != nil || m != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("ParticipantStep1(seckey %x) = %v", b, err)
				}
				if b == nil {
					continue
				}
				if st, m, err := chilldkg.ParticipantStep1(sk, p, b); st != nil || m != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("ParticipantStep1(random %x) = %v", b, err)
				}
			}
			for _, bp := range badParams {
				if st, m, err := chilldkg.ParticipantStep1(sk, bp, nil); st != nil || m != nil || !errors.Is(err, chilldkg.ErrSessionParams) {
					t.Errorf("ParticipantStep1(%v) = %v", bp, err)
				}
			}
			if _, _, err := chilldkg.ParticipantStep1(sk, p, make([]byte, 32)); !errors.Is(err, chilldkg.ErrRandomness) {
				t.Errorf("ParticipantStep1(zero random) = %v", err)
			}
		},
		"chilldkg.ParticipantStep2": func(t *testing.T) {
			for _, st := range []*chilldkg.ParticipantState1{nilS1, new(chilldkg.ParticipantState1)} {
				if s2, m, err := chilldkg.ParticipantStep2(sk, st, s.cmsg1, nil); s2 != nil || m != nil || !errors.Is(err, chilldkg.ErrInvalidState) {
					t.Errorf("ParticipantStep2(invalid state) = %v", err)
				}
			}
			for _, b := range badLengths(32) {
				if s2, m, err := chilldkg.ParticipantStep2(b, fresh1(t), s.cmsg1, nil); s2 != nil || m != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("ParticipantStep2(seckey %x) = %v", b, err)
				}
			}
			for _, b := range append(badLengths(len(s.cmsg1)), make([]byte, len(s.cmsg1))) {
				if s2, m, err := chilldkg.ParticipantStep2(sk, fresh1(t), b, nil); s2 != nil || m != nil || err == nil {
					t.Errorf("ParticipantStep2(cmsg1 of %d bytes) = %v", len(b), err)
				}
			}
		},
		"chilldkg.ParticipantState2.String": func(t *testing.T) {
			if nilS2.String() != "chilldkg.ParticipantState2{…}" {
				t.Error("String")
			}
		},
		"chilldkg.ParticipantState2.GoString": func(t *testing.T) {
			if nilS2.GoString() != "chilldkg.ParticipantState2{…}" {
				t.Error("GoString")
			}
		},
		"chilldkg.ParticipantState2.Format": func(t *testing.T) {
			if fmt.Sprintf("%x", nilS2) != "chilldkg.ParticipantState2{…}" {
				t.Error("Format")
			}
		},
		"chilldkg.ParticipantFinalize": func(t *testing.T) {
			for _, st := range []*chilldkg.ParticipantState2{nilS2, new(chilldkg.ParticipantState2)} {
				if out, rec, err := chilldkg.ParticipantFinalize(st, s.cmsg2); out != nil || rec != nil || !errors.Is(err, chilldkg.ErrInvalidState) {
					t.Errorf("ParticipantFinalize(invalid state) = %v", err)
				}
			}
		},
		"chilldkg.ParticipantInvestigate": func(t *testing.T) {
			for _, e := range []error{nil, errors.New("x"), new(chilldkg.UnknownFaultyParticipantOrCoordinatorError), (*chilldkg.UnknownFaultyParticipantOrCoordinatorError)(nil)} {
				if err := chilldkg.ParticipantInvestigate(e, make([]byte, 65*3)); !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("ParticipantInvestigate(%v) = %v", e, err)
				}
			}
		},
		"chilldkg.CoordinatorStep1": func(t *testing.T) {
			for _, bp := range badParams {
				if st, m, err := chilldkg.CoordinatorStep1(s.pmsgs1, bp); st != nil || m != nil || !errors.Is(err, chilldkg.ErrSessionParams) {
					t.Errorf("CoordinatorStep1(%v) = %v", bp, err)
				}
			}
			for _, ms := range [][][]byte{nil, s.pmsgs1[:2], append(slices.Clone(s.pmsgs1), s.pmsgs1[0]), {nil, nil, nil}} {
				if st, m, err := chilldkg.CoordinatorStep1(ms, p); st != nil || m != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("CoordinatorStep1(%d messages) = %v", len(ms), err)
				}
			}
			bad := slices.Clone(s.pmsgs1)
			bad[1] = bytes.Repeat([]byte{0xff}, len(bad[1]))
			var fp *chilldkg.FaultyParticipantError
			if _, _, err := chilldkg.CoordinatorStep1(bad, p); !errors.As(err, &fp) || fp.ParticipantID != 1 {
				t.Errorf("CoordinatorStep1(garbage from 1) = %v", err)
			}
		},
		"chilldkg.CoordinatorFinalize": func(t *testing.T) {
			for _, st := range []*chilldkg.CoordinatorState{nilCS, new(chilldkg.CoordinatorState)} {
				if c, o, r, err := chilldkg.CoordinatorFinalize(st, s.pmsgs2); c != nil || o != nil || r != nil || !errors.Is(err, chilldkg.ErrInvalidState) {
					t.Errorf("CoordinatorFinalize(invalid state) = %v", err)
				}
			}
			for _, ms := range [][][]byte{nil, s.pmsgs2[:2], {nil, nil, nil}} {
				if c, o, r, err := chilldkg.CoordinatorFinalize(s.cstate, ms); c != nil || o != nil || r != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("CoordinatorFinalize(%d messages) = %v", len(ms), err)
				}
			}
		},
		"chilldkg.CoordinatorInvestigate": func(t *testing.T) {
			for _, bp := range badParams {
				if c, err := chilldkg.CoordinatorInvestigate(s.pmsgs1, bp); c != nil || !errors.Is(err, chilldkg.ErrSessionParams) {
					t.Errorf("CoordinatorInvestigate(%v) = %v", bp, err)
				}
			}
			if c, err := chilldkg.CoordinatorInvestigate(s.pmsgs1[:1], p); c != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
				t.Errorf("CoordinatorInvestigate(1 message) = %v", err)
			}
		},
		"chilldkg.ParticipantRecover": func(t *testing.T) {
			for _, b := range badLengths(32) {
				if o, pp, err := chilldkg.ParticipantRecover(b, s.crec); o != nil || pp != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
					t.Errorf("ParticipantRecover(seckey %x) = %v", b, err)
				}
			}
			for _, b := range [][]byte{nil, {}, {0, 0, 0, 2}, s.crec[:len(s.crec)-1]} {
				if o, pp, err := chilldkg.ParticipantRecover(sk, b); o != nil || pp != nil || !errors.Is(err, chilldkg.ErrRecoveryData) {
					t.Errorf("ParticipantRecover(data of %d bytes) = %v", len(b), err)
				}
			}
		},
		"chilldkg.CoordinatorRecover": func(t *testing.T) {
			big := append([]byte{0xff, 0xff, 0xff, 0xff}, make([]byte, 100)...)
			for _, b := range [][]byte{nil, {}, {0, 0, 0, 0}, big, append([]byte{0x80, 0, 0, 0}, big[4:]...), s.crec[:len(s.crec)-1]} {
				if o, pp, err := chilldkg.CoordinatorRecover(b); o != nil || pp != nil || !errors.Is(err, chilldkg.ErrRecoveryData) {
					t.Errorf("CoordinatorRecover(data of %d bytes) = %v", len(b), err)
				}
			}
		},
		"chilldkg.RecoveryAckSign": func(t *testing.T) {
			if a, err := chilldkg.RecoveryAckSign(nil, s.crec, p, nil); a != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
				t.Errorf("RecoveryAckSign(nil key) = %v", err)
			}
			if a, err := chilldkg.RecoveryAckSign(sk, s.crec, p, []byte{1}); a != nil || !errors.Is(err, chilldkg.ErrInvalidInput) {
				t.Errorf("RecoveryAckSign(short aux) = %v", err)
			}
			for _, bp := range badParams {
				if a, err := chilldkg.RecoveryAckSign(sk, s.crec, bp, nil); a != nil || !errors.Is(err, chilldkg.ErrSessionParams) {
					t.Errorf("RecoveryAckSign(%v) = %v", bp, err)
				}
			}
			for _, b := range [][]byte{nil, {0, 0, 0, 2}, s.crec[:len(s.crec)-1]} {
				if a, err := chilldkg.RecoveryAckSign(sk, b, p, nil); a != nil || !errors.Is(err, chilldkg.ErrRecoveryData) {
					t.Errorf("RecoveryAckSign(data of %d bytes) = %v", len(b), err)
				}
			}
			other := chilldkg.SessionParams{T: 1, HostPubkeys: p.HostPubkeys}
			if a, err := chilldkg.RecoveryAckSign(sk, s.crec, other, nil); a != nil || !errors.Is(err, chilldkg.ErrRecoveryData) {
				t.Errorf("RecoveryAckSign(other threshold) = %v", err)
			}
		},
		"chilldkg.RecoveryAcksVerify": func(t *testing.T) {
			acks := [][]byte{make([]byte, 64), make([]byte, 64), make([]byte, 64)}
			if err := chilldkg.RecoveryAcksVerify(s.crec, p, acks[:2]); !errors.Is(err, chilldkg.ErrInvalidInput) {
				t.Errorf("RecoveryAcksVerify(2 acks) = %v", err)
			}
			if err := chilldkg.RecoveryAcksVerify(s.crec, p, [][]byte{nil, nil, nil}); !errors.Is(err, chilldkg.ErrInvalidInput) {
				t.Errorf("RecoveryAcksVerify(nil acks) = %v", err)
			}
			if err := chilldkg.RecoveryAcksVerify(nil, p, acks); !errors.Is(err, chilldkg.ErrRecoveryData) {
				t.Errorf("RecoveryAcksVerify(nil data) = %v", err)
			}
			if err := chilldkg.RecoveryAcksVerify(s.crec, p, acks); !errors.Is(err, chilldkg.ErrInvalidRecoveryAck) {
				t.Errorf("RecoveryAcksVerify(zero acks) = %v", err)
			}
			for _, bp := range badParams {
				if err := chilldkg.RecoveryAcksVerify(s.crec, bp, acks); !errors.Is(err, chilldkg.ErrSessionParams) {
					t.Errorf("RecoveryAcksVerify(%v) = %v", bp, err)
				}
			}
		},
		"chilldkg.InvalidHostPubkeyError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.InvalidHostPubkeyError)(nil), new(chilldkg.InvalidHostPubkeyError))
		},
		"chilldkg.InvalidHostPubkeyError.Unwrap": func(t *testing.T) { unwrapTo(t, new(chilldkg.InvalidHostPubkeyError), chilldkg.ErrSessionParams) },
		"chilldkg.DuplicateHostPubkeyError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.DuplicateHostPubkeyError)(nil), new(chilldkg.DuplicateHostPubkeyError))
		},
		"chilldkg.DuplicateHostPubkeyError.Unwrap": func(t *testing.T) { unwrapTo(t, new(chilldkg.DuplicateHostPubkeyError), chilldkg.ErrSessionParams) },
		"chilldkg.FaultyParticipantError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.FaultyParticipantError)(nil), new(chilldkg.FaultyParticipantError))
		},
		"chilldkg.FaultyParticipantError.Unwrap": func(t *testing.T) { unwrapTo(t, new(chilldkg.FaultyParticipantError), chilldkg.ErrProtocol) },
		"chilldkg.FaultyParticipantOrCoordinatorError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.FaultyParticipantOrCoordinatorError)(nil), new(chilldkg.FaultyParticipantOrCoordinatorError))
		},
		"chilldkg.FaultyParticipantOrCoordinatorError.Unwrap": func(t *testing.T) {
			unwrapTo(t, new(chilldkg.FaultyParticipantOrCoordinatorError), chilldkg.ErrProtocol)
		},
		"chilldkg.FaultyCoordinatorError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.FaultyCoordinatorError)(nil), new(chilldkg.FaultyCoordinatorError))
		},
		"chilldkg.FaultyCoordinatorError.Unwrap": func(t *testing.T) { unwrapTo(t, new(chilldkg.FaultyCoordinatorError), chilldkg.ErrProtocol) },
		"chilldkg.UnknownFaultyParticipantOrCoordinatorError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.UnknownFaultyParticipantOrCoordinatorError)(nil), new(chilldkg.UnknownFaultyParticipantOrCoordinatorError))
		},
		"chilldkg.UnknownFaultyParticipantOrCoordinatorError.Unwrap": func(t *testing.T) {
			unwrapTo(t, new(chilldkg.UnknownFaultyParticipantOrCoordinatorError), chilldkg.ErrProtocol)
		},
		"chilldkg.InvalidRecoveryAckError.Error": func(t *testing.T) {
			errorMethods(t, (*chilldkg.InvalidRecoveryAckError)(nil), new(chilldkg.InvalidRecoveryAckError))
		},
		"chilldkg.InvalidRecoveryAckError.Unwrap": func(t *testing.T) {
			unwrapTo(t, new(chilldkg.InvalidRecoveryAckError), chilldkg.ErrInvalidRecoveryAck)
			unwrapTo(t, new(chilldkg.InvalidRecoveryAckError), chilldkg.ErrProtocol)
		},
	}
}

// errorMethods checks that Error works on a nil and a zero-value error.
func errorMethods(t *testing.T, errs ...error) {
	t.Helper()
	for _, e := range errs {
		if e.Error() == "" {
			t.Errorf("%T: empty message", e)
		}
	}
}

func unwrapTo(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%T does not wrap %v", err, target)
	}
}

func misuseSession(t *testing.T) *session {
	r := testutil.Rand(t)
	s := newSession(t, r, 2, 3)
	s.run(t, r)
	return s
}

func TestMisuse(t *testing.T) {
	s := misuseSession(t)
	for name, fn := range misuseTable(s) {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			fn(t)
		})
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable(misuseSession(t))
	exported := testutil.ExportedFuncs(t, ".")
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse case for %s, which is not exported", name)
		}
	}
}
