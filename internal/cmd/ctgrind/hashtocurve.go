package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/p256k1/secp256k1/curve"
)

func init() {
	register("curve: HashToCurve, EncodeToCurve, HashToScalar (secret message)", runHashToCurve)
}

// RFC 9380's suites on secret messages: the message of a hash to curve may
// be secret (a password in a PAKE, the input of an oblivious PRF), the tag
// and the lengths are public. Nothing is declassified inside: the results
// must come out entirely secret, and are checked once revealed against the
// same call on the public message, and for the RFC's messages and tag
// against the RFC's points (appendix J.8).
func runHashToCurve() {
	suiteDST := func(suite string) []byte { return []byte("QUUX-V01-CS02-with-" + suite) }
	longDST := bytes.Repeat([]byte("ctgrind-"), 40) // over 255 bytes: hashed first
	type known struct{ ro, nu string }              // uncompressed P of the RFC's vectors
	rfc := map[string]known{
		"abc": {
			"043377e01eab42db296b512293120c6cee72b6ecf9f9205760bd9ff11fb3cb2c4b7f95890f33efebd1044d382a01b1bee0900fb6116f94688d487c6c7b9c8371f6",
			"043f3b5842033fff837d504bb4ce2a372bfeadbdbd84a1d2b678b6e1d7ee426b9d902910d1fef15d8ae2006fc84f2a5a7bda0e0407dc913062c3a493c4f5d876a5",
		},
		"abcdef0123456789": {
			"04bac54083f293f1fe08e4a70137260aa90783a5cb84d3f35848b324d0674b0e3a4436476085d4c3c4508b60fcf4389c40176adce756b398bdee27bca19758d828",
			"0407644fa6281c694709f53bdd21bed94dab995671e4a8cd1904ec4aa50c59bfdfc79f8d1dad79b6540426922f7fbc9579c3018dafeffcd4552b1626b506c21e7b",
		},
	}
	msgs := []string{"abc", "abcdef0123456789", strings.Repeat("secret password ", 9)}
	for i, m := range msgs {
		for j, dst := range [][]byte{nil, longDST} {
			what := fmt.Sprintf("hash to curve %d/%d", i, j)
			roDST, nuDST := dst, dst
			if dst == nil {
				roDST, nuDST = suiteDST(curve.HashToCurveSuite), suiteDST(curve.EncodeToCurveSuite)
			}
			msg := []byte(m)
			secret(msg)
			ro, err := new(curve.Point).HashToCurve(msg, roDST)
			if err != nil { // only for an empty tag, which is public
				fail("%s: HashToCurve: %v", what, err)
				return
			}
			nu, err := new(curve.Point).EncodeToCurve(msg, nuDST)
			if err != nil {
				fail("%s: EncodeToCurve: %v", what, err)
				return
			}
			s, err := new(curve.Scalar).HashToScalar(msg, roDST)
			if err != nil {
				fail("%s: HashToScalar: %v", what, err)
				return
			}
			// BytesUncompressed reveals only whether the point is the
			// identity (by its length); the 0x04 before x and y is a
			// constant.
			roEnc, nuEnc := ro.BytesUncompressed(), nu.BytesUncompressed()
			if len(roEnc) != 65 || len(nuEnc) != 65 {
				fail("%s: a hash to curve gave the identity", what)
				return
			}
			reveal(what+": HashToCurve", roEnc[1:])
			reveal(what+": EncodeToCurve", nuEnc[1:])
			sEnc := reveal(what+": HashToScalar", s.Bytes())

			pub := []byte(m)
			wantRO, _ := new(curve.Point).HashToCurve(pub, roDST)
			wantNU, _ := new(curve.Point).EncodeToCurve(pub, nuDST)
			wantS, _ := new(curve.Scalar).HashToScalar(pub, roDST)
			if !bytes.Equal(roEnc, wantRO.BytesUncompressed()) || !bytes.Equal(nuEnc, wantNU.BytesUncompressed()) ||
				!bytes.Equal(sEnc, wantS.Bytes()) {
				fail("%s: the results on the secret message differ from those on the public one", what)
			}
			if k, ok := rfc[m]; ok && dst == nil &&
				(!bytes.Equal(roEnc, mustHex(k.ro)) || !bytes.Equal(nuEnc, mustHex(k.nu))) {
				fail("%s: the point differs from RFC 9380's vector", what)
			}
		}
	}
}
