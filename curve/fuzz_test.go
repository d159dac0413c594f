package curve

import (
	"bytes"
	"testing"
)

// FuzzPointSetBytes: SetBytes never panics, accepts only what it can
// re-encode, and the encodings round-trip; so do SetXOnlyBytes and
// SetBytesCompressedOrZero, on the same inputs.
func FuzzPointSetBytes(f *testing.F) {
	g := NewGeneratorPoint()
	f.Add(g.BytesCompressed())
	f.Add(g.BytesUncompressed())
	f.Add([]byte{0})
	f.Add(make([]byte, 33))
	f.Add(g.BytesCompressed()[1:])
	f.Fuzz(func(t *testing.T, b []byte) {
		if x, err := new(Point).SetXOnlyBytes(b); err == nil {
			if re, err := x.BytesX(); err != nil || !bytes.Equal(re, b) || x.HasEvenY() != 1 {
				t.Fatalf("SetXOnlyBytes(%x) re-encodes as %x (%v) or has odd y", b, re, err)
			}
		}
		z, errZ := new(Point).SetBytesCompressedOrZero(b)
		if errZ == nil && !bytes.Equal(z.BytesCompressedOrZero(), b) {
			t.Fatalf("SetBytesCompressedOrZero(%x) re-encodes as %x", b, z.BytesCompressedOrZero())
		}
		p, err := new(Point).SetBytes(b)
		if len(b) == 33 && (errZ == nil) != (err == nil || bytes.Equal(b, make([]byte, 33))) {
			t.Fatalf("SetBytesCompressedOrZero(%x) and SetBytes disagree: %v, %v", b, errZ, err)
		}
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
