package musig2_test

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
)

// fixture is a 2-of-2 setup: keys, cache, nonces, a session.
type fixture struct {
	priv  [2]*secp256k1.PrivateKey
	pks   [][]byte
	cache *musig2.KeyAggCache
	sn    [2]*musig2.SecretNonce
	pn    [][]byte
	agg   []byte
	msg   []byte
	sess  *musig2.Session
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	f := &fixture{msg: []byte("fixture message")}
	for i, b := range []string{
		"0000000000000000000000000000000000000000000000000000000000000003",
		"b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef",
	} {
		k, err := secp256k1.NewPrivateKey(testutil.MustHex(t, b))
		if err != nil {
			t.Fatal(err)
		}
		f.priv[i] = k
		f.pks = append(f.pks, k.PublicKey().BytesCompressed())
	}
	var err error
	if f.cache, err = musig2.KeyAgg(f.pks); err != nil {
		t.Fatal(err)
	}
	for i := range f.sn {
		var pn []byte
		f.sn[i], pn, err = musig2.NonceGen(f.pks[i], &musig2.NonceOptions{SecretKey: f.priv[i], Message: f.msg})
		if err != nil {
			t.Fatal(err)
		}
		f.pn = append(f.pn, pn)
	}
	if f.agg, err = musig2.NonceAgg(f.pn); err != nil {
		t.Fatal(err)
	}
	if f.sess, err = musig2.NewSession(f.cache, f.agg, f.msg); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestNonceConsumed: a secret nonce signs once; the second call, a copy of
// the struct, and a nonce used by a failed call are all rejected.
func TestNonceConsumed(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sess.Sign(f.sn[0], f.priv[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := f.sess.Sign(f.sn[0], f.priv[0]); !errors.Is(err, musig2.ErrInvalidSecretNonce) {
		t.Fatalf("second Sign: %v, want ErrInvalidSecretNonce", err)
	}

	// A copy made before signing is consumed with the original.
	f = newFixture(t)
	cp := new(musig2.SecretNonce)
	copyNonce(cp, f.sn[1])
	if _, err := f.sess.Sign(f.sn[1], f.priv[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := f.sess.Sign(cp, f.priv[1]); !errors.Is(err, musig2.ErrInvalidSecretNonce) {
		t.Fatalf("Sign with a copy of a consumed nonce: %v", err)
	}

	// A failing call consumes the nonce too (a nil key, an invalid
	// session): libsecp256k1 and BIP-327 zero it first.
	for name, sign := range map[string]func(*fixture) error{
		"nil key":      func(f *fixture) error { _, err := f.sess.Sign(f.sn[0], nil); return err },
		"nil session":  func(f *fixture) error { _, err := (*musig2.Session)(nil).Sign(f.sn[0], f.priv[0]); return err },
		"wrong key":    func(f *fixture) error { _, err := f.sess.Sign(f.sn[0], f.priv[1]); return err },
		"zero session": func(f *fixture) error { _, err := new(musig2.Session).Sign(f.sn[0], f.priv[0]); return err },
	} {
		f := newFixture(t)
		if err := sign(f); err == nil {
			t.Fatalf("%s: Sign succeeded", name)
		}
		if _, err := f.sess.Sign(f.sn[0], f.priv[0]); !errors.Is(err, musig2.ErrInvalidSecretNonce) {
			t.Fatalf("%s: the nonce signed after a failed call: %v", name, err)
		}
	}
}

// copyNonce copies the struct, as a careless caller would. go vet reports
// a plain copy (*dst = *src) through the noCopy field; the test copies with
// reflect on purpose.
func copyNonce(dst, src *musig2.SecretNonce) {
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
}

// TestNonceConcurrentSign: of many goroutines signing with one nonce,
// exactly one succeeds.
func TestNonceConcurrentSign(t *testing.T) {
	f := newFixture(t)
	const g = 16
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for range g {
		wg.Go(func() {
			if _, err := f.sess.Sign(f.sn[0], f.priv[0]); err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			} else if !errors.Is(err, musig2.ErrInvalidSecretNonce) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ok != 1 {
		t.Fatalf("%d of %d concurrent Sign calls succeeded, want 1", ok, g)
	}
}

// TestNonceKeyBinding: a nonce signs only for the key it was made for
// (libsecp256k1's check), and that key must be one of the aggregated keys.
func TestNonceKeyBinding(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sess.Sign(f.sn[0], f.priv[1]); !errors.Is(err, musig2.ErrNonceKeyMismatch) {
		t.Fatalf("Sign with the other signer's key: %v, want ErrNonceKeyMismatch", err)
	}
	// A key outside the group, with a nonce made for it.
	other, _ := secp256k1.NewPrivateKey(testutil.MustHex(t, "0000000000000000000000000000000000000000000000000000000000000007"))
	sn, _, err := musig2.NonceGen(other.PublicKey().BytesCompressed(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.sess.Sign(sn, other); !errors.Is(err, musig2.ErrSignerNotInKeys) {
		t.Fatalf("Sign by a key outside the group: %v, want ErrSignerNotInKeys", err)
	}
}

// TestSecretNonceNotPrinted: no fmt verb, and no encoding package, shows
// the secret scalars.
func TestSecretNonceNotPrinted(t *testing.T) {
	var rnd [32]byte
	rnd[0] = 1
	pk := testutil.MustHex(t, "02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9")
	sn, _, err := musig2.NonceGen(pk, &musig2.NonceOptions{Rand: rnd[:]})
	if err != nil {
		t.Fatal(err)
	}
	k1, k2, _ := refNonceGen(append([]byte{1}, make([]byte, 31)...), nil, pk, nil, nil, nil)
	secrets := []string{hex.EncodeToString(refBytes32(k1)), hex.EncodeToString(refBytes32(k2))}
	check := func(what, s string) {
		t.Helper()
		low := strings.ToLower(s)
		for _, sec := range secrets {
			if strings.Contains(low, sec) || strings.Contains(low, sec[:16]) {
				t.Errorf("%s prints the secret: %s", what, s)
			}
		}
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%q", "%d"} {
		got := fmt.Sprintf(verb, sn)
		if got != "musig2.SecretNonce{…}" {
			t.Errorf("Sprintf(%q, sn) = %q", verb, got)
		}
		check(verb, got)
		// The struct value (copied: what fmt sees through reflection).
		check(verb+" of the value", fmt.Sprintf(verb, reflect.ValueOf(sn).Elem().Interface()))
		check(verb+" in a struct", fmt.Sprintf(verb, struct{ N *musig2.SecretNonce }{sn}))
	}
	if s := sn.String(); s != "musig2.SecretNonce{…}" {
		t.Errorf("String = %q", s)
	}
	if s := sn.GoString(); s != "musig2.SecretNonce{…}" {
		t.Errorf("GoString = %q", s)
	}
	//lint:ignore SA9005 the test checks that marshaling a secret nonce reveals nothing
	if b, err := json.Marshal(sn); err != nil || string(b) != "{}" {
		t.Errorf("json.Marshal = %s, %v; want {}", b, err)
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(sn); err == nil {
		t.Errorf("gob encoded a SecretNonce: %x", buf.Bytes())
	}
	// Printing never consumed it.
	if !musig2.SecretNonceEqualForTest(sn, append(append(refBytes32(k1), refBytes32(k2)...), pk...)) {
		t.Error("the nonce changed")
	}
}

// TestNonceGenRand: a given Rand is zeroed after use and can then not be
// used again; all-zero and wrong-length Rand are rejected; two calls
// without Rand give different nonces.
func TestNonceGenRand(t *testing.T) {
	pk := testutil.MustHex(t, "02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9")
	rnd := bytes.Repeat([]byte{7}, 32)
	if _, _, err := musig2.NonceGen(pk, &musig2.NonceOptions{Rand: rnd}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rnd, make([]byte, 32)) {
		t.Fatalf("Rand not zeroed: %x", rnd)
	}
	if _, _, err := musig2.NonceGen(pk, &musig2.NonceOptions{Rand: rnd}); !errors.Is(err, musig2.ErrInvalidInput) {
		t.Fatalf("NonceGen with the zeroed Rand: %v", err)
	}
	for _, n := range []int{0, 31, 33} {
		if _, _, err := musig2.NonceGen(pk, &musig2.NonceOptions{Rand: make([]byte, n)}); !errors.Is(err, musig2.ErrInvalidInput) {
			t.Errorf("Rand of %d bytes: %v", n, err)
		}
	}
	_, a, err1 := musig2.NonceGen(pk, nil)
	_, b, err2 := musig2.NonceGen(pk, nil)
	if err1 != nil || err2 != nil || bytes.Equal(a, b) {
		t.Fatalf("two NonceGen(nil) calls: %x, %x, %v, %v", a, b, err1, err2)
	}
}
