package curve_test

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/schnorr"
)

// nums returns BIP-341's NUMS point H = lift_x(SHA-256 of the uncompressed
// G), a second generator whose discrete logarithm to G nobody knows.
func nums() *curve.Point {
	x, _ := hex.DecodeString("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0")
	h, err := new(curve.Point).SetXOnlyBytes(x)
	if err != nil {
		panic(err)
	}
	return h
}

// hashToScalar derives a scalar from a transcript with a wide reduction.
func hashToScalar(parts ...[]byte) *curve.Scalar {
	h := sha512.New()
	for _, p := range parts {
		h.Write(p)
	}
	s, err := new(curve.Scalar).SetUniformBytes(h.Sum(nil))
	if err != nil {
		panic(err)
	}
	return s
}

// A Pedersen commitment C = v·G + r·H hides v and binds the committer to it;
// commitments add up: C(v1, r1) + C(v2, r2) = C(v1 + v2, r1 + r2).
func Example_pedersenCommitment() {
	H := nums()
	commit := func(v, r *curve.Scalar) *curve.Point {
		vG := new(curve.Point).ScalarBaseMult(v)
		rH := new(curve.Point).ScalarMult(r, H)
		return vG.Add(vG, rH)
	}
	v1, v2 := new(curve.Scalar).SetUint64(30), new(curve.Scalar).SetUint64(12)
	r1 := hashToScalar([]byte("blinding 1")) // use fresh randomness in practice
	r2 := hashToScalar([]byte("blinding 2"))

	c := new(curve.Point).Add(commit(v1, r1), commit(v2, r2))
	sum := commit(new(curve.Scalar).SetUint64(42), new(curve.Scalar).Add(r1, r2))
	fmt.Println("commitments add up:", c.Equal(sum) == 1)
	// Output: commitments add up: true
}

// A Chaum–Pedersen proof that A = x·G and B = x·H share the discrete
// logarithm x (a DLEQ proof), made non-interactive with Fiat–Shamir.
func Example_dleqProof() {
	H := nums()
	x := hashToScalar([]byte("secret")) // the prover's secret
	A := new(curve.Point).ScalarBaseMult(x)
	B := new(curve.Point).ScalarMult(x, H)

	// Prove: k random, c = hash(A, B, k·G, k·H), s = k + c·x.
	k := hashToScalar([]byte("nonce"), x.Bytes()) // use fresh randomness in practice
	R1, R2 := new(curve.Point).ScalarBaseMult(k), new(curve.Point).ScalarMult(k, H)
	c := hashToScalar(A.BytesCompressed(), B.BytesCompressed(), R1.BytesCompressed(), R2.BytesCompressed())
	s := new(curve.Scalar).MultiplyAdd(c, x, k)

	// Verify (public data: the VarTime functions are fine):
	// R1 = s·G - c·A and R2 = s·H - c·B.
	negC := new(curve.Scalar).Negate(c)
	V1 := new(curve.Point).VarTimeDoubleScalarBaseMult(negC, A, s)
	V2 := new(curve.Point).VarTimeMultiScalarMult([]*curve.Scalar{s, negC}, []*curve.Point{H, B})
	c2 := hashToScalar(A.BytesCompressed(), B.BytesCompressed(), V1.BytesCompressed(), V2.BytesCompressed())
	fmt.Println("proof verifies:", c2.Equal(c) == 1)
	// Output: proof verifies: true
}

// An adaptor signature step: a Schnorr pre-signature s' = k + e·x for the
// nonce point R = k·G + T, where T = t·G, verifies as s'·G = R - T + e·P;
// publishing the completed signature s = s' + t reveals t = s - s'.
func Example_adaptorSignature() {
	x := hashToScalar([]byte("signer key"))
	P := new(curve.Point).ScalarBaseMult(x)
	t := hashToScalar([]byte("adaptor secret"))
	T := new(curve.Point).ScalarBaseMult(t)

	k := hashToScalar([]byte("nonce"), x.Bytes())
	R := new(curve.Point).ScalarBaseMult(k)
	R.Add(R, T)
	msg := sha256.Sum256([]byte("pay 1 BTC"))
	e := hashToScalar(R.BytesCompressed(), P.BytesCompressed(), msg[:])
	sPre := new(curve.Scalar).MultiplyAdd(e, x, k)

	// The counterparty checks the pre-signature: s'·G + T - e·P = R.
	check := new(curve.Point).VarTimeDoubleScalarBaseMult(new(curve.Scalar).Negate(e), P, sPre)
	check.Add(check, T)
	fmt.Println("pre-signature valid:", check.Equal(R) == 1)

	// The signer completes it; the counterparty learns t from s.
	s := new(curve.Scalar).Add(sPre, t)
	extracted := new(curve.Scalar).Subtract(s, sPre)
	fmt.Println("adaptor secret extracted:", extracted.Equal(t) == 1)
	// Output:
	// pre-signature valid: true
	// adaptor secret extracted: true
}

// A BIP-340 Schnorr signature made by hand with the protocol helpers: the
// tagged hashes, the even-y convention (a secret whose point has odd y is
// negated, without a branch on the secret) and lift_x. schnorr.Verify
// accepts it.
func Example_bip340Signature() {
	sk := sha256.Sum256([]byte("example secret key"))
	msg := []byte("message")
	aux := make([]byte, 32)

	d, _ := new(curve.Scalar).SetCanonicalBytes(sk[:])
	P := new(curve.Point).ScalarBaseMult(d)
	d.CondNegate(d, 1-P.HasEvenY())
	px, _ := P.BytesX()

	a := curve.TaggedHash("BIP0340/aux", aux)
	t := d.Bytes()
	for i := range t {
		t[i] ^= a[i]
	}
	kh := curve.TaggedHash("BIP0340/nonce", t, px, msg)
	k, _ := new(curve.Scalar).SetBytes(kh[:])
	R := new(curve.Point).ScalarBaseMult(k)
	k.CondNegate(k, 1-R.HasEvenY())
	rx, _ := R.BytesX()
	eh := curve.TaggedHash("BIP0340/challenge", rx, px, msg)
	e, _ := new(curve.Scalar).SetBytes(eh[:])
	s := new(curve.Scalar).MultiplyAdd(e, d, k)
	sig := append(rx, s.Bytes()...)

	// The verifier lifts the x-only key to the even-y point.
	Q, _ := new(curve.Point).SetXOnlyBytes(px)
	pub, _ := secp256k1.NewXOnlyPublicKey(px)
	fmt.Println(Q.HasEvenY(), schnorr.Verify(pub, msg, sig))
	// Output: 1 true
}
