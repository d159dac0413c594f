//go:build gc && !purego

package impl

// ARM64 is true: internal/field's arm64 kernels (useARM64) use only MUL,
// UMULH, ADDS/ADCS and CSEL, which every arm64 CPU has.
const ARM64 = true
