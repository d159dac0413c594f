package difftest

import (
	"bytes"
	"math/big"
	"testing"

	secp "github.com/p256k1/secp256k1"
)

// Key operations against libsecp256k1 0.8: secret keys and their tweaks and
// key pairs (FuzzSeckey), public-key parsing, serialization, negation,
// tweaks, comparison and the x-only form (FuzzPubkey), combination and
// sorting (FuzzCombineSort), and x-only keys with their tweaks, tweak check
// and BIP-341 taproot tweak (FuzzXOnly).

// sign returns -1, 0 or 1 as v is negative, zero or positive.
func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// FuzzSeckey compares secret keys: NewPrivateKey with ec_seckey_verify,
// PublicKey with ec_pubkey_create, Negate, TweakAdd and TweakMul with
// ec_seckey_negate, _tweak_add and _tweak_mul (the public key of each
// result with ec_pubkey_tweak_add and _tweak_mul of the public key),
// XOnly with keypair_xonly_pub, XOnlyTweakAdd with keypair_xonly_tweak_add,
// and TaprootTweak with keypair_xonly_tweak_add by tagged_sha256("TapTweak",
// x ‖ merkle root). The key and the tweak take the edge values of edge32
// (0, n, n - 1, ...) by their selectors; a key selector >= 0xf0 passes the
// key bytes as they are, of any length (p256k1 alone: libsecp256k1 takes 32
// bytes).
func FuzzSeckey(f *testing.F) {
	a := libsecp08(f)
	its := items(f)
	for i, it := range its[:6] {
		f.Add(it.Seckey[:], it.Tweak[:], []byte(nil), uint8(0), uint8(0))
		f.Add(it.Seckey[:], its[i+1].Seckey[:], it.Hash[:], uint8(0), uint8(0))
		f.Add(it.Seckey[:], it.Tweak[:], []byte{}, uint8(0), uint8(7+i))
	}
	for sel := uint8(7); sel < 16; sel++ {
		f.Add(its[0].Seckey[:], its[0].Tweak[:], []byte(nil), sel, uint8(0))
	}
	f.Add(its[0].Seckey[:31], its[0].Tweak[:], []byte(nil), uint8(0xf0), uint8(0))
	f.Fuzz(func(t *testing.T, skRaw, twRaw, merkle []byte, selK, selT uint8) {
		sk := edge32(selK, skRaw)
		if selK >= 0xf0 {
			sk = skRaw
		}
		tw := edge32(selT, twRaw)
		priv, err := secp.NewPrivateKey(sk)
		valid := len(sk) == 32 && a.SeckeyVerify(sk)
		if (err == nil) != valid {
			t.Fatalf("NewPrivateKey(%x): err %v; ec_seckey_verify %v", sk, err, valid)
		}
		if !valid {
			if len(sk) != 32 {
				return
			}
			_, ok1 := a.PubkeyCreate(sk)
			_, ok2 := a.SeckeyNegate(sk)
			_, ok3 := a.SeckeyTweakAdd(sk, tw)
			_, ok4 := a.SeckeyTweakMul(sk, tw)
			_, _, _, _, ok5 := a.Keypair(sk)
			if ok1 || ok2 || ok3 || ok4 || ok5 {
				t.Fatalf("libsecp256k1 accepts the secret key %x that ec_seckey_verify rejects", sk)
			}
			return
		}
		pub := priv.PublicKey()
		lpub, ok := a.PubkeyCreate(sk)
		if !ok || !bytes.Equal(pub.BytesCompressed(), lpub) {
			t.Fatalf("PublicKey(%x) = %x, ec_pubkey_create %x (%v)", sk, pub.BytesCompressed(), lpub, ok)
		}
		neg := priv.Negate()
		if lneg, ok := a.SeckeyNegate(sk); !ok || !bytes.Equal(neg.Bytes(), lneg) {
			t.Fatalf("Negate(%x) = %x, ec_seckey_negate %x (%v)", sk, neg.Bytes(), lneg, ok)
		}
		for _, tc := range []struct {
			name string
			priv func([]byte) (*secp.PrivateKey, error)
			pub  func([]byte) (*secp.PublicKey, error)
			lsec func(sk, tw []byte) ([]byte, bool)
			lpub func(pub, tw []byte) ([]byte, bool)
		}{
			{"TweakAdd", priv.TweakAdd, pub.TweakAdd, a.SeckeyTweakAdd, a.PubkeyTweakAdd},
			{"TweakMul", priv.TweakMul, pub.TweakMul, a.SeckeyTweakMul, a.PubkeyTweakMul},
		} {
			got, err := tc.priv(tw)
			want, ok := tc.lsec(sk, tw)
			if (err == nil) != ok || (ok && !bytes.Equal(got.Bytes(), want)) {
				t.Fatalf("%s(%x, %x) = %x (%v); libsecp256k1 %x (%v)", tc.name, sk, tw, got.Bytes(), err, want, ok)
			}
			gotP, errP := tc.pub(tw)
			wantP, okP := tc.lpub(lpub, tw)
			if (errP == nil) != okP || (okP && !bytes.Equal(gotP.BytesCompressed(), wantP)) {
				t.Fatalf("PublicKey.%s(%x, %x) = %x (%v); libsecp256k1 %x (%v)", tc.name, lpub, tw, gotP.BytesCompressed(), errP, wantP, okP)
			}
			if ok != okP || (ok && !bytes.Equal(got.PublicKey().BytesCompressed(), gotP.BytesCompressed())) {
				t.Fatalf("%s(%x, %x): the tweaked secret's public key is not the tweaked public key", tc.name, sk, tw)
			}
		}
		lsec, lkp, lx, lodd, ok := a.Keypair(sk)
		x, odd := pub.XOnly()
		if !ok || !bytes.Equal(lsec, sk) || !bytes.Equal(lkp, lpub) || !bytes.Equal(x.Bytes(), lx) || odd != lodd {
			t.Fatalf("XOnly of %x = %x, odd %v; keypair %x, odd %v (%v)", sk, x.Bytes(), odd, lx, lodd, ok)
		}
		xt, err := priv.XOnlyTweakAdd(tw)
		tsec, tpub, _, _, ok := a.KeypairXOnlyTweakAdd(sk, tw)
		if (err == nil) != ok || (ok && (!bytes.Equal(xt.Bytes(), tsec) || !bytes.Equal(xt.PublicKey().BytesCompressed(), tpub))) {
			t.Fatalf("XOnlyTweakAdd(%x, %x) = %x (%v); keypair_xonly_tweak_add %x %x (%v)", sk, tw, xt.Bytes(), err, tsec, tpub, ok)
		}
		// BIP-341: the tweak is tagged_sha256("TapTweak", x ‖ merkle root)
		// for a root of 0 or 32 bytes; other lengths are rejected.
		tap, err := priv.TaprootTweak(merkle)
		if len(merkle) != 0 && len(merkle) != 32 {
			if err == nil {
				t.Fatalf("TaprootTweak accepts a merkle root of %d bytes", len(merkle))
			}
			return
		}
		th, ok := a.TaggedSHA256([]byte("TapTweak"), append(bytes.Clone(lx), merkle...))
		if !ok {
			t.Fatal("tagged_sha256 failed")
		}
		wsec, _, _, _, ok := a.KeypairXOnlyTweakAdd(sk, th)
		if (err == nil) != ok || (ok && !bytes.Equal(tap.Bytes(), wsec)) {
			t.Fatalf("TaprootTweak(%x, %x) = %x (%v); libsecp256k1 %x (%v)", sk, merkle, tap.Bytes(), err, wsec, ok)
		}
	})
}

// FuzzPubkey compares public keys: NewPublicKey with ec_pubkey_parse and
// both serializations, Negate with ec_pubkey_negate, TweakAdd and TweakMul
// with ec_pubkey_tweak_add and _tweak_mul (tweaks with the edges of
// edge32), XOnly with xonly_pubkey_from_pubkey, and Compare and Equal with
// ec_pubkey_cmp against a second key.
//
// The documented difference: libsecp256k1 parses the hybrid encodings 0x06
// and 0x07 ‖ x ‖ y (X9.62) when the prefix's low bit is y's parity;
// p256k1 rejects them (they are outside SEC 1, see NewPublicKey). The
// target asserts exactly that: p256k1 rejects every hybrid key, and
// libsecp256k1 accepts one iff its 0x04 form is a valid key whose y parity
// the prefix states.
func FuzzPubkey(f *testing.F) {
	a := libsecp08(f)
	its := items(f)
	for i, it := range its[:6] {
		hyb := it.PubUncomp
		hyb[0] = 6 | hyb[64]&1
		wrong := hyb
		wrong[0] ^= 1
		next := its[i+1]
		f.Add(it.Pub[:], it.Tweak[:], next.Pub[:], uint8(0))
		f.Add(it.PubUncomp[:], next.Seckey[:], it.Pub[:], uint8(i+7))
		f.Add(hyb[:], it.Tweak[:], next.PubUncomp[:], uint8(0))
		f.Add(wrong[:], it.Tweak[:], next.Pub[:], uint8(0))
	}
	f.Add(append([]byte{2}, b32(fieldP)...), its[0].Tweak[:], its[1].Pub[:], uint8(0))
	f.Add(append([]byte{4}, make([]byte, 64)...), its[0].Tweak[:], its[1].Pub[:], uint8(0))
	f.Add([]byte{0}, its[0].Tweak[:], its[1].Pub[:], uint8(0))
	f.Fuzz(func(t *testing.T, in, twRaw, other []byte, selT uint8) {
		pub, err := secp.NewPublicKey(in)
		comp, uncomp, ok := a.PubkeyParse(in)
		if len(in) == 65 && (in[0] == 6 || in[0] == 7) {
			if err == nil {
				t.Fatalf("NewPublicKey accepts the hybrid key %x", in)
			}
			four := bytes.Clone(in)
			four[0] = 4
			p4, err4 := secp.NewPublicKey(four)
			want := err4 == nil && p4.BytesUncompressed()[64]&1 == in[0]&1
			if ok != want || (ok && !bytes.Equal(uncomp, four)) {
				t.Fatalf("hybrid key %x: ec_pubkey_parse %v %x, expected %v", in, ok, uncomp, want)
			}
			return
		}
		if (err == nil) != ok {
			t.Fatalf("NewPublicKey(%x): err %v; ec_pubkey_parse %v", in, err, ok)
		}
		if !ok {
			return
		}
		if !bytes.Equal(pub.BytesCompressed(), comp) || !bytes.Equal(pub.BytesUncompressed(), uncomp) {
			t.Fatalf("%x: p256k1 %x %x; libsecp256k1 %x %x", in, pub.BytesCompressed(), pub.BytesUncompressed(), comp, uncomp)
		}
		neg := pub.Negate()
		if lneg, ok := a.PubkeyNegate(in); !ok || !bytes.Equal(neg.BytesCompressed(), lneg) {
			t.Fatalf("Negate(%x) = %x; ec_pubkey_negate %x (%v)", in, neg.BytesCompressed(), lneg, ok)
		}
		tw := edge32(selT, twRaw)
		for _, tc := range []struct {
			name string
			got  func([]byte) (*secp.PublicKey, error)
			want func(pub, tw []byte) ([]byte, bool)
		}{{"TweakAdd", pub.TweakAdd, a.PubkeyTweakAdd}, {"TweakMul", pub.TweakMul, a.PubkeyTweakMul}} {
			q, err := tc.got(tw)
			lq, ok := tc.want(in, tw)
			if (err == nil) != ok || (ok && !bytes.Equal(q.BytesCompressed(), lq)) {
				t.Fatalf("%s(%x, %x) = %x (%v); libsecp256k1 %x (%v)", tc.name, in, tw, q.BytesCompressed(), err, lq, ok)
			}
			if new(big.Int).SetBytes(tw).Cmp(curveN) >= 0 && err == nil {
				t.Fatalf("%s(%x, %x): a tweak >= n accepted", tc.name, in, tw)
			}
		}
		x, odd := pub.XOnly()
		lx, lodd, ok := a.XOnlyFromPubkey(in)
		if !ok || !bytes.Equal(x.Bytes(), lx) || odd != lodd {
			t.Fatalf("XOnly(%x) = %x %v; xonly_pubkey_from_pubkey %x %v (%v)", in, x.Bytes(), odd, lx, lodd, ok)
		}
		if o, err := secp.NewPublicKey(other); err == nil {
			c, ok := a.PubkeyCmp(in, other)
			if !ok || pub.Compare(o) != sign(c) || pub.Equal(o) != (c == 0) {
				t.Fatalf("Compare(%x, %x) = %d, Equal %v; ec_pubkey_cmp %d (%v)", in, other, pub.Compare(o), pub.Equal(o), c, ok)
			}
		}
	})
}

// FuzzCombineSort compares CombinePublicKeys with ec_pubkey_combine and
// SortPublicKeys with ec_pubkey_sort on lists of up to 16 keys decoded from
// the input: dataset keys (compressed or uncompressed), negations and
// copies of earlier entries (so that sums reach the point at infinity,
// which both reject), and raw 33-byte strings (whose parse verdicts must
// agree; the invalid ones are left out).
func FuzzCombineSort(f *testing.F) {
	a := libsecp08(f)
	f.Add([]byte{0, 1, 0, 2})
	f.Add([]byte{0, 1, 2, 0})          // P + (-P)
	f.Add([]byte{0, 1, 1, 1, 3, 0, 2}) // P, P, P, -P
	f.Add([]byte{0, 3, 0, 5, 1, 7, 2, 1, 3, 0})
	f.Add(append([]byte{4, 2}, items(f)[0].XOnly[:]...))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		var keys []*secp.PublicKey
		var encs [][]byte
		for !s.done() && len(keys) < 16 {
			op := s.next()
			var enc []byte
			switch op % 5 {
			case 0:
				enc = its[int(s.next())%len(its)].Pub[:]
			case 1:
				enc = its[int(s.next())%len(its)].PubUncomp[:]
			case 2, 3:
				if len(keys) == 0 {
					enc = its[int(s.next())%len(its)].Pub[:]
					break
				}
				k := keys[int(s.next())%len(keys)]
				if op%5 == 2 {
					k = k.Negate()
				}
				enc = k.BytesCompressed()
			case 4:
				enc = append([]byte{2 | s.next()&1}, s.take(32)...)
			}
			k, err := secp.NewPublicKey(enc)
			if _, _, ok := a.PubkeyParse(enc); ok != (err == nil) {
				t.Fatalf("NewPublicKey(%x): err %v; ec_pubkey_parse %v", enc, err, ok)
			}
			if err != nil {
				continue
			}
			keys = append(keys, k)
			encs = append(encs, bytes.Clone(enc))
		}
		sum, err := secp.CombinePublicKeys(keys...)
		if len(keys) == 0 {
			if err == nil {
				t.Fatal("CombinePublicKeys() of no keys succeeds")
			}
			return // ec_pubkey_combine requires n >= 1 (an ARG_CHECK)
		}
		lsum, ok := a.PubkeyCombine(encs)
		if (err == nil) != ok || (ok && !bytes.Equal(sum.BytesCompressed(), lsum)) {
			t.Fatalf("CombinePublicKeys(%x) = %x (%v); ec_pubkey_combine %x (%v)", encs, sum.BytesCompressed(), err, lsum, ok)
		}
		sorted := append([]*secp.PublicKey(nil), keys...)
		secp.SortPublicKeys(sorted)
		comps := make([][]byte, len(keys))
		for i, k := range keys {
			comps[i] = k.BytesCompressed()
		}
		lsorted, ok := a.PubkeySort(comps)
		if !ok {
			t.Fatal("ec_pubkey_sort failed")
		}
		for i := range sorted {
			if !bytes.Equal(sorted[i].BytesCompressed(), lsorted[i]) {
				t.Fatalf("SortPublicKeys(%x): position %d is %x; ec_pubkey_sort %x", comps, i, sorted[i].BytesCompressed(), lsorted[i])
			}
		}
	})
}

// FuzzXOnly compares x-only keys: NewXOnlyPublicKey with xonly_pubkey_parse
// and _serialize, TweakAdd with xonly_pubkey_tweak_add, TweakAddCheck with
// xonly_pubkey_tweak_add_check (on the fuzzed tweaked key and parity, and on
// the true result with both parities), Equal with xonly_pubkey_cmp, and
// TapTweakHash and TaprootOutputKey with tagged_sha256("TapTweak", x ‖
// merkle root) and xonly_pubkey_tweak_add.
func FuzzXOnly(f *testing.F) {
	a := libsecp08(f)
	its := items(f)
	for i, it := range its[:6] {
		f.Add(it.XOnly[:], it.Tweak[:], it.TweakedXOnly[1:], []byte(nil), uint8(0), it.TweakedXOnly[0] == 3)
		f.Add(it.XOnly[:], it.Tweak[:], its[i+1].XOnly[:], it.Hash[:], uint8(0), false)
		f.Add(it.XOnly[:], it.Seckey[:], it.XOnly[:], []byte{}, uint8(7+i), true)
	}
	f.Add(b32(fieldP), its[0].Tweak[:], its[0].XOnly[:], []byte(nil), uint8(0), false)
	f.Add(make([]byte, 32), its[0].Tweak[:], its[0].XOnly[:], []byte{1}, uint8(0), false)
	f.Fuzz(func(t *testing.T, x, twRaw, tweaked, merkle []byte, selT uint8, parity bool) {
		xk, err := secp.NewXOnlyPublicKey(x)
		lx, ok := a.XOnlyParse(x)
		if (err == nil) != ok || (ok && !bytes.Equal(xk.Bytes(), lx)) {
			t.Fatalf("NewXOnlyPublicKey(%x) = %x (%v); xonly_pubkey_parse %x (%v)", x, xk.Bytes(), err, lx, ok)
		}
		if !ok {
			return
		}
		tw := edge32(selT, twRaw)
		full, err := xk.TweakAdd(tw)
		lfull, ok := a.XOnlyTweakAdd(x, tw)
		if (err == nil) != ok || (ok && !bytes.Equal(full.BytesCompressed(), lfull)) {
			t.Fatalf("TweakAdd(%x, %x) = %x (%v); xonly_pubkey_tweak_add %x (%v)", x, tw, full.BytesCompressed(), err, lfull, ok)
		}
		if len(tweaked) == 32 {
			got := xk.TweakAddCheck(tweaked, parity, tw)
			want, _ := a.XOnlyTweakAddCheck(tweaked, parity, x, tw)
			if got != want {
				t.Fatalf("TweakAddCheck(%x, %x %v, %x) = %v; libsecp256k1 %v", x, tweaked, parity, tw, got, want)
			}
			if o, err := secp.NewXOnlyPublicKey(tweaked); err == nil {
				c, ok := a.XOnlyCmp(x, tweaked)
				if !ok || xk.Equal(o) != (c == 0) {
					t.Fatalf("Equal(%x, %x) = %v; xonly_pubkey_cmp %d (%v)", x, tweaked, xk.Equal(o), c, ok)
				}
			}
		}
		if ok {
			for _, odd := range []bool{lfull[0] == 3, lfull[0] != 3} {
				got := xk.TweakAddCheck(lfull[1:], odd, tw)
				want, _ := a.XOnlyTweakAddCheck(lfull[1:], odd, x, tw)
				if got != want || got != (odd == (lfull[0] == 3)) {
					t.Fatalf("TweakAddCheck(%x, the result %x, odd %v, %x) = %v; libsecp256k1 %v", x, lfull, odd, tw, got, want)
				}
			}
		}
		var root []byte
		if len(merkle) > 0 {
			root = merkle
		}
		out, par, err := secp.TaprootOutputKey(xk, root)
		th, terr := secp.TapTweakHash(xk, root)
		if len(merkle) != 0 && len(merkle) != 32 {
			if err == nil || terr == nil {
				t.Fatalf("a merkle root of %d bytes accepted", len(merkle))
			}
			return
		}
		lth, _ := a.TaggedSHA256([]byte("TapTweak"), append(bytes.Clone(x), merkle...))
		lout, ok := a.XOnlyTweakAdd(x, lth)
		if (terr == nil) != inRangeOrZero(lth) || (terr == nil && !bytes.Equal(th, lth)) {
			t.Fatalf("TapTweakHash(%x, %x) = %x (%v); tagged_sha256 %x", x, merkle, th, terr, lth)
		}
		if (err == nil) != ok || (ok && (!bytes.Equal(out.Bytes(), lout[1:]) || par != (lout[0] == 3))) {
			t.Fatalf("TaprootOutputKey(%x, %x) = %x %v (%v); libsecp256k1 %x (%v)", x, merkle, out.Bytes(), par, err, lout, ok)
		}
	})
}

// inRangeOrZero reports v < n for a 32-byte v.
func inRangeOrZero(v []byte) bool { return new(big.Int).SetBytes(v).Cmp(curveN) < 0 }
