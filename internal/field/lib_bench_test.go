package field_test

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/schnorr"
)

// BenchmarkLibrary measures whole-library operations once per field
// implementation this CPU can run, in one process, so that the gain of the
// assembly is measured on what users call (sub-benchmark names end in
// impl=NAME: compare with `benchstat -col /impl`). The inputs are fixed.
func BenchmarkLibrary(b *testing.B) {
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	seed := sha256.Sum256([]byte("p256k1 field benchmark"))
	priv, err := secp256k1.NewPrivateKey(seed[:])
	must(err)
	peerSeed := sha256.Sum256(seed[:])
	peer, err := secp256k1.NewPrivateKey(peerSeed[:])
	must(err)
	pub, remote := priv.PublicKey(), peer.PublicKey()
	xonly, _ := pub.XOnly()
	compressed, xbytes := pub.BytesCompressed(), xonly.Bytes()
	hash := sha256.Sum256([]byte("message"))
	ecdsaSig, err := ecdsa.Sign(priv, hash[:])
	must(err)
	aux := bytes.Repeat([]byte{7}, 32)
	schnorrSig, err := schnorr.SignWithAux(priv, hash[:], aux)
	must(err)

	ops := []struct {
		name string
		f    func() bool
	}{
		{"KeyGen", func() bool { // NewPrivateKey + k·G
			k, err := secp256k1.NewPrivateKey(seed[:])
			return err == nil && k.PublicKey() != nil
		}},
		{"ECDSASign", func() bool { _, err := ecdsa.Sign(priv, hash[:]); return err == nil }},
		{"ECDSAVerify", func() bool { return ecdsa.Verify(pub, hash[:], ecdsaSig) }},
		{"SchnorrSign", func() bool { _, err := schnorr.SignWithAux(priv, hash[:], aux); return err == nil }},
		{"SchnorrVerify", func() bool { return schnorr.Verify(xonly, hash[:], schnorrSig) }},
		{"ECDH", func() bool { _, err := priv.ECDH(remote); return err == nil }},
		{"ParsePublicKey", func() bool { _, err := secp256k1.NewPublicKey(compressed); return err == nil }},
		{"ParseXOnly", func() bool { _, err := secp256k1.NewXOnlyPublicKey(xbytes); return err == nil }},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			for _, impl := range field.ImplementationNames() {
				b.Run("impl="+impl, func(b *testing.B) {
					defer field.SetImplementation(impl)()
					if !op.f() {
						b.Fatal("operation failed")
					}
					field.BenchLoop(b, func() { op.f() })
				})
			}
		})
	}
}
