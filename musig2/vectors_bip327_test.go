package musig2_test

// The BIP-327 test vectors (testdata/bip-0327, BSD-3-Clause, see
// testdata/README.md at the repository root): every case of every file,
// each error case with the error the BIP names, and each suite asserts its
// case count. The BIP's reference tests compose its functions (for example
// partial_sig_verify runs key_agg and nonce_agg on the lists); the same
// composition here is KeyAgg, the tweaks, NonceAgg, NewSession and the
// Session methods, and an error must come from the library call where the
// BIP raises it.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

const vecDir = "testdata/bip-0327/"

// vecError is the "error" object of a BIP-327 error case.
type vecError struct {
	Type    string `json:"type"`
	Signer  *int   `json:"signer"`
	Contrib string `json:"contrib"`
	Message string `json:"message"`
}

// valueErrors maps the ValueError messages of the vectors to the sentinel
// errors of this package.
var valueErrors = map[string]error{
	"The tweak must be less than n.":                               musig2.ErrTweakRange,
	"The result of tweaking cannot be infinity.":                   musig2.ErrTweakInfinity,
	"The signer's pubkey must be included in the list of pubkeys.": musig2.ErrSignerNotInKeys,
	"first secnonce value is out of range.":                        musig2.ErrInvalidSecretNonce,
}

// checkVecErr fails the test unless err is the error want names: an
// *InvalidContributionError with its signer (nil: NoSigner) and
// contribution, or the sentinel of a ValueError message.
func checkVecErr(t *testing.T, what string, err error, want vecError) {
	t.Helper()
	switch want.Type {
	case "invalid_contribution":
		signer := musig2.NoSigner
		if want.Signer != nil {
			signer = *want.Signer
		}
		var ice *musig2.InvalidContributionError
		if !errors.As(err, &ice) {
			t.Errorf("%s: error %v, want InvalidContributionError(%d, %s)", what, err, signer, want.Contrib)
			return
		}
		if ice.Signer != signer || ice.Contribution != want.Contrib {
			t.Errorf("%s: InvalidContributionError(%d, %s), want (%d, %s)", what, ice.Signer, ice.Contribution, signer, want.Contrib)
		}
		if !errors.Is(err, &musig2.InvalidContributionError{Signer: signer, Contribution: want.Contrib}) {
			t.Errorf("%s: errors.Is does not match InvalidContributionError(%d, %s)", what, signer, want.Contrib)
		}
	case "value":
		sentinel, ok := valueErrors[want.Message]
		if !ok {
			t.Fatalf("%s: no policy for the vector's ValueError %q", what, want.Message)
		}
		if !errors.Is(err, sentinel) {
			t.Errorf("%s: error %v, want %v (%q)", what, err, sentinel, want.Message)
		}
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

// keyAggAndTweak is BIP-327's KeyAggAndTweak.
func keyAggAndTweak(pubkeys, tweaks [][]byte, xonly []bool) (*musig2.KeyAggCache, error) {
	c, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		return nil, err
	}
	for i, tw := range tweaks {
		if xonly[i] {
			err = c.XOnlyTweakAdd(tw)
		} else {
			err = c.TweakAdd(tw)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

func xonlyBytes(t *testing.T, c *musig2.KeyAggCache) []byte {
	t.Helper()
	x := c.XOnlyPublicKey()
	if x == nil {
		t.Fatal("XOnlyPublicKey = nil")
	}
	return x.Bytes()
}

func countCases(t *testing.T, name string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s: ran %d cases, the file has %d", name, got, want)
	}
}

func TestBIP327KeySort(t *testing.T) {
	var v struct {
		Pubkeys       []string `json:"pubkeys"`
		SortedPubkeys []string `json:"sorted_pubkeys"`
	}
	testutil.LoadJSON(t, vecDir+"key_sort_vectors.json", &v)
	keys := hexAll(t, v.Pubkeys)
	musig2.KeySort(keys)
	want := hexAll(t, v.SortedPubkeys)
	if len(keys) != 6 || len(want) != 6 {
		t.Fatalf("%d keys, %d sorted, want 6", len(keys), len(want))
	}
	for i := range keys {
		if !bytes.Equal(keys[i], want[i]) {
			t.Errorf("position %d: %x, want %x", i, keys[i], want[i])
		}
	}
}

func TestBIP327KeyAgg(t *testing.T) {
	var v struct {
		Pubkeys []string `json:"pubkeys"`
		Tweaks  []string `json:"tweaks"`
		Valid   []struct {
			KeyIndices []int  `json:"key_indices"`
			Expected   string `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			KeyIndices   []int    `json:"key_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXonly      []bool   `json:"is_xonly"`
			Error        vecError `json:"error"`
			Comment      string   `json:"comment"`
		} `json:"error_test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"key_agg_vectors.json", &v)
	x := hexAll(t, v.Pubkeys)
	tw := hexAll(t, v.Tweaks)
	n := 0
	for i, tc := range v.Valid {
		c, err := musig2.KeyAgg(pick(x, tc.KeyIndices))
		if err != nil {
			t.Errorf("valid %d: %v", i, err)
			continue
		}
		if got := xonlyBytes(t, c); !strings.EqualFold(hex.EncodeToString(got), tc.Expected) {
			t.Errorf("valid %d: aggregate key %x, want %s", i, got, tc.Expected)
		}
		n++
	}
	for i, tc := range v.Errors {
		_, err := keyAggAndTweak(pick(x, tc.KeyIndices), pick(tw, tc.TweakIndices), tc.IsXonly)
		checkVecErr(t, "error "+tc.Comment, err, tc.Error)
		_ = i
		n++
	}
	countCases(t, "key_agg", n, 9)
}

func TestBIP327NonceGen(t *testing.T) {
	var v struct {
		Cases []struct {
			Rand             *string `json:"rand_"`
			Sk               *string `json:"sk"`
			Pk               *string `json:"pk"`
			Aggpk            *string `json:"aggpk"`
			Msg              *string `json:"msg"`
			ExtraIn          *string `json:"extra_in"`
			ExpectedSecnonce string  `json:"expected_secnonce"`
			ExpectedPubnonce string  `json:"expected_pubnonce"`
		} `json:"test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"nonce_gen_vectors.json", &v)
	opt := func(s *string) []byte {
		if s == nil {
			return nil
		}
		b := testutil.MustHex(t, *s)
		if b == nil {
			b = []byte{} // present and empty
		}
		return b
	}
	n := 0
	for i, tc := range v.Cases {
		var o musig2.NonceOptions
		o.Rand = opt(tc.Rand)
		if tc.Sk != nil {
			sk, err := secp256k1.NewPrivateKey(opt(tc.Sk))
			if err != nil {
				t.Fatal(err)
			}
			o.SecretKey = sk
		}
		o.AggregateKey = opt(tc.Aggpk)
		o.Message = opt(tc.Msg)
		o.ExtraInput = opt(tc.ExtraIn)
		pk := opt(tc.Pk)
		sn, pn, err := musig2.NonceGen(pk, &o)
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if got := hex.EncodeToString(pn); !strings.EqualFold(got, tc.ExpectedPubnonce) {
			t.Errorf("case %d: pubnonce %s, want %s", i, got, tc.ExpectedPubnonce)
		}
		want := testutil.MustHex(t, tc.ExpectedSecnonce)
		if !musig2.SecretNonceEqualForTest(sn, want) {
			t.Errorf("case %d: secnonce differs from %s", i, tc.ExpectedSecnonce)
		}
		if !bytes.Equal(o.Rand, make([]byte, 32)) {
			t.Errorf("case %d: Rand was not zeroed", i)
		}
		n++
	}
	countCases(t, "nonce_gen", n, 4)
}

func TestBIP327NonceAgg(t *testing.T) {
	var v struct {
		Pnonces []string `json:"pnonces"`
		Valid   []struct {
			Indices  []int  `json:"pnonce_indices"`
			Expected string `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			Indices []int    `json:"pnonce_indices"`
			Error   vecError `json:"error"`
			Comment string   `json:"comment"`
		} `json:"error_test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"nonce_agg_vectors.json", &v)
	pn := hexAll(t, v.Pnonces)
	n := 0
	for i, tc := range v.Valid {
		got, err := musig2.NonceAgg(pick(pn, tc.Indices))
		if err != nil || !strings.EqualFold(hex.EncodeToString(got), tc.Expected) {
			t.Errorf("valid %d: %x, %v; want %s", i, got, err, tc.Expected)
		}
		n++
	}
	for _, tc := range v.Errors {
		_, err := musig2.NonceAgg(pick(pn, tc.Indices))
		checkVecErr(t, tc.Comment, err, tc.Error)
		n++
	}
	countCases(t, "nonce_agg", n, 5)
}

func TestBIP327SignVerify(t *testing.T) {
	var v struct {
		Sk        string   `json:"sk"`
		Pubkeys   []string `json:"pubkeys"`
		Secnonces []string `json:"secnonces"`
		Pnonces   []string `json:"pnonces"`
		Aggnonces []string `json:"aggnonces"`
		Msgs      []string `json:"msgs"`
		Valid     []struct {
			KeyIndices    []int  `json:"key_indices"`
			NonceIndices  []int  `json:"nonce_indices"`
			AggnonceIndex int    `json:"aggnonce_index"`
			MsgIndex      int    `json:"msg_index"`
			SignerIndex   int    `json:"signer_index"`
			Expected      string `json:"expected"`
		} `json:"valid_test_cases"`
		SignErrors []struct {
			KeyIndices    []int    `json:"key_indices"`
			AggnonceIndex int      `json:"aggnonce_index"`
			MsgIndex      int      `json:"msg_index"`
			SecnonceIndex int      `json:"secnonce_index"`
			Error         vecError `json:"error"`
			Comment       string   `json:"comment"`
		} `json:"sign_error_test_cases"`
		VerifyFail []struct {
			Sig          string `json:"sig"`
			KeyIndices   []int  `json:"key_indices"`
			NonceIndices []int  `json:"nonce_indices"`
			MsgIndex     int    `json:"msg_index"`
			SignerIndex  int    `json:"signer_index"`
			Comment      string `json:"comment"`
		} `json:"verify_fail_test_cases"`
		VerifyErrors []struct {
			Sig          string   `json:"sig"`
			KeyIndices   []int    `json:"key_indices"`
			NonceIndices []int    `json:"nonce_indices"`
			MsgIndex     int      `json:"msg_index"`
			SignerIndex  int      `json:"signer_index"`
			Error        vecError `json:"error"`
			Comment      string   `json:"comment"`
		} `json:"verify_error_test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"sign_verify_vectors.json", &v)
	sk, err := secp256k1.NewPrivateKey(testutil.MustHex(t, v.Sk))
	if err != nil {
		t.Fatal(err)
	}
	x := hexAll(t, v.Pubkeys)
	if !bytes.Equal(x[0], sk.PublicKey().BytesCompressed()) {
		t.Fatal("pubkeys[0] is not the public key of sk")
	}
	secnonces := hexAll(t, v.Secnonces)
	pnonce := hexAll(t, v.Pnonces)
	aggnonces := hexAll(t, v.Aggnonces)
	msgs := hexAll(t, v.Msgs)
	for i := range msgs {
		if msgs[i] == nil {
			msgs[i] = []byte{}
		}
	}
	// The aggregate nonces at index 0 and 1 are NonceAgg of pnonces 0-2
	// and of 0 and 3 (the latter at infinity in both halves).
	for i, idx := range [][]int{{0, 1, 2}, {0, 3}} {
		if got, err := musig2.NonceAgg(pick(pnonce, idx)); err != nil || !bytes.Equal(got, aggnonces[i]) {
			t.Errorf("aggnonces[%d] is not NonceAgg(%v): %x, %v", i, idx, got, err)
		}
	}

	// partialSigVerify is BIP-327's PartialSigVerify(psig, pubnonces,
	// pubkeys, [], [], msg, i).
	partialSigVerify := func(psig []byte, pubnonces, pubkeys [][]byte, msg []byte, i int) (bool, error) {
		c, err := musig2.KeyAgg(pubkeys)
		if err != nil {
			return false, err
		}
		agg, err := musig2.NonceAgg(pubnonces)
		if err != nil {
			return false, err
		}
		s, err := musig2.NewSession(c, agg, msg)
		if err != nil {
			return false, err
		}
		return s.PartialVerify(psig, pubnonces[i], pubkeys[i]), nil
	}

	n := 0
	for i, tc := range v.Valid {
		pubkeys := pick(x, tc.KeyIndices)
		pubnonces := pick(pnonce, tc.NonceIndices)
		msg := msgs[tc.MsgIndex]
		if agg, err := musig2.NonceAgg(pubnonces); err != nil || !bytes.Equal(agg, aggnonces[tc.AggnonceIndex]) {
			t.Errorf("valid %d: NonceAgg of the nonces is not the aggregate nonce (%v)", i, err)
		}
		c, err := musig2.KeyAgg(pubkeys)
		if err != nil {
			t.Fatal(err)
		}
		s, err := musig2.NewSession(c, aggnonces[tc.AggnonceIndex], msg)
		if err != nil {
			t.Fatalf("valid %d: %v", i, err)
		}
		psig, err := s.Sign(musig2.SecretNonceFromBytesForTest(secnonces[0]), sk)
		if err != nil || !strings.EqualFold(hex.EncodeToString(psig), tc.Expected) {
			t.Errorf("valid %d: Sign = %x, %v; want %s", i, psig, err, tc.Expected)
		}
		ok, err := partialSigVerify(testutil.MustHex(t, tc.Expected), pubnonces, pubkeys, msg, tc.SignerIndex)
		if !ok || err != nil {
			t.Errorf("valid %d: PartialSigVerify = %v, %v", i, ok, err)
		}
		n++
	}
	for _, tc := range v.SignErrors {
		c, err := musig2.KeyAgg(pick(x, tc.KeyIndices))
		var s *musig2.Session
		if err == nil {
			s, err = musig2.NewSession(c, aggnonces[tc.AggnonceIndex], msgs[tc.MsgIndex])
		}
		if err == nil {
			_, err = s.Sign(musig2.SecretNonceFromBytesForTest(secnonces[tc.SecnonceIndex]), sk)
		}
		checkVecErr(t, tc.Comment, err, tc.Error)
		n++
	}
	for _, tc := range v.VerifyFail {
		ok, err := partialSigVerify(testutil.MustHex(t, tc.Sig), pick(pnonce, tc.NonceIndices), pick(x, tc.KeyIndices), msgs[tc.MsgIndex], tc.SignerIndex)
		if ok || err != nil {
			t.Errorf("%s: PartialSigVerify = %v, %v; want false, nil", tc.Comment, ok, err)
		}
		n++
	}
	for _, tc := range v.VerifyErrors {
		_, err := partialSigVerify(testutil.MustHex(t, tc.Sig), pick(pnonce, tc.NonceIndices), pick(x, tc.KeyIndices), msgs[tc.MsgIndex], tc.SignerIndex)
		checkVecErr(t, tc.Comment, err, tc.Error)
		n++
	}
	countCases(t, "sign_verify", n, 17)
}

func TestBIP327Tweak(t *testing.T) {
	var v struct {
		Sk       string   `json:"sk"`
		Pubkeys  []string `json:"pubkeys"`
		Secnonce string   `json:"secnonce"`
		Pnonces  []string `json:"pnonces"`
		Aggnonce string   `json:"aggnonce"`
		Tweaks   []string `json:"tweaks"`
		Msg      string   `json:"msg"`
		Valid    []struct {
			KeyIndices   []int  `json:"key_indices"`
			NonceIndices []int  `json:"nonce_indices"`
			TweakIndices []int  `json:"tweak_indices"`
			IsXonly      []bool `json:"is_xonly"`
			SignerIndex  int    `json:"signer_index"`
			Expected     string `json:"expected"`
			Comment      string `json:"comment"`
		} `json:"valid_test_cases"`
		Errors []struct {
			KeyIndices   []int    `json:"key_indices"`
			NonceIndices []int    `json:"nonce_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXonly      []bool   `json:"is_xonly"`
			SignerIndex  int      `json:"signer_index"`
			Error        vecError `json:"error"`
			Comment      string   `json:"comment"`
		} `json:"error_test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"tweak_vectors.json", &v)
	sk, err := secp256k1.NewPrivateKey(testutil.MustHex(t, v.Sk))
	if err != nil {
		t.Fatal(err)
	}
	x := hexAll(t, v.Pubkeys)
	pnonce := hexAll(t, v.Pnonces)
	tw := hexAll(t, v.Tweaks)
	aggnonce := testutil.MustHex(t, v.Aggnonce)
	msg := testutil.MustHex(t, v.Msg)
	secnonce := testutil.MustHex(t, v.Secnonce)
	if agg, err := musig2.NonceAgg(pnonce[:3]); err != nil || !bytes.Equal(agg, aggnonce) {
		t.Errorf("aggnonce is not NonceAgg(pnonces[0:3]): %v", err)
	}
	n := 0
	for _, tc := range v.Valid {
		pubkeys := pick(x, tc.KeyIndices)
		c, err := keyAggAndTweak(pubkeys, pick(tw, tc.TweakIndices), tc.IsXonly)
		if err != nil {
			t.Fatalf("%s: %v", tc.Comment, err)
		}
		s, err := musig2.NewSession(c, aggnonce, msg)
		if err != nil {
			t.Fatalf("%s: %v", tc.Comment, err)
		}
		psig, err := s.Sign(musig2.SecretNonceFromBytesForTest(secnonce), sk)
		if err != nil || !strings.EqualFold(hex.EncodeToString(psig), tc.Expected) {
			t.Errorf("%s: Sign = %x, %v; want %s", tc.Comment, psig, err, tc.Expected)
		}
		pubnonces := pick(pnonce, tc.NonceIndices)
		if !s.PartialVerify(testutil.MustHex(t, tc.Expected), pubnonces[tc.SignerIndex], pubkeys[tc.SignerIndex]) {
			t.Errorf("%s: PartialVerify = false", tc.Comment)
		}
		n++
	}
	for _, tc := range v.Errors {
		_, err := keyAggAndTweak(pick(x, tc.KeyIndices), pick(tw, tc.TweakIndices), tc.IsXonly)
		checkVecErr(t, tc.Comment, err, tc.Error)
		n++
	}
	countCases(t, "tweak", n, 6)
}

func TestBIP327DetSign(t *testing.T) {
	type detCase struct {
		Rand          *string  `json:"rand"`
		AggOtherNonce string   `json:"aggothernonce"`
		KeyIndices    []int    `json:"key_indices"`
		Tweaks        []string `json:"tweaks"`
		IsXonly       []bool   `json:"is_xonly"`
		MsgIndex      int      `json:"msg_index"`
		SignerIndex   int      `json:"signer_index"`
		Expected      []string `json:"expected"`
		Error         vecError `json:"error"`
		Comment       string   `json:"comment"`
	}
	var v struct {
		Sk      string    `json:"sk"`
		Pubkeys []string  `json:"pubkeys"`
		Msgs    []string  `json:"msgs"`
		Valid   []detCase `json:"valid_test_cases"`
		Errors  []detCase `json:"error_test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"det_sign_vectors.json", &v)
	sk, err := secp256k1.NewPrivateKey(testutil.MustHex(t, v.Sk))
	if err != nil {
		t.Fatal(err)
	}
	x := hexAll(t, v.Pubkeys)
	if !bytes.Equal(x[0], sk.PublicKey().BytesCompressed()) {
		t.Fatal("pubkeys[0] is not the public key of sk")
	}
	msgs := hexAll(t, v.Msgs)
	run := func(tc detCase) (*musig2.KeyAggCache, []byte, []byte, error) {
		c, err := keyAggAndTweak(pick(x, tc.KeyIndices), hexAll(t, tc.Tweaks), tc.IsXonly)
		if err != nil {
			return nil, nil, nil, err
		}
		var rand []byte
		if tc.Rand != nil {
			rand = testutil.MustHex(t, *tc.Rand)
		}
		pn, psig, err := musig2.DeterministicSign(sk, testutil.MustHex(t, tc.AggOtherNonce), c, msgs[tc.MsgIndex], rand)
		return c, pn, psig, err
	}
	n := 0
	for i, tc := range v.Valid {
		c, pn, psig, err := run(tc)
		if err != nil {
			t.Errorf("valid %d: %v", i, err)
			continue
		}
		if !strings.EqualFold(hex.EncodeToString(pn), tc.Expected[0]) || !strings.EqualFold(hex.EncodeToString(psig), tc.Expected[1]) {
			t.Errorf("valid %d: (%x, %x), want (%s, %s)", i, pn, psig, tc.Expected[0], tc.Expected[1])
		}
		agg, err := musig2.NonceAgg([][]byte{testutil.MustHex(t, tc.AggOtherNonce), pn})
		if err != nil {
			t.Fatal(err)
		}
		s, err := musig2.NewSession(c, agg, msgs[tc.MsgIndex])
		if err != nil {
			t.Fatal(err)
		}
		if !s.PartialVerify(psig, pn, x[tc.KeyIndices[tc.SignerIndex]]) {
			t.Errorf("valid %d: PartialVerify = false", i)
		}
		n++
	}
	for _, tc := range v.Errors {
		_, _, _, err := run(tc)
		checkVecErr(t, tc.Comment, err, tc.Error)
		n++
	}
	countCases(t, "det_sign", n, 9)
}

func TestBIP327SigAgg(t *testing.T) {
	type aggCase struct {
		Aggnonce     string   `json:"aggnonce"`
		NonceIndices []int    `json:"nonce_indices"`
		KeyIndices   []int    `json:"key_indices"`
		TweakIndices []int    `json:"tweak_indices"`
		IsXonly      []bool   `json:"is_xonly"`
		PsigIndices  []int    `json:"psig_indices"`
		Expected     string   `json:"expected"`
		Error        vecError `json:"error"`
		Comment      string   `json:"comment"`
	}
	var v struct {
		Pubkeys []string  `json:"pubkeys"`
		Pnonces []string  `json:"pnonces"`
		Tweaks  []string  `json:"tweaks"`
		Psigs   []string  `json:"psigs"`
		Msg     string    `json:"msg"`
		Valid   []aggCase `json:"valid_test_cases"`
		Errors  []aggCase `json:"error_test_cases"`
	}
	testutil.LoadJSON(t, vecDir+"sig_agg_vectors.json", &v)
	x := hexAll(t, v.Pubkeys)
	pnonce := hexAll(t, v.Pnonces)
	tw := hexAll(t, v.Tweaks)
	psigs := hexAll(t, v.Psigs)
	msg := testutil.MustHex(t, v.Msg)
	session := func(tc aggCase) *musig2.Session {
		agg, err := musig2.NonceAgg(pick(pnonce, tc.NonceIndices))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.EqualFold(hex.EncodeToString(agg), tc.Aggnonce) {
			t.Errorf("%v: NonceAgg = %x, want %s", tc.NonceIndices, agg, tc.Aggnonce)
		}
		c, err := keyAggAndTweak(pick(x, tc.KeyIndices), pick(tw, tc.TweakIndices), tc.IsXonly)
		if err != nil {
			t.Fatal(err)
		}
		s, err := musig2.NewSession(c, agg, msg)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	n := 0
	for i, tc := range v.Valid {
		s := session(tc)
		sig, err := s.Aggregate(pick(psigs, tc.PsigIndices))
		if err != nil || !strings.EqualFold(hex.EncodeToString(sig), tc.Expected) {
			t.Errorf("valid %d: Aggregate = %x, %v; want %s", i, sig, err, tc.Expected)
		}
		c, _ := keyAggAndTweak(pick(x, tc.KeyIndices), pick(tw, tc.TweakIndices), tc.IsXonly)
		if !schnorr.Verify(c.XOnlyPublicKey(), msg, sig) {
			t.Errorf("valid %d: schnorr.Verify = false", i)
		}
		n++
	}
	for _, tc := range v.Errors {
		_, err := session(tc).Aggregate(pick(psigs, tc.PsigIndices))
		checkVecErr(t, tc.Comment, err, tc.Error)
		n++
	}
	countCases(t, "sig_agg", n, 5)
}

func sha256Sum(b []byte) [32]byte { return sha256.Sum256(b) }
