package chilldkg_test

// The ChillDKG 0.3.0 test vectors (testdata/vectors, MIT OR CC0-1.0, see
// testdata/README.md at the repository root): every case of the ten
// files, each error with the exception type the vectors name and, where
// they name one, the participant to blame; each suite asserts the file's
// totalTests. The files' descriptions spell out the harness: stateful
// steps re-run the earlier rounds with the group's host secret key and
// randomness and check their messages against the vectors first.

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/p256k1/secp256k1/frost/chilldkg"
	"github.com/p256k1/secp256k1/internal/testutil"
)

const vecDir = "testdata/vectors/"

type vecParams struct {
	Hostpubkeys []string `json:"hostpubkeys"`
	T           int      `json:"t"`
}

func (p *vecParams) params(t *testing.T) chilldkg.SessionParams {
	return chilldkg.SessionParams{HostPubkeys: hexAll(t, p.Hostpubkeys), T: p.T}
}

type vecError struct {
	Type           string `json:"type"`
	Message        string `json:"message"`
	ParticipantID  *int   `json:"participantId"`
	ParticipantID1 *int   `json:"participantId1"`
	ParticipantID2 *int   `json:"participantId2"`
}

type vecOutput struct {
	Secshare  *string  `json:"secshare"`
	ThreshPk  string   `json:"threshPk"`
	Pubshares []string `json:"pubshares"`
}

func hexAll(t *testing.T, ss []string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = testutil.MustHex(t, s)
	}
	return out
}

func hexOpt(t *testing.T, s *string) []byte {
	if s == nil {
		return nil
	}
	return testutil.MustHex(t, *s)
}

func pick(all [][]byte, idx []int) [][]byte {
	out := make([][]byte, len(idx))
	for i, j := range idx {
		out[i] = all[j]
	}
	return out
}

func countCases(t *testing.T, name string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s: ran %d cases, the file has %d", name, got, want)
	}
}

// checkErr fails unless err is the exception want names: its type (a
// sentinel or an error type of the package) and the blamed participants.
func checkErr(t *testing.T, what string, err error, want vecError) {
	t.Helper()
	idOK := func(got int, want *int) bool { return want == nil || got == *want }
	var ok bool
	switch want.Type {
	case "ValueError":
		ok = errors.Is(err, chilldkg.ErrInvalidInput)
	case "HostSeckeyError":
		ok = errors.Is(err, chilldkg.ErrHostSeckey)
	case "ThresholdOrCountError":
		ok = errors.Is(err, chilldkg.ErrThresholdOrCount) && errors.Is(err, chilldkg.ErrSessionParams)
	case "RandomnessError":
		ok = errors.Is(err, chilldkg.ErrRandomness)
	case "RecoveryDataError":
		ok = errors.Is(err, chilldkg.ErrRecoveryData)
	case "InvalidHostPubkeyError":
		var e *chilldkg.InvalidHostPubkeyError
		ok = errors.As(err, &e) && idOK(e.ParticipantID, want.ParticipantID) && errors.Is(err, chilldkg.ErrSessionParams)
	case "DuplicateHostPubkeyError":
		var e *chilldkg.DuplicateHostPubkeyError
		ok = errors.As(err, &e) && idOK(e.ParticipantID1, want.ParticipantID1) && idOK(e.ParticipantID2, want.ParticipantID2)
	case "FaultyParticipantError":
		var e *chilldkg.FaultyParticipantError
		ok = errors.As(err, &e) && idOK(e.ParticipantID, want.ParticipantID) && errors.Is(err, chilldkg.ErrProtocol)
	case "FaultyParticipantOrCoordinatorError":
		var e *chilldkg.FaultyParticipantOrCoordinatorError
		ok = errors.As(err, &e) && idOK(e.ParticipantID, want.ParticipantID) && errors.Is(err, chilldkg.ErrProtocol)
	case "FaultyCoordinatorError":
		var e *chilldkg.FaultyCoordinatorError
		ok = errors.As(err, &e) && errors.Is(err, chilldkg.ErrProtocol)
	case "UnknownFaultyParticipantOrCoordinatorError":
		var e *chilldkg.UnknownFaultyParticipantOrCoordinatorError
		ok = errors.As(err, &e) && errors.Is(err, chilldkg.ErrProtocol)
	default:
		t.Fatalf("%s: unknown error type %q", what, want.Type)
	}
	if !ok {
		t.Errorf("%s: error %v, want %s %+v", what, err, want.Type, want)
	}
}

// checkOutput compares a DKG output with the vectors' (secshare null for
// the coordinator).
func checkOutput(t *testing.T, what string, got *chilldkg.DKGOutput, want *vecOutput) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: no output", what)
		return
	}
	if want.Secshare == nil {
		if got.SecretShare != nil {
			t.Errorf("%s: secret share present, want none", what)
		}
	} else if got.SecretShare == nil || !bytes.Equal(got.SecretShare.Bytes(), testutil.MustHex(t, *want.Secshare)) {
		t.Errorf("%s: secret share differs", what)
	}
	if !bytes.Equal(got.ThresholdPublicKey, testutil.MustHex(t, want.ThreshPk)) {
		t.Errorf("%s: threshold key %x, want %s", what, got.ThresholdPublicKey, want.ThreshPk)
	}
	ps := hexAll(t, want.Pubshares)
	if len(got.PublicShares) != len(ps) {
		t.Fatalf("%s: %d public shares, want %d", what, len(got.PublicShares), len(ps))
	}
	for i := range ps {
		if !bytes.Equal(got.PublicShares[i], ps[i]) {
			t.Errorf("%s: public share %d %x, want %x", what, i, got.PublicShares[i], ps[i])
		}
	}
}

func TestVectorsHostPubkey(t *testing.T) {
	var v struct {
		Total int `json:"totalTests"`
		Valid []struct {
			ID       int    `json:"tcId"`
			Seckey   string `json:"hostseckey"`
			Expected string `json:"expectedHostpubkey"`
		} `json:"validTestCases"`
		Errors []struct {
			ID     int      `json:"tcId"`
			Seckey string   `json:"hostseckey"`
			Error  vecError `json:"expectedError"`
		} `json:"errorTestCases"`
	}
	testutil.LoadJSON(t, vecDir+"hostpubkey_gen_vectors.json", &v)
	n := 0
	for _, tc := range v.Valid {
		got, err := chilldkg.HostPubkey(testutil.MustHex(t, tc.Seckey))
		if err != nil || !bytes.Equal(got, testutil.MustHex(t, tc.Expected)) {
			t.Errorf("tc %d: %x, %v; want %s", tc.ID, got, err, tc.Expected)
		}
		n++
	}
	for _, tc := range v.Errors {
		got, err := chilldkg.HostPubkey(testutil.MustHex(t, tc.Seckey))
		if got != nil {
			t.Errorf("tc %d: returned %x with the error", tc.ID, got)
		}
		checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
		n++
	}
	countCases(t, "hostpubkey_gen", n, v.Total)
	countCases(t, "hostpubkey_gen (totalTests)", v.Total, 4)
}

func TestVectorsParamsHash(t *testing.T) {
	var v struct {
		Total int `json:"totalTests"`
		Valid []struct {
			ID       int       `json:"tcId"`
			Params   vecParams `json:"params"`
			Expected string    `json:"expectedParamsHash"`
		} `json:"validTestCases"`
		Errors []struct {
			ID     int       `json:"tcId"`
			Params vecParams `json:"params"`
			Error  vecError  `json:"expectedError"`
		} `json:"errorTestCases"`
	}
	testutil.LoadJSON(t, vecDir+"params_hash_vectors.json", &v)
	n := 0
	for _, tc := range v.Valid {
		got, err := chilldkg.ParamsHash(tc.Params.params(t))
		if err != nil || !bytes.Equal(got, testutil.MustHex(t, tc.Expected)) {
			t.Errorf("tc %d: %x, %v; want %s", tc.ID, got, err, tc.Expected)
		}
		n++
	}
	for _, tc := range v.Errors {
		got, err := chilldkg.ParamsHash(tc.Params.params(t))
		if got != nil {
			t.Errorf("tc %d: returned %x with the error", tc.ID, got)
		}
		checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
		n++
	}
	countCases(t, "params_hash", n, v.Total)
	countCases(t, "params_hash (totalTests)", v.Total, 6)
}

func TestVectorsParticipantStep1(t *testing.T) {
	type tcase struct {
		ID       int       `json:"tcId"`
		Seckey   string    `json:"hostseckey"`
		Params   vecParams `json:"params"`
		Random   string    `json:"random"`
		Expected string    `json:"expectedPmsg1"`
		Error    vecError  `json:"expectedError"`
	}
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			Valid  []tcase `json:"validTestCases"`
			Errors []tcase `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"participant_step1_vectors.json", &v)
	n := 0
	for _, g := range v.Groups {
		for _, tc := range g.Valid {
			st, got, err := chilldkg.ParticipantStep1(testutil.MustHex(t, tc.Seckey), tc.Params.params(t), testutil.MustHex(t, tc.Random))
			if err != nil || st == nil || !bytes.Equal(got, testutil.MustHex(t, tc.Expected)) {
				t.Errorf("tc %d: %x, %v; want %s", tc.ID, got, err, tc.Expected)
			}
			n++
		}
		for _, tc := range g.Errors {
			st, got, err := chilldkg.ParticipantStep1(testutil.MustHex(t, tc.Seckey), tc.Params.params(t), testutil.MustHex(t, tc.Random))
			if st != nil || got != nil {
				t.Errorf("tc %d: returned a result with the error", tc.ID)
			}
			checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			n++
		}
	}
	countCases(t, "participant_step1", n, v.Total)
	countCases(t, "participant_step1 (totalTests)", v.Total, 52)
}

// participantGroup is the shared part of the stateful participant files.
type participantGroup struct {
	Params  vecParams `json:"params"`
	Seckey  string    `json:"hostseckey"`
	Random  string    `json:"random"`
	AuxRand string    `json:"auxRand"`
	Pmsg1   string    `json:"pmsg1"`
	Cmsg1   string    `json:"cmsg1"`
	Pmsg2   string    `json:"pmsg2"`
}

// step1 re-runs the group's ParticipantStep1 and checks its message.
func (g *participantGroup) step1(t *testing.T) *chilldkg.ParticipantState1 {
	t.Helper()
	st, pmsg, err := chilldkg.ParticipantStep1(testutil.MustHex(t, g.Seckey), g.Params.params(t), testutil.MustHex(t, g.Random))
	if err != nil || !bytes.Equal(pmsg, testutil.MustHex(t, g.Pmsg1)) {
		t.Fatalf("ParticipantStep1: %x, %v; want %s", pmsg, err, g.Pmsg1)
	}
	return st
}

// step2 re-runs ParticipantStep1 and ParticipantStep2 with the group's
// cmsg1 and checks the messages.
func (g *participantGroup) step2(t *testing.T) *chilldkg.ParticipantState2 {
	t.Helper()
	st, pmsg, err := chilldkg.ParticipantStep2(testutil.MustHex(t, g.Seckey), g.step1(t), testutil.MustHex(t, g.Cmsg1), testutil.MustHex(t, g.AuxRand))
	if err != nil || !bytes.Equal(pmsg, testutil.MustHex(t, g.Pmsg2)) {
		t.Fatalf("ParticipantStep2: %x, %v; want %s", pmsg, err, g.Pmsg2)
	}
	return st
}

func TestVectorsParticipantStep2(t *testing.T) {
	type tcase struct {
		ID       int      `json:"tcId"`
		Seckey   *string  `json:"hostseckey"`
		AuxRand  *string  `json:"auxRand"`
		Cmsg1    string   `json:"cmsg1"`
		Expected string   `json:"expectedPmsg2"`
		Error    vecError `json:"expectedError"`
	}
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			participantGroup
			Valid  []tcase `json:"validTestCases"`
			Errors []tcase `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"participant_step2_vectors.json", &v)
	run := func(g *participantGroup, tc *tcase) (*chilldkg.ParticipantState2, []byte, error) {
		seckey, aux := testutil.MustHex(t, g.Seckey), testutil.MustHex(t, g.AuxRand)
		if tc.Seckey != nil {
			seckey = testutil.MustHex(t, *tc.Seckey)
		}
		if tc.AuxRand != nil {
			aux = testutil.MustHex(t, *tc.AuxRand)
		}
		return chilldkg.ParticipantStep2(seckey, g.step1(t), testutil.MustHex(t, tc.Cmsg1), aux)
	}
	n := 0
	for gi := range v.Groups {
		g := &v.Groups[gi]
		for _, tc := range g.Valid {
			st, got, err := run(&g.participantGroup, &tc)
			if err != nil || st == nil || !bytes.Equal(got, testutil.MustHex(t, tc.Expected)) {
				t.Errorf("tc %d: %x, %v; want %s", tc.ID, got, err, tc.Expected)
			}
			n++
		}
		for _, tc := range g.Errors {
			st, got, err := run(&g.participantGroup, &tc)
			if st != nil || got != nil {
				t.Errorf("tc %d: returned a result with the error", tc.ID)
			}
			checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			n++
		}
	}
	countCases(t, "participant_step2", n, v.Total)
	countCases(t, "participant_step2 (totalTests)", v.Total, 74)
}

func TestVectorsParticipantFinalize(t *testing.T) {
	type tcase struct {
		ID       int    `json:"tcId"`
		Cmsg2    string `json:"cmsg2"`
		Expected struct {
			Output   vecOutput `json:"dkgOutput"`
			Recovery string    `json:"recoveryData"`
		} `json:"expectedOutput"`
		Error vecError `json:"expectedError"`
	}
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			participantGroup
			Valid  []tcase `json:"validTestCases"`
			Errors []tcase `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"participant_finalize_vectors.json", &v)
	n := 0
	for gi := range v.Groups {
		g := &v.Groups[gi]
		for _, tc := range g.Valid {
			out, rec, err := chilldkg.ParticipantFinalize(g.step2(t), testutil.MustHex(t, tc.Cmsg2))
			if err != nil || !bytes.Equal(rec, testutil.MustHex(t, tc.Expected.Recovery)) {
				t.Errorf("tc %d: recovery data %x, %v", tc.ID, rec, err)
			}
			checkOutput(t, fmt.Sprintf("tc %d", tc.ID), out, &tc.Expected.Output)
			n++
		}
		for _, tc := range g.Errors {
			out, rec, err := chilldkg.ParticipantFinalize(g.step2(t), testutil.MustHex(t, tc.Cmsg2))
			if out != nil || rec != nil {
				t.Errorf("tc %d: returned a result with the error", tc.ID)
			}
			checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			n++
		}
	}
	countCases(t, "participant_finalize", n, v.Total)
	countCases(t, "participant_finalize (totalTests)", v.Total, 16)
}

func TestVectorsParticipantInvestigate(t *testing.T) {
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			participantGroup
			Cmsg1Pool []string `json:"cmsg1Pool"`
			Errors    []struct {
				ID         int      `json:"tcId"`
				Cmsg1Index int      `json:"cmsg1Index"`
				Cinv       string   `json:"cinvMsg"`
				Error      vecError `json:"expectedError"`
			} `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"participant_investigate_vectors.json", &v)
	n := 0
	for gi := range v.Groups {
		g := &v.Groups[gi]
		for _, tc := range g.Errors {
			st, pmsg, err := chilldkg.ParticipantStep2(testutil.MustHex(t, g.Seckey), g.step1(t), testutil.MustHex(t, g.Cmsg1Pool[tc.Cmsg1Index]), testutil.MustHex(t, g.AuxRand))
			var u *chilldkg.UnknownFaultyParticipantOrCoordinatorError
			if st != nil || pmsg != nil || !errors.As(err, &u) {
				t.Fatalf("tc %d: ParticipantStep2 = %v, want UnknownFaultyParticipantOrCoordinatorError", tc.ID, err)
			}
			err = chilldkg.ParticipantInvestigate(err, testutil.MustHex(t, tc.Cinv))
			checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			n++
		}
	}
	countCases(t, "participant_investigate", n, v.Total)
	countCases(t, "participant_investigate (totalTests)", v.Total, 16)
}

func TestVectorsCoordinatorStep1(t *testing.T) {
	type tcase struct {
		ID       int       `json:"tcId"`
		Indices  []int     `json:"pmsg1Indices"`
		Params   vecParams `json:"params"`
		Expected string    `json:"expectedCmsg1"`
		Error    vecError  `json:"expectedError"`
	}
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			Pool   []string `json:"pmsg1Pool"`
			Valid  []tcase  `json:"validTestCases"`
			Errors []tcase  `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"coordinator_step1_vectors.json", &v)
	n := 0
	for _, g := range v.Groups {
		pool := hexAll(t, g.Pool)
		for _, tc := range g.Valid {
			st, got, err := chilldkg.CoordinatorStep1(pick(pool, tc.Indices), tc.Params.params(t))
			if err != nil || st == nil || !bytes.Equal(got, testutil.MustHex(t, tc.Expected)) {
				t.Errorf("tc %d: %x, %v; want %s", tc.ID, got, err, tc.Expected)
			}
			n++
		}
		for _, tc := range g.Errors {
			st, got, err := chilldkg.CoordinatorStep1(pick(pool, tc.Indices), tc.Params.params(t))
			if st != nil || got != nil {
				t.Errorf("tc %d: returned a result with the error", tc.ID)
			}
			checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			n++
		}
	}
	countCases(t, "coordinator_step1", n, v.Total)
	countCases(t, "coordinator_step1 (totalTests)", v.Total, 44)
}

func TestVectorsCoordinatorFinalize(t *testing.T) {
	type tcase struct {
		ID       int   `json:"tcId"`
		Indices  []int `json:"pmsg2Indices"`
		Expected struct {
			Cmsg2    string    `json:"cmsg2"`
			Output   vecOutput `json:"dkgOutput"`
			Recovery string    `json:"recoveryData"`
		} `json:"expectedOutput"`
		Error vecError `json:"expectedError"`
	}
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			Params vecParams `json:"params"`
			Pmsgs1 []string  `json:"pmsgs1"`
			Cmsg1  string    `json:"cmsg1"`
			Pool   []string  `json:"pmsg2Pool"`
			Valid  []tcase   `json:"validTestCases"`
			Errors []tcase   `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"coordinator_finalize_vectors.json", &v)
	n := 0
	for _, g := range v.Groups {
		st, cmsg1, err := chilldkg.CoordinatorStep1(hexAll(t, g.Pmsgs1), g.Params.params(t))
		if err != nil || !bytes.Equal(cmsg1, testutil.MustHex(t, g.Cmsg1)) {
			t.Fatalf("CoordinatorStep1: %x, %v; want %s", cmsg1, err, g.Cmsg1)
		}
		pool := hexAll(t, g.Pool)
		for _, tc := range g.Valid {
			cmsg2, out, rec, err := chilldkg.CoordinatorFinalize(st, pick(pool, tc.Indices))
			if err != nil || !bytes.Equal(cmsg2, testutil.MustHex(t, tc.Expected.Cmsg2)) || !bytes.Equal(rec, testutil.MustHex(t, tc.Expected.Recovery)) {
				t.Errorf("tc %d: %x, %x, %v", tc.ID, cmsg2, rec, err)
			}
			checkOutput(t, fmt.Sprintf("tc %d", tc.ID), out, &tc.Expected.Output)
			n++
		}
		for _, tc := range g.Errors {
			cmsg2, out, rec, err := chilldkg.CoordinatorFinalize(st, pick(pool, tc.Indices))
			if cmsg2 != nil || out != nil || rec != nil {
				t.Errorf("tc %d: returned a result with the error", tc.ID)
			}
			checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			n++
		}
	}
	countCases(t, "coordinator_finalize", n, v.Total)
	countCases(t, "coordinator_finalize (totalTests)", v.Total, 20)
}

func TestVectorsCoordinatorInvestigate(t *testing.T) {
	var v struct {
		Total  int `json:"totalTests"`
		Groups []struct {
			Params vecParams `json:"params"`
			Pmsgs1 []string  `json:"pmsgs1"`
			Valid  []struct {
				ID       int      `json:"tcId"`
				Expected []string `json:"expectedCinvMsgs"`
			} `json:"validTestCases"`
			Errors []struct{} `json:"errorTestCases"`
		} `json:"testGroups"`
	}
	testutil.LoadJSON(t, vecDir+"coordinator_investigate_vectors.json", &v)
	n := 0
	for _, g := range v.Groups {
		if len(g.Errors) != 0 {
			t.Fatalf("%d error cases: the harness has none", len(g.Errors))
		}
		for _, tc := range g.Valid {
			got, err := chilldkg.CoordinatorInvestigate(hexAll(t, g.Pmsgs1), g.Params.params(t))
			want := hexAll(t, tc.Expected)
			if err != nil || len(got) != len(want) {
				t.Fatalf("tc %d: %d messages, %v; want %d", tc.ID, len(got), err, len(want))
			}
			for i := range want {
				if !bytes.Equal(got[i], want[i]) {
					t.Errorf("tc %d: message %d %x, want %x", tc.ID, i, got[i], want[i])
				}
			}
			n++
		}
	}
	countCases(t, "coordinator_investigate", n, v.Total)
	countCases(t, "coordinator_investigate (totalTests)", v.Total, 4)
}

func TestVectorsRecover(t *testing.T) {
	type tcase struct {
		ID       int     `json:"tcId"`
		Seckey   *string `json:"hostseckey"`
		Data     string  `json:"recoveryData"`
		Expected struct {
			Output vecOutput `json:"dkgOutput"`
			Params vecParams `json:"params"`
		} `json:"expectedOutput"`
		Error vecError `json:"expectedError"`
	}
	var v struct {
		Total  int     `json:"totalTests"`
		Valid  []tcase `json:"validTestCases"`
		Errors []tcase `json:"errorTestCases"`
	}
	testutil.LoadJSON(t, vecDir+"recover_vectors.json", &v)
	run := func(tc *tcase) (*chilldkg.DKGOutput, *chilldkg.SessionParams, error) {
		data := testutil.MustHex(t, tc.Data)
		if tc.Seckey == nil {
			return chilldkg.CoordinatorRecover(data)
		}
		return chilldkg.ParticipantRecover(hexOpt(t, tc.Seckey), data)
	}
	n := 0
	for _, tc := range v.Valid {
		out, p, err := run(&tc)
		if err != nil {
			t.Errorf("tc %d: %v", tc.ID, err)
			n++
			continue
		}
		checkOutput(t, fmt.Sprintf("tc %d", tc.ID), out, &tc.Expected.Output)
		want := tc.Expected.Params.params(t)
		if p.T != want.T || len(p.HostPubkeys) != len(want.HostPubkeys) {
			t.Errorf("tc %d: params t = %d, n = %d; want %d, %d", tc.ID, p.T, len(p.HostPubkeys), want.T, len(want.HostPubkeys))
		} else {
			for i := range want.HostPubkeys {
				if !bytes.Equal(p.HostPubkeys[i], want.HostPubkeys[i]) {
					t.Errorf("tc %d: host public key %d differs", tc.ID, i)
				}
			}
		}
		n++
	}
	for _, tc := range v.Errors {
		out, p, err := run(&tc)
		if out != nil || p != nil {
			t.Errorf("tc %d: returned a result with the error", tc.ID)
		}
		checkErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
		n++
	}
	countCases(t, "recover", n, v.Total)
	countCases(t, "recover (totalTests)", v.Total, 13)
}
