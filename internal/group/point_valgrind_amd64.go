//go:build valgrind && linux && gc && !purego

package group

import (
	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// Valgrind executes ADCX and ADOX but hides ADX in the CPUID it
// synthesizes, so the constant-time harness (internal/cmd/ctgrind, built
// with -tags valgrind) would check the Go formulas instead of the assembly
// users run. Under valgrind, select the assembly whenever BMI2 is reported,
// as internal/field does for its kernels.
func init() {
	if ctcheck.RunningOnValgrind() && cpu.X86.HasBMI2 {
		usePointAsm = true
	}
}
