package main

import (
	"bytes"
	"crypto/sha256"
	"slices"

	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// runCurveProtocol runs the protocol helpers of package curve on secret
// inputs: the tagged hash of secret messages, HasEvenY and both conditional
// negations on a secret condition, lift_x of a secret x (and of secret
// invalid ones), and the 33-byte encoding with zeros for the identity, of a
// secret point and of a secret identity, which that encoding does not
// reveal. Only whether a decoding succeeded is declassified by the library.
func runCurveProtocol(what string, k, u *curve.Scalar) {
	what += ": protocol"
	P := new(curve.Point).ScalarBaseMult(k)

	// The tagged hash of two secret messages stays secret; checked against
	// the definition once the messages are revealed.
	m1, m2 := k.Bytes(), u.Bytes()
	h := curve.TaggedHash("ctgrind/curve", m1, m2)
	reveal(what+": TaggedHash", h[:])
	reveal(what+": TaggedHash message", m1)
	reveal(what+": TaggedHash message", m2)
	tag := sha256.Sum256([]byte("ctgrind/curve"))
	if h != sha256.Sum256(slices.Concat(tag[:], tag[:], m1, m2)) {
		fail("%s: TaggedHash disagrees with its definition", what)
	}

	// HasEvenY against the prefix of the compressed encoding.
	even := P.HasEvenY()
	prefix := P.BytesCompressed()[:1]
	if e, c := revealInt(what+": HasEvenY", even), reveal(what+": BytesCompressed prefix", prefix); e != int(1-c[0]&1) {
		fail("%s: HasEvenY = %d for prefix %#x", what, e, c[0])
	}

	// Both conditional negations on a secret condition, against Select.
	cond := int(u.Bytes()[31] & 1)
	var negP, selP curve.Point
	negP.Negate(P)
	selP.Select(&negP, P, cond)
	N := new(curve.Point).CondNegate(P, cond)
	var negK, selK curve.Scalar
	negK.Negate(k)
	selK.Select(&negK, k, cond)
	nk := new(curve.Scalar).CondNegate(k, cond)
	// The BIP-340 even-y form of the key pair (k, P).
	E := new(curve.Point).CondNegate(P, 1-P.HasEvenY())
	d := new(curve.Scalar).CondNegate(k, 1-P.HasEvenY())
	D := new(curve.Point).ScalarBaseMult(d)
	checks := []struct {
		name      string
		got, want int
	}{
		{"Point.CondNegate == Select(-P, P)", N.Equal(&selP), 1},
		{"Scalar.CondNegate == Select(-k, k)", nk.Equal(&selK), 1},
		{"the even-y form has even y", E.HasEvenY(), 1},
		{"d·G of the even-y secret is the even-y point", D.Equal(E), 1},
	}
	for _, c := range checks {
		if got := revealInt(what+": "+c.name, c.got); got != c.want {
			fail("%s: %s: got %d, want %d", what, c.name, got, c.want)
		}
	}

	// lift_x of a secret x gives the even-y point; secret invalid x (x = 5,
	// whose x³ + 7 is not a square, and x >= p) are rejected.
	x, err := E.BytesX()
	publicErr(&err) // the identity has no x: public
	if err != nil {
		fail("%s: BytesX: %v", what, err)
		return
	}
	L, err := new(curve.Point).SetXOnlyBytes(x)
	publicErr(&err)
	if err != nil {
		fail("%s: SetXOnlyBytes of a secret x: %v", what, err)
	} else if revealInt(what+": SetXOnlyBytes(BytesX) == the even-y point", L.Equal(E)) != 1 {
		fail("%s: SetXOnlyBytes(BytesX(E)) != E", what)
	}
	five := make([]byte, 32)
	five[31] = 5
	tooBig := bytes.Repeat([]byte{0xff}, 32)
	for _, bad := range [][]byte{five, tooBig} {
		secret(bad)
		_, err := new(curve.Point).SetXOnlyBytes(bad)
		publicErr(&err)
		if err == nil {
			fail("%s: SetXOnlyBytes accepted an invalid x", what)
		}
	}

	// The 33-byte encoding with zeros for the identity, of P and of two
	// secret forms of the identity, decoded back while still secret.
	O := curve.NewIdentityPoint()
	ctcheck.Secret(O)
	var Z curve.Point
	ctcheck.Secret(&Z)
	for _, c := range []struct {
		name     string
		Q        *curve.Point
		identity int
	}{{"P", P, 0}, {"the identity", O, 1}, {"the zero value", &Z, 1}} {
		enc := c.Q.BytesCompressedOrZero()
		R, err := new(curve.Point).SetBytesCompressedOrZero(enc)
		publicErr(&err)
		if err != nil {
			fail("%s: SetBytesCompressedOrZero of %s: %v", what, c.name, err)
			continue
		}
		if revealInt(what+": SetBytesCompressedOrZero round trip of "+c.name, R.Equal(c.Q)) != 1 ||
			revealInt(what+": IsIdentity after SetBytesCompressedOrZero of "+c.name, R.IsIdentity()) != c.identity {
			fail("%s: SetBytesCompressedOrZero(BytesCompressedOrZero(%s)) is another point", what, c.name)
		}
		got := reveal(what+": BytesCompressedOrZero of "+c.name, enc)
		want := make([]byte, 33)
		if c.identity == 0 {
			want = reveal(what+": BytesCompressed of "+c.name, c.Q.BytesCompressed())
		}
		if !bytes.Equal(got, want) {
			fail("%s: BytesCompressedOrZero of %s = %x, want %x", what, c.name, got, want)
		}
	}
	// A secret 0x00 prefix before a non-zero x is neither form.
	bad := append([]byte{0}, x...)
	secret(bad)
	if _, err := new(curve.Point).SetBytesCompressedOrZero(bad); err == nil {
		fail("%s: SetBytesCompressedOrZero accepted a 0x00 prefix before x", what)
	}
}
