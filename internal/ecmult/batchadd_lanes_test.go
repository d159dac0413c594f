package ecmult

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/impl"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// fieldLanes returns internal/field's AVX-512 IFMA lane kernels as
// registered with internal/impl, skipping the test where they do not run.
func fieldLanes(t testing.TB) impl.Implementation {
	for _, i := range impl.List("field") {
		if i.Name == "IFMA" && i.Enabled() {
			return i
		}
	}
	t.Skip("the AVX-512 IFMA lane kernels do not run here (no AVX-512 IFMA, purego, or another architecture): the lane rounds are not tested")
	return impl.Implementation{}
}

// reduceGroupsPool returns n points: random multiples of G, their
// negations, doubles of earlier ones and the point at infinity, so that
// lists drawn from it hold every special case of an addition.
func reduceGroupsPool(r *rand.Rand, n int) []group.Affine {
	pool := make([]group.Affine, 0, n)
	for len(pool) < n {
		switch i := len(pool); {
		case i == 1:
			var inf group.Affine
			inf.SetInfinity()
			pool = append(pool, inf)
		case i%5 == 2:
			var neg group.Affine
			neg.Negate(&pool[i-2])
			pool = append(pool, neg)
		case i%5 == 4:
			var j group.Jacobian
			j.SetAffine(&pool[i-1])
			j.DoubleVarTime(&j)
			var a group.Affine
			a.SetJacobianVarTime(&j)
			pool = append(pool, a)
		default:
			var b [32]byte
			for k := range b {
				b[k] = byte(r.Uint32())
			}
			var k scalar.Scalar
			k.SetBytes(&b)
			pool = append(pool, pairStepPoint(&k))
		}
	}
	return pool
}

// checkReduceGroupsLanes runs reduceGroups on the lists (one per group,
// points of pool) with the lanes and without, and compares the two, point
// for point and count for count, and each group's sum with Jacobian
// additions of its points. lanes must be enabled on entry.
func checkReduceGroupsLanes(t *testing.T, lanes impl.Implementation, pool []group.Affine, lists [][]int) {
	t.Helper()
	var arr []group.Affine
	start := make([]int32, len(lists))
	count := make([]int32, len(lists))
	want := make([]group.Jacobian, len(lists))
	for g, l := range lists {
		start[g], count[g] = int32(len(arr)), int32(len(l))
		want[g].SetInfinity()
		for _, i := range l {
			arr = append(arr, pool[i])
			var j group.Jacobian
			j.SetAffine(&pool[i])
			want[g].AddVarTime(&want[g], &j)
		}
	}
	run := func(on bool) ([]group.Affine, []int32) {
		lanes.SetEnabled(on)
		defer lanes.SetEnabled(true)
		a := append([]group.Affine(nil), arr...)
		c := append([]int32(nil), count...)
		var ws windowScratch
		ws.reduceGroups(a, start, c)
		return a, c
	}
	la, lc := run(true)
	sa, sc := run(false)
	for g := range lists {
		if lc[g] != sc[g] {
			t.Fatalf("group %d (%v): %d points left with the lanes, %d without", g, lists[g], lc[g], sc[g])
		}
		for i := start[g]; i < start[g]+lc[g]; i++ {
			if la[i] != sa[i] {
				t.Fatalf("group %d (%v), point %d: %v with the lanes, %v without", g, lists[g], i-start[g], la[i], sa[i])
			}
		}
		var got group.Affine
		got.SetInfinity()
		if lc[g] == 1 {
			got = la[start[g]]
		}
		var w group.Affine
		w.SetJacobianVarTime(&want[g])
		if lc[g] > 1 || got.Equal(&w) != 1 {
			t.Fatalf("group %d (%v): %d points left, sum %v, want %v", g, lists[g], lc[g], got, w)
		}
	}
}

// TestReduceGroupsLanes compares the addition rounds of reduceGroups in
// AVX-512 IFMA lanes with the scalar rounds (and with Jacobian sums), on
// lists of distinct random points and on lists drawn from a small pool
// with negations, doubles, repeats and the point at infinity (every
// special case, in any lane), with round sizes around the lane threshold
// and the eight lanes of a block.
func TestReduceGroupsLanes(t *testing.T) {
	lanes := fieldLanes(t)
	r := testutil.Rand(t)
	pool := reduceGroupsPool(r, 200)
	small := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} // infinity, a negation and a double among them
	for it := range testutil.Iters(30, 200) {
		ng := 1 + r.IntN(60)
		lists := make([][]int, ng)
		for g := range lists {
			l := r.IntN(1 + r.IntN(70))
			for range l {
				if it%2 == 0 {
					lists[g] = append(lists[g], small[r.IntN(len(small))])
				} else {
					lists[g] = append(lists[g], r.IntN(len(pool)))
				}
			}
		}
		checkReduceGroupsLanes(t, lanes, pool, lists)
	}
	// Round sizes 15..33 pairs in one group of distinct points.
	for m := 15; m <= 33; m++ {
		l := make([]int, 2*m+m%2)
		for i := range l {
			l[i] = 10 + i
		}
		checkReduceGroupsLanes(t, lanes, pool, [][]int{l})
	}
	// A special pair in every lane position: pairs (i, i+1) distinct but
	// for one doubling, one q = -p and one infinity.
	for pos := range 8 {
		l := make([]int, 40)
		for i := range l {
			l[i] = 20 + i
		}
		l[2*pos], l[2*pos+1] = 3, 3     // doubling
		l[16+2*pos], l[17+2*pos] = 0, 2 // q = -p
		l[32+pos%4*2+1] = 1             // infinity
		checkReduceGroupsLanes(t, lanes, pool, [][]int{l})
	}
}

// TestReduceGroupsLanesAllocs checks that a round in lanes allocates
// nothing once the scratch has grown.
func TestReduceGroupsLanesAllocs(t *testing.T) {
	fieldLanes(t)
	r := testutil.Rand(t)
	pool := reduceGroupsPool(r, 100)
	arr := append([]group.Affine(nil), pool...)
	start := []int32{0, 50}
	count := make([]int32, 2)
	var ws windowScratch
	run := func() {
		copy(arr, pool)
		count[0], count[1] = 50, 50
		ws.reduceGroups(arr, start, count)
	}
	run()
	if n := testing.AllocsPerRun(5, run); n != 0 {
		t.Errorf("reduceGroups with lanes: %v allocations", n)
	}
}

// FuzzReduceGroupsLanes compares reduceGroups with and without the lanes
// on groups whose sizes and points (from a pool with every special case)
// come from the fuzz data.
func FuzzReduceGroupsLanes(f *testing.F) {
	f.Add(uint64(1), []byte{40, 3, 3, 0, 2, 1, 1, 7})
	f.Add(uint64(2), []byte{17, 17, 17, 200, 5})
	f.Add(uint64(3), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33})
	var pool []group.Affine
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		lanes := fieldLanes(t)
		if pool == nil {
			pool = reduceGroupsPool(rand.New(rand.NewPCG(1, 2)), 40)
		}
		if len(data) > 512 {
			data = data[:512]
		}
		r := rand.New(rand.NewPCG(seed, 0))
		var lists [][]int
		for len(data) > 0 {
			l := int(data[0]) % 80
			data = data[1:]
			var list []int
			for range l {
				if len(data) > 0 {
					list = append(list, int(data[0])%len(pool))
					data = data[1:]
				} else {
					list = append(list, r.IntN(len(pool)))
				}
			}
			lists = append(lists, list)
		}
		checkReduceGroupsLanes(t, lanes, pool, lists)
	})
}

// TestLaneBlockLayout checks the layout that the kernels of
// batchadd8_amd64.s assume: field.Lanes is [5][8]uint64, a laneBlock's
// five Lanes come first and in order, a field.Element is [4]uint64.
func TestLaneBlockLayout(t *testing.T) {
	var blk laneBlock
	var e field.Element
	if unsafe.Sizeof(blk.xp) != 320 || unsafe.Offsetof(blk.xq) != 320 || unsafe.Offsetof(blk.yp) != 640 ||
		unsafe.Offsetof(blk.dy) != 960 || unsafe.Offsetof(blk.pre) != 1280 || unsafe.Sizeof(e) != 32 {
		t.Fatalf("laneBlock: Lanes size %d, offsets %d %d %d %d, Element size %d", unsafe.Sizeof(blk.xp),
			unsafe.Offsetof(blk.xq), unsafe.Offsetof(blk.yp), unsafe.Offsetof(blk.dy), unsafe.Offsetof(blk.pre), unsafe.Sizeof(e))
	}
}
