package difftest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/big"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"

	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// ECDSA against libsecp256k1 0.8: signing (FuzzECDSASign), the compact
// encoding, normalization, verification and recovery (FuzzECDSACompact),
// and the lax DER parser beside the strict one (FuzzDERLax). p256k1 takes
// hashes of any length (SEC 1's leftmost 256 bits, see package ecdsa);
// libsecp256k1 is given bits2int32 of the hash, the same integer in 32
// bytes.

// FuzzECDSASign compares signing: Sign with ecdsa_sign and its default
// nonce function (RFC 6979), SignWithEntropy with its ndata (32 bytes; other
// lengths must be rejected), both byte for byte, compact and DER
// (ecdsa_signature_serialize_der); SignRecoverable with
// ecdsa_sign_recoverable (the same signature and recovery id, and
// ecdsa_recoverable_signature_convert gives the plain one); RecoverPublicKey
// and ecdsa_recover of the result; SignLowR with Bitcoin Core's grinding
// done with ecdsa_sign (ndata = a little-endian counter); PrivateKey.Sign
// (crypto.Signer) with the DER encoding; and verification of the signature
// by both.
func FuzzECDSASign(f *testing.F) {
	a := libsecp08(f)
	its := items(f)
	for i, it := range its[:6] {
		f.Add(it.Seckey[:], it.Hash[:], it.Aux[:], uint8(0))
		f.Add(it.Seckey[:], it.Hash[:8], []byte(nil), uint8(0))
		f.Add(it.Seckey[:], append(it.Hash[:], it.Aux[:]...), it.Tweak[:], uint8(0))
		f.Add(it.Seckey[:], []byte{}, it.Aux[:31], uint8(7+i))
	}
	f.Add(its[0].Seckey[:], its[0].Hash[:], its[0].Aux[:], uint8(10)) // key n
	f.Fuzz(func(t *testing.T, skRaw, hash, extra []byte, selK uint8) {
		sk := edge32(selK, skRaw)
		priv, err := secp.NewPrivateKey(sk)
		valid := a.SeckeyVerify(sk)
		if (err == nil) != valid {
			t.Fatalf("NewPrivateKey(%x): err %v; ec_seckey_verify %v", sk, err, valid)
		}
		h32 := bits2int32(hash)
		if !valid {
			if _, _, ok := a.ECDSASign(sk, h32, nil); ok {
				t.Fatalf("ecdsa_sign accepts the invalid key %x", sk)
			}
			if _, err := ecdsa.Sign(priv, hash); err == nil {
				t.Fatal("Sign with a nil key succeeds")
			}
			return
		}
		pub := priv.PublicKey()
		sig, err := ecdsa.Sign(priv, hash)
		lc, lder, ok := a.ECDSASign(sk, h32, nil)
		if err != nil || !ok || !bytes.Equal(sig.BytesCompact(), lc) || !bytes.Equal(sig.BytesDER(), lder) {
			t.Fatalf("Sign(%x, %x) = %x %x (%v); ecdsa_sign %x %x (%v)", sk, hash, sig.BytesCompact(), sig.BytesDER(), err, lc, lder, ok)
		}
		if len(hash) > 0 {
			der, err := priv.Sign(nil, hash, nil)
			if err != nil || !bytes.Equal(der, lder) {
				t.Fatalf("PrivateKey.Sign(%x) = %x (%v); ecdsa_sign %x", hash, der, err, lder)
			}
		}
		if !a.ECDSAVerify(lc, pub.BytesCompressed(), h32) || !ecdsa.Verify(pub, hash, sig) {
			t.Fatalf("the signature %x of %x does not verify", lc, hash)
		}
		esig, err := ecdsa.SignWithEntropy(priv, hash, extra)
		if len(extra) != 32 {
			if !errors.Is(err, ecdsa.ErrInvalidEntropy) {
				t.Fatalf("SignWithEntropy with %d bytes of extra data: %v", len(extra), err)
			}
		} else {
			ec, eder, ok := a.ECDSASign(sk, h32, extra)
			if err != nil || !ok || !bytes.Equal(esig.BytesCompact(), ec) || !bytes.Equal(esig.BytesDER(), eder) {
				t.Fatalf("SignWithEntropy(%x, %x, %x) = %x (%v); ecdsa_sign %x (%v)", sk, hash, extra, esig.BytesCompact(), err, ec, ok)
			}
		}
		rsig, id, err := ecdsa.SignRecoverable(priv, hash)
		rc, lid, conv, ok := a.ECDSASignRecoverable(sk, h32, nil)
		if err != nil || !ok || !bytes.Equal(rsig.BytesCompact(), rc) || int(id) != lid || !bytes.Equal(conv, lc) {
			t.Fatalf("SignRecoverable(%x, %x) = %x %d (%v); ecdsa_sign_recoverable %x %d, converted %x (%v)", sk, hash, rsig.BytesCompact(), id, err, rc, lid, conv, ok)
		}
		rp, err := ecdsa.RecoverPublicKey(hash, rsig, id)
		lrp, ok := a.ECDSARecover(rc, lid, h32)
		if err != nil || !ok || !rp.Equal(pub) || !bytes.Equal(lrp, pub.BytesCompressed()) {
			t.Fatalf("recovery of %x %d: %x (%v); ecdsa_recover %x (%v)", rc, id, rp.BytesCompressed(), err, lrp, ok)
		}
		low, err := ecdsa.SignLowR(priv, hash)
		want := lc
		nd := make([]byte, 32)
		for ctr := uint32(1); want[0] >= 0x80; ctr++ {
			binary.LittleEndian.PutUint32(nd, ctr)
			if want, _, ok = a.ECDSASign(sk, h32, nd); !ok {
				t.Fatal("ecdsa_sign with a counter failed")
			}
		}
		if err != nil || !bytes.Equal(low.BytesCompact(), want) {
			t.Fatalf("SignLowR(%x, %x) = %x (%v); ground with ecdsa_sign %x", sk, hash, low.BytesCompact(), err, want)
		}
	})
}

// FuzzECDSACompact compares 64-byte compact signatures r ‖ s:
// ParseCompactSignature with ecdsa_signature_parse_compact (round trip),
// Normalize and IsLowS with ecdsa_signature_normalize, BytesDER with
// ecdsa_signature_serialize_der (and both strict parsers on the result),
// Verify with ecdsa_verify under a dataset key (high-S signatures are
// rejected by both; their normalized twins agree), and RecoverPublicKey
// with ecdsa_recover for recovery ids 0 to 255 (libsecp256k1 is asked only
// for 0 to 3; p256k1 must reject the others).
//
// The documented difference: libsecp256k1's compact parser accepts r = 0 or
// s = 0 (ecdsa_verify and ecdsa_recover then fail), while p256k1's rejects
// them (a Signature holds r, s in [1, n)). Asserted: p256k1 parses iff
// libsecp256k1 parses and r, s != 0.
func FuzzECDSACompact(f *testing.F) {
	a := libsecp08(f)
	for i, it := range items(f)[:8] {
		r, s := it.SigCompact[:32], it.SigCompact[32:]
		high := b32(new(big.Int).Sub(curveN, new(big.Int).SetBytes(s)))
		f.Add(it.SigCompact[:], it.Hash[:], uint8(i), it.RecID)
		f.Add(append(bytes.Clone(r), high...), it.Hash[:], uint8(i), it.RecID^1)
		f.Add(append(make([]byte, 32), s...), it.Hash[:], uint8(i), uint8(0))
		f.Add(append(bytes.Clone(r), b32(halfN)...), it.Hash[:], uint8(i), uint8(2))
		f.Add(it.SigCompact[:], it.Hash[:31], uint8(i+1), it.RecID)
		f.Add(it.SigCompact[:], append(it.Hash[:], 0), uint8(i), uint8(4))
	}
	f.Fuzz(func(t *testing.T, sig, hash []byte, key, recid uint8) {
		psig, perr := ecdsa.ParseCompactSignature(sig)
		if len(sig) != 64 {
			if perr == nil {
				t.Fatalf("ParseCompactSignature accepts %d bytes", len(sig))
			}
			return
		}
		lc, lnorm, lhigh, lok := a.SigParseCompact(sig)
		if (perr == nil) != (lok && scalarsValid(sig)) {
			t.Fatalf("ParseCompactSignature(%x): err %v; ecdsa_signature_parse_compact %v", sig, perr, lok)
		}
		if lok && !bytes.Equal(lc, sig) {
			t.Fatalf("ecdsa_signature_parse_compact(%x) serializes as %x", sig, lc)
		}
		if perr == nil {
			if !bytes.Equal(psig.BytesCompact(), sig) || !bytes.Equal(psig.Normalize().BytesCompact(), lnorm) || psig.IsLowS() == lhigh {
				t.Fatalf("%x: p256k1 normalizes to %x (low-S %v); ecdsa_signature_normalize %x (was high %v)", sig, psig.Normalize().BytesCompact(), psig.IsLowS(), lnorm, lhigh)
			}
			der := psig.BytesDER()
			lder, ok := a.SigSerializeDER(sig)
			if !ok || !bytes.Equal(der, lder) {
				t.Fatalf("BytesDER(%x) = %x; ecdsa_signature_serialize_der %x (%v)", sig, der, lder, ok)
			}
			back, err := ecdsa.ParseDERSignature(der)
			lback, ok := a.SigParseDER(der)
			if err != nil || !back.Equal(psig) || !ok || !bytes.Equal(lback, sig) {
				t.Fatalf("%x: the DER encoding %x does not parse back (%v, %v)", sig, der, err, ok)
			}
			if ns, err := ecdsa.NewSignature(sig[:32], sig[32:]); err != nil || !ns.Equal(psig) {
				t.Fatalf("NewSignature(%x): %v", sig, err)
			}
		}
		its := items(t)
		it := its[int(key)%len(its)]
		pub, err := secp.NewPublicKey(it.Pub[:])
		if err != nil {
			t.Fatal(err)
		}
		h32 := bits2int32(hash)
		lver := a.ECDSAVerify(sig, it.Pub[:], h32)
		pver := perr == nil && ecdsa.Verify(pub, hash, psig)
		if pver != lver {
			t.Fatalf("Verify(%x, key %d, %x) = %v; ecdsa_verify %v", sig, key, hash, pver, lver)
		}
		if perr == nil && lhigh {
			if pver {
				t.Fatalf("Verify accepts the high-S signature %x", sig)
			}
			if got, want := ecdsa.Verify(pub, hash, psig.Normalize()), a.ECDSAVerify(lnorm, it.Pub[:], h32); got != want {
				t.Fatalf("Verify of the normalized %x = %v; ecdsa_verify %v", lnorm, got, want)
			}
		}
		lrp, lrok := a.ECDSARecover(sig, int(recid), h32)
		if perr != nil {
			if lrok {
				t.Fatalf("ecdsa_recover(%x, %d) succeeds on a signature p256k1 rejects", sig, recid)
			}
			return
		}
		rp, rerr := ecdsa.RecoverPublicKey(hash, psig, recid)
		if (rerr == nil) != lrok || (lrok && !bytes.Equal(rp.BytesCompressed(), lrp)) {
			t.Fatalf("RecoverPublicKey(%x, %x, %d) = %x (%v); ecdsa_recover %x (%v)", hash, sig, recid, rp.BytesCompressed(), rerr, lrp, lrok)
		}
		if recid > 3 && !errors.Is(rerr, ecdsa.ErrInvalidRecoveryID) {
			t.Fatalf("RecoverPublicKey with recovery id %d: %v", recid, rerr)
		}
		if rerr == nil && !ecdsa.Verify(rp, hash, psig.Normalize()) {
			t.Fatalf("the key recovered from %x does not verify its normalized form", sig)
		}
	})
}

// laxDER returns libsecp256k1 0.8's lax DER parser, or skips.
func laxDER(t testing.TB) *providers.LaxDERRef {
	t.Helper()
	l, err := providers.LibsecpLaxDER()
	if err != nil {
		t.Skipf("libsecp256k1 0.8's lax DER parser not available, not compared: %v", err)
	}
	return l
}

// FuzzDERLax compares ParseDERSignatureLax with libsecp256k1 0.8's
// contrib/lax_der_parsing.c (ecdsa_signature_parse_der_lax, from a build
// that exports it; see providers.LibsecpLaxDER), and checks that strict DER
// is a subset: every signature ParseDERSignature accepts, ecdsa_signature_
// parse_der and both lax parsers accept with the same r and s; accepted
// signatures re-encode as ecdsa_signature_serialize_der does.
//
// The documented difference: where the lax parser finds r or s longer than
// 32 bytes or >= n, it returns success with the all-zero signature (which
// never verifies), and for a zero-length r or s a signature with r or s =
// 0; p256k1 returns an error for all of these. Asserted: p256k1 accepts iff
// the lax parser succeeds with r, s in [1, n), with the same values.
func FuzzDERLax(f *testing.F) {
	a := libsecp08(f)
	lax := laxDER(f)
	for _, it := range items(f)[:6] {
		f.Add(it.SigDER)
		f.Add(append(bytes.Clone(it.SigDER), 1))                              // trailing sighash byte
		f.Add(append([]byte{0x30, 0x81}, it.SigDER[1:]...))                   // long-form sequence length
		f.Add(append([]byte{0x30, 0x84, 0, 0, 0}, it.SigDER[1:]...))          // long, with zeros
		f.Add(append([]byte{0x30, 0x80}, it.SigDER[2:]...))                   // indefinite length
		f.Add(append([]byte{0x30, 0xff, 0x02, 0x82, 0x00}, it.SigDER[3:]...)) // long-form r length
	}
	f.Add([]byte{0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x01})       // negative-looking r
	f.Add([]byte{0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01}) // padded r
	f.Add([]byte{0x30, 0x04, 0x02, 0x00, 0x02, 0x00})                   // empty r and s
	f.Add(append([]byte{0x30, 0x27, 0x02, 0x22, 0x00, 0x00}, append(b32(curveN), 0x02, 0x01, 0x01)...))
	f.Add(append([]byte{0x30, 0x27, 0x02, 0x22, 0x01, 0x00}, append(b32(halfN), 0x02, 0x01, 0x01)...)) // 33-byte r
	f.Fuzz(func(t *testing.T, der []byte) {
		sig, err := ecdsa.ParseDERSignatureLax(der)
		lc, ok := lax.Parse(der)
		if (err == nil) != (ok && scalarsValid(lc)) || (err == nil && !bytes.Equal(sig.BytesCompact(), lc)) {
			t.Fatalf("ParseDERSignatureLax(%x) = %x (%v); ecdsa_signature_parse_der_lax %x (%v)", der, sig.BytesCompact(), err, lc, ok)
		}
		if err == nil {
			if d, ok := a.SigSerializeDER(lc); !ok || !bytes.Equal(sig.BytesDER(), d) {
				t.Fatalf("BytesDER of %x = %x; ecdsa_signature_serialize_der %x", lc, sig.BytesDER(), d)
			}
		}
		strict, serr := ecdsa.ParseDERSignature(der)
		sc, sok := a.SigParseDER(der)
		if (serr == nil) != (sok && scalarsValid(sc)) || (serr == nil && !bytes.Equal(strict.BytesCompact(), sc)) {
			t.Fatalf("ParseDERSignature(%x) = %x (%v); ecdsa_signature_parse_der %x (%v)", der, strict.BytesCompact(), serr, sc, sok)
		}
		if serr == nil && (err != nil || !sig.Equal(strict)) {
			t.Fatalf("%x: strict DER gives %x, lax %x (%v)", der, strict.BytesCompact(), sig.BytesCompact(), err)
		}
		// (libsecp256k1's strict parser reads a negative integer as an
		// overflow, all zero; the lax one reads its magnitude: they agree on
		// valid signatures only.)
		if sok && scalarsValid(sc) && (!ok || !bytes.Equal(sc, lc)) {
			t.Fatalf("%x: libsecp256k1's strict parser gives %x, its lax parser %x (%v)", der, sc, lc, ok)
		}
	})
}
