package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// pairStepVarTime is one step of the backward pass of an addition round
// (reduceGroups): given acc, the inverse of the product of the
// denominators of this pair and of every pair before it, and prev, the
// product of the denominators of the pairs before it (1 for the first),
// it sets r = p + q and acc to the inverse of the product of the
// denominators before it, acc·pairDenominator(p, q). r may alias p or q;
// acc and prev must not alias r, p or q. On amd64 with BMI2 and ADX the
// common case (finite points with distinct x) runs in one assembly
// function (pairStepVarTimeAsm), which a many-lane implementation could
// replace for a whole round. Execution time depends on the inputs.
func pairStepVarTime(r, p, q *group.Affine, acc, prev *field.Element) {
	if pairStepAsmVarTime(r, p, q, acc, prev) {
		return
	}
	pairStepGenericVarTime(r, p, q, acc, prev)
}

// pairStepGenericVarTime is pairStepVarTime in Go, for every case.
func pairStepGenericVarTime(r, p, q *group.Affine, acc, prev *field.Element) {
	var inv, den field.Element
	inv.Multiply(acc, prev)
	pairDenominator(&den, p, q)
	acc.Multiply(acc, &den)
	pairAdd(r, p, q, &inv)
}

// pairStep2VarTime is pairStepVarTime(pa, pa, qa, acc, preva) followed by
// pairStepVarTime(pb, pb, qb, acc, prevb): two consecutive steps of the
// backward pass, the sums written over the pairs' first points. The four
// points must be distinct. On amd64 with BMI2 and ADX two common-case
// pairs run in one assembly function (pairStep2VarTimeAsm), which
// interleaves them. Execution time depends on the inputs.
func pairStep2VarTime(pa, qa, pb, qb *group.Affine, acc, preva, prevb *field.Element) {
	if pairStep2AsmVarTime(pa, qa, pb, qb, acc, preva, prevb) {
		return
	}
	pairStepVarTime(pa, pa, qa, acc, preva)
	pairStepVarTime(pb, pb, qb, acc, prevb)
}
