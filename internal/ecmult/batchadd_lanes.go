package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// pairLaneMin is the least number of pairs in a round for which
// reduceGroups adds them in lanes (where field.LanesEnabled): below it the
// padding of the last eight lanes and the conversions cost more than they
// save (rounds that small are the last few of a window and rare).
const pairLaneMin = 16

// laneBlock holds eight pairs of an addition round in AVX-512 IFMA lanes
// (roundLanesVarTime): lane j is pair 8·b + j of the round.
type laneBlock struct {
	xp, xq, yp, dy field.Lanes // x_p, x_q, y_p, y_q - y_p
	pre            field.Lanes // lane-wise running product of x_q - x_p up to this block
	special        uint8       // lanes that the Go step adds (or padding past the last pair)
}

// roundLanesVarTime is a whole round of reduceGroups in
// AVX-512 IFMA lanes, eight pairs at a time, and its compaction: the sum
// of every pair (a[i], a[i+1]), i even, of every group goes to a[i/2], a
// last unpaired point after them, and count is updated; m is the number
// of pairs. Lane j of block b holds pair 8·b + j; the
// running products of the denominators x_q − x_p are eight independent
// chains, one per lane, whose eight totals are inverted together
// (field.BatchInvertVarTime: one inversion for the round). A pair with a
// point at infinity or equal x (doubling, q = −p) is a special lane: its
// lane computes with x_p = 0 and x_q = pairDenominator(p, q), so that the
// lane's inverse is that of the pair's denominator, and pairAdd (the Go
// step) forms its sum. Each block is one call of pair8PrepVarTime
// (conversion, running product) forward and one of pair8StepVarTime (the
// lanes' inverses, λ, x3, y3, conversion back) backward, the assembly of
// batchadd8_amd64.s. The sums are the same field elements as those of the
// scalar round (TestReduceGroupsLanes). The caller checks
// field.LanesEnabled. Execution time depends on the inputs.
func (ws *windowScratch) roundLanesVarTime(arr []group.Affine, start, count []int32, m int) {
	ws.pairs = grow(ws.pairs, m)
	k := 0
	for g := range count {
		l := int32(count[g])
		for i := int32(0); i+1 < l; i += 2 {
			ws.pairs[k] = [2]int32{start[g] + i, start[g] + i/2}
			k++
		}
	}
	nb := (m + 7) / 8
	ws.blocks = grow(ws.blocks, nb)
	ws.spec = ws.spec[:0]
	pre := one8
	var in [4][8]field.Element // x_p, x_q, y_p, y_q
	var zero field.Element
	for b := range nb {
		blk := &ws.blocks[b]
		blk.special = 0
		for j := range 8 {
			k := 8*b + j
			if k >= m {
				// Padding: a denominator of 1.
				in[0][j], in[2][j], in[3][j] = zero, zero, zero
				in[1][j].One()
				blk.special |= 1 << j
				continue
			}
			p, q := &arr[ws.pairs[k][0]], &arr[ws.pairs[k][0]+1]
			if p.Infinity || q.Infinity || p.X == q.X {
				in[0][j], in[2][j], in[3][j] = zero, zero, zero
				pairDenominator(&in[1][j], p, q)
				blk.special |= 1 << j
				ws.spec = append(ws.spec, *p, *q)
				continue
			}
			in[0][j], in[1][j], in[2][j], in[3][j] = p.X, q.X, p.Y, q.Y
		}
		pair8PrepLanesVarTime(blk, pre, &in)
		pre = &blk.pre
	}
	// The eight lanes' totals are non-zero (every denominator is), so
	// are their inverses.
	var tot, inv, scratch [8]field.Element
	ws.blocks[nb-1].pre.ElementsVarTime(&tot)
	field.BatchInvertVarTime(inv[:], tot[:], scratch[:])
	var acc, ib field.Lanes
	acc.SetElementsVarTime(&inv)
	// Backward, the sums go straight to their places after the round
	// (the pair at i of a group to i/2): the lanes hold the inputs of
	// the common pairs, ws.spec those of the special ones, which are
	// taken from its end, lanes in descending order.
	sp := len(ws.spec)
	for b := nb - 1; b >= 0; b-- {
		blk := &ws.blocks[b]
		pre := one8
		if b > 0 {
			pre = &ws.blocks[b-1].pre
		}
		var out [2][8]field.Element // x3, y3
		pair8StepLanesVarTime(&out, &ib, &acc, pre, blk)
		var is [8]field.Element
		if blk.special != 0 {
			ib.ElementsVarTime(&is)
		}
		for j := min(8, m-8*b) - 1; j >= 0; j-- {
			r := &arr[ws.pairs[8*b+j][1]]
			if blk.special>>j&1 == 1 {
				sp -= 2
				pairAdd(r, &ws.spec[sp], &ws.spec[sp+1], &is[j])
				continue
			}
			r.SetXY(&out[0][j], &out[1][j])
		}
	}
	// A last unpaired point follows the sums.
	for g := range count {
		l := count[g]
		if l < 2 {
			continue
		}
		if l&1 == 1 {
			arr[start[g]+l/2] = arr[start[g]+l-1]
		}
		count[g] = (l + 1) / 2
	}
}

// one8 is 1 in eight lanes.
var one8 = new(field.Lanes).SetUint64VarTime(1)
