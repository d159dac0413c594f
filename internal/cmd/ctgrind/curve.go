package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// The group API of package curve, whose points may be secret as well as its
// scalars. runCurve calls every exported function of the package with
// secret inputs, except the VarTime ones, which are for public data only;
// coverage_test.go checks that none is missed. Declassified inside the
// library, as the package documents: whether a decoding succeeded (and
// whether a scalar or point converts to a key), and whether an encoded or
// converted point is the identity. Everything else that comes out (scalars,
// points, encodings, predicates) must still be secret; the harness checks
// that with memcheck's V bits and only then declassifies it to check the
// result.

// runCurve runs the scalar, point and conversion checks for a few secret
// scalars.
func runCurve() {
	for i := range 3 {
		what := fmt.Sprintf("curve %d", i)
		k, u := curveScalars(what, i)
		if k == nil {
			continue
		}
		runScalarOps(what, k, u)
		runPointOps(what, k, u)
		runCurveProtocol(what, k, u)
		runCurveKeys(what, k)
	}
	runCurveZero()
}

// curveScalars decodes two secret scalars, k canonically and u from 64
// uniform bytes, and checks SetBytes, SetUint64 and Set against them.
func curveScalars(what string, i int) (k, u *curve.Scalar) {
	kb := sha256.Sum256([]byte(fmt.Sprintf("ctgrind curve scalar %d", i)))
	wide := bytes.Repeat(kb[:], 2)
	wide[0] ^= 0x5a
	want := kb
	secret(kb[:])
	secret(wide)

	k, err := curve.NewScalar().SetCanonicalBytes(kb[:])
	publicErr(&err)
	if err != nil {
		fail("%s: SetCanonicalBytes: %v", what, err)
		return nil, nil
	}
	u, err = new(curve.Scalar).SetUniformBytes(wide)
	if err != nil { // only for a wrong length, which is public
		fail("%s: SetUniformBytes: %v", what, err)
		return nil, nil
	}
	// SetBytes reduces instead of rejecting: the same value here.
	r, err := new(curve.Scalar).SetBytes(kb[:])
	if err != nil {
		fail("%s: SetBytes: %v", what, err)
		return nil, nil
	}
	// A secret value >= n: the rejection is revealed, nothing else.
	big := bytes.Repeat([]byte{0xff}, 32)
	big[31] = byte(i)
	secret(big)
	_, err = new(curve.Scalar).SetCanonicalBytes(big)
	publicErr(&err)
	if err == nil {
		fail("%s: SetCanonicalBytes accepted a value >= n", what)
	}
	var c curve.Scalar
	x := binary.BigEndian.Uint64(want[24:])
	ctcheck.Secret(&x)
	c.SetUint64(x)
	var t curve.Scalar
	t.Set(k)

	if !bytes.Equal(reveal(what+": Scalar.Bytes after SetCanonicalBytes", t.Bytes()), want[:]) {
		fail("%s: Set or Bytes changed the scalar", what)
	}
	if revealInt(what+": Scalar.Equal after SetBytes", r.Equal(k)) != 1 {
		fail("%s: SetBytes and SetCanonicalBytes disagree", what)
	}
	cb := c.Bytes()
	reveal(what+": Scalar.Bytes after SetUint64", cb[24:]) // the high bytes are known zeros
	if !bytes.Equal(cb[:24], make([]byte, 24)) || !bytes.Equal(cb[24:], want[24:]) {
		fail("%s: SetUint64: %x", what, cb)
	}
	return k, u
}

// runScalarOps runs the arithmetic on the secret scalars k and u and checks
// the results with identities between the operations.
func runScalarOps(what string, k, u *curve.Scalar) {
	var sum, diff, neg, prod, inv, fma, sel, zero curve.Scalar
	sum.Add(k, u)
	diff.Subtract(&sum, u)
	neg.Negate(k)
	prod.Multiply(k, u)
	inv.Invert(k)
	fma.MultiplyAdd(k, &inv, u) // k·k⁻¹ + u = 1 + u
	zero.Add(k, &neg)
	var zinv curve.Scalar
	zinv.Invert(&zero)             // the inverse of a secret 0 is 0
	cond := int(k.Bytes()[31] & 1) // secret
	sel.Select(k, u, cond)
	bit := revealInt(what+": Scalar.Select condition", cond)
	var one curve.Scalar
	one.SetUint64(1)
	var onePlusU curve.Scalar
	onePlusU.Add(&one, u)
	// The product against an independent path: (k+u)·u - u·u = k·u.
	var uu, alt curve.Scalar
	uu.Multiply(u, u)
	alt.Multiply(&sum, u)
	alt.Subtract(&alt, &uu)

	checks := []struct {
		name string
		got  int
		want int
	}{
		{"(k+u)-u == k", diff.Equal(k), 1},
		{"k + (-k) is zero", zero.IsZero(), 1},
		{"k is not zero", k.IsZero(), 0},
		{"1/0 is zero", zinv.IsZero(), 1},
		{"k·k⁻¹ + u == 1 + u", fma.Equal(&onePlusU), 1},
		{"(k+u)·u - u·u == k·u", alt.Equal(&prod), 1},
		{"Select", sel.Equal(k)<<1 | sel.Equal(u), bit<<1 | (1 - bit)},
	}
	for _, c := range checks {
		if got := revealInt(what+": Scalar "+c.name, c.got); got != c.want {
			fail("%s: %s: got %d, want %d", what, c.name, got, c.want)
		}
	}
	for name, s := range map[string]*curve.Scalar{"Add": &sum, "Negate": &neg, "Multiply": &prod, "Invert": &inv, "MultiplyAdd": &fma, "Select": &sel} {
		reveal(what+": Scalar."+name+" result", s.Bytes())
	}
}

// runPointOps runs the point operations on secret points: P = k·G, Q =
// u·P, the identity and a zero-value Point (both marked secret), and checks
// the results with identities between the operations.
func runPointOps(what string, k, u *curve.Scalar) {
	G := curve.NewGeneratorPoint()
	O := curve.NewIdentityPoint()
	ctcheck.Secret(O)
	var Z curve.Point // the zero value: another form of the identity
	ctcheck.Secret(&Z)

	P := new(curve.Point).ScalarBaseMult(k)
	Q := new(curve.Point).ScalarMult(u, P)   // secret scalar, secret point
	kG := new(curve.Point).ScalarMult(k, G)  // secret scalar, public point
	kO := new(curve.Point).ScalarMult(k, O)  // by the identity
	kZ := new(curve.Point).ScalarMult(k, &Z) // by the zero value
	var uk curve.Scalar
	uk.Multiply(u, k)
	ukG := new(curve.Point).ScalarBaseMult(&uk)

	var sum, diff, neg, dbl, twice, sel, cp, PO, OO, PnP curve.Point
	sum.Add(P, Q)
	diff.Subtract(&sum, Q)
	neg.Negate(P)
	dbl.Double(P)
	twice.Add(P, P) // the doubling case of the addition
	PO.Add(P, O)
	OO.Double(&Z)
	PnP.Add(P, &neg)
	cp.Set(Q)
	cond := int(k.Bytes()[0] & 1) // secret
	sel.Select(P, Q, cond)
	bit := revealInt(what+": Point.Select condition", cond)

	checks := []struct {
		name string
		got  int
		want int
	}{
		{"u·(k·G) == (u·k)·G", Q.Equal(ukG), 1},
		{"k·G by ScalarMult == ScalarBaseMult", kG.Equal(P), 1},
		{"k·O is the identity", kO.IsIdentity(), 1},
		{"k·(zero value) is the identity", kZ.IsIdentity(), 1},
		{"(P+Q)-Q == P", diff.Equal(P), 1},
		{"P+P == 2·P", twice.Equal(&dbl), 1},
		{"P+O == P", PO.Equal(P), 1},
		{"2·O is the identity", OO.IsIdentity(), 1},
		{"P + (-P) is the identity", PnP.IsIdentity(), 1},
		{"P is not the identity", P.IsIdentity(), 0},
		{"-P != P", neg.Equal(P), 0},
		{"Set", cp.Equal(Q), 1},
		{"O == zero value", O.Equal(&Z), 1},
		{"Select", sel.Equal(P)<<1 | sel.Equal(Q), bit<<1 | (1 - bit)},
	}
	for _, c := range checks {
		if got := revealInt(what+": Point "+c.name, c.got); got != c.want {
			fail("%s: %s: got %d, want %d", what, c.name, got, c.want)
		}
	}
	runEncodings(what, &sum)
	runEncodings(what, &sel)
	runIdentityEncodings(what, O)
	runIdentityEncodings(what, &Z)
}

// runEncodings encodes the secret point P in every form and decodes the
// encodings (marked secret again) back.
func runEncodings(what string, P *curve.Point) {
	comp := P.BytesCompressed()
	unc := P.BytesUncompressed()
	x, err := P.BytesX()
	publicErr(&err) // the identity has no x: public, like the encodings' length
	if err != nil || len(comp) != 33 || len(unc) != 65 {
		fail("%s: encodings of a finite point: %d, %d bytes, BytesX: %v", what, len(comp), len(unc), err)
		return
	}
	for _, enc := range [][]byte{comp, unc} {
		D, err := new(curve.Point).SetBytes(enc)
		publicErr(&err)
		if err != nil {
			fail("%s: SetBytes of a %d-byte encoding: %v", what, len(enc), err)
			continue
		}
		if revealInt(what+": Point.Equal after SetBytes", D.Equal(P)) != 1 {
			fail("%s: SetBytes of a %d-byte encoding gives another point", what, len(enc))
		}
	}
	// A secret x with no point on the curve (x = 5: 5³ + 7 = 132 is not a
	// square mod p) and a secret bad prefix: only the rejection is revealed.
	bad := make([]byte, 33)
	bad[0], bad[32] = 2, 5
	secret(bad)
	badPrefix := append([]byte{5}, x...)
	secret(badPrefix[:1])
	for _, enc := range [][]byte{bad, badPrefix} {
		_, err := new(curve.Point).SetBytes(enc)
		publicErr(&err)
		if err == nil {
			fail("%s: SetBytes accepted an invalid encoding", what)
		}
	}
	reveal(what+": BytesX", x)
	ux := unc
	reveal(what+": BytesUncompressed", ux[1:]) // after the constant 0x04
	cx := reveal(what+": BytesCompressed", comp)
	if !bytes.Equal(cx[1:], ux[1:33]) || !bytes.Equal(x, ux[1:33]) || cx[0] != 2|ux[64]&1 {
		fail("%s: the encodings disagree", what)
	}
}

// runIdentityEncodings encodes and decodes the identity, given as a secret
// point: only that it is the identity is revealed.
func runIdentityEncodings(what string, O *curve.Point) {
	if c, u := O.BytesCompressed(), O.BytesUncompressed(); !bytes.Equal(c, []byte{0}) || !bytes.Equal(u, []byte{0}) {
		fail("%s: the identity encodes as %x and %x", what, c, u)
	}
	if _, err := O.BytesX(); err == nil {
		fail("%s: BytesX of the identity succeeded", what)
	}
	enc := []byte{0}
	secret(enc)
	D, err := new(curve.Point).SetBytes(enc)
	publicErr(&err)
	if err != nil {
		fail("%s: SetBytes of the identity: %v", what, err)
		return
	}
	// The only 1-byte encoding is the identity's: the flag is public.
	if D.IsIdentity() != 1 {
		fail("%s: SetBytes(0x00) is not the identity", what)
	}
}

// runCurveZero multiplies by a secret zero scalar, which gives the
// identity from both multiplications.
func runCurveZero() {
	var z curve.Scalar
	ctcheck.Secret(&z)
	P := new(curve.Point).ScalarBaseMult(&z)
	Q := new(curve.Point).ScalarMult(&z, curve.NewGeneratorPoint())
	if revealInt("curve: 0·G is the identity", P.IsIdentity()) != 1 || revealInt("curve: 0·G by ScalarMult", Q.IsIdentity()) != 1 {
		fail("curve: 0·G is not the identity")
	}
}
