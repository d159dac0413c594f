package main

import (
	"bytes"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
)

func init() {
	register("ecmult: the k·G blinding's refresh (under the previous blinding), PublicKey after each, the published blinding still secret", runBlinding)
}

// runBlinding runs the refresh of the k·G blinding (internal/ecmult,
// blind.go), which a run this short would otherwise meet only once, at the
// first k·G: it draws b and λ from crypto/rand, which the library marks
// secret, and computes b·G under the previous blinding. After each of two
// refreshes a public key is derived from a secret key and compared with
// the one computed before, and the published blinding (−b and B's
// coordinates) must still be secret.
func runBlinding() {
	keyBytes := mustHex(keys[2])
	secret(keyBytes)
	priv, err := secp256k1.NewPrivateKey(keyBytes)
	publicErr(&err)
	if err != nil {
		fail("blinding: NewPrivateKey: %v", err)
		return
	}
	want := priv.PublicKey().BytesCompressed()
	public(want)
	for i := range 2 {
		ecmult.RefreshBlinding()
		got := priv.PublicKey().BytesCompressed()
		public(got)
		if !bytes.Equal(got, want) {
			fail("blinding: refresh %d: PublicKey %x, want %x", i, got, want)
		}
		var nb [32]byte
		var B [96]byte
		if !ecmult.PublishedBlinding(&nb, &B) {
			fail("blinding: refresh %d: no blinding published", i)
			continue
		}
		stillSecret("the blinding scalar −b", nb[:])
		stillSecret("the blinding point B", B[:])
	}
}
