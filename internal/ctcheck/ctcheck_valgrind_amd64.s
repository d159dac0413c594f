//go:build valgrind && linux

#include "textflag.h"

// func clientRequest(req, a1, a2, a3, a4, a5 uintptr) uintptr
//
// The x86-64 VALGRIND_DO_CLIENT_REQUEST_EXPR sequence from valgrind.h: RAX
// holds the address of the six-word request block (here the argument words,
// which are contiguous in the ABI0 frame), RDX the default result, then the
// special preamble (rotations of RDI by 3+13+61+51 = 128 bits, a no-op on a
// real CPU) and XCHGQ BX, BX. Under valgrind RDX receives the result;
// otherwise it keeps the default 0. Same stub as runtime/valgrind_amd64.s.
TEXT ·clientRequest(SB), NOSPLIT, $0-56
	LEAQ req+0(FP), AX
	XORL DX, DX
	ROLQ $3, DI; ROLQ $13, DI
	ROLQ $61, DI; ROLQ $51, DI
	XCHGQ BX, BX
	MOVQ DX, ret+48(FP)
	RET
