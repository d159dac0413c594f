package main

import (
	"bytes"

	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// runCurveKeys converts between curve's group types and the key types of
// package secp256k1 on secret data: a secret scalar to a private key and
// back, a secret point to a public key, and the secret shared point of ECDH
// (a PublicKey holding a secret, and its x-only form) to a Point. Revealed:
// only whether a conversion succeeded (a zero scalar or the identity is not
// a key).
func runCurveKeys(what string, k *curve.Scalar) {
	// Scalar → PrivateKey → Scalar.
	priv, err := k.PrivateKey()
	publicErr(&err)
	if err != nil {
		fail("%s: Scalar.PrivateKey: %v", what, err)
		return
	}
	d, err := new(curve.Scalar).SetPrivateKey(priv)
	publicErr(&err)
	if err != nil {
		fail("%s: Scalar.SetPrivateKey: %v", what, err)
		return
	}
	if revealInt(what+": SetPrivateKey(PrivateKey(k)) == k", d.Equal(k)) != 1 {
		fail("%s: Scalar.PrivateKey and SetPrivateKey do not round-trip", what)
	}
	stillSecret(what+": Scalar.PrivateKey result", priv.Bytes())

	// A secret point → PublicKey, compared with the key's own public key
	// (public by design).
	P := new(curve.Point).ScalarBaseMult(k)
	pub, err := P.PublicKey()
	publicErr(&err)
	if err != nil {
		fail("%s: Point.PublicKey: %v", what, err)
		return
	}
	got := reveal(what+": Point.PublicKey encoding", pub.BytesCompressed())
	if want := priv.PublicKey().BytesCompressed(); !bytes.Equal(got, want) {
		fail("%s: Point.PublicKey of k·G is %x, want %x", what, got, want)
	}

	// The ECDH point: a PublicKey that holds a secret, its x-only form,
	// and both back to Points, compared with k·R for the remote point R.
	remote := mustKey(remoteKey).PublicKey()
	shared, err := priv.ECDHPoint(remote)
	publicErr(&err)
	if err != nil {
		fail("%s: ECDHPoint: %v", what, err)
		return
	}
	xonly, odd := shared.XOnly()
	if xonly == nil { // only for an invalid key, which shared is not
		fail("%s: ECDHPoint(…).XOnly() failed", what)
		return
	}
	if onValgrind && ctcheck.SecretCount(&odd) == 0 {
		fail("%s: the parity of the ECDH point was declassified", what)
	}
	ctcheck.Public(&odd)
	S, err := new(curve.Point).SetPublicKey(shared)
	publicErr(&err)
	X, err2 := new(curve.Point).SetXOnlyPublicKey(xonly)
	publicErr(&err2)
	if err != nil || err2 != nil {
		fail("%s: SetPublicKey: %v, SetXOnlyPublicKey: %v", what, err, err2)
		return
	}
	R, err := new(curve.Point).SetPublicKey(remote)
	if err != nil {
		fail("%s: SetPublicKey of the remote key: %v", what, err)
		return
	}
	want := new(curve.Point).ScalarMult(k, R)
	var wantX curve.Point
	wantX.Negate(want)
	wantX.Select(&wantX, want, boolInt(odd))
	xb := reveal(what+": ECDHPoint(…).XOnly().Bytes()", xonly.Bytes())
	if revealInt(what+": SetPublicKey(ECDHPoint) == k·R", S.Equal(want)) != 1 ||
		revealInt(what+": SetXOnlyPublicKey(XOnly) == ±k·R", X.Equal(&wantX)) != 1 {
		fail("%s: the ECDH point as a Point is not k·R", what)
	}
	if wx := reveal(what+": x of k·R", must(want.BytesX())); !bytes.Equal(xb, wx) {
		fail("%s: ECDHPoint(…).XOnly() is %x, want %x", what, xb, wx)
	}

	// A secret identity is not a public key, and a secret zero scalar is
	// not a private key: only the refusal is revealed.
	var O curve.Point
	O.Subtract(P, P)
	if _, err := O.PublicKey(); err == nil {
		fail("%s: Point.PublicKey accepted the identity", what)
	}
	var z curve.Scalar
	z.Subtract(k, k)
	_, err = z.PrivateKey()
	publicErr(&err)
	if err == nil {
		fail("%s: Scalar.PrivateKey accepted zero", what)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
