//go:build valgrind && linux && gc && !purego

package impl

import (
	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// The valgrind override, the only one: valgrind (3.19 at least) executes
// ADCX and ADOX but does not report ADX in the CPUID it synthesizes, so the
// constant-time harness (internal/cmd/ctgrind, built with -tags valgrind)
// would check the generic Go code instead of the assembly users run. Under
// valgrind, ADX follows BMI2 alone, which valgrind does report; every flag
// initialized from ADX (internal/field's kernels, internal/group's point
// operations) then selects the assembly. Valgrind reports AVX2 as the CPU
// has it, so AVX2 needs nothing. This runs before the packages that import
// this one initialize their flags.
func init() {
	if ctcheck.RunningOnValgrind() && cpu.X86.HasBMI2 {
		ADX = true
	}
}
