//go:build valgrind && linux && gc && !purego

package field

import (
	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// Valgrind (3.19 at least) executes ADCX and ADOX, but the CPUID it
// synthesizes does not report ADX, so the constant-time harness
// (internal/cmd/ctgrind, built with -tags valgrind) would check the generic Go
// code instead of the assembly users run. Under valgrind, select the
// assembly whenever BMI2 is reported.
func init() {
	if ctcheck.RunningOnValgrind() && cpu.X86.HasBMI2 {
		useADX = true
	}
}
