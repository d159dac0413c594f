package main

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// canaryTable is indexed by a secret byte in canaryIndex.
var canaryTable [256]uint8

func init() {
	for i := range canaryTable {
		canaryTable[i] = uint8(i*7 + 3)
	}
}

// canaryBranch branches on a secret bit: memcheck must report
// "Conditional jump or move depends on uninitialised value(s)" here.
//
//go:noinline
func canaryBranch(secret *[32]byte) int {
	if secret[0]&1 == 1 {
		return 3
	}
	return 5
}

// canaryIndex loads from a table at a secret index: memcheck must report
// "Use of uninitialised value of size 8" here.
//
//go:noinline
func canaryIndex(secret *[32]byte) uint8 {
	return canaryTable[secret[1]]
}

// runCanary runs both leaks on a secret and prints the declassified results.
func runCanary() {
	var secret [32]byte
	for i := range secret {
		secret[i] = byte(i*29 + 1)
	}
	ctcheck.Secret(&secret)
	a := canaryBranch(&secret)
	b := canaryIndex(&secret)
	ctcheck.Public(&a)
	ctcheck.Public(&b)
	fmt.Println("canary:", a, b)
}
