package curve

import (
	"bytes"
	"testing"
)

// FuzzPointSetBytes: SetBytes never panics, accepts only what it can
// re-encode, and the encodings round-trip.
func FuzzPointSetBytes(f *testing.F) {
	g := NewGeneratorPoint()
	f.Add(g.BytesCompressed())
	f.Add(g.BytesUncompressed())
	f.Add([]byte{0})
	f.Add(make([]byte, 33))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := new(Point).SetBytes(b)
		if err != nil {
			return
		}
		var re []byte
		switch len(b) {
		case 1, 65:
			re = p.BytesUncompressed()
		case 33:
			re = p.BytesCompressed()
		}
		if !bytes.Equal(re, b) {
			t.Fatalf("SetBytes(%x) re-encodes as %x", b, re)
		}
		q, err := new(Point).SetBytes(p.BytesCompressed())
		if err != nil || q.Equal(p) != 1 {
			t.Fatal("compressed round trip")
		}
	})
}

// FuzzScalarSetCanonicalBytes: canonical decoding round-trips and agrees
// with the reducing SetBytes on what it accepts.
func FuzzScalarSetCanonicalBytes(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := new(Scalar).SetCanonicalBytes(b)
		r, rerr := new(Scalar).SetBytes(b)
		if (rerr == nil) != (len(b) == 32) {
			t.Fatal("SetBytes length check")
		}
		if err != nil {
			return
		}
		if !bytes.Equal(s.Bytes(), b) || s.Equal(r) != 1 {
			t.Fatal("canonical scalar does not round-trip")
		}
	})
}
