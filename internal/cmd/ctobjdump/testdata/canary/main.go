// Command canary links package leaky, the planted leaks that
// `ctobjdump -canary` must report.
package main

import (
	"fmt"
	"os"

	"github.com/p256k1/secp256k1/internal/cmd/ctobjdump/testdata/canary/leaky"
)

func main() {
	s := uint64(len(os.Args)) + 40
	tbl := make([]byte, 64)
	fmt.Println(leaky.LoopOnSecret(s), leaky.Divide(1000, s), leaky.Index(tbl, s), leaky.CallsHelper(s), leaky.Select(1, 2, s))
}
