package curve

import (
	"bytes"
	"crypto/sha256"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// A math/big reference of RFC 9380's secp256k1 suites, written from the
// RFC's text independently of the library: expand_message_xmd by
// concatenation, the simplified SWU map both by its definition (section
// 6.6.2, with inv0, is_square and sqrt) and by the straight-line steps of
// section F.2 with sqrt_ratio (F.2.1.2), the 3-isogeny map with its
// exceptional case, and the affine addition of testutil.

// The suite's constants, from the RFC's text (section 8.7 and appendix E.1).
var (
	h2cA   = bigHex("3f8731abdd661adca08a5558f0f5d272e953d363cb6f0e5d405447c01a444533")
	h2cB   = big.NewInt(1771)
	h2cZ   = new(big.Int).Sub(testutil.P, big.NewInt(11))
	h2cIso = [4][]*big.Int{
		{ // x_num, k_(1,0..3)
			bigHex("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa8c7"),
			bigHex("7d3d4c80bc321d5b9f315cea7fd44c5d595d2fc0bf63b92dfff1044f17c6581"),
			bigHex("534c328d23f234e6e2a413deca25caece4506144037c40314ecbd0b53d9dd262"),
			bigHex("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa88c"),
		},
		{ // x_den, k_(2,0..1), monic
			bigHex("d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b"),
			bigHex("edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14"),
			big.NewInt(1),
		},
		{ // y_num, k_(3,0..3)
			bigHex("4bda12f684bda12f684bda12f684bda12f684bda12f684bda12f684b8e38e23c"),
			bigHex("c75e0c32d5cb7c0fa9d0a54b12a0a6d5647ab046d686da6fdffc90fc201d71a3"),
			bigHex("29a6194691f91a73715209ef6512e576722830a201be2018a765e85a9ecee931"),
			bigHex("2f684bda12f684bda12f684bda12f684bda12f684bda12f684bda12f38e38d84"),
		},
		{ // y_den, k_(4,0..2), monic
			bigHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffff93b"),
			bigHex("7a06534bb8bdb49fd5e9e6632722c2989467c1bfc8e8d978dfb425d2685c2573"),
			bigHex("6484aa716545ca2cf3a70c3fa8fe337e0a3d21162f0d6299a7bf8192bfd2a76f"),
			big.NewInt(1),
		},
	}
)

func bigHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return v
}

func modP(v *big.Int) *big.Int { return v.Mod(v, testutil.P) }

func bigMul(a ...*big.Int) *big.Int {
	r := big.NewInt(1)
	for _, x := range a {
		r.Mul(r, x)
		modP(r)
	}
	return r
}

func bigAdd(a ...*big.Int) *big.Int {
	r := new(big.Int)
	for _, x := range a {
		r.Add(r, x)
	}
	return modP(r)
}

func bigNeg(a *big.Int) *big.Int { return modP(new(big.Int).Neg(a)) }

// bigInv0 is inv0 of the RFC: 1/a, and 0 for 0.
func bigInv0(a *big.Int) *big.Int {
	if a.Sign() == 0 {
		return new(big.Int)
	}
	return new(big.Int).ModInverse(a, testutil.P)
}

func bigIsSquare(a *big.Int) bool { return big.Jacobi(a, testutil.P) >= 0 }

// bigSqrt is a square root of a square a.
func bigSqrt(a *big.Int) *big.Int { return new(big.Int).ModSqrt(a, testutil.P) }

func bigSgn0(a *big.Int) uint { return a.Bit(0) }

// bigEPrime is g(x) = x³ + A'·x + B' of E'.
func bigEPrime(x *big.Int) *big.Int {
	return bigAdd(bigMul(x, x, x), bigMul(h2cA, x), h2cB)
}

func bigFromField(e *field.Element) *big.Int {
	b := e.Bytes()
	return new(big.Int).SetBytes(b[:])
}

func fieldFromBig(v *big.Int) field.Element {
	var b [32]byte
	new(big.Int).Mod(v, testutil.P).FillBytes(b[:])
	var e field.Element
	e.SetBytes(&b)
	return e
}

// refExpandXMD is expand_message_xmd with SHA-256 (RFC 9380, section
// 5.3.1), built from the concatenations the RFC writes, with the long-tag
// rule of section 5.3.3.
func refExpandXMD(msg, dst []byte, n int) []byte {
	if len(dst) > 255 {
		h := sha256.Sum256(append([]byte("H2C-OVERSIZE-DST-"), dst...))
		dst = h[:]
	}
	ell := (n + 31) / 32
	if ell > 255 || n > 65535 || len(dst) == 0 {
		return nil
	}
	dstPrime := append(append([]byte{}, dst...), byte(len(dst)))
	msgPrime := append(make([]byte, 64), msg...)
	msgPrime = append(msgPrime, byte(n>>8), byte(n), 0)
	msgPrime = append(msgPrime, dstPrime...)
	b0 := sha256.Sum256(msgPrime)
	b := [][32]byte{sha256.Sum256(append(append(b0[:], 1), dstPrime...))}
	for i := 2; i <= ell; i++ {
		x := make([]byte, 32)
		for j := range x {
			x[j] = b0[j] ^ b[i-2][j]
		}
		b = append(b, sha256.Sum256(append(append(x, byte(i)), dstPrime...)))
	}
	var out []byte
	for _, bi := range b {
		out = append(out, bi[:]...)
	}
	return out[:n]
}

// refHashToField is hash_to_field(msg, count) into integers modulo mod with
// L = 48 (RFC 9380, section 5.2).
func refHashToField(msg, dst []byte, count int, mod *big.Int) []*big.Int {
	ub := refExpandXMD(msg, dst, count*48)
	u := make([]*big.Int, count)
	for i := range u {
		u[i] = new(big.Int).SetBytes(ub[i*48 : (i+1)*48])
		u[i].Mod(u[i], mod)
	}
	return u
}

// refSSWUDef is the simplified SWU map to E' as section 6.6.2 defines it.
func refSSWUDef(u *big.Int) (x, y *big.Int) {
	zu2 := bigMul(h2cZ, u, u)
	tv1 := bigInv0(bigAdd(bigMul(zu2, zu2), zu2))
	mBA := bigMul(bigNeg(h2cB), bigInv0(h2cA))
	x1 := bigMul(mBA, bigAdd(big.NewInt(1), tv1))
	if tv1.Sign() == 0 {
		x1 = bigMul(h2cB, bigInv0(bigMul(h2cZ, h2cA)))
	}
	gx1 := bigEPrime(x1)
	x2 := bigMul(zu2, x1)
	gx2 := bigEPrime(x2)
	if bigIsSquare(gx1) {
		x, y = x1, bigSqrt(gx1)
	} else {
		x, y = x2, bigSqrt(gx2)
	}
	if bigSgn0(u) != bigSgn0(y) {
		y = bigNeg(y)
	}
	return x, y
}

// refSqrtRatio is sqrt_ratio of section F.2.1.2 (q ≡ 3 mod 4), step by
// step.
func refSqrtRatio(u, v *big.Int) (bool, *big.Int) {
	p := testutil.P
	c1 := new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(3)), 2)
	c2 := bigSqrt(bigNeg(h2cZ))
	tv1 := bigMul(v, v)
	tv2 := bigMul(u, v)
	tv1 = bigMul(tv1, tv2)
	y1 := new(big.Int).Exp(tv1, c1, p)
	y1 = bigMul(y1, tv2)
	y2 := bigMul(y1, c2)
	tv3 := bigMul(y1, y1)
	tv3 = bigMul(tv3, v)
	isQR := tv3.Cmp(modP(new(big.Int).Set(u))) == 0
	if isQR {
		return true, y1
	}
	return false, y2
}

// refSSWUStraight is map_to_curve_simple_swu of section F.2, step by step,
// returning x as the fraction the library keeps (x/tv4 is the point's x).
func refSSWUStraight(u *big.Int) (xn, xd, y *big.Int) {
	cmov := func(a, b *big.Int, c bool) *big.Int {
		if c {
			return b
		}
		return a
	}
	tv1 := bigMul(u, u)
	tv1 = bigMul(h2cZ, tv1)
	tv2 := bigMul(tv1, tv1)
	tv2 = bigAdd(tv2, tv1)
	tv3 := bigAdd(tv2, big.NewInt(1))
	tv3 = bigMul(h2cB, tv3)
	tv4 := cmov(h2cZ, bigNeg(tv2), tv2.Sign() != 0)
	tv4 = bigMul(h2cA, tv4)
	tv2 = bigMul(tv3, tv3)
	tv6 := bigMul(tv4, tv4)
	tv5 := bigMul(h2cA, tv6)
	tv2 = bigAdd(tv2, tv5)
	tv2 = bigMul(tv2, tv3)
	tv6 = bigMul(tv6, tv4)
	tv5 = bigMul(h2cB, tv6)
	tv2 = bigAdd(tv2, tv5)
	x := bigMul(tv1, tv3)
	isGx1Square, y1 := refSqrtRatio(tv2, tv6)
	y = bigMul(tv1, u)
	y = bigMul(y, y1)
	x = cmov(x, tv3, isGx1Square)
	y = cmov(y, y1, isGx1Square)
	e1 := bigSgn0(u) == bigSgn0(y)
	y = cmov(bigNeg(y), y, e1)
	return x, tv4, y
}

// bigPoly evaluates a polynomial with coefficients k (constant first).
func bigPoly(k []*big.Int, x *big.Int) *big.Int {
	r := new(big.Int)
	for i := len(k) - 1; i >= 0; i-- {
		r = bigAdd(bigMul(r, x), k[i])
	}
	return r
}

// refIsoMap is iso_map of appendix E.1 in affine coordinates, with the
// identity (nil) where a denominator vanishes.
func refIsoMap(x, y *big.Int) *testutil.Point {
	xDen, yDen := bigPoly(h2cIso[1], x), bigPoly(h2cIso[3], x)
	if xDen.Sign() == 0 || yDen.Sign() == 0 {
		return nil
	}
	return &testutil.Point{
		X: bigMul(bigPoly(h2cIso[0], x), bigInv0(xDen)),
		Y: bigMul(y, bigPoly(h2cIso[2], x), bigInv0(yDen)),
	}
}

func refMapToCurve(u *big.Int) *testutil.Point {
	x, y := refSSWUDef(u)
	return refIsoMap(x, y)
}

func refHashToCurve(msg, dst []byte) *testutil.Point {
	u := refHashToField(msg, dst, 2, testutil.P)
	return testutil.Add(refMapToCurve(u[0]), refMapToCurve(u[1]))
}

func refEncodeToCurve(msg, dst []byte) *testutil.Point {
	return refMapToCurve(refHashToField(msg, dst, 1, testutil.P)[0])
}

// projectiveToRef converts a library point to the reference form.
func projectiveToRef(p *group.Projective) *testutil.Point {
	var a group.Affine
	a.SetProjective(p)
	if a.Infinity {
		return nil
	}
	return &testutil.Point{X: bigFromField(&a.X), Y: bigFromField(&a.Y)}
}

func onSecp256k1(p *testutil.Point) bool {
	if p == nil {
		return true
	}
	rhs := bigAdd(bigMul(p.X, p.X, p.X), big.NewInt(7))
	return bigMul(p.Y, p.Y).Cmp(rhs) == 0
}

// exceptionalU returns the field elements the SSWU map treats specially,
// and their neighbours: u = 0 (tv1 = 0), u = ±1/sqrt(11) (Z·u² = -1, so
// tv2 = 0 and tv4 = Z·A'), 1 and p-1.
func exceptionalU() []*big.Int {
	r := bigInv0(bigSqrt(big.NewInt(11)))
	return []*big.Int{
		big.NewInt(0), r, bigNeg(r), big.NewInt(1), bigNeg(big.NewInt(1)),
		bigAdd(r, big.NewInt(1)),
	}
}

func randField(r *rand.Rand) *big.Int {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return modP(new(big.Int).SetBytes(b[:]))
}

func TestH2CConstants(t *testing.T) {
	check := func(what string, e *field.Element, want *big.Int) {
		t.Helper()
		if bigFromField(e).Cmp(modP(new(big.Int).Set(want))) != 0 {
			t.Errorf("%s = %x, want %x", what, bigFromField(e), want)
		}
	}
	check("A'", &isoA, h2cA)
	check("Z", &sswuZ, h2cZ)
	var b field.Element
	b.SetUint64(isoB)
	check("B'", &b, h2cB)
	if s := bigFromField(&sqrtMinusZ); bigMul(s, s).Cmp(big.NewInt(11)) != 0 {
		t.Error("sqrtMinusZ² != -Z")
	}
	check("2^256 mod p", &twoTo256ModP, new(big.Int).Lsh(big.NewInt(1), 256))
	ks := [][]*field.Element{
		{&isoK10, &isoK11, &isoK12, &isoK13},
		{&isoK20, &isoK21},
		{&isoK30, &isoK31, &isoK32, &isoK33},
		{&isoK40, &isoK41, &isoK42},
	}
	for i, row := range ks {
		for j, k := range row {
			check("k", k, h2cIso[i][j])
		}
	}
	// Z's conditions of RFC 9380, appendix H.2, that are cheap to check:
	// Z is not a square, Z ≠ -1, and g(B'/(Z·A')) is a square.
	if bigIsSquare(h2cZ) || h2cZ.Cmp(bigNeg(big.NewInt(1))) == 0 {
		t.Error("Z is a square or -1")
	}
	if !bigIsSquare(bigEPrime(bigMul(h2cB, bigInv0(bigMul(h2cZ, h2cA))))) {
		t.Error("g(B'/(Z·A')) is not a square")
	}
}

// TestIsogenyKernel checks the claim of isoMap that no point of E' over the
// field is an exceptional input: x_den = (x - x_T)², y_den = (x - x_T)³,
// and g(x_T) is not a square.
func TestIsogenyKernel(t *testing.T) {
	xT := bigMul(bigNeg(h2cIso[1][1]), bigInv0(big.NewInt(2)))
	if bigPoly(h2cIso[1], xT).Sign() != 0 {
		t.Fatal("x_den(x_T) != 0")
	}
	// (x - x_T)² = x² - 2x_T·x + x_T², (x - x_T)³ = x³ - 3x_T·x² + 3x_T²·x - x_T³.
	if h2cIso[1][0].Cmp(bigMul(xT, xT)) != 0 {
		t.Error("x_den is not (x - x_T)²")
	}
	want := []*big.Int{bigNeg(bigMul(xT, xT, xT)), bigMul(big.NewInt(3), xT, xT), bigNeg(bigMul(big.NewInt(3), xT))}
	for i, w := range want {
		if h2cIso[3][i].Cmp(w) != 0 {
			t.Errorf("y_den coefficient %d is not that of (x - x_T)³", i)
		}
	}
	if bigIsSquare(bigEPrime(xT)) {
		t.Fatal("the kernel of the isogeny has points over the field: isoMap must handle them")
	}
}

func TestPowPMinus3Over4(t *testing.T) {
	r := testutil.Rand(t)
	e := new(big.Int).Rsh(new(big.Int).Sub(testutil.P, big.NewInt(3)), 2)
	for i := range 200 {
		x := randField(r)
		switch i {
		case 0:
			x = big.NewInt(0)
		case 1:
			x = big.NewInt(1)
		case 2:
			x = bigNeg(big.NewInt(1))
		}
		fx := fieldFromBig(x)
		var z field.Element
		powPMinus3Over4(&z, &fx)
		if got, want := bigFromField(&z), new(big.Int).Exp(x, e, testutil.P); got.Cmp(want) != 0 {
			t.Fatalf("x^((p-3)/4) for x = %x: %x, want %x", x, got, want)
		}
	}
}

func TestSqrtRatioVsBig(t *testing.T) {
	r := testutil.Rand(t)
	for i := range 300 {
		u, v := randField(r), randField(r)
		switch {
		case i == 0:
			u = big.NewInt(0)
		case i < 100: // u/v a square
			s := randField(r)
			u = bigMul(s, s, v)
		}
		if v.Sign() == 0 {
			v.SetInt64(1)
		}
		fu, fv := fieldFromBig(u), fieldFromBig(v)
		var y field.Element
		ok := sqrtRatio(&y, &fu, &fv)
		wantOK, wantY := refSqrtRatio(u, v)
		if (ok == 1) != wantOK || bigFromField(&y).Cmp(wantY) != 0 {
			t.Fatalf("sqrt_ratio(%x, %x) = %d, %x; want %v, %x", u, v, ok, bigFromField(&y), wantOK, wantY)
		}
		// What it promises: y²·v = u, or y²·v = Z·u.
		lhs, rhs := bigMul(wantY, wantY, v), modP(new(big.Int).Set(u))
		if !wantOK {
			rhs = bigMul(h2cZ, u)
		}
		if lhs.Cmp(rhs) != 0 || wantOK != bigIsSquare(bigMul(u, bigInv0(v))) {
			t.Fatalf("sqrt_ratio(%x, %x) does not satisfy its definition", u, v)
		}
	}
}

// TestSSWUVsBig checks the map on random and exceptional u against both
// reference forms, and its image on E'.
func TestSSWUVsBig(t *testing.T) {
	r := testutil.Rand(t)
	us := exceptionalU()
	for range 300 {
		us = append(us, randField(r))
	}
	sawTv2Zero := 0
	for _, u := range us {
		if bigAdd(bigMul(h2cZ, h2cZ, u, u, u, u), bigMul(h2cZ, u, u)).Sign() == 0 {
			sawTv2Zero++
		}
		fu := fieldFromBig(u)
		var xn, xd, y field.Element
		mapToCurveSSWU(&xn, &xd, &y, &fu)
		sxn, sxd, sy := refSSWUStraight(u)
		if bigFromField(&xn).Cmp(sxn) != 0 || bigFromField(&xd).Cmp(sxd) != 0 || bigFromField(&y).Cmp(sy) != 0 {
			t.Fatalf("SSWU(%x) differs from the straight-line reference", u)
		}
		dx, dy := refSSWUDef(u)
		x := bigMul(sxn, bigInv0(sxd))
		if x.Cmp(dx) != 0 || sy.Cmp(dy) != 0 {
			t.Fatalf("SSWU(%x): straight line (%x, %x), definition (%x, %x)", u, x, sy, dx, dy)
		}
		if bigMul(dy, dy).Cmp(bigEPrime(dx)) != 0 || bigSgn0(dy) != bigSgn0(u) {
			t.Fatalf("SSWU(%x) is not on E' or has the wrong sign", u)
		}
	}
	if sawTv2Zero != 3 { // u = 0 and u = ±1/sqrt(11)
		t.Fatalf("%d inputs exercised tv2 = 0, want 3", sawTv2Zero)
	}
}

// TestIsoMapVsBig checks the isogeny on random points of E', given as
// fractions with random denominators, against the affine reference, and
// that the images are on secp256k1.
func TestIsoMapVsBig(t *testing.T) {
	r := testutil.Rand(t)
	n := 0
	for n < 200 {
		x := randField(r)
		gx := bigEPrime(x)
		if !bigIsSquare(gx) {
			continue
		}
		d := randField(r)
		if d.Sign() == 0 {
			continue
		}
		n++
		y := bigSqrt(gx)
		fxn, fxd, fy := fieldFromBig(bigMul(x, d)), fieldFromBig(d), fieldFromBig(y)
		var p group.Projective
		isoMap(&p, &fxn, &fxd, &fy)
		want := refIsoMap(x, y)
		got := projectiveToRef(&p)
		if want == nil || !got.Equal(want) || !onSecp256k1(want) {
			t.Fatalf("iso_map(%x, %x): %v, want %v (on the curve: %v)", x, y, got, want, onSecp256k1(want))
		}
	}
}

// TestHashToCurveVsBig runs the whole suites, and HashToScalar, on random
// messages and tags against the reference, with tags of every length
// around the 255-byte limit.
func TestHashToCurveVsBig(t *testing.T) {
	r := testutil.Rand(t)
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	dstLens := []int{1, 2, 32, 254, 255, 256, 300, 1000}
	for i := range rounds {
		msg := make([]byte, r.IntN(300))
		for j := range msg {
			msg[j] = byte(r.Uint32())
		}
		dst := make([]byte, dstLens[i%len(dstLens)])
		for j := range dst {
			dst[j] = byte(r.Uint32())
		}
		p, err := new(Point).HashToCurve(msg, dst)
		if err != nil {
			t.Fatal(err)
		}
		if want := refHashToCurve(msg, dst); !projectiveToRef(&p.p).Equal(want) {
			t.Fatalf("HashToCurve(%x, %x) differs from the reference", msg, dst)
		}
		q, err := new(Point).EncodeToCurve(msg, dst)
		if err != nil {
			t.Fatal(err)
		}
		if want := refEncodeToCurve(msg, dst); !projectiveToRef(&q.p).Equal(want) {
			t.Fatalf("EncodeToCurve(%x, %x) differs from the reference", msg, dst)
		}
		s, err := new(Scalar).HashToScalar(msg, dst)
		if err != nil {
			t.Fatal(err)
		}
		want := refHashToField(msg, dst, 1, testutil.N)[0]
		if got := new(big.Int).SetBytes(s.Bytes()); got.Cmp(want) != 0 {
			t.Fatalf("HashToScalar(%x, %x) = %x, want %x", msg, dst, got, want)
		}
	}
}

// TestMapToCurveExceptional runs the exceptional inputs of the SSWU map
// through the whole map_to_curve.
func TestMapToCurveExceptional(t *testing.T) {
	for _, u := range exceptionalU() {
		fu := fieldFromBig(u)
		var p group.Projective
		mapToCurve(&p, &fu)
		want := refMapToCurve(u)
		if got := projectiveToRef(&p); want == nil || !got.Equal(want) || !onSecp256k1(got) {
			t.Errorf("map_to_curve(%x) = %v, want %v", u, got, want)
		}
	}
}

func TestFieldFromWide(t *testing.T) {
	r := testutil.Rand(t)
	for i := range 200 {
		var b [48]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		switch i {
		case 0:
			b = [48]byte{}
		case 1:
			copy(b[:], bytes.Repeat([]byte{0xff}, 48))
		case 2: // p itself in the low 32 bytes
			b = [48]byte{}
			testutil.P.FillBytes(b[16:])
		}
		var e field.Element
		fieldFromWide(&e, &b)
		want := modP(new(big.Int).SetBytes(b[:]))
		if got := bigFromField(&e); got.Cmp(want) != 0 {
			t.Fatalf("%x mod p = %x, want %x", b, got, want)
		}
	}
}

// TestExpandXMDVsRef checks expand_message_xmd against the reference for
// random messages, tags on both sides of the 255-byte limit, and output
// lengths from 1 to the largest (255 blocks).
func TestExpandXMDVsRef(t *testing.T) {
	r := testutil.Rand(t)
	lens := []int{1, 31, 32, 33, 48, 64, 96, 97, 255, 256, 1000, maxExpandLen - 1, maxExpandLen}
	dstLens := []int{1, 38, 254, 255, 256, 257, 600}
	for i := range 60 {
		msg := make([]byte, r.IntN(200))
		for j := range msg {
			msg[j] = byte(r.Uint32())
		}
		dst := make([]byte, dstLens[i%len(dstLens)])
		for j := range dst {
			dst[j] = byte(r.Uint32())
		}
		n := lens[i%len(lens)]
		out := make([]byte, n)
		expandMessageXMD(out, msg, dst)
		if want := refExpandXMD(msg, dst, n); !bytes.Equal(out, want) {
			t.Fatalf("expand_message_xmd(%x, dst of %d bytes, %d) differs from the reference", msg, len(dst), n)
		}
	}
	// What the callers exclude leaves out unchanged.
	for _, c := range []struct {
		n   int
		dst []byte
	}{{maxExpandLen + 1, []byte("D")}, {0, []byte("D")}, {32, nil}} {
		out := bytes.Repeat([]byte{0xa5}, c.n)
		expandMessageXMD(out, []byte("msg"), c.dst)
		if !bytes.Equal(out, bytes.Repeat([]byte{0xa5}, c.n)) {
			t.Errorf("expand_message_xmd wrote %d bytes with a dst of %d", c.n, len(c.dst))
		}
	}
}

func TestHashToCurveAllocations(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	msg, dst := []byte("message"), []byte("QUUX-V01-CS02-with-"+HashToCurveSuite)
	long := bytes.Repeat([]byte("D"), 300)
	var p Point
	var s Scalar
	for name, f := range map[string]func(){
		"HashToCurve":            func() { p.HashToCurve(msg, dst) },
		"HashToCurve (long dst)": func() { p.HashToCurve(msg, long) },
		"EncodeToCurve":          func() { p.EncodeToCurve(msg, dst) },
		"HashToScalar":           func() { s.HashToScalar(msg, dst) },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}
