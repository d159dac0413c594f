package ellswift

import (
	"encoding/hex"

	"github.com/p256k1/secp256k1/internal/field"
)

// The constants of the SwiftEC mapping for secp256k1, with c0 = sqrt(-3) =
// 0x0a2d2ba93507f1df233770c2a797962cc61f6d15da14ecd47d8d27ae1cd5f852 (the
// root BIP-324 and libsecp256k1 use; the tests check c0² = -3 and the
// relations below):
//
//	c1 = (c0 - 1)/2
//	c2 = (-c0 - 1)/2 = -(c1 + 1)
//	c3 = (1 - c0)/2  = -c1 = c2 + 1
//	c4 = (c0 + 1)/2  = -c2 = c1 + 1
var (
	c1 = mustElement("851695d49a83f8ef919bb86153cbcb16630fb68aed0a766a3ec693d68e6afa40")
	c2 = mustElement("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee")
	c3 = mustElement("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ef")
	c4 = mustElement("851695d49a83f8ef919bb86153cbcb16630fb68aed0a766a3ec693d68e6afa41")
	// c0Quarter = c0/4, for the decoder's third candidate (x1FromFailed).
	c0Quarter = mustElement("828b4aea4d41fc77c8cddc30a9e5e58b3187db4576853b351f6349eb07357c2c")
)

// curveB is the curve constant 7 as a field element.
var curveB = new(field.Element).SetUint64(7)

// mustElement decodes a 64-digit hex constant below p.
func mustElement(s string) field.Element {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		panic("ellswift: bad constant " + s)
	}
	var e field.Element
	if e.SetCanonicalBytes((*[32]byte)(b)) != 1 {
		panic("ellswift: constant out of range " + s)
	}
	return e
}
