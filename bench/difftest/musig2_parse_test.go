package difftest

import (
	"bytes"
	"math/big"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/musig2"
)

// FuzzMuSig2Parse feeds fuzzed bytes to every MuSig2 input that p256k1
// parses and compares each verdict with libsecp256k1 0.8's musig module
// (pubkey_parse, pubnonce_parse, aggnonce_parse, partial_sig_parse and the
// calls that take them): a signer's key in KeyAgg beside a dataset key (the
// aggregate key byte for byte), a public nonce in NonceAgg beside an honest
// one (the aggregate nonce byte for byte; the point at infinity is not a
// valid public nonce half, but is a valid aggregate nonce half), an
// aggregate nonce in NewSession (both accept or both reject; the honest
// signer's partial signature is then byte-identical), a partial signature,
// public nonce and key in PartialVerify, and a partial signature in
// Aggregate (>= n rejected; the signature byte for byte). Inputs of the
// wrong length are not passed to libsecp256k1 (its API takes fixed-size
// arrays) and must be rejected by p256k1.
func FuzzMuSig2Parse(f *testing.F) {
	it := items(f)
	infinity := make([]byte, 33)
	n := b32(curveN)
	nMinus1 := b32(new(big.Int).Sub(curveN, big.NewInt(1)))
	pn := func(a, b []byte) []byte { return append(bytes.Clone(a), b...) }
	f.Add(it[1].Pub[:], pn(it[2].Pub[:], it[3].Pub[:]), pn(it[4].Pub[:], it[5].Pub[:]), it[6].Seckey[:])
	f.Add(it[1].Pub[:], pn(infinity, it[3].Pub[:]), pn(infinity, infinity), n)
	f.Add(it[0].Pub[:], pn(it[2].Pub[:], infinity), pn(it[4].Pub[:], infinity), nMinus1)
	f.Add(it[1].PubUncomp[:], pn(it[2].Pub[:], it[2].Pub[:]), pn(it[4].Pub[:], it[4].Pub[:]), make([]byte, 32))
	bad := bytes.Clone(it[1].Pub[:])
	bad[0] = 0x04
	f.Add(bad, bytes.Repeat([]byte{0xff}, 66), bytes.Repeat([]byte{0x02}, 66), make([]byte, 31))
	f.Fuzz(func(t *testing.T, pk, pubnonce, aggnonce, psig []byte) {
		m := musigRef(t)
		priv, err := secp.NewPrivateKey(it[0].Seckey[:])
		if err != nil {
			t.Fatal(err)
		}
		pk0 := it[0].Pub[:]
		msg := it[0].Hash[:]

		// A signer's key.
		pks := [][]byte{pk0, it[1].Pub[:]}
		cache, err := musig2.KeyAgg([][]byte{pk0, pk})
		if len(pk) != 33 {
			if err == nil {
				t.Fatalf("KeyAgg accepts a %d-byte key", len(pk))
			}
		} else {
			_, lagg, ok := m.KeyAgg([][]byte{pk0, pk}, nil, nil)
			if (err == nil) != ok {
				t.Fatalf("KeyAgg(key %x): %v; libsecp256k1 ok %v", pk, err, ok)
			}
			if ok {
				if got := cache.PublicKey().BytesCompressed(); !bytes.Equal(got, lagg) {
					t.Fatalf("KeyAgg(key %x) = %x, libsecp256k1 %x", pk, got, lagg)
				}
				pks[1] = pk
			}
		}
		cache, err = musig2.KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		lcache, _, ok := m.KeyAgg(pks, nil, nil)
		if !ok {
			t.Fatal("libsecp256k1: key aggregation failed")
		}

		// The honest signer's nonce, then a public nonce.
		rnd := it[0].Aux[:]
		sn, pn0, err := musig2.NonceGen(pk0, &musig2.NonceOptions{Rand: bytes.Clone(rnd), SecretKey: priv})
		if err != nil {
			t.Fatal(err)
		}
		lsn, lpn0, ok := m.NonceGen(rnd, it[0].Seckey[:], pk0, nil, nil, nil)
		if !ok || !bytes.Equal(pn0, lpn0) {
			t.Fatalf("public nonce %x, libsecp256k1 %x (%v)", pn0, lpn0, ok)
		}
		agg, err := musig2.NonceAgg([][]byte{pn0, pubnonce})
		if len(pubnonce) != 66 {
			if err == nil {
				t.Fatalf("NonceAgg accepts a %d-byte public nonce", len(pubnonce))
			}
		} else {
			lagg, ok := m.NonceAgg([][]byte{pn0, pubnonce})
			if (err == nil) != ok || ok && !bytes.Equal(agg, lagg) {
				t.Fatalf("NonceAgg(%x) = %x, %v; libsecp256k1 %x, ok %v", pubnonce, agg, err, lagg, ok)
			}
		}

		// An aggregate nonce.
		sess, err := musig2.NewSession(cache, aggnonce, msg)
		if len(aggnonce) != 66 {
			if err == nil {
				t.Fatalf("NewSession accepts a %d-byte aggregate nonce", len(aggnonce))
			}
			return
		}
		lsess, ok := m.Session(lcache, aggnonce, msg)
		if (err == nil) != ok {
			t.Fatalf("NewSession(aggnonce %x): %v; libsecp256k1 ok %v", aggnonce, err, ok)
		}
		if !ok {
			return
		}
		psig0, err := sess.Sign(sn, priv)
		if err != nil {
			t.Fatal(err)
		}
		lpsig0, ok := m.Sign(lsn, it[0].Seckey[:], lcache, lsess)
		if !ok || !bytes.Equal(psig0, lpsig0) {
			t.Fatalf("partial signature %x, libsecp256k1 %x (%v)", psig0, lpsig0, ok)
		}
		if !sess.PartialVerify(psig0, pn0, pk0) || !m.Verify(psig0, pn0, pk0, lcache, lsess) {
			t.Fatal("the honest partial signature does not verify")
		}

		// A partial signature, public nonce and key in PartialVerify.
		got := sess.PartialVerify(psig, pubnonce, pks[1])
		if len(psig) != 32 || len(pubnonce) != 66 {
			if got {
				t.Fatalf("PartialVerify accepts a %d-byte signature with a %d-byte nonce", len(psig), len(pubnonce))
			}
		} else if want := m.Verify(psig, pubnonce, pks[1], lcache, lsess); got != want {
			t.Fatalf("PartialVerify(%x, %x, %x) = %v, libsecp256k1 %v", psig, pubnonce, pks[1], got, want)
		}
		if len(pk) == 33 && len(psig) == 32 {
			got := sess.PartialVerify(psig, pn0, pk)
			if want := m.Verify(psig, pn0, pk, lcache, lsess); got != want {
				t.Fatalf("PartialVerify(%x, honest nonce, %x) = %v, libsecp256k1 %v", psig, pk, got, want)
			}
		}

		// A partial signature in Aggregate.
		sig, err := sess.Aggregate([][]byte{psig0, psig})
		if len(psig) != 32 {
			if err == nil {
				t.Fatalf("Aggregate accepts a %d-byte partial signature", len(psig))
			}
			return
		}
		lsig, ok := m.Aggregate(lsess, [][]byte{psig0, psig})
		if (err == nil) != ok || ok && !bytes.Equal(sig, lsig) {
			t.Fatalf("Aggregate(%x) = %x, %v; libsecp256k1 %x, ok %v", psig, sig, err, lsig, ok)
		}
	})
}
