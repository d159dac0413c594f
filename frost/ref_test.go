package frost_test

// A math/big reference of BIP-445 (draft 0.8.0), written from the BIP's
// algorithms with textbook arithmetic (internal/testutil's affine formulas,
// no library code), that the randomized tests compare the package with.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/big"
	"slices"

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

// refCpoint decodes a compressed point, or returns nil.
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

func refCpointExt(b []byte) refPoint {
	if bytes.Equal(b, make([]byte, 33)) {
		return nil
	}
	return refCpoint(b)
}

func refCbytes(p refPoint) []byte {
	out := []byte{2 | byte(p.Y.Bit(0))}
	return append(out, refBytes32(p.X)...)
}

// refLagrange is BIP-445's derive_interpolating_value: the Lagrange
// coefficient of myID at 0 over ids, with x = id+1.
func refLagrange(ids []int, myID int) *big.Int {
	num, den := big.NewInt(1), big.NewInt(1)
	for _, id := range ids {
		if id == myID {
			continue
		}
		num.Mul(num, big.NewInt(int64(id)+1))
		den.Mul(den, big.NewInt(int64(id)-int64(myID)))
	}
	den.Mod(den, testutil.N)
	num.Mul(num, den.ModInverse(den, testutil.N))
	return num.Mod(num, testutil.N)
}

// refTweakCtx is BIP-445's TweakContext.
type refTweakCtx struct {
	q          refPoint
	gacc, tacc *big.Int
}

func refTweak(threshPK []byte, tweaks [][]byte, xonly []bool) *refTweakCtx {
	ctx := &refTweakCtx{q: refCpoint(threshPK), gacc: big.NewInt(1), tacc: big.NewInt(0)}
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

func refSerIDs(ids []int) []byte {
	s := slices.Clone(ids)
	slices.Sort(s)
	var out []byte
	for _, id := range s {
		out = binary.BigEndian.AppendUint32(out, uint32(id))
	}
	return out
}

// refSessionValues is BIP-445's get_session_values (without the
// validation).
func refSessionValues(ctx *refTweakCtx, ids []int, aggnonce, msg []byte) (b *big.Int, r refPoint, e *big.Int) {
	qx := refBytes32(ctx.q.X)
	ser := refSerIDs(ids)
	b = refModN(refTagged("BIP0445/noncecoef", binary.BigEndian.AppendUint32(nil, uint32(len(ser))), ser, aggnonce, qx, msg))
	r1 := refCpointExt(aggnonce[:33])
	r2 := refCpointExt(aggnonce[33:])
	r = testutil.Add(r1, refMul(b, r2))
	if r == nil {
		r = testutil.G()
	}
	e = refModN(refTagged("BIP0340/challenge", refBytes32(r.X), qx, msg))
	return b, r, e
}

// refSign is BIP-445's sign for the secret nonce (k1, k2), the secret share
// d' and the identifier myID.
func refSign(ctx *refTweakCtx, ids []int, myID int, k1, k2, d *big.Int, aggnonce, msg []byte) []byte {
	b, r, e := refSessionValues(ctx, ids, aggnonce, msg)
	if !refEvenY(r) {
		k1 = new(big.Int).Sub(testutil.N, k1)
		k2 = new(big.Int).Sub(testutil.N, k2)
	}
	g := big.NewInt(1)
	if !refEvenY(ctx.q) {
		g.Sub(testutil.N, g)
	}
	dd := new(big.Int).Mul(g, ctx.gacc)
	dd.Mul(dd, d)
	s := new(big.Int).Mul(b, k2)
	s.Add(s, k1)
	s.Add(s, new(big.Int).Mul(e, new(big.Int).Mul(refLagrange(ids, myID), dd)))
	return refBytes32(s.Mod(s, testutil.N))
}

// refAggregate is BIP-445's partial_sig_agg.
func refAggregate(ctx *refTweakCtx, ids []int, psigs [][]byte, aggnonce, msg []byte) []byte {
	_, r, e := refSessionValues(ctx, ids, aggnonce, msg)
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

// refNonceAgg is BIP-445's nonce_agg on valid nonces.
func refNonceAgg(pubnonces [][]byte) []byte {
	var out []byte
	for j := range 2 {
		var sum refPoint
		for _, pn := range pubnonces {
			sum = testutil.Add(sum, refCpoint(pn[33*j:33*j+33]))
		}
		if sum == nil {
			out = append(out, make([]byte, 33)...)
		} else {
			out = append(out, refCbytes(sum)...)
		}
	}
	return out
}

// refInterpolate returns Σ λ_i·y_i over the shares y of the identifiers
// ids: the secret, when the shares are on one polynomial of degree below
// len(ids).
func refInterpolate(ids []int, ys []*big.Int) *big.Int {
	s := new(big.Int)
	for i, id := range ids {
		s.Add(s, new(big.Int).Mul(refLagrange(ids, id), ys[i]))
	}
	return s.Mod(s, testutil.N)
}

// refNonceGen is BIP-445's nonce_gen_internal; it returns k1, k2 and the
// public nonce.
func refNonceGen(rand, secshare, pubshare, tpk, msg, extra []byte) (k1, k2 *big.Int, pubnonce []byte) {
	if secshare != nil {
		aux := refTagged("BIP0445/aux", rand)
		r := make([]byte, 32)
		for i := range r {
			r[i] = secshare[i] ^ aux[i]
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
		buf = append(buf, byte(len(pubshare)))
		buf = append(buf, pubshare...)
		buf = append(buf, byte(len(tpk)))
		buf = append(buf, tpk...)
		buf = append(buf, mp...)
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(extra)))
		buf = append(buf, extra...)
		buf = append(buf, i)
		return refModN(refTagged("BIP0445/nonce", buf))
	}
	k1, k2 = h(0), h(1)
	return k1, k2, refPubNonce(k1, k2)
}

func refPubNonce(k1, k2 *big.Int) []byte {
	return append(refCbytes(refMul(k1, testutil.G())), refCbytes(refMul(k2, testutil.G()))...)
}

// refDetNonce is the nonce of BIP-445's deterministic_sign; aggOther is
// nil for a sole signer.
func refDetNonce(secshare []byte, myID int, ids []int, aggOther, tpk, msg, auxRand []byte) (k1, k2 *big.Int) {
	sk := secshare
	if auxRand != nil {
		aux := refTagged("BIP0445/aux", auxRand)
		sk = make([]byte, 32)
		for i := range sk {
			sk[i] = secshare[i] ^ aux[i]
		}
	}
	h := func(i byte) *big.Int {
		buf := append([]byte{}, sk...)
		buf = binary.BigEndian.AppendUint32(buf, uint32(myID))
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(ids)))
		buf = append(buf, refSerIDs(ids)...)
		buf = append(buf, aggOther...)
		buf = append(buf, tpk...)
		buf = binary.BigEndian.AppendUint64(buf, uint64(len(msg)))
		buf = append(buf, msg...)
		buf = append(buf, i)
		return refModN(refTagged("BIP0445/deterministic/nonce", buf))
	}
	return h(0), h(1)
}
