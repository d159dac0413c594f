package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// runCurve checks the constant-time operations of package curve, whose
// points may be secret as well as its scalars: scalars decoded from secret
// bytes (canonical, reduced and uniform), k·G, k·P of a secret point, the
// point and scalar arithmetic, Select and Equal on secret conditions,
// decoding a secret point and encoding one. Declassified: each decoding's
// success, the identity bit of an encoding (its length), and the
// predicates' results.
func runCurve() {
	for i := range 3 {
		kb := sha256.Sum256([]byte(fmt.Sprintf("ctgrind curve scalar %d", i)))
		wide := bytes.Repeat(kb[:], 2)
		secret(kb[:])
		secret(wide)
		k, err := new(curve.Scalar).SetCanonicalBytes(kb[:])
		publicErr(&err)
		if err != nil {
			k, _ = new(curve.Scalar).SetBytes(kb[:]) // >= n: reduce instead
		}
		u, _ := new(curve.Scalar).SetUniformBytes(wide)
		var inv, t curve.Scalar
		inv.Invert(k)
		t.MultiplyAdd(k, u, &inv)
		t.Subtract(&t, u)
		t.Negate(&t)

		// Secret points: k·G and u·(k·G).
		P := new(curve.Point).ScalarBaseMult(k)
		Q := new(curve.Point).ScalarMult(u, P)
		var R curve.Point
		R.Add(P, Q)
		R.Double(&R)
		R.Subtract(&R, P)
		R.Negate(&R)
		cond := int(kb[0] & 1) // secret
		R.Select(P, Q, cond)
		t.Select(k, u, cond)
		eq := R.Equal(P)
		zero := t.IsZero()
		id := R.IsIdentity()
		ctcheck.Public(&eq)
		ctcheck.Public(&zero)
		ctcheck.Public(&id)

		// Encode and decode a secret point.
		enc := Q.BytesCompressed()
		stillSecret("curve: compressed encoding", enc[1:])
		dec, err := new(curve.Point).SetBytes(enc)
		publicErr(&err)
		if err != nil {
			fail("curve %d: SetBytes of a compressed point: %v", i, err)
			continue
		}
		unc := dec.BytesUncompressed()
		dec2, err := new(curve.Point).SetBytes(unc)
		publicErr(&err)
		if err != nil {
			fail("curve %d: SetBytes of an uncompressed point: %v", i, err)
			continue
		}
		x, err := dec2.BytesX()
		publicErr(&err)
		if err != nil {
			fail("curve %d: BytesX: %v", i, err)
			continue
		}
		stillSecret("curve: x coordinate", x)
		kbytes := t.Bytes()
		stillSecret("curve: scalar encoding", kbytes)

		// Results, declassified for the checks: u·(k·G) = (u·k)·G.
		var uk curve.Scalar
		uk.Multiply(u, k)
		want := new(curve.Point).ScalarBaseMult(&uk)
		same := want.Equal(dec2)
		ctcheck.Public(&same)
		if same != 1 {
			fail("curve %d: u·(k·G) != (u·k)·G", i)
		}
	}
}
