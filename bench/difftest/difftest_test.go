package difftest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"sync"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	dcrecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/schnorr"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

var (
	dsOnce sync.Once
	ds     *h.Dataset
)

// items returns the shared benchmark dataset (seed 42), which seeds the
// corpora with valid keys and signatures.
func items(t testing.TB) []h.Item {
	dsOnce.Do(func() {
		var err error
		if ds, err = h.NewDataset(42, 16); err != nil {
			panic(err)
		}
	})
	return ds.Items
}

var (
	curveN = mustBig("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	halfN  = new(big.Int).Rsh(curveN, 1)
	fieldP = mustBig("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")

	refsOnce sync.Once
	allRefs  []*providers.LibsecpRef
)

// refs returns the libsecp256k1 copies that are loaded: libsecp256k1 0.8
// in-process (built from secp256k1-sys on first use, see bench/README.md)
// and the system library. Every target compares p256k1 with each of them.
func refs() []*providers.LibsecpRef {
	var out []*providers.LibsecpRef
	for _, r := range allLibsecp() {
		if r.Err() == nil {
			out = append(out, r)
		}
	}
	return out
}

func allLibsecp() []*providers.LibsecpRef {
	refsOnce.Do(func() { allRefs = providers.LibsecpRefs() })
	return allRefs
}

func mustBig(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return v
}

func b32(v *big.Int) []byte { return v.FillBytes(make([]byte, 32)) }

func inRange(b []byte) bool {
	v := new(big.Int).SetBytes(b)
	return v.Sign() > 0 && v.Cmp(curveN) < 0
}

// logLibsecp says which libsecp256k1 copies a target compares with.
func logLibsecp(t testing.TB) {
	for _, r := range allLibsecp() {
		if r.Err() != nil {
			t.Logf("%s not available, not compared: %v", r.Name(), r.Err())
		} else {
			t.Logf("comparing with %s %s", r.Name(), r.Version())
		}
	}
	if len(refs()) == 0 {
		t.Log("no libsecp256k1 available: comparing with decred/btcec only")
	}
}

// FuzzECDSAVerify verifies a 64-byte r||s signature, the fuzzer's mutation
// of a valid one, with each library. libsecp256k1 and p256k1 must agree
// exactly (both reject high-S); decred accepts high-S, so it must agree
// with p256k1 on the low-S form of the signature.
func FuzzECDSAVerify(f *testing.F) {
	logLibsecp(f)
	for i, it := range items(f)[:8] {
		r, s := it.SigCompact[:32], it.SigCompact[32:]
		high := b32(new(big.Int).Sub(curveN, new(big.Int).SetBytes(s)))
		f.Add(uint8(i), it.SigCompact[:], it.Hash[:])
		f.Add(uint8(i), append(append([]byte{}, r...), high...), it.Hash[:])                        // high-S twin
		f.Add(uint8(i), append(make([]byte, 32), s...), it.Hash[:])                                 // r = 0
		f.Add(uint8(i), append(append([]byte{}, r...), b32(curveN)...), it.Hash[:])                 // s = n
		f.Add(uint8(i), append(append([]byte{}, r...), b32(halfN)...), it.Hash[:])                  // s = n/2
		f.Add(uint8(i+1), it.SigCompact[:], it.Hash[:])                                             // wrong key
		f.Add(uint8(i), it.SigCompact[:], append(append([]byte{}, it.Hash[:31]...), it.Hash[31]^1)) // wrong hash
	}
	f.Fuzz(func(t *testing.T, idx uint8, sig, hash []byte) {
		its := items(t)
		it := its[int(idx)%len(its)]
		if len(sig) != 64 || len(hash) != 32 {
			return
		}
		pub, err := secp.NewPublicKey(it.Pub[:])
		if err != nil {
			t.Fatal(err)
		}
		var got bool
		psig, perr := ecdsa.ParseCompactSignature(sig)
		if perr == nil {
			got = ecdsa.Verify(pub, hash, psig)
		}
		if perr == nil != (inRange(sig[:32]) && inRange(sig[32:])) {
			t.Fatalf("ParseCompactSignature(%x): err %v, but r, s in [1, n) is %v", sig, perr, perr != nil)
		}
		for _, r := range refs() {
			if want := r.VerifyCompact(sig, it.Pub[:], hash); got != want {
				t.Fatalf("verify(%x, key %d, %x): p256k1 %v, %s %v", sig, idx, hash, got, r.Name(), want)
			}
		}
		// decred: accepts high-S; compare on the normalized signature.
		var r, s dcr.ModNScalar
		if r.SetByteSlice(sig[:32]) || s.SetByteSlice(sig[32:]) || r.IsZero() || s.IsZero() {
			if perr == nil {
				t.Fatalf("decred rejects r or s of %x, p256k1 parsed it", sig)
			}
			return
		}
		dpub, err := dcr.ParsePubKey(it.Pub[:])
		if err != nil {
			t.Fatal(err)
		}
		dgot := dcrecdsa.NewSignature(&r, &s).Verify(hash, dpub)
		low := ecdsa.Verify(pub, hash, psig.Normalize())
		if dgot != low {
			t.Fatalf("verify(%x): decred %v, p256k1 on the low-S form %v", sig, dgot, low)
		}
		if !psig.IsLowS() && got {
			t.Fatalf("p256k1 accepted high-S signature %x", sig)
		}
	})
}

// FuzzSchnorrVerify compares BIP-340 verification of (mutated) signatures,
// keys and messages. btcec only takes 32-byte messages; libsecp256k1 takes
// any length, as p256k1 does.
func FuzzSchnorrVerify(f *testing.F) {
	logLibsecp(f)
	for i, it := range items(f)[:8] {
		f.Add(it.XOnly[:], it.Hash[:], it.Schnorr[:])
		bad := it.Schnorr
		bad[63] ^= 1
		f.Add(it.XOnly[:], it.Hash[:], bad[:])
		f.Add(items(f)[i+1].XOnly[:], it.Hash[:], it.Schnorr[:])
		f.Add(it.XOnly[:], []byte("a message that is not 32 bytes"), it.Schnorr[:])
		f.Add(it.XOnly[:], []byte{}, it.Schnorr[:])
		over := it.Schnorr
		copy(over[:32], b32(new(big.Int).Add(fieldP, big.NewInt(1)))) // r > p
		f.Add(it.XOnly[:], it.Hash[:], over[:])
	}
	f.Fuzz(func(t *testing.T, x, msg, sig []byte) {
		if len(x) != 32 || len(sig) != 64 {
			return
		}
		pub, err := secp.NewXOnlyPublicKey(x)
		got := err == nil && schnorr.Verify(pub, msg, sig)
		for _, r := range refs() {
			if !r.Schnorr() {
				continue
			}
			if ok := r.ParseXOnly(x); ok != (err == nil) {
				t.Fatalf("x-only key %x: p256k1 err %v, %s parse %v", x, err, r.Name(), ok)
			}
			if want, _ := r.SchnorrVerify(x, msg, sig); got != want {
				t.Fatalf("verify(%x, %x, %x): p256k1 %v, %s %v", x, msg, sig, got, r.Name(), want)
			}
		}
		bpub, berr := bschnorr.ParsePubKey(x)
		if (berr == nil) != (err == nil) {
			t.Fatalf("x-only key %x: p256k1 err %v, btcec err %v", x, err, berr)
		}
		if len(msg) != 32 || berr != nil {
			return
		}
		bgot := false
		if bsig, err := bschnorr.ParseSignature(sig); err == nil {
			bgot = bsig.Verify(msg, bpub)
		}
		if got != bgot {
			t.Fatalf("verify(%x, %x, %x): p256k1 %v, btcec %v", x, msg, sig, got, bgot)
		}
	})
}

// FuzzParsePubKey compares SEC 1 public-key parsing. Whatever p256k1
// accepts, decred and libsecp256k1 must accept as the same point; whatever
// they accept in the compressed (02/03) or uncompressed (04) form, p256k1
// must accept. The hybrid forms 06/07, which decred and libsecp256k1 also
// take, are outside SEC 1 and may be rejected.
func FuzzParsePubKey(f *testing.F) {
	logLibsecp(f)
	for _, it := range items(f)[:6] {
		f.Add(it.Pub[:])
		f.Add(it.PubUncomp[:])
		hyb := it.PubUncomp
		hyb[0] = 6 | hyb[64]&1
		f.Add(hyb[:])
		bad := it.Pub
		bad[32] ^= 1
		f.Add(bad[:])
		f.Add(it.Pub[:32])
	}
	f.Add(append([]byte{2}, b32(fieldP)...))
	f.Add(append([]byte{3}, make([]byte, 32)...))
	f.Add(append([]byte{4}, make([]byte, 64)...))
	f.Fuzz(func(t *testing.T, b []byte) {
		pub, err := secp.NewPublicKey(b)
		hybrid := len(b) == 65 && (b[0] == 6 || b[0] == 7)
		dpub, derr := dcr.ParsePubKey(b)
		if err == nil {
			if derr != nil {
				t.Fatalf("%x: p256k1 accepts, decred: %v", b, derr)
			}
			if !bytes.Equal(pub.BytesUncompressed(), dpub.SerializeUncompressed()) {
				t.Fatalf("%x: p256k1 %x, decred %x", b, pub.BytesUncompressed(), dpub.SerializeUncompressed())
			}
		} else if derr == nil && !hybrid {
			t.Fatalf("%x: decred accepts, p256k1: %v", b, err)
		}
		for _, r := range refs() {
			comp, uncomp, ok := r.ParsePubkey(b)
			switch {
			case err == nil && !ok:
				t.Fatalf("%x: p256k1 accepts, %s rejects", b, r.Name())
			case err == nil && (!bytes.Equal(comp[:], pub.BytesCompressed()) || !bytes.Equal(uncomp[:], pub.BytesUncompressed())):
				t.Fatalf("%x: p256k1 %x, %s %x", b, pub.BytesCompressed(), r.Name(), comp)
			case err != nil && ok && !hybrid:
				t.Fatalf("%x: %s accepts, p256k1: %v", b, r.Name(), err)
			}
		}
	})
}

// FuzzParseDER compares strict DER parsing. libsecp256k1's parser accepts
// a few encodings BIP-66 forbids but turns them into the all-zero,
// never-valid signature (integers that are negative, longer than 32 bytes
// or >= n); p256k1 rejects those outright. So: p256k1 accepts iff
// libsecp256k1 parses to a signature with r and s in [1, n), with the same
// values; decred must agree with p256k1.
func FuzzParseDER(f *testing.F) {
	logLibsecp(f)
	for _, it := range items(f)[:6] {
		f.Add(it.SigDER)
		f.Add(append(append([]byte{}, it.SigDER...), 1)) // trailing sighash byte
		long := append([]byte{0x30, 0x81}, it.SigDER[1:]...)
		f.Add(long) // long-form length
	}
	f.Add(h.EncodeDER([64]byte{}))
	f.Add([]byte{0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x01})                                 // negative r
	f.Add([]byte{0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01})                           // padded r
	f.Add([]byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})                                 // r = s = 1
	f.Add(append([]byte{0x30, 0x26, 0x02, 0x21, 0x00}, append(b32(curveN), 0x02, 0x01, 0x01)...)) // r = n
	f.Fuzz(func(t *testing.T, der []byte) {
		sig, err := ecdsa.ParseDERSignature(der)
		dsig, derr := dcrecdsa.ParseDERSignature(der)
		if (err == nil) != (derr == nil) {
			t.Fatalf("%x: p256k1 err %v, decred err %v", der, err, derr)
		}
		if err == nil {
			r, s := dsig.R(), dsig.S()
			var want [64]byte
			r.PutBytesUnchecked(want[:32])
			s.PutBytesUnchecked(want[32:])
			if !bytes.Equal(sig.BytesCompact(), want[:]) {
				t.Fatalf("%x: p256k1 %x, decred %x", der, sig.BytesCompact(), want)
			}
			if !bytes.Equal(sig.BytesDER(), der) {
				t.Fatalf("%x: strict DER does not re-encode to itself: %x", der, sig.BytesDER())
			}
		}
		for _, r := range refs() {
			c, ok := r.ParseDER(der)
			libValid := ok && inRange(c[:32]) && inRange(c[32:])
			if (err == nil) != libValid {
				t.Fatalf("%x: p256k1 err %v; %s parse %v -> %x", der, err, r.Name(), ok, c)
			}
			if err == nil && !bytes.Equal(sig.BytesCompact(), c[:]) {
				t.Fatalf("%x: p256k1 %x, %s %x", der, sig.BytesCompact(), r.Name(), c)
			}
		}
	})
}

// FuzzECDH compares ECDH: p256k1's raw x with decred's and libsecp256k1's
// (copy-x hash function), and p256k1's ECDHSHA256 with libsecp256k1's
// default hashed output.
func FuzzECDH(f *testing.F) {
	logLibsecp(f)
	for i, it := range items(f)[:6] {
		f.Add(it.Seckey[:], items(f)[i+1].Pub[:])
		f.Add(it.Seckey[:], items(f)[i+1].PubUncomp[:])
	}
	f.Add(b32(new(big.Int).Sub(curveN, big.NewInt(1))), items(f)[0].Pub[:])
	f.Add(b32(curveN), items(f)[0].Pub[:])
	f.Add(make([]byte, 32), items(f)[0].Pub[:])
	f.Add(b32(big.NewInt(1)), items(f)[0].Pub[:])
	f.Fuzz(func(t *testing.T, sk, pubBytes []byte) {
		if len(sk) != 32 {
			return
		}
		pub, err := secp.NewPublicKey(pubBytes)
		if err != nil {
			return
		}
		priv, err := secp.NewPrivateKey(sk)
		skValid := inRange(sk)
		if (err == nil) != skValid {
			t.Fatalf("NewPrivateKey(%x): err %v, in range %v", sk, err, skValid)
		}
		for _, r := range refs() {
			if !r.HasECDH() {
				continue
			}
			x, hashed, ok := r.ECDH(sk, pubBytes)
			if ok != skValid {
				t.Fatalf("%s ecdh(%x) ok %v", r.Name(), sk, ok)
			}
			if ok {
				got, err := priv.ECDH(pub)
				if err != nil || !bytes.Equal(got, x[:]) {
					t.Fatalf("ECDH(%x, %x): p256k1 %x (%v), %s %x", sk, pubBytes, got, err, r.Name(), x)
				}
				gotH, err := priv.ECDHSHA256(pub)
				if err != nil || !bytes.Equal(gotH, hashed[:]) {
					t.Fatalf("ECDHSHA256(%x, %x): p256k1 %x (%v), %s %x", sk, pubBytes, gotH, err, r.Name(), hashed)
				}
			}
		}
		if !skValid {
			return
		}
		dpub, err := dcr.ParsePubKey(pubBytes)
		if err != nil {
			t.Fatalf("decred rejects %x: %v", pubBytes, err)
		}
		want := dcr.GenerateSharedSecret(dcr.PrivKeyFromBytes(sk), dpub)
		got, err := priv.ECDH(pub)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x, %x): p256k1 %x (%v), decred %x", sk, pubBytes, got, err, want)
		}
		// ECDHSHA256 is SHA-256(02|03 || x) of the shared point.
		bpriv, _ := btcec.PrivKeyFromBytes(sk)
		bpub, _ := btcec.ParsePubKey(pubBytes)
		var pt, res btcec.JacobianPoint
		bpub.AsJacobian(&pt)
		btcec.ScalarMultNonConst(&bpriv.Key, &pt, &res)
		res.ToAffine()
		xb := res.X.Bytes()
		pre := append([]byte{2 | byte(res.Y.IsOddBit())}, xb[:]...)
		wantH := sha256.Sum256(pre)
		gotH, err := priv.ECDHSHA256(pub)
		if err != nil || !bytes.Equal(gotH, wantH[:]) {
			t.Fatalf("ECDHSHA256(%x): p256k1 %x, want %s", sk, gotH, hex.EncodeToString(wantH[:]))
		}
	})
}

// FuzzTweakAdd compares the public-key tweaks of the pubkey_tweak_add and
// xonly_tweak_add cases: PublicKey.TweakAdd (P + t*G) and
// XOnlyPublicKey.TweakAdd (lift_x(x) + t*G) with libsecp256k1's
// ec_pubkey_tweak_add and xonly_pubkey_tweak_add, and with decred's point
// arithmetic. Tweaks >= n must be rejected by all, never reduced.
func FuzzTweakAdd(f *testing.F) {
	logLibsecp(f)
	for i, it := range items(f)[:6] {
		next := items(f)[i+1]
		f.Add(it.Pub[:], next.Seckey[:])
		f.Add(it.PubUncomp[:], next.Hash[:])
	}
	f.Add(items(f)[0].Pub[:], make([]byte, 32))                             // t = 0
	f.Add(items(f)[0].Pub[:], b32(curveN))                                  // t = n
	f.Add(items(f)[0].Pub[:], b32(new(big.Int).Sub(curveN, big.NewInt(1)))) // t = n - 1
	f.Add(items(f)[1].Pub[:], bytes.Repeat([]byte{0xff}, 32))               // t = 2^256 - 1
	f.Add(append([]byte{0x02}, items(f)[2].XOnly[:]...), b32(new(big.Int).Add(curveN, big.NewInt(5))))
	f.Fuzz(func(t *testing.T, pubBytes, tweak []byte) {
		if len(tweak) != 32 {
			return
		}
		pub, err := secp.NewPublicKey(pubBytes)
		if err != nil {
			return
		}
		tValid := new(big.Int).SetBytes(tweak).Cmp(curveN) < 0
		x := pub.BytesCompressed()[1:]
		xpub, err := secp.NewXOnlyPublicKey(x)
		if err != nil {
			t.Fatalf("x-only key %x of a valid key rejected: %v", x, err)
		}
		// Expected, from decred: P + t*G and lift_x(x) + t*G.
		want := func(even bool) ([]byte, bool) {
			var s dcr.ModNScalar
			if s.SetByteSlice(tweak) {
				return nil, false
			}
			dpub, err := dcr.ParsePubKey(pubBytes)
			if err != nil {
				t.Fatal(err)
			}
			var p, tg, r dcr.JacobianPoint
			dpub.AsJacobian(&p)
			if even && p.Y.Normalize().IsOdd() {
				p.Y.Negate(1).Normalize()
			}
			dcr.ScalarBaseMultNonConst(&s, &tg)
			dcr.AddNonConst(&p, &tg, &r)
			if (r.X.IsZero() && r.Y.IsZero()) || r.Z.IsZero() {
				return nil, false
			}
			r.ToAffine()
			return dcr.NewPublicKey(&r.X, &r.Y).SerializeCompressed(), true
		}
		for _, tc := range []struct {
			name string
			even bool
			got  func() (*secp.PublicKey, error)
			lib  func(r *providers.LibsecpRef) ([33]byte, bool)
		}{
			{"PublicKey.TweakAdd", false, func() (*secp.PublicKey, error) { return pub.TweakAdd(tweak) },
				func(r *providers.LibsecpRef) ([33]byte, bool) { return r.PubkeyTweakAdd(pubBytes, tweak) }},
			{"XOnlyPublicKey.TweakAdd", true, func() (*secp.PublicKey, error) { return xpub.TweakAdd(tweak) },
				func(r *providers.LibsecpRef) ([33]byte, bool) { return r.XOnlyTweakAdd(x, tweak) }},
		} {
			q, err := tc.got()
			var got []byte
			if err == nil {
				got = q.BytesCompressed()
			}
			if err == nil && !tValid {
				t.Fatalf("%s(%x, %x): tweak >= n accepted", tc.name, pubBytes, tweak)
			}
			w, wok := want(tc.even)
			if (err == nil) != wok || !bytes.Equal(got, w) {
				t.Fatalf("%s(%x, %x): p256k1 %x (%v), decred %x (ok %v)", tc.name, pubBytes, tweak, got, err, w, wok)
			}
			for _, r := range refs() {
				l, ok := tc.lib(r)
				if ok != (err == nil) || (ok && !bytes.Equal(l[:], got)) {
					t.Fatalf("%s(%x, %x): p256k1 %x (%v), %s %x (ok %v)", tc.name, pubBytes, tweak, got, err, r.Name(), l, ok)
				}
			}
		}
	})
}

// TestLibsecpPresence has one subtest per libsecp256k1 copy: it skips,
// with the reason, for a copy the targets cannot compare with, so that
// `go test -v` shows what was and was not compared.
func TestLibsecpPresence(t *testing.T) {
	for _, r := range allLibsecp() {
		t.Run(r.Name(), func(t *testing.T) {
			if r.Err() != nil {
				t.Skipf("%s not available; the differential targets skip it: %v", r.Name(), r.Err())
			}
			t.Logf("%s %s loaded (schnorrsig %v, ecdh %v): every target compares with it", r.Name(), r.Version(), r.Schnorr(), r.HasECDH())
		})
	}
}
