package frost_test

// The BIP-445 test vectors (testdata/bip-0445, draft 0.8.0, MIT, see
// testdata/README.md at the repository root): every case of the six files,
// each error case with the error the BIP names, and each suite asserts its
// case count. The BIP's reference tests compose its functions (sign runs
// validate_signers_ctx, the tweaks and the session values;
// partial_sig_verify also runs nonce_agg on the list); the same
// composition here is NewSignersContext, NewTweakContext with ApplyTweaks,
// NonceAgg, NewSession and the Session methods, and an error must come
// from the library call where the BIP raises it.

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

const vecDir = "testdata/bip-0445/"

// vecError is the "error" object of a BIP-445 error case.
type vecError struct {
	Type    string `json:"type"`
	Signer  *int   `json:"signer_index"`
	Contrib string `json:"contrib"`
	Message string `json:"message"`
}

// valueErrors maps the ValueError messages of the vectors to the sentinel
// errors of this package. Messages naming a position ("at index i") map
// through their prefix, and the error must name the same position.
var valueErrors = map[string]error{
	"The threshold must be 1 <= t <= n.":                                  frost.ErrInvalidThreshold,
	"The number of signers must be between t and n.":                      frost.ErrSignerCount,
	"The participant identifier list contains duplicate elements.":        frost.ErrDuplicateID,
	"The provided key material is incorrect.":                             frost.ErrKeyMismatch,
	"The threshold pubkey must not be the point at infinity.":             frost.ErrThresholdKeyInfinity,
	"The signer's id must be present in the participant identifier list.": frost.ErrIDNotInSigners,
	"The signer's pubshare must be included in the list of pubshares.":    frost.ErrPubShareNotInSigners,
	"The signer's secret share value is out of range.":                    frost.ErrInvalidSecretShare,
	"first secnonce value is out of range.":                               frost.ErrInvalidSecretNonce,
	"second secnonce value is out of range.":                              frost.ErrInvalidSecretNonce,
	"The tweak value is out of range.":                                    frost.ErrTweakRange,
	"The result of tweaking cannot be infinity.":                          frost.ErrTweakInfinity,
	"The tweak must be a 32-byte array.":                                  frost.ErrInvalidTweak,
	"The tweaks and is_xonly arrays must have the same length.":           frost.ErrLengthMismatch,
	"The psigs and ids arrays must have the same length.":                 frost.ErrLengthMismatch,
	"The pubshares and ids arrays must have the same length.":             frost.ErrLengthMismatch,
	"The pubnonces and ids arrays must have the same length.":             frost.ErrLengthMismatch,
}

// indexedErrors are the ValueError messages that end with " at index i.".
var indexedErrors = map[string]error{
	"The participant identifier at index": frost.ErrIDOutOfRange,
	"Invalid pubshare at index":           frost.ErrInvalidPubShare,
}

// checkVecErr fails the test unless err is the error want names: an
// *InvalidContributionError with its signer (nil: NoSigner) and
// contribution, or the sentinel of a ValueError message (and its index).
func checkVecErr(t *testing.T, what string, err error, want vecError) {
	t.Helper()
	switch want.Type {
	case "InvalidContributionError":
		signer := frost.NoSigner
		if want.Signer != nil {
			signer = *want.Signer
		}
		var ice *frost.InvalidContributionError
		if !errors.As(err, &ice) {
			t.Errorf("%s: error %v, want InvalidContributionError(%d, %s)", what, err, signer, want.Contrib)
			return
		}
		if ice.Signer != signer || ice.Contribution != want.Contrib {
			t.Errorf("%s: InvalidContributionError(%d, %s), want (%d, %s)", what, ice.Signer, ice.Contribution, signer, want.Contrib)
		}
		if !errors.Is(err, &frost.InvalidContributionError{Signer: signer, Contribution: want.Contrib}) {
			t.Errorf("%s: errors.Is does not match InvalidContributionError(%d, %s)", what, signer, want.Contrib)
		}
	case "ValueError":
		if sentinel, ok := valueErrors[want.Message]; ok {
			if !errors.Is(err, sentinel) {
				t.Errorf("%s: error %v, want %v (%q)", what, err, sentinel, want.Message)
			}
			return
		}
		for prefix, sentinel := range indexedErrors {
			if !strings.HasPrefix(want.Message, prefix) {
				continue
			}
			var idx int
			if _, serr := fmt.Sscanf(want.Message[len(prefix):], " %d", &idx); serr != nil {
				t.Fatalf("%s: cannot read the index of %q", what, want.Message)
			}
			if !errors.Is(err, sentinel) || err == nil || !strings.HasSuffix(err.Error(), fmt.Sprintf("at index %d", idx)) {
				t.Errorf("%s: error %v, want %v at index %d (%q)", what, err, sentinel, idx, want.Message)
			}
			return
		}
		t.Fatalf("%s: no policy for the vector's ValueError %q", what, want.Message)
	default:
		t.Fatalf("%s: unknown error type %q", what, want.Type)
	}
}

func hexAll(t *testing.T, ss []string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = testutil.MustHex(t, s)
	}
	return out
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

func hexOpt(t *testing.T, s *string) []byte {
	if s == nil {
		return nil
	}
	b := testutil.MustHex(t, *s)
	if b == nil {
		b = []byte{}
	}
	return b
}

// secretShare parses a vector's secret share; a zero share (rejected by
// the key type) returns nil, which Sign rejects as ErrInvalidSecretShare,
// the BIP's "The signer's secret share value is out of range.".
func secretShare(t *testing.T, b []byte) *secp256k1.PrivateKey {
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		if !bytes.Equal(b, make([]byte, 32)) {
			t.Fatalf("secret share %x: %v", b, err)
		}
		return nil
	}
	return k
}

// tweakContext is BIP-445's thresh_pubkey_and_tweak.
func tweakContext(t *testing.T, threshPK []byte, tweaks [][]byte, xonly []bool) (*frost.TweakContext, error) {
	tc, err := frost.NewTweakContext(threshPK)
	if err != nil {
		t.Fatalf("NewTweakContext(%x): %v", threshPK, err)
	}
	if err := tc.ApplyTweaks(tweaks, xonly); err != nil {
		return nil, err
	}
	return tc, nil
}

func TestBIP445NonceGen(t *testing.T) {
	var v struct {
		Valid []struct {
			ID       int      `json:"tc_id"`
			Rand     string   `json:"rand"`
			Secshare *string  `json:"secshare"`
			Pubshare *string  `json:"pubshare"`
			ThreshPK *string  `json:"thresh_pk_xonly"`
			Msg      *string  `json:"msg"`
			ExtraIn  *string  `json:"extra_in"`
			Expected []string `json:"expected"`
		} `json:"valid_tests"`
	}
	testutil.LoadJSON(t, vecDir+"nonce_gen_vectors.json", &v)
	n := 0
	for _, tc := range v.Valid {
		opts := &frost.NonceOptions{
			Rand:         testutil.MustHex(t, tc.Rand),
			PublicShare:  hexOpt(t, tc.Pubshare),
			ThresholdKey: hexOpt(t, tc.ThreshPK),
			Message:      hexOpt(t, tc.Msg),
			ExtraInput:   hexOpt(t, tc.ExtraIn),
		}
		if tc.Secshare != nil {
			opts.SecretShare = secretShare(t, testutil.MustHex(t, *tc.Secshare))
		}
		sn, pn, err := frost.NonceGen(opts)
		if err != nil {
			t.Errorf("tc %d: %v", tc.ID, err)
			continue
		}
		want := hexAll(t, tc.Expected)
		if !frost.SecretNonceEqualForTest(sn, want[0]) {
			t.Errorf("tc %d: secret nonce differs from %x", tc.ID, want[0])
		}
		if !bytes.Equal(pn, want[1]) {
			t.Errorf("tc %d: public nonce %x, want %x", tc.ID, pn, want[1])
		}
		n++
	}
	countCases(t, "nonce_gen", n, 5)
}

func TestBIP445NonceAgg(t *testing.T) {
	var v struct {
		Pubnonces []string `json:"pubnonces"`
		Valid     []struct {
			ID       int    `json:"tc_id"`
			Indices  []int  `json:"pubnonce_indices"`
			Expected string `json:"expected"`
		} `json:"valid_tests"`
		Errors []struct {
			ID      int      `json:"tc_id"`
			Indices []int    `json:"pubnonce_indices"`
			Error   vecError `json:"error"`
		} `json:"error_tests"`
	}
	testutil.LoadJSON(t, vecDir+"nonce_agg_vectors.json", &v)
	pns := hexAll(t, v.Pubnonces)
	n := 0
	for _, tc := range v.Valid {
		got, err := frost.NonceAgg(pick(pns, tc.Indices))
		if err != nil || !bytes.Equal(got, testutil.MustHex(t, tc.Expected)) {
			t.Errorf("tc %d: %x, %v; want %s", tc.ID, got, err, tc.Expected)
		}
		n++
	}
	for _, tc := range v.Errors {
		got, err := frost.NonceAgg(pick(pns, tc.Indices))
		if got != nil {
			t.Errorf("tc %d: returned %x with the error", tc.ID, got)
		}
		checkVecErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
		n++
	}
	countCases(t, "nonce_agg", n, 5)
}

// group is the shared part of a test group of the grouped files.
type group struct {
	TgID      string   `json:"tg_id"`
	T         int      `json:"t"`
	N         int      `json:"n"`
	ThreshPK  string   `json:"thresh_pk"`
	Pubshares []string `json:"pubshares"`
	Pubnonces []string `json:"pubnonces"`
	Secshares []string `json:"secshares"`
	Secnonces []string `json:"secnonces"`
	Tweaks    []string `json:"tweaks"`
}

// groupData is a group's inputs, decoded.
type groupData struct {
	threshPK                                   []byte
	pubshares, pubnonces, secshares, secnonces [][]byte
	tweaks                                     [][]byte
}

func decodeGroup(t *testing.T, g *group) *groupData {
	d := &groupData{
		threshPK:  testutil.MustHex(t, g.ThreshPK),
		pubshares: hexAll(t, g.Pubshares),
		pubnonces: hexAll(t, g.Pubnonces),
		secshares: hexAll(t, g.Secshares),
		secnonces: hexAll(t, g.Secnonces),
		tweaks:    hexAll(t, g.Tweaks),
	}
	// The first n shares belong to signers 0..n-1 (the BIP's tests check
	// the same). sig_agg has no secret shares.
	for i := range min(g.N, len(d.secshares)) {
		k := secretShare(t, d.secshares[i])
		if k == nil || !bytes.Equal(k.PublicKey().BytesCompressed(), d.pubshares[i]) {
			t.Fatalf("group %s: secret share %d does not match its public share", g.TgID, i)
		}
	}
	return d
}

// signCase is a case of sign_verify (valid and sign_error) and tweak.
type signCase struct {
	ID           int      `json:"tc_id"`
	Comment      string   `json:"comment"`
	MyID         int      `json:"my_id"`
	IDs          []int    `json:"ids"`
	Pubshares    []int    `json:"pubshare_indices"`
	Pubnonces    []int    `json:"pubnonce_indices"`
	Secshare     int      `json:"secshare_index"`
	Secnonce     int      `json:"secnonce_index"`
	Aggnonce     string   `json:"aggnonce"`
	Msg          string   `json:"msg"`
	TweakIndices []int    `json:"tweak_indices"`
	IsXonly      []bool   `json:"is_xonly"`
	Expected     string   `json:"expected"`
	Error        vecError `json:"error"`
}

// runSign is BIP-445's sign on a case: the signers context, the tweaks,
// the session, then Sign with the case's secret nonce. It returns the
// partial signature, the session and the first error.
func runSign(t *testing.T, g *group, d *groupData, tc *signCase) ([]byte, *frost.Session, error) {
	sc, err := frost.NewSignersContext(g.N, g.T, tc.IDs, pick(d.pubshares, tc.Pubshares), d.threshPK)
	if err != nil {
		return nil, nil, err
	}
	tw, err := tweakContext(t, d.threshPK, pick(d.tweaks, tc.TweakIndices), tc.IsXonly)
	if err != nil {
		return nil, nil, err
	}
	s, err := frost.NewSession(sc, tw, testutil.MustHex(t, tc.Aggnonce), testutil.MustHex(t, tc.Msg))
	if err != nil {
		return nil, nil, err
	}
	sn := frost.SecretNonceFromBytesForTest(d.secnonces[tc.Secnonce])
	psig, err := s.Sign(sn, secretShare(t, d.secshares[tc.Secshare]), tc.MyID)
	if err == nil {
		// The nonce is consumed: a second signing call fails.
		if again, err2 := s.Sign(sn, secretShare(t, d.secshares[tc.Secshare]), tc.MyID); again != nil || !errors.Is(err2, frost.ErrInvalidSecretNonce) {
			t.Errorf("tc %d: second Sign with the same nonce = %x, %v", tc.ID, again, err2)
		}
	}
	return psig, s, err
}

// checkValidSign signs a valid case, compares the partial signature, and
// verifies it as BIP-445's partial_sig_verify does (NonceAgg of the case's
// public nonces must give its aggregate nonce).
func checkValidSign(t *testing.T, g *group, d *groupData, tc *signCase) {
	psig, s, err := runSign(t, g, d, tc)
	if err != nil || !bytes.Equal(psig, testutil.MustHex(t, tc.Expected)) {
		t.Errorf("tc %d (%s): %x, %v; want %s", tc.ID, tc.Comment, psig, err, tc.Expected)
		return
	}
	pns := pick(d.pubnonces, tc.Pubnonces)
	agg, err := frost.NonceAgg(pns)
	if err != nil || !bytes.Equal(agg, testutil.MustHex(t, tc.Aggnonce)) {
		t.Errorf("tc %d: NonceAgg of the public nonces = %x, %v; want the case's aggnonce", tc.ID, agg, err)
	}
	i := indexOf(tc.IDs, tc.MyID)
	if !s.PartialVerify(psig, pns[i], i) {
		t.Errorf("tc %d: the partial signature does not verify", tc.ID)
	}
}

func indexOf(ids []int, id int) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return -1
}

func TestBIP445SignVerify(t *testing.T) {
	var v struct {
		Groups []struct {
			group
			Valid      []signCase `json:"valid_tests"`
			SignErrors []signCase `json:"sign_error_tests"`
			VerifyFail []struct {
				ID        int    `json:"tc_id"`
				Psig      string `json:"psig"`
				IDs       []int  `json:"ids"`
				Pubshares []int  `json:"pubshare_indices"`
				Pubnonces []int  `json:"pubnonce_indices"`
				Signer    int    `json:"signer_index"`
				Msg       string `json:"msg"`
			} `json:"verify_fail_tests"`
			VerifyErrors []struct {
				ID        int      `json:"tc_id"`
				Psig      string   `json:"psig"`
				IDs       []int    `json:"ids"`
				Pubshares []int    `json:"pubshare_indices"`
				Pubnonces []int    `json:"pubnonce_indices"`
				Signer    int      `json:"signer_index"`
				Msg       string   `json:"msg"`
				Error     vecError `json:"error"`
			} `json:"verify_error_tests"`
		} `json:"test_groups"`
	}
	testutil.LoadJSON(t, vecDir+"sign_verify_vectors.json", &v)
	var nValid, nSignErr, nFail, nVerifyErr int
	for gi := range v.Groups {
		g := &v.Groups[gi]
		d := decodeGroup(t, &g.group)
		for _, tc := range g.Valid {
			checkValidSign(t, &g.group, d, &tc)
			nValid++
		}
		for _, tc := range g.SignErrors {
			psig, _, err := runSign(t, &g.group, d, &tc)
			if psig != nil {
				t.Errorf("tc %d: returned %x with the error", tc.ID, psig)
			}
			checkVecErr(t, fmt.Sprintf("tc %d (%s)", tc.ID, tc.Comment), err, tc.Error)
			nSignErr++
		}
		// partial_sig_verify: the context, NonceAgg, the session, then
		// PartialVerify; it must return false.
		for _, tc := range g.VerifyFail {
			sc, err := frost.NewSignersContext(g.N, g.T, tc.IDs, pick(d.pubshares, tc.Pubshares), d.threshPK)
			if err != nil {
				t.Fatalf("tc %d: %v", tc.ID, err)
			}
			pns := pick(d.pubnonces, tc.Pubnonces)
			agg, err := frost.NonceAgg(pns)
			if err != nil {
				t.Fatalf("tc %d: %v", tc.ID, err)
			}
			s, err := frost.NewSession(sc, nil, agg, testutil.MustHex(t, tc.Msg))
			if err != nil {
				t.Fatalf("tc %d: %v", tc.ID, err)
			}
			if s.PartialVerify(testutil.MustHex(t, tc.Psig), pns[tc.Signer], tc.Signer) {
				t.Errorf("tc %d: PartialVerify = true, want false", tc.ID)
			}
			nFail++
		}
		for _, tc := range g.VerifyErrors {
			err := func() error {
				sc, err := frost.NewSignersContext(g.N, g.T, tc.IDs, pick(d.pubshares, tc.Pubshares), d.threshPK)
				if err != nil {
					return err
				}
				pns := pick(d.pubnonces, tc.Pubnonces)
				agg, err := frost.NonceAgg(pns)
				if err != nil {
					return err
				}
				s, err := frost.NewSession(sc, nil, agg, testutil.MustHex(t, tc.Msg))
				if err != nil {
					return err
				}
				if s.PartialVerify(testutil.MustHex(t, tc.Psig), pns[tc.Signer], tc.Signer) {
					t.Errorf("tc %d: PartialVerify = true", tc.ID)
				}
				return nil
			}()
			checkVecErr(t, fmt.Sprintf("tc %d", tc.ID), err, tc.Error)
			nVerifyErr++
		}
	}
	countCases(t, "sign_verify valid", nValid, 25)
	countCases(t, "sign_verify sign_error", nSignErr, 52)
	countCases(t, "sign_verify verify_fail", nFail, 12)
	countCases(t, "sign_verify verify_error", nVerifyErr, 8)
}

func TestBIP445Tweak(t *testing.T) {
	var v struct {
		Groups []struct {
			group
			Valid  []signCase `json:"valid_tests"`
			Errors []signCase `json:"error_tests"`
		} `json:"test_groups"`
	}
	testutil.LoadJSON(t, vecDir+"tweak_vectors.json", &v)
	var nValid, nErr int
	for gi := range v.Groups {
		g := &v.Groups[gi]
		d := decodeGroup(t, &g.group)
		for _, tc := range g.Valid {
			checkValidSign(t, &g.group, d, &tc)
			nValid++
		}
		for _, tc := range g.Errors {
			psig, _, err := runSign(t, &g.group, d, &tc)
			if psig != nil {
				t.Errorf("tc %d: returned %x with the error", tc.ID, psig)
			}
			checkVecErr(t, fmt.Sprintf("tc %d (%s)", tc.ID, tc.Comment), err, tc.Error)
			nErr++
		}
	}
	countCases(t, "tweak valid", nValid, 28)
	countCases(t, "tweak error", nErr, 16)
}

func TestBIP445DetSign(t *testing.T) {
	type detCase struct {
		ID            int      `json:"tc_id"`
		Comment       string   `json:"comment"`
		MyID          int      `json:"my_id"`
		IDs           []int    `json:"ids"`
		Pubshares     []int    `json:"pubshare_indices"`
		Secshare      int      `json:"secshare_index"`
		AggOtherNonce *string  `json:"aggothernonce"`
		AuxRand       *string  `json:"aux_rand"`
		Msg           string   `json:"msg"`
		Tweaks        []string `json:"tweaks"`
		IsXonly       []bool   `json:"is_xonly"`
		Expected      []string `json:"expected"`
		Error         vecError `json:"error"`
	}
	var v struct {
		Groups []struct {
			group
			Valid  []detCase `json:"valid_tests"`
			Errors []detCase `json:"error_tests"`
		} `json:"test_groups"`
	}
	testutil.LoadJSON(t, vecDir+"det_sign_vectors.json", &v)
	run := func(g *group, d *groupData, tc *detCase) (*frost.SignersContext, *frost.TweakContext, []byte, []byte, error) {
		sc, err := frost.NewSignersContext(g.N, g.T, tc.IDs, pick(d.pubshares, tc.Pubshares), d.threshPK)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		tw, err := tweakContext(t, d.threshPK, hexAll(t, tc.Tweaks), tc.IsXonly)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		pn, psig, err := frost.DeterministicSign(secretShare(t, d.secshares[tc.Secshare]), tc.MyID,
			hexOpt(t, tc.AggOtherNonce), sc, tw, testutil.MustHex(t, tc.Msg), hexOpt(t, tc.AuxRand))
		if err != nil && (pn != nil || psig != nil) {
			t.Errorf("tc %d: returned %x, %x with the error", tc.ID, pn, psig)
		}
		return sc, tw, pn, psig, err
	}
	var nValid, nErr int
	for gi := range v.Groups {
		g := &v.Groups[gi]
		d := decodeGroup(t, &g.group)
		for _, tc := range g.Valid {
			sc, tw, pn, psig, err := run(&g.group, d, &tc)
			want := hexAll(t, tc.Expected)
			if err != nil || !bytes.Equal(pn, want[0]) || !bytes.Equal(psig, want[1]) {
				t.Errorf("tc %d (%s): %x, %x, %v; want %x, %x", tc.ID, tc.Comment, pn, psig, err, want[0], want[1])
				nValid++
				continue
			}
			agg := pn
			if tc.AggOtherNonce != nil {
				if agg, err = frost.NonceAgg([][]byte{pn, testutil.MustHex(t, *tc.AggOtherNonce)}); err != nil {
					t.Fatalf("tc %d: %v", tc.ID, err)
				}
			}
			s, err := frost.NewSession(sc, tw, agg, testutil.MustHex(t, tc.Msg))
			if err != nil {
				t.Fatalf("tc %d: %v", tc.ID, err)
			}
			if i := indexOf(tc.IDs, tc.MyID); !s.PartialVerify(psig, pn, i) {
				t.Errorf("tc %d: the partial signature does not verify", tc.ID)
			}
			nValid++
		}
		for _, tc := range g.Errors {
			_, _, _, _, err := run(&g.group, d, &tc)
			checkVecErr(t, fmt.Sprintf("tc %d (%s)", tc.ID, tc.Comment), err, tc.Error)
			nErr++
		}
	}
	countCases(t, "det_sign valid", nValid, 33)
	countCases(t, "det_sign error", nErr, 48)
}

func TestBIP445SigAgg(t *testing.T) {
	type aggCase struct {
		ID           int      `json:"tc_id"`
		Comment      string   `json:"comment"`
		IDs          []int    `json:"ids"`
		Pubshares    []int    `json:"pubshare_indices"`
		Aggnonce     string   `json:"aggnonce"`
		TweakIndices []int    `json:"tweak_indices"`
		IsXonly      []bool   `json:"is_xonly"`
		Psigs        []string `json:"psigs"`
		Msg          string   `json:"msg"`
		Expected     string   `json:"expected"`
		Error        vecError `json:"error"`
	}
	var v struct {
		Groups []struct {
			group
			Valid  []aggCase `json:"valid_tests"`
			Errors []aggCase `json:"error_tests"`
		} `json:"test_groups"`
	}
	testutil.LoadJSON(t, vecDir+"sig_agg_vectors.json", &v)
	run := func(g *group, d *groupData, tc *aggCase) (*frost.TweakContext, []byte, error) {
		sc, err := frost.NewSignersContext(g.N, g.T, tc.IDs, pick(d.pubshares, tc.Pubshares), d.threshPK)
		if err != nil {
			return nil, nil, err
		}
		tw, err := tweakContext(t, d.threshPK, pick(d.tweaks, tc.TweakIndices), tc.IsXonly)
		if err != nil {
			return nil, nil, err
		}
		s, err := frost.NewSession(sc, tw, testutil.MustHex(t, tc.Aggnonce), testutil.MustHex(t, tc.Msg))
		if err != nil {
			return nil, nil, err
		}
		sig, err := s.Aggregate(hexAll(t, tc.Psigs))
		return tw, sig, err
	}
	var nValid, nErr int
	for gi := range v.Groups {
		g := &v.Groups[gi]
		d := decodeGroup(t, &g.group)
		for _, tc := range g.Valid {
			tw, sig, err := run(&g.group, d, &tc)
			if err != nil || !bytes.Equal(sig, testutil.MustHex(t, tc.Expected)) {
				t.Errorf("tc %d (%s): %x, %v; want %s", tc.ID, tc.Comment, sig, err, tc.Expected)
			} else if !schnorr.Verify(tw.XOnlyPublicKey(), testutil.MustHex(t, tc.Msg), sig) {
				t.Errorf("tc %d: the signature does not verify under the tweaked threshold key", tc.ID)
			}
			nValid++
		}
		for _, tc := range g.Errors {
			_, sig, err := run(&g.group, d, &tc)
			if sig != nil {
				t.Errorf("tc %d: returned %x with the error", tc.ID, sig)
			}
			checkVecErr(t, fmt.Sprintf("tc %d (%s)", tc.ID, tc.Comment), err, tc.Error)
			nErr++
		}
	}
	countCases(t, "sig_agg valid", nValid, 14)
	countCases(t, "sig_agg error", nErr, 8)
}
