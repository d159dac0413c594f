package ellswift_test

import (
	"crypto/sha256"
	"encoding/binary"
	"math/big"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// A math/big transcription of the reference code of BIP-324 (xswiftec,
// xswiftec_inv, xelligatorswift as libsecp256k1 draws its randomness), with
// no rewriting of the formulas: the library's fraction form, its shared
// square roots and its masks are checked against it.

var (
	refP = testutil.P
	// refC0 = sqrt(-3) mod p, the root BIP-324 names MINUS_3_SQRT.
	refC0 = bigHex("0a2d2ba93507f1df233770c2a797962cc61f6d15da14ecd47d8d27ae1cd5f852")
)

func bigHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("bad hex " + s)
	}
	return v
}

func fmod(a *big.Int) *big.Int { return new(big.Int).Mod(a, refP) }

func fadd(a, b *big.Int) *big.Int { return fmod(new(big.Int).Add(a, b)) }

func fsub(a, b *big.Int) *big.Int { return fmod(new(big.Int).Sub(a, b)) }

func fmul(a, b *big.Int) *big.Int { return fmod(new(big.Int).Mul(a, b)) }

func fneg(a *big.Int) *big.Int { return fmod(new(big.Int).Neg(a)) }

func fpow(a *big.Int, e int64) *big.Int { return new(big.Int).Exp(a, big.NewInt(e), refP) }

// fdiv returns a/b for b ≠ 0.
func fdiv(a, b *big.Int) *big.Int {
	inv := new(big.Int).ModInverse(fmod(b), refP)
	if inv == nil {
		panic("division by zero")
	}
	return fmul(a, inv)
}

// fsqrt returns the root a^((p+1)/4) if a is a square (the root the BIP's
// reference FE.sqrt returns), and nil otherwise.
func fsqrt(a *big.Int) *big.Int {
	e := new(big.Int).Add(refP, big.NewInt(1))
	e.Rsh(e, 2)
	r := new(big.Int).Exp(fmod(a), e, refP)
	if fmul(r, r).Cmp(fmod(a)) != 0 {
		return nil
	}
	return r
}

// refValidX reports whether x³ + 7 is a square.
func refValidX(x *big.Int) bool {
	return fsqrt(fadd(fpow(x, 3), big.NewInt(7))) != nil
}

var bigOne, bigTwo = big.NewInt(1), big.NewInt(2)

// refXSwiftEC is BIP-324's xswiftec.
func refXSwiftEC(u, t *big.Int) *big.Int {
	u, t = fmod(u), fmod(t)
	if u.Sign() == 0 {
		u = bigOne
	}
	if t.Sign() == 0 {
		t = bigOne
	}
	if fadd(fadd(fpow(u, 3), fmul(t, t)), big.NewInt(7)).Sign() == 0 {
		t = fmul(t, bigTwo)
	}
	X := fdiv(fsub(fadd(fpow(u, 3), big.NewInt(7)), fmul(t, t)), fmul(bigTwo, t))
	Y := fdiv(fadd(X, t), fmul(refC0, u))
	x3 := fadd(u, fmul(big.NewInt(4), fmul(Y, Y)))
	x2 := fdiv(fsub(fneg(fdiv(X, Y)), u), bigTwo)
	x1 := fdiv(fsub(fdiv(X, Y), u), bigTwo)
	for _, x := range []*big.Int{x3, x2, x1} {
		if refValidX(x) {
			return x
		}
	}
	panic("xswiftec: no valid candidate")
}

// refDecode is BIP-324's ellswift_decode: the point (x, y) with y of t's
// parity (t reduced mod p).
func refDecode(enc []byte) *testutil.Point {
	u := new(big.Int).SetBytes(enc[:32])
	t := fmod(new(big.Int).SetBytes(enc[32:]))
	x := refXSwiftEC(u, t)
	y := fsqrt(fadd(fpow(x, 3), big.NewInt(7)))
	if y.Bit(0) != t.Bit(0) {
		y = fneg(y)
	}
	return &testutil.Point{X: x, Y: y}
}

// refXSwiftECInv is BIP-324's xswiftec_inv; nil is failure.
func refXSwiftECInv(x, u *big.Int, c int) *big.Int {
	x, u = fmod(x), fmod(u)
	var v, s *big.Int
	g := fadd(fpow(u, 3), big.NewInt(7))
	if c&2 == 0 {
		if refValidX(fsub(fneg(x), u)) {
			return nil
		}
		v = x
		s = fneg(fdiv(g, fadd(fadd(fmul(u, u), fmul(u, v)), fmul(v, v))))
	} else {
		s = fsub(x, u)
		if s.Sign() == 0 {
			return nil
		}
		r := fsqrt(fneg(fmul(s, fadd(fmul(big.NewInt(4), g), fmul(big.NewInt(3), fmul(s, fmul(u, u)))))))
		if r == nil {
			return nil
		}
		if c&1 == 1 && r.Sign() == 0 {
			return nil
		}
		v = fdiv(fsub(fdiv(r, s), u), bigTwo)
	}
	w := fsqrt(s)
	if w == nil {
		return nil
	}
	half := func(a *big.Int) *big.Int { return fdiv(a, bigTwo) }
	minus := half(fsub(bigOne, refC0)) // (1 - sqrt(-3))/2
	plus := half(fadd(bigOne, refC0))  // (1 + sqrt(-3))/2
	switch c & 5 {
	case 0:
		return fneg(fmul(w, fadd(fmul(u, minus), v)))
	case 1:
		return fmul(w, fadd(fmul(u, plus), v))
	case 4:
		return fmul(w, fadd(fmul(u, minus), v))
	default: // 5
		return fneg(fmul(w, fadd(fmul(u, plus), v)))
	}
}

// refTaggedHash is BIP-340's tagged hash.
func refTaggedHash(tag string, msg ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, m := range msg {
		h.Write(m)
	}
	return h.Sum(nil)
}

// refEncode follows libsecp256k1's secp256k1_ellswift_elligatorswift_var
// (see encode.go for the PRNG layout) with math/big: the encoding of (x,
// y) from the PRNG tagged-hash(tag, seed ‖ cnt).
func refEncode(tag string, seed []byte, x, y *big.Int) []byte {
	prng := func(cnt uint32) []byte {
		var c [4]byte
		binary.LittleEndian.PutUint32(c[:], cnt)
		return refTaggedHash(tag, seed, c[:])
	}
	var pool []byte
	left := 0
	cnt := uint32(0)
	for {
		if left == 0 {
			pool = prng(cnt)
			cnt++
			left = 64
		}
		left--
		c := int(pool[left/2]>>(4*(left%2))) & 7
		u32 := prng(cnt)
		cnt++
		t := refXSwiftECInv(x, new(big.Int).SetBytes(u32), c)
		if t == nil {
			continue
		}
		if t.Bit(0) != y.Bit(0) {
			t = fneg(t)
		}
		out := append([]byte{}, u32...)
		return append(out, fillBytes(t)...)
	}
}

func fillBytes(v *big.Int) []byte { return v.FillBytes(make([]byte, 32)) }
