//go:build gc && !purego

#include "textflag.h"

// func tscStart() uint64
//
// LFENCE waits until every earlier instruction has completed locally, so
// the counter is read after the code before the measurement.
TEXT ·tscStart(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func tscEnd() uint64
//
// RDTSCP waits until every earlier instruction has executed; the LFENCE
// after it keeps later instructions from starting before the read.
TEXT ·tscEnd(SB), NOSPLIT, $0-8
	RDTSCP
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func tscEndNoRDTSCP() uint64
//
// For CPUs without RDTSCP: LFENCE, RDTSC, LFENCE.
TEXT ·tscEndNoRDTSCP(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// func cpuidRDTSCP() bool
//
// CPUID leaf 0x80000001, EDX bit 27 (RDTSCP), if that leaf exists.
TEXT ·cpuidRDTSCP(SB), NOSPLIT, $0-1
	MOVL $0x80000000, AX
	XORL CX, CX
	CPUID
	CMPL AX, $0x80000001
	JB   none
	MOVL $0x80000001, AX
	XORL CX, CX
	CPUID
	SHRL $27, DX
	ANDL $1, DX
	MOVB DX, ret+0(FP)
	RET

none:
	MOVB $0, ret+0(FP)
	RET
