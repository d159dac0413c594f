package musig2_test

import (
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
)

func benchKeys(b *testing.B, n int) ([]*secp256k1.PrivateKey, [][]byte) {
	r := testutil.Rand(b)
	privs := make([]*secp256k1.PrivateKey, n)
	pks := make([][]byte, n)
	for i := range privs {
		privs[i] = randKey(b, r)
		pks[i] = privs[i].PublicKey().BytesCompressed()
	}
	return privs, pks
}

func BenchmarkKeyAgg2(b *testing.B)   { benchKeyAgg(b, 2) }
func BenchmarkKeyAgg100(b *testing.B) { benchKeyAgg(b, 100) }

func benchKeyAgg(b *testing.B, n int) {
	_, pks := benchKeys(b, n)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := musig2.KeyAgg(pks); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNonceGen(b *testing.B) {
	f := newFixture(b)
	aggpk := f.cache.XOnlyPublicKey().Bytes()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := musig2.NonceGen(f.pks[0], &musig2.NonceOptions{SecretKey: f.priv[0], AggregateKey: aggpk, Message: f.msg}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewSession(b *testing.B) {
	f := newFixture(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := musig2.NewSession(f.cache, f.agg, f.msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSign(b *testing.B) {
	f := newFixture(b)
	sns := make([]*musig2.SecretNonce, b.N)
	for i := range sns {
		var err error
		if sns[i], _, err = musig2.NonceGen(f.pks[0], &musig2.NonceOptions{SecretKey: f.priv[0]}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := f.sess.Sign(sns[i], f.priv[0]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPartialVerify(b *testing.B) {
	f := newFixture(b)
	psig, err := f.sess.Sign(f.sn[0], f.priv[0])
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !f.sess.PartialVerify(psig, f.pn[0], f.pks[0]) {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkAggregate(b *testing.B) {
	f := newFixture(b)
	p0, _ := f.sess.Sign(f.sn[0], f.priv[0])
	p1, _ := f.sess.Sign(f.sn[1], f.priv[1])
	psigs := [][]byte{p0, p1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.sess.Aggregate(psigs); err != nil {
			b.Fatal(err)
		}
	}
}
