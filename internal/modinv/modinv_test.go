package modinv

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

var (
	bigP = testutil.P
	bigN = testutil.N
)

func toLimbs(x *big.Int) *[4]uint64 {
	var b [32]byte
	x.FillBytes(b[:])
	var l [4]uint64
	for i := range 4 {
		for j := range 8 {
			l[i] |= uint64(b[31-8*i-j]) << (8 * j)
		}
	}
	return &l
}

func fromLimbs(l *[4]uint64) *big.Int {
	var b [32]byte
	for i := range 4 {
		for j := range 8 {
			b[31-8*i-j] = byte(l[i] >> (8 * j))
		}
	}
	return new(big.Int).SetBytes(b[:])
}

// edgeValues returns the special inputs below m every modulus is tested on.
func edgeValues(m *big.Int) []*big.Int {
	one := big.NewInt(1)
	var out []*big.Int
	for _, k := range []int64{0, 1, 2, 3, 4, 5, 7} {
		out = append(out, big.NewInt(k))
	}
	for _, k := range []int64{1, 2, 3, 4} {
		out = append(out, new(big.Int).Sub(m, big.NewInt(k)))
	}
	// (m-1)/2, (m+1)/2.
	out = append(out, new(big.Int).Rsh(m, 1), new(big.Int).Add(new(big.Int).Rsh(m, 1), one))
	// Powers of two, their neighbours, and numbers with many trailing zeros.
	for _, k := range []uint{1, 2, 61, 62, 63, 64, 65, 124, 128, 186, 192, 248, 250, 254, 255} {
		pk := new(big.Int).Lsh(one, k)
		out = append(out, pk, new(big.Int).Sub(pk, one), new(big.Int).Add(pk, one))
		out = append(out, new(big.Int).Lsh(big.NewInt(3), k-1))
		out = append(out, new(big.Int).Lsh(new(big.Int).Rsh(m, k), k)) // m with k low bits cleared
	}
	// All-ones in limb-sized blocks and alternating bit patterns.
	for _, s := range []string{
		"ffffffffffffffff", "ffffffffffffffff0000000000000000",
		"5555555555555555555555555555555555555555555555555555555555555555",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		"3fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"8000000000000000000000000000000000000000000000000000000000000001",
		"c000000000000000000000000000000000000000000000000000000000000000",
	} {
		x, _ := new(big.Int).SetString(s, 16)
		out = append(out, x)
	}
	var kept []*big.Int
	for _, x := range out {
		if x.Sign() >= 0 && x.Cmp(m) < 0 {
			kept = append(kept, x)
		}
	}
	return kept
}

// randBelow returns a random value below m, sometimes biased to sparse or
// dense bit patterns or to few significant bits.
func randBelow(r *rand.Rand, m *big.Int) *big.Int {
	var l [4]uint64
	for i := range l {
		l[i] = r.Uint64()
	}
	switch r.IntN(8) {
	case 0: // random limbs zero or all-ones
		for i := range l {
			switch r.IntN(3) {
			case 0:
				l[i] = 0
			case 1:
				l[i] = ^uint64(0)
			}
		}
	case 1: // short value
		bits := r.IntN(256)
		x := fromLimbs(&l)
		return x.Rsh(x, uint(bits)).Mod(x, m)
	case 2: // many trailing zeros
		x := fromLimbs(&l)
		x.Mod(x, m)
		k := uint(r.IntN(250))
		return x.Lsh(x.Rsh(x, k), k)
	}
	x := fromLimbs(&l)
	return x.Mod(x, m)
}

func checkInverse(t *testing.T, name string, md *Modulus, m, x *big.Int) {
	t.Helper()
	want := new(big.Int).ModInverse(x, m)
	if want == nil {
		want = new(big.Int) // x = 0 (or not invertible: not tested)
	}
	xl := toLimbs(x)
	var ct, vt [4]uint64
	md.Invert(&ct, xl)
	md.InvertVarTime(&vt, xl)
	if got := fromLimbs(&ct); got.Cmp(want) != 0 {
		t.Fatalf("%s: Invert(%#x) = %#x, want %#x", name, x, got, want)
	}
	if got := fromLimbs(&vt); got.Cmp(want) != 0 {
		t.Fatalf("%s: InvertVarTime(%#x) = %#x, want %#x", name, x, got, want)
	}
	// Aliased output.
	a := *xl
	md.Invert(&a, &a)
	if a != ct {
		t.Fatalf("%s: aliased Invert(%#x) differs", name, x)
	}
	a = *xl
	md.InvertVarTime(&a, &a)
	if a != vt {
		t.Fatalf("%s: aliased InvertVarTime(%#x) differs", name, x)
	}
}

func TestInvertVsBig(t *testing.T) {
	r := testutil.Rand(t)
	for _, tc := range []struct {
		name string
		m    *big.Int
	}{{"p", bigP}, {"n", bigN}} {
		md := New(toLimbs(tc.m))
		for _, x := range edgeValues(tc.m) {
			checkInverse(t, tc.name, md, tc.m, x)
		}
		for range testutil.Iters(2000, 20000) {
			checkInverse(t, tc.name, md, tc.m, randBelow(r, tc.m))
		}
	}
}

// TestInvertOtherModuli runs the inversion on other odd prime moduli: small
// ones, ones just below 2^256 and 2^255, and random ones of every size,
// with limbs that balance to negative values and to zero.
func TestInvertOtherModuli(t *testing.T) {
	r := testutil.Rand(t)
	one := big.NewInt(1)
	var moduli []*big.Int
	for _, k := range []int64{3, 5, 7, 65537} {
		moduli = append(moduli, big.NewInt(k))
	}
	for _, s := range []string{
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43", // 2^256 - 189
		"7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", // 2^255 - 19
		"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", // P-256 p
		"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", // P-256 n
		"1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed", // ed25519 l
		"ffffffffffffffc5",                 // 2^64 - 59
		"3fffffffffffffffffffffffffffffff", // not prime, 2^126 - 1 (odd)
	} {
		x, _ := new(big.Int).SetString(s, 16)
		moduli = append(moduli, x)
	}
	for range testutil.Iters(10, 40) {
		bits := 2 + r.IntN(255)
		var l [4]uint64
		for i := range l {
			l[i] = r.Uint64()
		}
		x := fromLimbs(&l)
		x.Rsh(x, uint(256-bits))
		x.SetBit(x, 0, 1)
		for !x.ProbablyPrime(20) || x.BitLen() > 256 || x.Cmp(big.NewInt(3)) < 0 {
			x.Add(x, big.NewInt(2))
		}
		if x.BitLen() <= 256 {
			moduli = append(moduli, x)
		}
	}
	for _, m := range moduli {
		md := New(toLimbs(m))
		name := "0x" + m.Text(16)
		xs := edgeValues(m)
		for range testutil.Iters(100, 1000) {
			xs = append(xs, randBelow(r, m))
		}
		for _, x := range xs {
			if new(big.Int).GCD(nil, nil, x, m).Cmp(one) != 0 && x.Sign() != 0 {
				continue
			}
			checkInverse(t, name, md, m, x)
		}
	}
}

func TestNewPanics(t *testing.T) {
	for _, m := range []*[4]uint64{{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {4, 1, 0, 0}, {0, 0, 0, 1 << 63}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%x) did not panic", *m)
				}
			}()
			New(m)
		}()
	}
}

func TestInv62(t *testing.T) {
	r := testutil.Rand(t)
	for range 1000 {
		m := [4]uint64{r.Uint64() | 1, r.Uint64(), r.Uint64(), r.Uint64()}
		md := New(&m)
		if (md.inv62*m[0])&mask62 != 1 {
			t.Fatalf("inv62 of %x wrong", m[0])
		}
		// Both limb forms represent m.
		var a, b big.Int
		for i := 4; i >= 0; i-- {
			a.Lsh(&a, 62).Add(&a, big.NewInt(md.pos[i]))
			b.Lsh(&b, 62).Add(&b, big.NewInt(md.bal[i]))
		}
		if want := fromLimbs(&m); a.Cmp(want) != 0 || b.Cmp(want) != 0 {
			t.Fatalf("limbs of %x wrong", m)
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	md := New(toLimbs(bigP))
	x := toLimbs(big.NewInt(12345))
	if n := testing.AllocsPerRun(100, func() { md.Invert(x, x) }); n != 0 {
		t.Errorf("Invert: %v allocs", n)
	}
	if n := testing.AllocsPerRun(100, func() { md.InvertVarTime(x, x) }); n != 0 {
		t.Errorf("InvertVarTime: %v allocs", n)
	}
}

// BenchmarkInvert cycles through 256 fixed pseudo-random inputs, so that
// the variable-time figures are an average rather than those of one value.
func BenchmarkInvert(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		m    *big.Int
	}{{"p", bigP}, {"n", bigN}} {
		md := New(toLimbs(tc.m))
		var xs [256][4]uint64
		for i := range xs {
			xs[i] = *toLimbs(randBelow(r, tc.m))
		}
		var out [4]uint64
		b.Run(tc.name+"/ct", func(b *testing.B) {
			t := testutil.StartCPUTimer(b)
			i := 0
			for b.Loop() {
				md.Invert(&out, &xs[i&255])
				i++
			}
			t.Stop()
		})
		b.Run(tc.name+"/var", func(b *testing.B) {
			t := testutil.StartCPUTimer(b)
			i := 0
			for b.Loop() {
				md.InvertVarTime(&out, &xs[i&255])
				i++
			}
			t.Stop()
		})
	}
}
