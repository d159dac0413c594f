package musig2_test

// A math/big reference of BIP-327, written from the BIP's algorithms with
// textbook arithmetic (internal/testutil's affine formulas, no library
// code), that the randomized tests compare the package with.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/big"

	"github.com/p256k1/secp256k1/internal/testutil"
)

type refPoint = *testutil.Point

func refTagged(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

func refInt(b []byte) *big.Int { return new(big.Int).SetBytes(b) }

func refModN(b []byte) *big.Int { return new(big.Int).Mod(refInt(b), testutil.N) }

func refBytes32(v *big.Int) []byte { return v.FillBytes(make([]byte, 32)) }

func refMul(k *big.Int, p refPoint) refPoint {
	return testutil.Mul(new(big.Int).Mod(k, testutil.N), p)
}

func refEvenY(p refPoint) bool { return p.Y.Bit(0) == 0 }

// refCpoint decodes a compressed point (BIP-327's cpoint), or returns nil.
func refCpoint(b []byte) refPoint {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return nil
	}
	x := refInt(b[1:])
	if x.Cmp(testutil.P) >= 0 {
		return nil
	}
	y2 := new(big.Int).Exp(x, big.NewInt(3), testutil.P)
	y2.Add(y2, big.NewInt(7)).Mod(y2, testutil.P)
	y := new(big.Int).ModSqrt(y2, testutil.P)
	if y == nil {
		return nil
	}
	if y.Bit(0) != uint(b[0]&1) {
		y.Sub(testutil.P, y)
	}
	return &testutil.Point{X: x, Y: y}
}

func refCpointExt(b []byte) (refPoint, bool) {
	if bytes.Equal(b, make([]byte, 33)) {
		return nil, true
	}
	p := refCpoint(b)
	return p, p != nil
}

func refCbytes(p refPoint) []byte {
	out := []byte{2 | byte(p.Y.Bit(0))}
	return append(out, refBytes32(p.X)...)
}

func refCbytesExt(p refPoint) []byte {
	if p == nil {
		return make([]byte, 33)
	}
	return refCbytes(p)
}

// refKeyAggCtx is BIP-327's KeyAggContext plus the key list.
type refKeyAggCtx struct {
	q          refPoint
	gacc, tacc *big.Int
	pks        [][]byte
}

func refSecondKey(pks [][]byte) []byte {
	for _, pk := range pks[1:] {
		if !bytes.Equal(pk, pks[0]) {
			return pk
		}
	}
	return make([]byte, 33)
}

func refCoef(pks [][]byte, pk []byte) *big.Int {
	if bytes.Equal(pk, refSecondKey(pks)) {
		return big.NewInt(1)
	}
	l := refTagged("KeyAgg list", bytes.Join(pks, nil))
	return refModN(refTagged("KeyAgg coefficient", l, pk))
}

func refKeyAgg(pks [][]byte, tweaks [][]byte, xonly []bool) *refKeyAggCtx {
	var q refPoint
	for _, pk := range pks {
		q = testutil.Add(q, refMul(refCoef(pks, pk), refCpoint(pk)))
	}
	ctx := &refKeyAggCtx{q: q, gacc: big.NewInt(1), tacc: big.NewInt(0), pks: pks}
	for i, tw := range tweaks {
		g := big.NewInt(1)
		if xonly[i] && !refEvenY(ctx.q) {
			g.Sub(testutil.N, g)
		}
		t := refInt(tw)
		ctx.q = testutil.Add(refMul(g, ctx.q), refMul(t, testutil.G()))
		ctx.gacc.Mul(g, ctx.gacc).Mod(ctx.gacc, testutil.N)
		ctx.tacc.Mul(g, ctx.tacc).Add(ctx.tacc, t).Mod(ctx.tacc, testutil.N)
	}
	return ctx
}

// refSessionValues is BIP-327's GetSessionValues, with an optional adaptor
// point added to the final nonce (nil: none).
func refSessionValues(ctx *refKeyAggCtx, aggnonce, msg []byte, adaptor refPoint) (b *big.Int, r refPoint, e *big.Int) {
	qx := refBytes32(ctx.q.X)
	b = refModN(refTagged("MuSig/noncecoef", aggnonce, qx, msg))
	r1, _ := refCpointExt(aggnonce[:33])
	r2, _ := refCpointExt(aggnonce[33:])
	r = testutil.Add(testutil.Add(r1, refMul(b, r2)), adaptor)
	if r == nil {
		r = testutil.G()
	}
	e = refModN(refTagged("BIP0340/challenge", refBytes32(r.X), qx, msg))
	return b, r, e
}

// refSign is BIP-327's Sign for the secret nonce (k1, k2) and key sk.
func refSign(ctx *refKeyAggCtx, k1, k2, sk *big.Int, aggnonce, msg []byte, adaptor refPoint) []byte {
	b, r, e := refSessionValues(ctx, aggnonce, msg, adaptor)
	if !refEvenY(r) {
		k1 = new(big.Int).Sub(testutil.N, k1)
		k2 = new(big.Int).Sub(testutil.N, k2)
	}
	pk := refCbytes(refMul(sk, testutil.G()))
	a := refCoef(ctx.pks, pk)
	g := big.NewInt(1)
	if !refEvenY(ctx.q) {
		g.Sub(testutil.N, g)
	}
	d := new(big.Int).Mul(g, ctx.gacc)
	d.Mul(d, sk)
	s := new(big.Int).Mul(b, k2)
	s.Add(s, k1)
	s.Add(s, new(big.Int).Mul(e, new(big.Int).Mul(a, d)))
	return refBytes32(s.Mod(s, testutil.N))
}

// refAggregate is BIP-327's PartialSigAgg.
func refAggregate(ctx *refKeyAggCtx, psigs [][]byte, aggnonce, msg []byte, adaptor refPoint) []byte {
	_, r, e := refSessionValues(ctx, aggnonce, msg, adaptor)
	s := new(big.Int)
	for _, p := range psigs {
		s.Add(s, refInt(p))
	}
	g := big.NewInt(1)
	if !refEvenY(ctx.q) {
		g.Sub(testutil.N, g)
	}
	s.Add(s, new(big.Int).Mul(e, new(big.Int).Mul(g, ctx.tacc)))
	return append(refBytes32(r.X), refBytes32(s.Mod(s, testutil.N))...)
}

// refNonceGen is BIP-327's NonceGenInternal; it returns k1, k2 and the
// public nonce.
func refNonceGen(rand, sk, pk, aggpk, msg, extra []byte) (k1, k2 *big.Int, pubnonce []byte) {
	if sk != nil {
		aux := refTagged("MuSig/aux", rand)
		r := make([]byte, 32)
		for i := range r {
			r[i] = sk[i] ^ aux[i]
		}
		rand = r
	}
	var mp []byte
	if msg == nil {
		mp = []byte{0}
	} else {
		mp = binary.BigEndian.AppendUint64([]byte{1}, uint64(len(msg)))
		mp = append(mp, msg...)
	}
	h := func(i byte) *big.Int {
		buf := append([]byte{}, rand...)
		buf = append(buf, byte(len(pk)))
		buf = append(buf, pk...)
		buf = append(buf, byte(len(aggpk)))
		buf = append(buf, aggpk...)
		buf = append(buf, mp...)
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(extra)))
		buf = append(buf, extra...)
		buf = append(buf, i)
		return refModN(refTagged("MuSig/nonce", buf))
	}
	k1, k2 = h(0), h(1)
	pubnonce = append(refCbytes(refMul(k1, testutil.G())), refCbytes(refMul(k2, testutil.G()))...)
	return k1, k2, pubnonce
}
