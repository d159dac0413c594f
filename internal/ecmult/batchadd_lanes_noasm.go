//go:build !amd64 || !gc || purego

package ecmult

import "github.com/p256k1/secp256k1/internal/field"

// Without the amd64 assembly there are no lanes (field.LanesEnabled is
// false) and reduceGroups never calls these.

func pair8PrepLanesVarTime(blk *laneBlock, pre *field.Lanes, in *[4][8]field.Element) {
	panic("ecmult: internal error: lane kernel without assembly")
}

func pair8StepLanesVarTime(out *[2][8]field.Element, inv, acc, pre *field.Lanes, blk *laneBlock) {
	panic("ecmult: internal error: lane kernel without assembly")
}
