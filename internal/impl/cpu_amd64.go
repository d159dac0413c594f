//go:build gc && !purego

package impl

import "golang.org/x/sys/cpu"

// The CPU features the amd64 assembly needs, as golang.org/x/sys/cpu reports
// them (it honours GODEBUG=cpu.adx=off, cpu.bmi2=off, cpu.avx2=off,
// cpu.avx512f=off and cpu.avx512ifma=off). The
// packages initialize their flags from these, after this package's init, so
// they see the valgrind override (valgrind_amd64.go).
var (
	// ADX reports MULX (BMI2) and ADCX/ADOX (ADX): internal/field's kernels
	// (useADX) and internal/group's point operations (usePointAsm).
	ADX = cpu.X86.HasADX && cpu.X86.HasBMI2

	// AVX2 reports AVX2: internal/ecmult's table scan (useAVX2).
	AVX2 = cpu.X86.HasAVX2

	// IFMA reports AVX-512F and AVX-512 IFMA (VPMADD52LUQ/HUQ), with the
	// operating system saving the AVX-512 state (golang.org/x/sys/cpu
	// checks it): internal/field's eight-lane kernels (useIFMA), which
	// batch verification and multi-scalar multiplication use. Valgrind
	// reports no AVX-512, so they never run under the constant-time check.
	IFMA = cpu.X86.HasAVX512F && cpu.X86.HasAVX512IFMA
)
