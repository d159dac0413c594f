//go:build !linux

package field

// threadCPUTime is not available here.
func threadCPUTime() int64 { return -1 }
