package testutil

import (
	"syscall"
	"unsafe"
)

// threadCPUTime returns the CPU time the calling OS thread has used, in
// nanoseconds (CLOCK_THREAD_CPUTIME_ID), or -1 if it cannot be read.
func threadCPUTime() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return -1
	}
	return ts.Nano()
}
