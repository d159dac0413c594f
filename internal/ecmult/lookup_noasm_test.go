//go:build !amd64 || !gc || purego

package ecmult

var lookupImplementations = []lookupImpl{{name: "go", available: true}}

func setLookupImpl(lookupImpl) (restore func()) { return func() {} }

var cpuFeatureSettings []string
