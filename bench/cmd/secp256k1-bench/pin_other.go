//go:build !linux

package main

import "errors"

func pinCore(int) error { return errors.New("--pin-core is supported on Linux only") }
