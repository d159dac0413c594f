package field

// Lanes is eight field elements for the AVX-512 IFMA kernels (CPUs whose
// internal/impl reports IFMA: LanesEnabled): limb i of lane j is l[i][j],
// in radix 2^52 (five limbs), so that each limb row fills one 512-bit
// register. Unlike Element, a Lanes value is not always fully reduced: every
// method takes and returns elements in form N (limbs 0..3 below 2^52, limb
// 4 below 2^48 + 2^12, so a value below 2^256 + 2^220 that may exceed p),
// and only ElementsVarTime reduces them (internal/asm/fe52 documents the
// representation and the reduction).
//
// Its methods call the assembly directly and panic when LanesEnabled is
// false (no AVX-512 IFMA, -tags purego, or another architecture): callers
// branch on LanesEnabled and keep the scalar code for the other CPUs. The
// kernels have no branches or memory addresses that depend on the data,
// but all methods are named VarTime: they are meant for public data (batch
// verification, multi-scalar multiplication), and the constant-time check
// of this project (valgrind) cannot run AVX-512 code. Receivers and
// arguments may alias. The zero value is eight zeros.
type Lanes struct {
	l [5][8]uint64
}

// LanesEnabled reports whether this process runs the IFMA lane kernels: the
// CPU has AVX-512F and AVX-512 IFMA (internal/impl.IFMA) and the field IFMA
// implementation is selected (tests turn it off).
func LanesEnabled() bool { return useIFMA }

// needLanes panics unless the lane kernels can run.
func needLanes() {
	if !useIFMA {
		panic("field: Lanes used without AVX-512 IFMA (check LanesEnabled)")
	}
}

// SetUint64 sets every lane of v to x, and returns v. It is plain Go and
// runs on every CPU.
func (v *Lanes) SetUint64(x uint64) *Lanes {
	*v = Lanes{}
	for j := range 8 {
		v.l[0][j] = x & (1<<52 - 1)
		v.l[1][j] = x >> 52
	}
	return v
}

// SetElementsVarTime sets v to the eight elements a, lane j = a[j], and
// returns v.
func (v *Lanes) SetElementsVarTime(a *[8]Element) *Lanes {
	needLanes()
	fe8FromElementsVarTime(&v.l, elementLimbs(a))
	return v
}

// ElementsVarTime sets a[j] to lane j of v, fully reduced.
func (v *Lanes) ElementsVarTime(a *[8]Element) {
	needLanes()
	fe8ToElementsVarTime(elementLimbs(a), &v.l)
}

// MulVarTime sets v = a·b lane by lane, and returns v.
func (v *Lanes) MulVarTime(a, b *Lanes) *Lanes {
	needLanes()
	fe8MulVarTime(&v.l, &a.l, &b.l)
	return v
}

// SquareVarTime sets v = a² lane by lane, and returns v.
func (v *Lanes) SquareVarTime(a *Lanes) *Lanes {
	needLanes()
	fe8SquareVarTime(&v.l, &a.l)
	return v
}

// SquareNVarTime sets v = a^(2^n) lane by lane (n squarings; a for n < 1),
// and returns v.
func (v *Lanes) SquareNVarTime(a *Lanes, n int) *Lanes {
	needLanes()
	if n < 1 {
		*v = *a
		return v
	}
	fe8SquareNVarTime(&v.l, &a.l, n)
	return v
}

// AddVarTime sets v = a + b lane by lane, and returns v.
func (v *Lanes) AddVarTime(a, b *Lanes) *Lanes {
	needLanes()
	fe8AddVarTime(&v.l, &a.l, &b.l)
	return v
}

// SubVarTime sets v = a - b lane by lane, and returns v.
func (v *Lanes) SubVarTime(a, b *Lanes) *Lanes {
	needLanes()
	fe8SubVarTime(&v.l, &a.l, &b.l)
	return v
}

// NegateVarTime sets v = -a lane by lane, and returns v.
func (v *Lanes) NegateVarTime(a *Lanes) *Lanes {
	needLanes()
	fe8NegVarTime(&v.l, &a.l)
	return v
}

// NormalizeVarTime sets v = a lane by lane with every lane fully reduced
// (below p, so each element has one representation and lanes can be
// compared limb by limb), and returns v.
func (v *Lanes) NormalizeVarTime(a *Lanes) *Lanes {
	needLanes()
	fe8CanonicalVarTime(&v.l, &a.l)
	return v
}

// SqrtVarTime sets v to a^((p+1)/4) lane by lane, the square root that
// Element.Sqrt returns, and returns a mask with bit j set if lane j of a is
// a square (then v's lane j squares to it; otherwise it is a root of -a).
// It is Sqrt's addition chain, run on the eight lanes at once.
func (v *Lanes) SqrtVarTime(a *Lanes) (ok uint8) {
	needLanes()
	var x2, x3, x22, t, u Lanes
	x2.SquareVarTime(a)
	x2.MulVarTime(&x2, a)
	x3.SquareVarTime(&x2)
	x3.MulVarTime(&x3, a)
	t.SquareNVarTime(&x3, 3) // x6
	t.MulVarTime(&t, &x3)
	t.SquareNVarTime(&t, 3) // x9
	t.MulVarTime(&t, &x3)
	t.SquareNVarTime(&t, 2) // x11
	t.MulVarTime(&t, &x2)
	x22.SquareNVarTime(&t, 11)
	x22.MulVarTime(&x22, &t)
	t.SquareNVarTime(&x22, 22) // x44
	t.MulVarTime(&t, &x22)
	u.SquareNVarTime(&t, 44) // x88
	u.MulVarTime(&u, &t)
	var w Lanes
	w.SquareNVarTime(&u, 88) // x176
	w.MulVarTime(&w, &u)
	w.SquareNVarTime(&w, 44) // x220
	w.MulVarTime(&w, &t)
	w.SquareNVarTime(&w, 3) // x223
	w.MulVarTime(&w, &x3)
	w.SquareNVarTime(&w, 23)
	w.MulVarTime(&w, &x22)
	w.SquareNVarTime(&w, 6)
	w.MulVarTime(&w, &x2)
	w.SquareNVarTime(&w, 2)
	// Check the root: w² = a, compared fully reduced.
	u.SquareVarTime(&w)
	u.NormalizeVarTime(&u)
	t.NormalizeVarTime(a)
	*v = w
	return t.equalMask(&u)
}

// equalMask returns a mask with bit j set where lane j of v and of a have
// the same limbs (for normalized values: the same element).
func (v *Lanes) equalMask(a *Lanes) uint8 {
	var ok uint8
	for j := range 8 {
		d := uint64(0)
		for i := range 5 {
			d |= v.l[i][j] ^ a.l[i][j]
		}
		if d == 0 {
			ok |= 1 << j
		}
	}
	return ok
}
