package keys

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of this package: every exported function and method
// with nil and zero-value keys as receivers and arguments. None may panic;
// each returns an error wrapping ErrInvalidPrivateKey or
// ErrInvalidPublicKey (a nil receiver's error says "nil"), false, or nil,
// and a receiver that holds a key keeps it when the call fails. Output
// byte arrays and the scalar of EvenYScalar must not be nil (documented)
// and are not tested with nil. TestMisuseTableComplete fails when an
// exported function has no entry.

func badPrivates() []*Private { return []*Private{nil, new(Private)} }
func badPublics() []*Public   { return []*Public{nil, new(Public)} }
func badXOnlys() []*XOnly     { return []*XOnly{nil, new(XOnly)} }

// wantErrIs fails unless err wraps sentinel.
func wantErrIs(t *testing.T, what string, err, sentinel error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: error %v, want one wrapping %v", what, err, sentinel)
	}
}

// wantNilRecv fails unless err wraps sentinel and says that the receiver
// was nil.
func wantNilRecv(t *testing.T, what string, err, sentinel error) {
	t.Helper()
	wantErrIs(t, what, err, sentinel)
	if err != nil && !strings.Contains(err.Error(), "nil receiver") {
		t.Errorf("%s: error %q does not name the nil receiver", what, err)
	}
}

// misuseFixtures are valid keys to pair with invalid ones.
type misuseFixtures struct {
	priv  *Private
	pub   *Public
	xonly *XOnly
	tweak []byte
}

func newMisuseFixtures(t *testing.T) *misuseFixtures {
	k := newKey(t, 0x42)
	p, err := k.Public()
	if err != nil {
		t.Fatal(err)
	}
	x := new(XOnly)
	if _, err := x.SetPublic(p); err != nil {
		t.Fatal(err)
	}
	return &misuseFixtures{priv: k, pub: p, xonly: x, tweak: bytes.Repeat([]byte{7}, 32)}
}

// privSetter checks a method that sets a Private from a Private: a nil
// receiver, nil and zero-value arguments, and that a failed call leaves a
// valid receiver unchanged.
func privSetter(t *testing.T, f *misuseFixtures, name string, set func(out, x *Private) error) {
	t.Helper()
	wantNilRecv(t, "nil."+name, set(nil, f.priv), ErrInvalidPrivateKey)
	for _, bad := range badPrivates() {
		out := newKey(t, 0x11)
		wantErrIs(t, name+"(invalid)", set(out, bad), ErrInvalidPrivateKey)
		if !out.Equal(newKey(t, 0x11)) {
			t.Errorf("%s(invalid) changed the receiver", name)
		}
	}
}

// pubSetter is privSetter for a method that sets a Public; the invalid
// arguments give errors wrapping sentinel.
func pubSetter[T any](t *testing.T, name string, bad []*T, valid *T, sentinel error, set func(out *Public, x *T) error) {
	t.Helper()
	wantNilRecv(t, "nil."+name, set(nil, valid), ErrInvalidPublicKey)
	for _, b := range bad {
		var out Public
		if err := out.Set(misuseKeep); err != nil {
			t.Fatal(err)
		}
		wantErrIs(t, name+"(invalid)", set(&out, b), sentinel)
		if !out.Equal(misuseKeep) {
			t.Errorf("%s(invalid) changed the receiver", name)
		}
	}
}

// misuseKeep and misuseKeepX are the keys a receiver holds before a call
// that must fail.
var misuseKeep, misuseKeepX = func() (*Public, *XOnly) {
	var k Private
	if k.SetBytes(bytes.Repeat([]byte{0x11}, 32)) != nil {
		panic("misuseKeep")
	}
	p, _ := k.Public()
	x := new(XOnly)
	x.SetPublic(p)
	return p, x
}()

func misuseTable(f *misuseFixtures) map[string]func(t *testing.T) {
	return map[string]func(t *testing.T){
		"keys.ECDH": func(t *testing.T) {
			var out [32]byte
			for _, k := range badPrivates() {
				wantErrIs(t, "ECDH(invalid key)", ECDH(&out, k, f.pub), ErrInvalidPrivateKey)
			}
			for _, p := range badPublics() {
				wantErrIs(t, "ECDH(invalid remote)", ECDH(&out, f.priv, p), ErrInvalidPublicKey)
			}
			if out != ([32]byte{}) {
				t.Error("ECDH wrote out on error")
			}
		},
		"keys.ECDHSHA256": func(t *testing.T) {
			var out [32]byte
			for _, k := range badPrivates() {
				wantErrIs(t, "ECDHSHA256(invalid key)", ECDHSHA256(&out, k, f.pub), ErrInvalidPrivateKey)
			}
			for _, p := range badPublics() {
				wantErrIs(t, "ECDHSHA256(invalid remote)", ECDHSHA256(&out, f.priv, p), ErrInvalidPublicKey)
			}
			if out != ([32]byte{}) {
				t.Error("ECDHSHA256 wrote out on error")
			}
		},
		"keys.Public.ECDHPoint": func(t *testing.T) {
			wantNilRecv(t, "nil.ECDHPoint", (*Public)(nil).ECDHPoint(f.priv, f.pub), ErrInvalidPublicKey)
			pubSetter(t, "ECDHPoint(invalid key)", badPrivates(), f.priv, ErrInvalidPrivateKey, func(out *Public, k *Private) error {
				return out.ECDHPoint(k, f.pub)
			})
			pubSetter(t, "ECDHPoint(invalid remote)", badPublics(), f.pub, ErrInvalidPublicKey, func(out, p *Public) error {
				return out.ECDHPoint(f.priv, p)
			})
		},
		"keys.TapTweakHash": func(t *testing.T) {
			var out [32]byte
			for _, x := range badXOnlys() {
				wantErrIs(t, "TapTweakHash(invalid)", TapTweakHash(&out, x, nil), ErrInvalidPublicKey)
			}
		},

		"keys.Private.Valid": func(t *testing.T) {
			for _, k := range badPrivates() {
				if k.Valid() {
					t.Error("Valid is true")
				}
			}
		},
		"keys.Private.Scalar": func(t *testing.T) {
			for _, k := range badPrivates() {
				d, err := k.Scalar()
				if d != nil {
					t.Error("Scalar returned a value")
				}
				wantErrIs(t, "Scalar", err, ErrInvalidPrivateKey)
			}
		},
		"keys.Private.SetBytes": func(t *testing.T) {
			wantNilRecv(t, "nil.SetBytes", (*Private)(nil).SetBytes(make([]byte, 32)), ErrInvalidPrivateKey)
			for _, b := range [][]byte{nil, make([]byte, 32), bytes.Repeat([]byte{0xff}, 32)} {
				out := newKey(t, 0x11)
				wantErrIs(t, "SetBytes(invalid)", out.SetBytes(b), ErrInvalidPrivateKey)
				if !out.Equal(newKey(t, 0x11)) {
					t.Error("SetBytes(invalid) changed the receiver")
				}
			}
		},
		"keys.Private.Generate": func(t *testing.T) {
			wantNilRecv(t, "nil.Generate", (*Private)(nil).Generate(nil), ErrInvalidPrivateKey)
		},
		"keys.Private.PutBytes": func(t *testing.T) {
			var b [32]byte
			for _, k := range badPrivates() {
				wantErrIs(t, "PutBytes", k.PutBytes(&b), ErrInvalidPrivateKey)
			}
		},
		"keys.Private.Public": func(t *testing.T) {
			for _, k := range badPrivates() {
				p, err := k.Public()
				if p != nil {
					t.Error("Public returned a value")
				}
				wantErrIs(t, "Public", err, ErrInvalidPrivateKey)
			}
		},
		"keys.Private.EvenYScalar": func(t *testing.T) {
			for _, k := range badPrivates() {
				var d scalar.Scalar
				p, err := k.EvenYScalar(&d)
				if p != nil || d.IsZero() != 1 {
					t.Error("EvenYScalar returned a value")
				}
				wantErrIs(t, "EvenYScalar", err, ErrInvalidPrivateKey)
			}
		},
		"keys.Private.Equal": func(t *testing.T) {
			for _, k := range badPrivates() {
				if k.Equal(f.priv) || f.priv.Equal(k) || k.Equal(k) {
					t.Error("Equal is true")
				}
			}
		},
		"keys.Private.Wipe": func(t *testing.T) {
			for _, k := range badPrivates() {
				k.Wipe()
			}
		},
		"keys.Private.Set":    func(t *testing.T) { privSetter(t, f, "Set", (*Private).Set) },
		"keys.Private.Negate": func(t *testing.T) { privSetter(t, f, "Negate", (*Private).Negate) },
		"keys.Private.EvenY":  func(t *testing.T) { privSetter(t, f, "EvenY", (*Private).EvenY) },
		"keys.Private.TweakAdd": func(t *testing.T) {
			privSetter(t, f, "TweakAdd", func(out, x *Private) error { return out.TweakAdd(x, f.tweak) })
		},
		"keys.Private.TweakMul": func(t *testing.T) {
			privSetter(t, f, "TweakMul", func(out, x *Private) error { return out.TweakMul(x, f.tweak) })
		},
		"keys.Private.XOnlyTweakAdd": func(t *testing.T) {
			privSetter(t, f, "XOnlyTweakAdd", func(out, x *Private) error { return out.XOnlyTweakAdd(x, f.tweak) })
		},
		"keys.Private.TaprootTweak": func(t *testing.T) {
			privSetter(t, f, "TaprootTweak", func(out, x *Private) error { return out.TaprootTweak(x, nil) })
		},

		"keys.Public.Point": func(t *testing.T) {
			for _, k := range badPublics() {
				p, err := k.Point()
				if p != nil {
					t.Error("Point returned a value")
				}
				wantErrIs(t, "Point", err, ErrInvalidPublicKey)
			}
		},
		"keys.Public.Valid": func(t *testing.T) {
			for _, k := range badPublics() {
				if k.Valid() {
					t.Error("Valid is true")
				}
			}
		},
		"keys.Public.SetPoint": func(t *testing.T) {
			a, _ := f.pub.Point()
			wantNilRecv(t, "nil.SetPoint", (*Public)(nil).SetPoint(a), ErrInvalidPublicKey)
			var j group.Jacobian
			j.SetInfinity()
			var inf group.Affine
			inf.SetJacobianVarTime(&j)
			pubSetter(t, "SetPoint", []*group.Affine{nil, &inf, {}}, a, ErrInvalidPublicKey, func(out *Public, p *group.Affine) error {
				return out.SetPoint(p)
			})
		},
		"keys.Public.SetOnCurvePoint": func(t *testing.T) {
			a, _ := f.pub.Point()
			wantNilRecv(t, "nil.SetOnCurvePoint", (*Public)(nil).SetOnCurvePoint(a), ErrInvalidPublicKey)
			pubSetter(t, "SetOnCurvePoint", []*group.Affine{nil}, a, ErrInvalidPublicKey, func(out *Public, p *group.Affine) error {
				return out.SetOnCurvePoint(p)
			})
		},
		"keys.Public.SetJacobianVarTime": func(t *testing.T) {
			var j group.Jacobian
			j.SetInfinity()
			wantNilRecv(t, "nil.SetJacobianVarTime", (*Public)(nil).SetJacobianVarTime(&j), ErrInvalidPublicKey)
			pubSetter(t, "SetJacobianVarTime", []*group.Jacobian{nil, &j}, &j, ErrInvalidPublicKey, func(out *Public, p *group.Jacobian) error {
				return out.SetJacobianVarTime(p)
			})
		},
		"keys.Public.SetBytes": func(t *testing.T) {
			wantNilRecv(t, "nil.SetBytes", (*Public)(nil).SetBytes(make([]byte, 33)), ErrInvalidPublicKey)
			b := []byte{}
			pubSetter(t, "SetBytes", []*[]byte{nil, &b}, &b, ErrInvalidPublicKey, func(out *Public, b *[]byte) error {
				if b == nil {
					return out.SetBytes(nil)
				}
				return out.SetBytes(*b)
			})
		},
		"keys.Public.PutCompressed": func(t *testing.T) {
			var b [33]byte
			for _, k := range badPublics() {
				wantErrIs(t, "PutCompressed", k.PutCompressed(&b), ErrInvalidPublicKey)
			}
		},
		"keys.Public.PutUncompressed": func(t *testing.T) {
			var b [65]byte
			for _, k := range badPublics() {
				wantErrIs(t, "PutUncompressed", k.PutUncompressed(&b), ErrInvalidPublicKey)
			}
		},
		"keys.Public.Equal": func(t *testing.T) {
			for _, k := range badPublics() {
				if k.Equal(f.pub) || f.pub.Equal(k) || k.Equal(k) {
					t.Error("Equal is true")
				}
			}
		},
		"keys.Public.Compare": func(t *testing.T) {
			for _, k := range badPublics() {
				if k.Compare(f.pub) != -1 || f.pub.Compare(k) != 1 || k.Compare(nil) != 0 {
					t.Error("Compare does not sort invalid keys first")
				}
			}
		},
		"keys.Public.Set": func(t *testing.T) {
			pubSetter(t, "Set", badPublics(), f.pub, ErrInvalidPublicKey, (*Public).Set)
		},
		"keys.Public.TweakAdd": func(t *testing.T) {
			pubSetter(t, "TweakAdd", badPublics(), f.pub, ErrInvalidPublicKey, func(out, x *Public) error { return out.TweakAdd(x, f.tweak) })
		},
		"keys.Public.TweakMul": func(t *testing.T) {
			pubSetter(t, "TweakMul", badPublics(), f.pub, ErrInvalidPublicKey, func(out, x *Public) error { return out.TweakMul(x, f.tweak) })
		},
		"keys.Public.Negate": func(t *testing.T) {
			pubSetter(t, "Negate", badPublics(), f.pub, ErrInvalidPublicKey, (*Public).Negate)
		},
		"keys.Public.XOnlyTweakAdd": func(t *testing.T) {
			pubSetter(t, "XOnlyTweakAdd", badXOnlys(), f.xonly, ErrInvalidPublicKey, func(out *Public, x *XOnly) error {
				return out.XOnlyTweakAdd(x, f.tweak)
			})
		},
		"keys.Public.Combine": func(t *testing.T) {
			valid := func(int) *Public { return f.pub }
			wantNilRecv(t, "nil.Combine", (*Public)(nil).Combine(1, valid), ErrInvalidPublicKey)
			for _, n := range []int{0, -1} {
				var out Public
				wantErrIs(t, "Combine(no keys)", out.Combine(n, valid), ErrInvalidPublicKey)
			}
			var out Public
			wantErrIs(t, "Combine(nil func)", out.Combine(1, nil), ErrInvalidPublicKey)
			pubSetter(t, "Combine", badPublics(), f.pub, ErrInvalidPublicKey, func(out, x *Public) error {
				return out.Combine(2, func(i int) *Public { return []*Public{f.pub, x}[i] })
			})
		},

		"keys.XOnly.Point": func(t *testing.T) {
			for _, x := range badXOnlys() {
				p, err := x.Point()
				if p != nil {
					t.Error("Point returned a value")
				}
				wantErrIs(t, "Point", err, ErrInvalidPublicKey)
			}
		},
		"keys.XOnly.Valid": func(t *testing.T) {
			for _, x := range badXOnlys() {
				if x.Valid() {
					t.Error("Valid is true")
				}
			}
		},
		"keys.XOnly.Public": func(t *testing.T) {
			for _, x := range badXOnlys() {
				p, err := x.Public()
				if p != nil {
					t.Error("Public returned a value")
				}
				wantErrIs(t, "Public", err, ErrInvalidPublicKey)
			}
		},
		"keys.XOnly.SetBytes": func(t *testing.T) {
			wantNilRecv(t, "nil.SetBytes", (*XOnly)(nil).SetBytes(make([]byte, 32)), ErrInvalidPublicKey)
			for _, b := range [][]byte{nil, make([]byte, 31), bytes.Repeat([]byte{0xff}, 32)} {
				x := new(XOnly)
				x.SetPublic(misuseKeep)
				wantErrIs(t, "SetBytes(invalid)", x.SetBytes(b), ErrInvalidPublicKey)
				if !x.Equal(misuseKeepX) {
					t.Error("SetBytes(invalid) changed the receiver")
				}
			}
		},
		"keys.XOnly.SetPublic": func(t *testing.T) {
			_, err := (*XOnly)(nil).SetPublic(f.pub)
			wantNilRecv(t, "nil.SetPublic", err, ErrInvalidPublicKey)
			for _, k := range badPublics() {
				var x XOnly
				odd, err := x.SetPublic(k)
				if odd || x.Valid() {
					t.Error("SetPublic(invalid) returned a value")
				}
				wantErrIs(t, "SetPublic(invalid)", err, ErrInvalidPublicKey)
			}
		},
		"keys.XOnly.PutBytes": func(t *testing.T) {
			var b [32]byte
			for _, x := range badXOnlys() {
				wantErrIs(t, "PutBytes", x.PutBytes(&b), ErrInvalidPublicKey)
			}
		},
		"keys.XOnly.Equal": func(t *testing.T) {
			for _, x := range badXOnlys() {
				if x.Equal(f.xonly) || f.xonly.Equal(x) || x.Equal(x) {
					t.Error("Equal is true")
				}
			}
		},
		"keys.XOnly.TweakAddCheck": func(t *testing.T) {
			var q Public
			if err := q.XOnlyTweakAdd(f.xonly, f.tweak); err != nil {
				t.Fatal(err)
			}
			var qx [32]byte
			q.p.X.PutBytes(&qx)
			odd := q.p.Y.IsOdd() == 1
			if !f.xonly.TweakAddCheck(qx[:], odd, f.tweak) {
				t.Fatal("TweakAddCheck rejects a valid tweak")
			}
			for _, x := range badXOnlys() {
				if x.TweakAddCheck(qx[:], odd, f.tweak) {
					t.Error("TweakAddCheck is true for an invalid key")
				}
			}
		},
		"keys.XOnly.TaprootOutput": func(t *testing.T) {
			_, err := (*XOnly)(nil).TaprootOutput(f.xonly, nil)
			wantNilRecv(t, "nil.TaprootOutput", err, ErrInvalidPublicKey)
			for _, in := range badXOnlys() {
				x := new(XOnly)
				x.SetPublic(misuseKeep)
				odd, err := x.TaprootOutput(in, nil)
				wantErrIs(t, "TaprootOutput(invalid)", err, ErrInvalidPublicKey)
				if odd || !x.Equal(misuseKeepX) {
					t.Error("TaprootOutput(invalid) changed the receiver")
				}
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	testutil.RunMisuse(t, misuseTable(newMisuseFixtures(t)))
}

func TestMisuseTableComplete(t *testing.T) {
	testutil.CheckMisuseTable(t, misuseTable(newMisuseFixtures(t)), ".")
}
