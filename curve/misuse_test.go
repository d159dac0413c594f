package curve

import (
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table: every exported function and method with nil receivers
// and arguments (the zero values are valid here: the identity and 0, tested
// in TestZeroValues). None may panic; setters return nil and an error,
// operations return nil, predicates 0. TestMisuseTableComplete fails when an
// exported function has no entry.

func wantNil[T any](t *testing.T, what string, v *T) {
	t.Helper()
	if v != nil {
		t.Errorf("%s: returned a value for a nil argument", what)
	}
}

func wantNilErr[T any](t *testing.T, what string, v *T, err error, sentinel error) {
	t.Helper()
	wantNil(t, what, v)
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: error %v, want one wrapping %v", what, err, sentinel)
	}
}

// wantNilRecvErr checks the result of a method called on a nil receiver:
// no value, and an error wrapping sentinel whose text names the nil.
func wantNilRecvErr[T any](t *testing.T, what string, v *T, err error, sentinel error) {
	t.Helper()
	wantNilErr(t, what, v, err, sentinel)
	if err != nil && !strings.Contains(err.Error(), "nil") {
		t.Errorf("%s: error %q does not say what was nil", what, err)
	}
}

func misuseTable() map[string]func(t *testing.T) {
	var np *Point
	var ns *Scalar
	p, s := NewGeneratorPoint(), new(Scalar).SetUint64(3)
	b33 := p.BytesCompressed()
	return map[string]func(t *testing.T){
		"curve.NewScalar":         func(t *testing.T) { _ = NewScalar() },
		"curve.NewIdentityPoint":  func(t *testing.T) { _ = NewIdentityPoint() },
		"curve.NewGeneratorPoint": func(t *testing.T) { _ = NewGeneratorPoint() },
		"curve.Scalar.Set": func(t *testing.T) {
			wantNil(t, "nil.Set", ns.Set(s))
			wantNil(t, "Set(nil)", new(Scalar).Set(nil))
		},
		"curve.Scalar.SetUint64": func(t *testing.T) { wantNil(t, "nil.SetUint64", ns.SetUint64(1)) },
		"curve.Scalar.SetCanonicalBytes": func(t *testing.T) {
			v, err := ns.SetCanonicalBytes(make([]byte, 32))
			wantNilRecvErr(t, "nil.SetCanonicalBytes", v, err, ErrInvalidEncoding)
			v, err = new(Scalar).SetCanonicalBytes(nil)
			wantNilErr(t, "SetCanonicalBytes(nil)", v, err, ErrInvalidEncoding)
		},
		"curve.Scalar.SetBytes": func(t *testing.T) {
			v, err := ns.SetBytes(make([]byte, 32))
			wantNilRecvErr(t, "nil.SetBytes", v, err, ErrInvalidEncoding)
			v, err = new(Scalar).SetBytes(nil)
			wantNilErr(t, "SetBytes(nil)", v, err, ErrInvalidEncoding)
		},
		"curve.Scalar.SetUniformBytes": func(t *testing.T) {
			v, err := ns.SetUniformBytes(make([]byte, 64))
			wantNilRecvErr(t, "nil.SetUniformBytes", v, err, ErrInvalidEncoding)
			v, err = new(Scalar).SetUniformBytes(nil)
			wantNilErr(t, "SetUniformBytes(nil)", v, err, ErrInvalidEncoding)
		},
		"curve.Scalar.Bytes": func(t *testing.T) {
			if ns.Bytes() != nil {
				t.Error("nil.Bytes")
			}
		},
		"curve.Scalar.Add": func(t *testing.T) {
			wantNil(t, "nil.Add", ns.Add(s, s))
			wantNil(t, "Add(nil, s)", new(Scalar).Add(nil, s))
			wantNil(t, "Add(s, nil)", new(Scalar).Add(s, nil))
		},
		"curve.Scalar.Subtract": func(t *testing.T) {
			wantNil(t, "nil.Subtract", ns.Subtract(s, s))
			wantNil(t, "Subtract(nil, s)", new(Scalar).Subtract(nil, s))
			wantNil(t, "Subtract(s, nil)", new(Scalar).Subtract(s, nil))
		},
		"curve.Scalar.Negate": func(t *testing.T) {
			wantNil(t, "nil.Negate", ns.Negate(s))
			wantNil(t, "Negate(nil)", new(Scalar).Negate(nil))
		},
		"curve.Scalar.CondNegate": func(t *testing.T) {
			wantNil(t, "nil.CondNegate", ns.CondNegate(s, 1))
			wantNil(t, "CondNegate(nil)", new(Scalar).CondNegate(nil, 0))
		},
		"curve.Scalar.Multiply": func(t *testing.T) {
			wantNil(t, "nil.Multiply", ns.Multiply(s, s))
			wantNil(t, "Multiply(nil, s)", new(Scalar).Multiply(nil, s))
			wantNil(t, "Multiply(s, nil)", new(Scalar).Multiply(s, nil))
		},
		"curve.Scalar.MultiplyAdd": func(t *testing.T) {
			wantNil(t, "nil.MultiplyAdd", ns.MultiplyAdd(s, s, s))
			wantNil(t, "MultiplyAdd(nil, s, s)", new(Scalar).MultiplyAdd(nil, s, s))
			wantNil(t, "MultiplyAdd(s, nil, s)", new(Scalar).MultiplyAdd(s, nil, s))
			wantNil(t, "MultiplyAdd(s, s, nil)", new(Scalar).MultiplyAdd(s, s, nil))
		},
		"curve.Scalar.Invert": func(t *testing.T) {
			wantNil(t, "nil.Invert", ns.Invert(s))
			wantNil(t, "Invert(nil)", new(Scalar).Invert(nil))
		},
		"curve.Point.HashToCurve":   misuseHashToCurve,
		"curve.Point.EncodeToCurve": misuseEncodeToCurve,
		"curve.Scalar.HashToScalar": misuseHashToScalar,
		"curve.Scalar.Select": func(t *testing.T) {
			wantNil(t, "nil.Select", ns.Select(s, s, 1))
			wantNil(t, "Select(nil, s)", new(Scalar).Select(nil, s, 1))
			wantNil(t, "Select(s, nil)", new(Scalar).Select(s, nil, 0))
		},
		"curve.Scalar.Equal": func(t *testing.T) {
			if ns.Equal(s) != 0 || s.Equal(nil) != 0 || ns.Equal(nil) != 0 {
				t.Error("Equal with nil is not 0")
			}
		},
		"curve.Scalar.IsZero": func(t *testing.T) {
			if ns.IsZero() != 0 {
				t.Error("nil.IsZero is not 0")
			}
		},
		"curve.Scalar.SetPrivateKey": func(t *testing.T) {
			k, _ := secp256k1.NewPrivateKey(s.Bytes())
			v, err := ns.SetPrivateKey(k)
			wantNilRecvErr(t, "nil.SetPrivateKey", v, err, secp256k1.ErrInvalidPrivateKey)
			for _, bad := range []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)} {
				v, err := new(Scalar).SetPrivateKey(bad)
				wantNilErr(t, "SetPrivateKey(invalid)", v, err, secp256k1.ErrInvalidPrivateKey)
			}
		},
		"curve.Scalar.PrivateKey": func(t *testing.T) {
			k, err := ns.PrivateKey()
			wantNilRecvErr(t, "nil.PrivateKey", k, err, secp256k1.ErrInvalidPrivateKey)
			k, err = new(Scalar).PrivateKey()
			wantNilErr(t, "0.PrivateKey", k, err, secp256k1.ErrInvalidPrivateKey)
		},

		"curve.Point.Set": func(t *testing.T) {
			wantNil(t, "nil.Set", np.Set(p))
			wantNil(t, "Set(nil)", new(Point).Set(nil))
		},
		"curve.Point.SetBytes": func(t *testing.T) {
			v, err := np.SetBytes(b33)
			wantNilRecvErr(t, "nil.SetBytes", v, err, ErrInvalidEncoding)
			v, err = new(Point).SetBytes(nil)
			wantNilErr(t, "SetBytes(nil)", v, err, ErrInvalidEncoding)
		},
		"curve.Point.BytesCompressed": func(t *testing.T) {
			if np.BytesCompressed() != nil {
				t.Error("nil.BytesCompressed")
			}
		},
		"curve.Point.BytesUncompressed": func(t *testing.T) {
			if np.BytesUncompressed() != nil {
				t.Error("nil.BytesUncompressed")
			}
		},
		"curve.Point.BytesX": func(t *testing.T) {
			b, err := np.BytesX()
			if b != nil || !errors.Is(err, ErrIdentity) || !strings.Contains(err.Error(), "nil") {
				t.Error("nil.BytesX:", err)
			}
			b, err = new(Point).BytesX()
			if b != nil || !errors.Is(err, ErrIdentity) {
				t.Error("identity.BytesX")
			}
		},
		"curve.Point.Add": func(t *testing.T) {
			wantNil(t, "nil.Add", np.Add(p, p))
			wantNil(t, "Add(nil, p)", new(Point).Add(nil, p))
			wantNil(t, "Add(p, nil)", new(Point).Add(p, nil))
		},
		"curve.Point.Subtract": func(t *testing.T) {
			wantNil(t, "nil.Subtract", np.Subtract(p, p))
			wantNil(t, "Subtract(nil, p)", new(Point).Subtract(nil, p))
			wantNil(t, "Subtract(p, nil)", new(Point).Subtract(p, nil))
		},
		"curve.Point.Negate": func(t *testing.T) {
			wantNil(t, "nil.Negate", np.Negate(p))
			wantNil(t, "Negate(nil)", new(Point).Negate(nil))
		},
		"curve.Point.CondNegate": func(t *testing.T) {
			wantNil(t, "nil.CondNegate", np.CondNegate(p, 1))
			wantNil(t, "CondNegate(nil)", new(Point).CondNegate(nil, 0))
		},
		"curve.Point.HasEvenY": func(t *testing.T) {
			if np.HasEvenY() != 0 {
				t.Error("nil.HasEvenY is not 0")
			}
		},
		"curve.Point.SetXOnlyBytes": func(t *testing.T) {
			v, err := np.SetXOnlyBytes(b33[1:])
			wantNilRecvErr(t, "nil.SetXOnlyBytes", v, err, ErrInvalidEncoding)
			v, err = new(Point).SetXOnlyBytes(nil)
			wantNilErr(t, "SetXOnlyBytes(nil)", v, err, ErrInvalidEncoding)
		},
		"curve.Point.BytesCompressedOrZero": func(t *testing.T) {
			if np.BytesCompressedOrZero() != nil {
				t.Error("nil.BytesCompressedOrZero")
			}
		},
		"curve.Point.SetBytesCompressedOrZero": func(t *testing.T) {
			v, err := np.SetBytesCompressedOrZero(b33)
			wantNilRecvErr(t, "nil.SetBytesCompressedOrZero", v, err, ErrInvalidEncoding)
			v, err = new(Point).SetBytesCompressedOrZero(nil)
			wantNilErr(t, "SetBytesCompressedOrZero(nil)", v, err, ErrInvalidEncoding)
		},
		"curve.TaggedHash": func(t *testing.T) {
			// No message and nil messages are the empty string.
			if TaggedHash("t") != TaggedHash("t", nil, nil) || TaggedHash("", nil) != TaggedHash("") {
				t.Error("TaggedHash with nil messages")
			}
		},
		"curve.Point.Double": func(t *testing.T) {
			wantNil(t, "nil.Double", np.Double(p))
			wantNil(t, "Double(nil)", new(Point).Double(nil))
		},
		"curve.Point.Select": func(t *testing.T) {
			wantNil(t, "nil.Select", np.Select(p, p, 1))
			wantNil(t, "Select(nil, p)", new(Point).Select(nil, p, 1))
			wantNil(t, "Select(p, nil)", new(Point).Select(p, nil, 0))
		},
		"curve.Point.Equal": func(t *testing.T) {
			if np.Equal(p) != 0 || p.Equal(nil) != 0 || np.Equal(nil) != 0 {
				t.Error("Equal with nil is not 0")
			}
		},
		"curve.Point.IsIdentity": func(t *testing.T) {
			if np.IsIdentity() != 0 {
				t.Error("nil.IsIdentity is not 0")
			}
		},
		"curve.Point.ScalarBaseMult": func(t *testing.T) {
			wantNil(t, "nil.ScalarBaseMult", np.ScalarBaseMult(s))
			wantNil(t, "ScalarBaseMult(nil)", new(Point).ScalarBaseMult(nil))
		},
		"curve.Point.ScalarMult": func(t *testing.T) {
			wantNil(t, "nil.ScalarMult", np.ScalarMult(s, p))
			wantNil(t, "ScalarMult(nil, p)", new(Point).ScalarMult(nil, p))
			wantNil(t, "ScalarMult(s, nil)", new(Point).ScalarMult(s, nil))
		},
		"curve.Point.VarTimeDoubleScalarBaseMult": func(t *testing.T) {
			wantNil(t, "nil.VarTimeDoubleScalarBaseMult", np.VarTimeDoubleScalarBaseMult(s, p, s))
			wantNil(t, "(nil, p, s)", new(Point).VarTimeDoubleScalarBaseMult(nil, p, s))
			wantNil(t, "(s, nil, s)", new(Point).VarTimeDoubleScalarBaseMult(s, nil, s))
			wantNil(t, "(s, p, nil)", new(Point).VarTimeDoubleScalarBaseMult(s, p, nil))
		},
		"curve.Point.VarTimeMultiScalarMult": func(t *testing.T) {
			wantNil(t, "nil.VarTimeMultiScalarMult", np.VarTimeMultiScalarMult([]*Scalar{s}, []*Point{p}))
			wantNil(t, "length mismatch", new(Point).VarTimeMultiScalarMult([]*Scalar{s}, nil))
			wantNil(t, "nil scalar", new(Point).VarTimeMultiScalarMult([]*Scalar{nil}, []*Point{p}))
			wantNil(t, "nil point", new(Point).VarTimeMultiScalarMult([]*Scalar{s}, []*Point{nil}))
		},
		"curve.Point.SetPublicKey": func(t *testing.T) {
			k, _ := secp256k1.NewPublicKey(b33)
			v, err := np.SetPublicKey(k)
			wantNilRecvErr(t, "nil.SetPublicKey", v, err, secp256k1.ErrInvalidPublicKey)
			for _, bad := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
				v, err := new(Point).SetPublicKey(bad)
				wantNilErr(t, "SetPublicKey(invalid)", v, err, secp256k1.ErrInvalidPublicKey)
			}
		},
		"curve.Point.SetXOnlyPublicKey": func(t *testing.T) {
			k, _ := secp256k1.NewXOnlyPublicKey(b33[1:])
			v, err := np.SetXOnlyPublicKey(k)
			wantNilRecvErr(t, "nil.SetXOnlyPublicKey", v, err, secp256k1.ErrInvalidPublicKey)
			for _, bad := range []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)} {
				v, err := new(Point).SetXOnlyPublicKey(bad)
				wantNilErr(t, "SetXOnlyPublicKey(invalid)", v, err, secp256k1.ErrInvalidPublicKey)
			}
		},
		"curve.Point.PublicKey": func(t *testing.T) {
			k, err := np.PublicKey()
			wantNilRecvErr(t, "nil.PublicKey", k, err, secp256k1.ErrInvalidPublicKey)
			k, err = new(Point).PublicKey()
			wantNilErr(t, "identity.PublicKey", k, err, secp256k1.ErrInvalidPublicKey)
			if !errors.Is(err, ErrIdentity) {
				t.Error("identity.PublicKey: error does not wrap ErrIdentity")
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	testutil.RunMisuse(t, misuseTable())
}

func TestMisuseTableComplete(t *testing.T) {
	testutil.CheckMisuseTable(t, misuseTable(), ".")
}
