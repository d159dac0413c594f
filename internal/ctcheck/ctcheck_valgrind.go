//go:build valgrind && linux && amd64

package ctcheck

import "unsafe"

// Client request codes from valgrind.h and memcheck.h:
// VG_USERREQ_TOOL_BASE('M','C') = 'M'<<24 | 'C'<<16.
const (
	reqRunningOnValgrind = 0x1001
	reqMakeMemUndefined  = 0x4d430001
	reqMakeMemDefined    = 0x4d430002
	reqGetVBits          = 0x4d430008
)

// clientRequest issues a valgrind client request and returns its result, or
// 0 when the program does not run under valgrind.
//
//go:noescape
func clientRequest(req, a1, a2, a3, a4, a5 uintptr) uintptr

// markSecret marks the n bytes at p as undefined (secret) for memcheck.
func markSecret(p unsafe.Pointer, n uintptr) {
	clientRequest(reqMakeMemUndefined, uintptr(p), n, 0, 0, 0)
}

// markPublic marks the n bytes at p as defined (public) for memcheck.
func markPublic(p unsafe.Pointer, n uintptr) {
	clientRequest(reqMakeMemDefined, uintptr(p), n, 0, 0, 0)
}

// RunningOnValgrind reports whether the program runs under valgrind.
func RunningOnValgrind() bool {
	return clientRequest(reqRunningOnValgrind, 0, 0, 0, 0, 0) != 0
}

// secretCount returns how many of the n bytes at p memcheck considers
// undefined (secret), or 0 when not running under valgrind.
func secretCount(p unsafe.Pointer, n uintptr) int {
	if n == 0 {
		return 0
	}
	vbits := make([]byte, n)
	if clientRequest(reqGetVBits, uintptr(p), uintptr(unsafe.Pointer(&vbits[0])), n, 0, 0) != 1 {
		return 0
	}
	count := 0
	for _, v := range vbits {
		if v != 0 {
			count++
		}
	}
	return count
}
