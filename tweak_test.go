package secp256k1_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Helpers of the tweak, keypair and taproot tests carry a tw prefix so that
// they cannot collide with the helpers of other test files of the package.

func twPriv(t testing.TB, s string) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.NewPrivateKey(testutil.MustHex(t, s))
	if err != nil {
		t.Fatalf("NewPrivateKey(%s): %v", s, err)
	}
	return k
}

func twPub(t testing.TB, s string) *secp256k1.PublicKey {
	t.Helper()
	k, err := secp256k1.NewPublicKey(testutil.MustHex(t, s))
	if err != nil {
		t.Fatalf("NewPublicKey(%s): %v", s, err)
	}
	return k
}

func twXOnly(t testing.TB, s string) *secp256k1.XOnlyPublicKey {
	t.Helper()
	k, err := secp256k1.NewXOnlyPublicKey(testutil.MustHex(t, s))
	if err != nil {
		t.Fatalf("NewXOnlyPublicKey(%s): %v", s, err)
	}
	return k
}

// twEncode returns the SEC 1 encoding of k in the form (33 or 65 bytes) of
// the fixture string like.
func twEncode(k *secp256k1.PublicKey, like string) string {
	if len(like) == 130 {
		return hex.EncodeToString(k.BytesUncompressed())
	}
	return hex.EncodeToString(k.BytesCompressed())
}

func twBE32(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }

// twBigPub returns the uncompressed encoding of p, or "" for infinity.
func twBigPub(p *testutil.Point) string {
	if p == nil {
		return ""
	}
	return "04" + hex.EncodeToString(twBE32(p.X)) + hex.EncodeToString(twBE32(p.Y))
}

func twPointOf(t testing.TB, k *secp256k1.PublicKey) *testutil.Point {
	t.Helper()
	b := k.BytesUncompressed()
	return &testutil.Point{X: new(big.Int).SetBytes(b[1:33]), Y: new(big.Int).SetBytes(b[33:])}
}

func twRandScalar(r *rand.Rand) *big.Int {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	x := new(big.Int).SetBytes(b[:])
	return x.Mod(x, testutil.N)
}

// tiny-secp256k1 tests/fixtures/points.json.
type twPointsFile struct {
	Valid struct {
		PointAdd []struct {
			P, Q     string
			Expected *string
		}
		PointAddScalar []struct {
			P           string
			D           string `json:"d"`
			Expected    *string
			Description string
		}
		PointFromScalar []struct {
			D        string `json:"d"`
			Expected string
		}
		PointMultiply []struct {
			P           string
			D           string `json:"d"`
			Expected    *string
			Description string
		}
		PointNegate []struct {
			D        string `json:"d"`
			Expected string
		}
	}
	Invalid struct {
		PointAdd []struct {
			P, Q                   string
			Description, Exception string
		}
		PointAddScalar []struct {
			P                      string
			D                      string `json:"d"`
			Description, Exception string
		}
		PointFromScalar []struct {
			D                      string `json:"d"`
			Description, Exception string
		}
		PointMultiply []struct {
			P                      string
			D                      string `json:"d"`
			Description, Exception string
		}
	}
}

// TestTinySecp256k1Points runs the add, tweak, multiply and negate fixtures
// of tiny-secp256k1's points.json. An expected value of null is the point
// at infinity, which this API reports as an error wrapping ErrInvalidTweak
// (or ErrInvalidPublicKey for a sum of keys).
func TestTinySecp256k1Points(t *testing.T) {
	var f twPointsFile
	testutil.LoadJSON(t, "testdata/tiny-secp256k1-points/points.json", &f)
	counts := map[string]int{}

	for i, c := range f.Valid.PointAdd {
		got, err := secp256k1.CombinePublicKeys(twPub(t, c.P), twPub(t, c.Q))
		if c.Expected == nil {
			if !errors.Is(err, secp256k1.ErrInvalidPublicKey) || got != nil {
				t.Errorf("pointAdd %d: got %v, %v; want infinity error", i, got, err)
			}
		} else if err != nil || twEncode(got, *c.Expected) != *c.Expected {
			t.Errorf("pointAdd %d: got %v, %v; want %s", i, got, err, *c.Expected)
		}
		// P + Q through the tweak API, when the discrete log of Q is known
		// is covered by the random tests; here also check commutativity.
		got2, err2 := secp256k1.CombinePublicKeys(twPub(t, c.Q), twPub(t, c.P))
		if (err == nil) != (err2 == nil) || (err == nil && !got.Equal(got2)) {
			t.Errorf("pointAdd %d: not commutative", i)
		}
		counts["valid pointAdd"]++
	}
	for i, c := range f.Valid.PointAddScalar {
		p := twPub(t, c.P)
		got, err := p.TweakAdd(testutil.MustHex(t, c.D))
		if c.Expected == nil {
			if !errors.Is(err, secp256k1.ErrInvalidTweak) || got != nil {
				t.Errorf("pointAddScalar %d (%s): got %v, %v; want infinity error", i, c.Description, got, err)
			}
		} else if err != nil || twEncode(got, *c.Expected) != *c.Expected {
			t.Errorf("pointAddScalar %d (%s): got %v, %v; want %s", i, c.Description, got, err, *c.Expected)
		}
		counts["valid pointAddScalar"]++
	}
	for i, c := range f.Valid.PointFromScalar {
		k := twPriv(t, c.D)
		if got := twEncode(k.PublicKey(), c.Expected); got != c.Expected {
			t.Errorf("pointFromScalar %d: got %s, want %s", i, got, c.Expected)
		}
		counts["valid pointFromScalar"]++
	}
	for i, c := range f.Valid.PointMultiply {
		p := twPub(t, c.P)
		got, err := p.TweakMul(testutil.MustHex(t, c.D))
		if c.Expected == nil {
			// tiny-secp256k1 returns null for 0·P; libsecp256k1 and this
			// API reject a zero multiplicative tweak.
			if !errors.Is(err, secp256k1.ErrInvalidTweak) || got != nil {
				t.Errorf("pointMultiply %d (%s): got %v, %v; want error", i, c.Description, got, err)
			}
		} else if err != nil || twEncode(got, *c.Expected) != *c.Expected {
			t.Errorf("pointMultiply %d (%s): got %v, %v; want %s", i, c.Description, got, err, *c.Expected)
		}
		counts["valid pointMultiply"]++
	}
	for i, c := range f.Valid.PointNegate {
		// Despite its name, pointNegate is scalar negation d -> n - d.
		k := twPriv(t, c.D)
		neg := k.Negate()
		if got := hex.EncodeToString(neg.Bytes()); got != c.Expected {
			t.Errorf("pointNegate %d: got %s, want %s", i, got, c.Expected)
		}
		if !neg.PublicKey().Equal(twPriv(t, c.Expected).PublicKey()) || !neg.PublicKey().Equal(k.PublicKey().Negate()) {
			t.Errorf("pointNegate %d: wrong public key", i)
		}
		counts["valid pointNegate"]++
	}

	// Invalid cases: "Expected Point" must fail to parse, "Expected Tweak"
	// must be rejected by the tweak, "Expected Private" by NewPrivateKey.
	parses := func(s string) bool {
		b, err := hex.DecodeString(s)
		if err != nil {
			return false
		}
		_, err = secp256k1.NewPublicKey(b)
		return err == nil
	}
	for i, c := range f.Invalid.PointAdd {
		if c.Exception != "Expected Point" || (parses(c.P) && parses(c.Q)) {
			t.Errorf("invalid pointAdd %d (%s): accepted", i, c.Description)
		}
		counts["invalid pointAdd"]++
	}
	tweakCase := func(name string, i int, p, d, desc, exc string, op func(*secp256k1.PublicKey, []byte) (*secp256k1.PublicKey, error)) {
		switch exc {
		case "Expected Point":
			if parses(p) {
				t.Errorf("invalid %s %d (%s): point accepted", name, i, desc)
			}
		case "Expected Tweak":
			got, err := op(twPub(t, p), testutil.MustHex(t, d))
			if !errors.Is(err, secp256k1.ErrInvalidTweak) || got != nil {
				t.Errorf("invalid %s %d (%s): got %v, %v", name, i, desc, got, err)
			}
		default:
			t.Errorf("invalid %s %d: unknown exception %q", name, i, exc)
		}
		counts["invalid "+name]++
	}
	for i, c := range f.Invalid.PointAddScalar {
		tweakCase("pointAddScalar", i, c.P, c.D, c.Description, c.Exception, (*secp256k1.PublicKey).TweakAdd)
	}
	for i, c := range f.Invalid.PointMultiply {
		tweakCase("pointMultiply", i, c.P, c.D, c.Description, c.Exception, (*secp256k1.PublicKey).TweakMul)
	}
	for i, c := range f.Invalid.PointFromScalar {
		if _, err := secp256k1.NewPrivateKey(testutil.MustHex(t, c.D)); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) || c.Exception != "Expected Private" {
			t.Errorf("invalid pointFromScalar %d (%s): %v", i, c.Description, err)
		}
		counts["invalid pointFromScalar"]++
	}

	want := map[string]int{
		"valid pointAdd": 118, "valid pointAddScalar": 27, "valid pointFromScalar": 16,
		"valid pointMultiply": 7, "valid pointNegate": 16, "invalid pointAdd": 38,
		"invalid pointAddScalar": 22, "invalid pointMultiply": 22, "invalid pointFromScalar": 4,
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%s: ran %d cases, want %d", k, counts[k], n)
		}
	}
	t.Logf("cases run: %v", counts)
}

// TestTinySecp256k1XOnlyTweakAdd runs tweakaddvectors of tiny-secp256k1's
// schnorr.json: x-only key + tweak -> x-only result and parity (-1 and null:
// the point at infinity or an invalid tweak).
func TestTinySecp256k1XOnlyTweakAdd(t *testing.T) {
	var f struct {
		TweakAddVectors []struct {
			Pubkey, Tweak string
			Parity        int
			Result        *string
		}
	}
	testutil.LoadJSON(t, "testdata/tiny-secp256k1-points/schnorr.json", &f)
	for i, c := range f.TweakAddVectors {
		x := twXOnly(t, c.Pubkey)
		tweak := testutil.MustHex(t, c.Tweak)
		full, err := x.TweakAdd(tweak)
		if c.Result == nil {
			if !errors.Is(err, secp256k1.ErrInvalidTweak) || full != nil {
				t.Errorf("case %d: got %v, %v; want an error", i, full, err)
			}
			if x.TweakAddCheck(make([]byte, 32), false, tweak) || x.TweakAddCheck(make([]byte, 32), true, tweak) {
				t.Errorf("case %d: TweakAddCheck accepted an invalid tweak", i)
			}
			continue
		}
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		xo, odd := full.XOnly()
		if got := hex.EncodeToString(xo.Bytes()); got != *c.Result || odd != (c.Parity == 1) {
			t.Errorf("case %d: got %s parity %v, want %s parity %d", i, got, odd, *c.Result, c.Parity)
		}
		res := testutil.MustHex(t, *c.Result)
		if !x.TweakAddCheck(res, c.Parity == 1, tweak) {
			t.Errorf("case %d: TweakAddCheck rejected the expected result", i)
		}
		if x.TweakAddCheck(res, c.Parity != 1, tweak) {
			t.Errorf("case %d: TweakAddCheck accepted the wrong parity", i)
		}
		res[31] ^= 1
		if x.TweakAddCheck(res, c.Parity == 1, tweak) {
			t.Errorf("case %d: TweakAddCheck accepted a wrong key", i)
		}
	}
	if len(f.TweakAddVectors) != 72 {
		t.Errorf("ran %d cases, want 72", len(f.TweakAddVectors))
	}
}

// TestTweakBig checks every tweak against a math/big reference on random
// keys and tweaks.
func TestTweakBig(t *testing.T) {
	r := testutil.Rand(t)
	iters := 32
	if testing.Short() {
		iters = 8
	}
	g := testutil.G()
	for i := range iters {
		d := twRandScalar(r)
		tw := twRandScalar(r)
		if i == 0 {
			tw.SetInt64(0)
		}
		if d.Sign() == 0 {
			continue
		}
		k, err := secp256k1.NewPrivateKey(twBE32(d))
		if err != nil {
			t.Fatal(err)
		}
		tb := twBE32(tw)
		pub := k.PublicKey()

		// Private add.
		sum := new(big.Int).Add(d, tw)
		sum.Mod(sum, testutil.N)
		ka, err := k.TweakAdd(tb)
		if sum.Sign() == 0 {
			if err == nil {
				t.Fatalf("d=%x t=%x: zero sum accepted", d, tw)
			}
		} else if err != nil || !bytes.Equal(ka.Bytes(), twBE32(sum)) {
			t.Fatalf("d=%x t=%x: TweakAdd = %v, %v; want %x", d, tw, ka, err, sum)
		}
		// Public add: P + t·G, against the big reference.
		pa, err := pub.TweakAdd(tb)
		want := testutil.Add(twPointOf(t, pub), testutil.Mul(tw, g))
		if err != nil || hex.EncodeToString(pa.BytesUncompressed()) != twBigPub(want) {
			t.Fatalf("d=%x t=%x: PublicKey.TweakAdd = %v, %v", d, tw, pa, err)
		}
		if !pa.Equal(ka.PublicKey()) {
			t.Fatalf("d=%x t=%x: public and private TweakAdd disagree", d, tw)
		}

		// Multiply (t = 0 is rejected).
		km, err := k.TweakMul(tb)
		pm, perr := pub.TweakMul(tb)
		if tw.Sign() == 0 {
			if !errors.Is(err, secp256k1.ErrInvalidTweak) || !errors.Is(perr, secp256k1.ErrInvalidTweak) || km != nil || pm != nil {
				t.Fatalf("zero multiplicative tweak accepted: %v %v", err, perr)
			}
		} else {
			prod := new(big.Int).Mul(d, tw)
			prod.Mod(prod, testutil.N)
			if err != nil || !bytes.Equal(km.Bytes(), twBE32(prod)) {
				t.Fatalf("d=%x t=%x: TweakMul = %v, %v; want %x", d, tw, km, err, prod)
			}
			want := testutil.Mul(tw, twPointOf(t, pub))
			if perr != nil || hex.EncodeToString(pm.BytesUncompressed()) != twBigPub(want) || !pm.Equal(km.PublicKey()) {
				t.Fatalf("d=%x t=%x: PublicKey.TweakMul = %v, %v", d, tw, pm, perr)
			}
		}

		// Negate.
		neg := new(big.Int).Sub(testutil.N, d)
		kn := k.Negate()
		if !bytes.Equal(kn.Bytes(), twBE32(neg)) {
			t.Fatalf("d=%x: Negate = %x", d, kn.Bytes())
		}
		if !kn.PublicKey().Equal(pub.Negate()) || !kn.PublicKey().Equal(twPriv(t, hex.EncodeToString(twBE32(neg))).PublicKey()) {
			t.Fatalf("d=%x: Negate public key", d)
		}

		// Combine three keys: (d + t + 1)·G.
		if tw.Sign() != 0 {
			kt, _ := secp256k1.NewPrivateKey(tb)
			one, _ := secp256k1.NewPrivateKey(twBE32(big.NewInt(1)))
			c, err := secp256k1.CombinePublicKeys(pub, kt.PublicKey(), one.PublicKey())
			s := new(big.Int).Add(d, tw)
			s.Add(s, big.NewInt(1)).Mod(s, testutil.N)
			want := testutil.Mul(s, g)
			if s.Sign() == 0 {
				if err == nil {
					t.Fatal("infinite sum accepted")
				}
			} else if err != nil || hex.EncodeToString(c.BytesUncompressed()) != twBigPub(want) {
				t.Fatalf("Combine = %v, %v", c, err)
			}
		}
	}
}

// TestTweakEdges covers the boundaries of the tweak rules: lengths, t = n-1,
// n, n+1, 2^256-1, a sum of zero, a product by one, nil keys.
func TestTweakEdges(t *testing.T) {
	nm1 := new(big.Int).Sub(testutil.N, big.NewInt(1))
	k := twPriv(t, "0000000000000000000000000000000000000000000000000000000000000003")
	pub := k.PublicKey()
	x, _ := pub.XOnly()
	bad := [][]byte{
		nil, make([]byte, 31), make([]byte, 33),
		twBE32(testutil.N), twBE32(new(big.Int).Add(testutil.N, big.NewInt(1))),
		bytes.Repeat([]byte{0xff}, 32),
	}
	for _, b := range bad {
		for name, f := range map[string]func() (any, error){
			"PrivateKey.TweakAdd":    func() (any, error) { return k.TweakAdd(b) },
			"PrivateKey.TweakMul":    func() (any, error) { return k.TweakMul(b) },
			"PrivateKey.XOnlyTweak":  func() (any, error) { return k.XOnlyTweakAdd(b) },
			"PublicKey.TweakAdd":     func() (any, error) { return pub.TweakAdd(b) },
			"PublicKey.TweakMul":     func() (any, error) { return pub.TweakMul(b) },
			"XOnlyPublicKey.TweakAd": func() (any, error) { return x.TweakAdd(b) },
		} {
			v, err := f()
			if !errors.Is(err, secp256k1.ErrInvalidTweak) {
				t.Errorf("%s(%x): err = %v, want ErrInvalidTweak", name, b, err)
			}
			if v == nil {
				continue
			}
			switch v := v.(type) {
			case *secp256k1.PrivateKey:
				if v != nil {
					t.Errorf("%s(%x): non-nil key with an error", name, b)
				}
			case *secp256k1.PublicKey:
				if v != nil {
					t.Errorf("%s(%x): non-nil key with an error", name, b)
				}
			}
		}
		if x.TweakAddCheck(x.Bytes(), false, b) {
			t.Errorf("TweakAddCheck accepted tweak %x", b)
		}
	}

	// d + (n - d) = 0 and P + (n-d)·G = infinity.
	negD := twBE32(new(big.Int).Sub(testutil.N, big.NewInt(3)))
	if r, err := k.TweakAdd(negD); !errors.Is(err, secp256k1.ErrInvalidTweak) || r != nil {
		t.Errorf("TweakAdd to zero: %v, %v", r, err)
	}
	if r, err := pub.TweakAdd(negD); !errors.Is(err, secp256k1.ErrInvalidTweak) || r != nil {
		t.Errorf("PublicKey.TweakAdd to infinity: %v, %v", r, err)
	}
	// x-only: the even-y secret of 3·G; if 3·G has odd y it is n-3, and
	// adding 3 gives zero.
	_, odd := pub.XOnly()
	zeroTweak := negD
	if odd {
		zeroTweak = twBE32(big.NewInt(3))
	}
	if r, err := k.XOnlyTweakAdd(zeroTweak); !errors.Is(err, secp256k1.ErrInvalidTweak) || r != nil {
		t.Errorf("XOnlyTweakAdd to zero: %v, %v", r, err)
	}
	if r, err := x.TweakAdd(zeroTweak); !errors.Is(err, secp256k1.ErrInvalidTweak) || r != nil {
		t.Errorf("XOnlyPublicKey.TweakAdd to infinity: %v, %v", r, err)
	}
	// Adding 0 and multiplying by 1 keep the key; n-1 negates it.
	zero := make([]byte, 32)
	one := twBE32(big.NewInt(1))
	if r, err := k.TweakAdd(zero); err != nil || !r.Equal(k) {
		t.Errorf("TweakAdd(0): %v, %v", r, err)
	}
	if r, err := pub.TweakAdd(zero); err != nil || !r.Equal(pub) {
		t.Errorf("PublicKey.TweakAdd(0): %v, %v", r, err)
	}
	if r, err := k.TweakMul(one); err != nil || !r.Equal(k) {
		t.Errorf("TweakMul(1): %v, %v", r, err)
	}
	if r, err := pub.TweakMul(one); err != nil || !r.Equal(pub) {
		t.Errorf("PublicKey.TweakMul(1): %v, %v", r, err)
	}
	if r, err := k.TweakMul(twBE32(nm1)); err != nil || !r.Equal(k.Negate()) {
		t.Errorf("TweakMul(n-1): %v, %v", r, err)
	}
	if r, err := pub.TweakMul(twBE32(nm1)); err != nil || !r.Equal(pub.Negate()) {
		t.Errorf("PublicKey.TweakMul(n-1): %v, %v", r, err)
	}
	if r, err := k.TweakAdd(twBE32(nm1)); err != nil || !bytes.Equal(r.Bytes(), twBE32(big.NewInt(2))) {
		t.Errorf("TweakAdd(n-1): %v, %v", r, err)
	}
	if !k.Negate().Negate().Equal(k) || !pub.Negate().Negate().Equal(pub) {
		t.Error("double negation is not the identity")
	}
	// Keys are immutable: the receiver is unchanged.
	if !bytes.Equal(k.Bytes(), twBE32(big.NewInt(3))) {
		t.Error("the receiver changed")
	}

	// Nil receivers.
	var nk *secp256k1.PrivateKey
	var np *secp256k1.PublicKey
	var nx *secp256k1.XOnlyPublicKey
	if _, err := nk.TweakAdd(one); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
		t.Error(err)
	}
	if _, err := nk.TweakMul(one); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
		t.Error(err)
	}
	if _, err := nk.XOnlyTweakAdd(one); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
		t.Error(err)
	}
	if _, err := np.TweakAdd(one); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Error(err)
	}
	if _, err := np.TweakMul(one); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Error(err)
	}
	if _, err := nx.TweakAdd(one); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Error(err)
	}
	if nx.TweakAddCheck(make([]byte, 32), false, one) {
		t.Error("TweakAddCheck on a nil key")
	}
	if x.TweakAddCheck(make([]byte, 31), false, one) {
		t.Error("TweakAddCheck with a 31-byte key")
	}
}

func TestCombinePublicKeys(t *testing.T) {
	if k, err := secp256k1.CombinePublicKeys(); !errors.Is(err, secp256k1.ErrInvalidPublicKey) || k != nil {
		t.Errorf("no keys: %v, %v", k, err)
	}
	p := twPriv(t, "0000000000000000000000000000000000000000000000000000000000000005").PublicKey()
	if k, err := secp256k1.CombinePublicKeys(p, nil); !errors.Is(err, secp256k1.ErrInvalidPublicKey) || k != nil {
		t.Errorf("nil key: %v, %v", k, err)
	}
	if k, err := secp256k1.CombinePublicKeys(p); err != nil || !k.Equal(p) {
		t.Errorf("one key: %v, %v", k, err)
	}
	if k, err := secp256k1.CombinePublicKeys(p, p.Negate()); !errors.Is(err, secp256k1.ErrInvalidPublicKey) || k != nil {
		t.Errorf("P + -P: %v, %v", k, err)
	}
	// P + P + P = 15·G, with a doubling inside.
	want := twPriv(t, "000000000000000000000000000000000000000000000000000000000000000f").PublicKey()
	if k, err := secp256k1.CombinePublicKeys(p, p, p); err != nil || !k.Equal(want) {
		t.Errorf("P+P+P: %v, %v", k, err)
	}
	// P + -P + P = P: the running sum passes through infinity.
	if k, err := secp256k1.CombinePublicKeys(p, p.Negate(), p); err != nil || !k.Equal(p) {
		t.Errorf("P-P+P: %v, %v", k, err)
	}
}

// TestSortPublicKeysBIP327 is the BIP-327 key_sort vector (bips/bip-0327/
// vectors/key_sort_vectors.json, BSD-3-Clause): KeySort is the
// lexicographic order of the 33-byte encodings. The key ending in ...EFF is
// not on the curve (BIP-327 sorts raw bytes), so it is checked only through
// the byte order of the other keys.
func TestSortPublicKeysBIP327(t *testing.T) {
	in := []string{
		"02DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
		"02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
		"03DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
		"023590A94E768F8E1815C2F24B4D80A8E3149316C3518CE7B7AD338368D038CA66",
		"02DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EFF",
		"02DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
	}
	sorted := []string{
		"023590A94E768F8E1815C2F24B4D80A8E3149316C3518CE7B7AD338368D038CA66",
		"02DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
		"02DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
		"02DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EFF",
		"02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
		"03DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
	}
	var keys []*secp256k1.PublicKey
	var wantOrder []string
	for _, s := range in {
		if k, err := secp256k1.NewPublicKey(testutil.MustHex(t, s)); err == nil {
			keys = append(keys, k)
		}
	}
	for _, s := range sorted {
		if _, err := secp256k1.NewPublicKey(testutil.MustHex(t, s)); err == nil {
			wantOrder = append(wantOrder, s)
		}
	}
	if len(keys) < 5 {
		t.Fatalf("only %d of the vector's keys parse", len(keys))
	}
	secp256k1.SortPublicKeys(keys)
	for i, k := range keys {
		if got := hex.EncodeToString(k.BytesCompressed()); !bytes.EqualFold([]byte(got), []byte(wantOrder[i])) {
			t.Errorf("position %d: got %s, want %s", i, got, wantOrder[i])
		}
	}
	t.Logf("%d of the vector's 6 keys are valid points and sort as the vector says", len(keys))
}

// TestComparePublicKeys checks Compare and SortPublicKeys against
// bytes.Compare of the encodings, on random keys with shared prefixes.
func TestComparePublicKeys(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	r := testutil.Rand(t)
	var keys []*secp256k1.PublicKey
	for range 40 {
		d := twRandScalar(r)
		if d.Sign() == 0 {
			continue
		}
		k, _ := secp256k1.NewPrivateKey(twBE32(d))
		keys = append(keys, k.PublicKey(), k.PublicKey().Negate()) // same x, both prefixes
	}
	keys = append(keys, keys[3], nil)
	for _, a := range keys {
		for _, b := range keys {
			want := 0
			switch {
			case a == nil && b == nil:
			case a == nil:
				want = -1
			case b == nil:
				want = 1
			default:
				want = bytes.Compare(a.BytesCompressed(), b.BytesCompressed())
			}
			if got := a.Compare(b); got != want {
				t.Fatalf("Compare = %d, want %d", got, want)
			}
		}
	}
	secp256k1.SortPublicKeys(keys)
	if keys[0] != nil {
		t.Fatal("nil did not sort first")
	}
	if !slices.IsSortedFunc(keys[1:], func(a, b *secp256k1.PublicKey) int {
		return bytes.Compare(a.BytesCompressed(), b.BytesCompressed())
	}) {
		t.Fatal("not sorted")
	}
	if n := testing.AllocsPerRun(10, func() { secp256k1.SortPublicKeys(keys) }); n != 0 {
		t.Errorf("SortPublicKeys: %v allocations", n)
	}
}

func BenchmarkTweak(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x11}, 32))
	tw := bytes.Repeat([]byte{0x22}, 32)
	pub := k.PublicKey()
	x, _ := pub.XOnly()
	b.Run("PrivateKey.TweakAdd", func(b *testing.B) {
		for b.Loop() {
			k.TweakAdd(tw)
		}
	})
	b.Run("PrivateKey.TweakMul", func(b *testing.B) {
		for b.Loop() {
			k.TweakMul(tw)
		}
	})
	b.Run("PrivateKey.Negate", func(b *testing.B) {
		for b.Loop() {
			k.Negate()
		}
	})
	b.Run("PrivateKey.XOnlyTweakAdd", func(b *testing.B) {
		for b.Loop() {
			k.XOnlyTweakAdd(tw)
		}
	})
	b.Run("PublicKey.TweakAdd", func(b *testing.B) {
		for b.Loop() {
			pub.TweakAdd(tw)
		}
	})
	b.Run("PublicKey.TweakMul", func(b *testing.B) {
		for b.Loop() {
			pub.TweakMul(tw)
		}
	})
	b.Run("XOnlyPublicKey.TweakAddCheck", func(b *testing.B) {
		q, _ := x.TweakAdd(tw)
		qx, odd := q.XOnly()
		qb := qx.Bytes()
		for b.Loop() {
			x.TweakAddCheck(qb, odd, tw)
		}
	})
	b.Run("CombinePublicKeys/2", func(b *testing.B) {
		q := pub.Negate().Negate()
		p2, _ := pub.TweakAdd(tw)
		for b.Loop() {
			secp256k1.CombinePublicKeys(q, p2)
		}
	})
}
