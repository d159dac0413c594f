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

// SetUint64VarTime sets every lane of v to x, and returns v. It is plain Go
// and runs on every CPU (for constants, such as the curve's b).
func (v *Lanes) SetUint64VarTime(x uint64) *Lanes {
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
// It is Sqrt's addition chain, run on the eight lanes at once. SqrtsVarTime
// is cheaper per root for more than eight.
func (v *Lanes) SqrtVarTime(a *Lanes) (ok uint8) {
	needLanes()
	var in, out [3]Lanes
	var ok3 [3]uint8
	in[0] = *a
	sqrtChains(&out, &ok3, &in, 1)
	*v = out[0]
	return ok3[0]
}

// SqrtsVarTime sets v[i] to the square roots of a[i] and ok[i] to their
// masks, as SqrtVarTime does for each i < len(a), running up to three
// addition chains interleaved (about twice the throughput of one, see
// doc/performance.md). v and ok must have at least len(a) elements; v[i]
// may alias a[i], but v and a may not overlap otherwise.
func SqrtsVarTime(v []Lanes, ok []uint8, a []Lanes) {
	needLanes()
	v, ok = v[:len(a)], ok[:len(a)]
	for i := 0; i < len(a); i += 3 {
		w := min(3, len(a)-i)
		var in, out [3]Lanes
		var ok3 [3]uint8
		copy(in[:], a[i:i+w])
		sqrtChains(&out, &ok3, &in, w)
		copy(v[i:i+w], out[:w])
		copy(ok[i:i+w], ok3[:w])
	}
}

// sqrtChains is SqrtsVarTime for w ≤ 3 sets of lanes in[:w], with the
// squarings of the w chains in one kernel and the multiplications one
// after the other.
func sqrtChains(v *[3]Lanes, ok *[3]uint8, in *[3]Lanes, w int) {
	var x2, x3, x22, t, u [3]Lanes
	mul := func(r, x, y *[3]Lanes) {
		for i := range w {
			r[i].MulVarTime(&x[i], &y[i])
		}
	}
	sq := func(r, x *[3]Lanes, n int) { squareNChains(r, x, w, n) }
	sq(&x2, in, 1)
	mul(&x2, &x2, in)
	sq(&x3, &x2, 1)
	mul(&x3, &x3, in)
	sq(&t, &x3, 3) // x6
	mul(&t, &t, &x3)
	sq(&t, &t, 3) // x9
	mul(&t, &t, &x3)
	sq(&t, &t, 2) // x11
	mul(&t, &t, &x2)
	sq(&x22, &t, 11)
	mul(&x22, &x22, &t)
	sq(&t, &x22, 22) // x44
	mul(&t, &t, &x22)
	sq(&u, &t, 44) // x88
	mul(&u, &u, &t)
	var r [3]Lanes
	sq(&r, &u, 88) // x176
	mul(&r, &r, &u)
	sq(&r, &r, 44) // x220
	mul(&r, &r, &t)
	sq(&r, &r, 3) // x223
	mul(&r, &r, &x3)
	sq(&r, &r, 23)
	mul(&r, &r, &x22)
	sq(&r, &r, 6)
	mul(&r, &r, &x2)
	sq(&r, &r, 2)
	// Check the roots: r² = a, compared fully reduced.
	sq(&u, &r, 1)
	for i := range w {
		u[i].NormalizeVarTime(&u[i])
		t[i].NormalizeVarTime(&in[i])
		ok[i] = t[i].equalMask(&u[i])
	}
	*v = r
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
