//go:build !linux

package testutil

// threadCPUTime is not available here.
func threadCPUTime() int64 { return -1 }
