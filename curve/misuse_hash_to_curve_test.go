package curve

import (
	"errors"
	"testing"
)

// The misuse cases of hash to curve, named in the misuse table: a nil
// receiver, and an empty or nil tag, return nil and an error wrapping
// ErrInvalidDST and leave the receiver unchanged; a nil message is the
// empty message, valid.

func misuseHashToCurve(t *testing.T) {
	misusePointHash(t, "HashToCurve", (*Point).HashToCurve)
}

func misuseEncodeToCurve(t *testing.T) {
	misusePointHash(t, "EncodeToCurve", (*Point).EncodeToCurve)
}

func misusePointHash(t *testing.T, name string, f func(*Point, []byte, []byte) (*Point, error)) {
	t.Helper()
	var np *Point
	v, err := f(np, []byte("msg"), []byte("DST"))
	wantNilRecvErr(t, "nil."+name, v, err, ErrInvalidDST)
	for _, dst := range [][]byte{nil, {}} {
		g := NewGeneratorPoint()
		v, err := f(g, []byte("msg"), dst)
		wantNilErr(t, name+"(empty dst)", v, err, ErrInvalidDST)
		if g.Equal(NewGeneratorPoint()) != 1 {
			t.Errorf("%s(empty dst) changed the receiver", name)
		}
	}
	want, err := f(new(Point), []byte{}, []byte("DST"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := f(new(Point), nil, []byte("DST")); err != nil || v.Equal(want) != 1 {
		t.Errorf("%s(nil msg) = %v, %v; want the point of the empty message", name, v, err)
	}
}

func misuseHashToScalar(t *testing.T) {
	var ns *Scalar
	v, err := ns.HashToScalar([]byte("msg"), []byte("DST"))
	wantNilRecvErr(t, "nil.HashToScalar", v, err, ErrInvalidDST)
	for _, dst := range [][]byte{nil, {}} {
		s := new(Scalar).SetUint64(5)
		v, err := s.HashToScalar([]byte("msg"), dst)
		wantNilErr(t, "HashToScalar(empty dst)", v, err, ErrInvalidDST)
		if s.Equal(new(Scalar).SetUint64(5)) != 1 {
			t.Error("HashToScalar(empty dst) changed the receiver")
		}
	}
	want, err := new(Scalar).HashToScalar([]byte{}, []byte("DST"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := new(Scalar).HashToScalar(nil, []byte("DST")); err != nil || v.Equal(want) != 1 {
		t.Errorf("HashToScalar(nil msg) = %v, %v; want the scalar of the empty message", v, err)
	}
	if !errors.Is(errEmptyDST, ErrInvalidDST) || !errors.Is(errNilHash, ErrInvalidDST) {
		t.Error("the hash errors do not wrap ErrInvalidDST")
	}
}
