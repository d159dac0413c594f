package curve_test

import (
	"fmt"

	"github.com/p256k1/secp256k1/curve"
)

// HashToCurve derives points whose discrete logarithms nobody knows, such as
// independent generators for Pedersen or vector commitments, from public
// labels. The tag names the application and the suite, as RFC 9380 advises;
// the message may be secret (a password in a PAKE, an input to an
// oblivious PRF): the hash runs in constant time in it.
func ExamplePoint_HashToCurve() {
	dst := []byte("EXAMPLE-COMMITMENTS-V1-with-" + curve.HashToCurveSuite)
	var gens []*curve.Point
	for i := range 3 {
		h, err := new(curve.Point).HashToCurve(fmt.Appendf(nil, "generator %d", i), dst)
		if err != nil {
			panic(err)
		}
		gens = append(gens, h)
	}
	fmt.Printf("H0 = %x\n", gens[0].BytesCompressed())
	fmt.Println("H0 != H1:", gens[0].Equal(gens[1]) == 0)

	// The same message under another tag gives an unrelated point.
	other, _ := new(curve.Point).HashToCurve([]byte("generator 0"), []byte("ANOTHER-APP-V1-with-"+curve.HashToCurveSuite))
	fmt.Println("domain separated:", other.Equal(gens[0]) == 0)
	// Output:
	// H0 = 02a0b0d8907738f3d644994d06c89e38d7ad32cada5fc774d0366fbaabcdcc8a2f
	// H0 != H1: true
	// domain separated: true
}

// HashToScalar is hash_to_field into the scalars: FROST(secp256k1,
// SHA-256) derives its binding factors and challenges with it, under the
// tags "FROST-secp256k1-SHA256-v1" + "rho", "chal" and so on.
func ExampleScalar_HashToScalar() {
	c, err := new(curve.Scalar).HashToScalar([]byte("transcript"), []byte("FROST-secp256k1-SHA256-v1chal"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", c.Bytes())
	// Output:
	// 9c18d009b2ca14b57c62daeda53a53ba5dc280d9f73bee9b35499d9e09aeae2e
}
