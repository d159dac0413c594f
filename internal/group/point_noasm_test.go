//go:build !amd64 || !gc || purego

package group

import "testing"

const pointAsmAvailable = false

func setPointAsm(bool) (restore func()) { return func() {} }

func TestAllImplementations(t *testing.T) { t.Skip("no assembly in this build") }
