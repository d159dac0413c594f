//go:build !purego

package providers

// p256k1Mode reports which arithmetic path the linked p256k1 runs. The
// library does not export an implementation report yet and ships only
// generic Go, so a default build runs the generic code. This function and
// its twin in p256k1_mode_purego.go are the one place that reads the mode;
// they switch to the library's own report once it exports one.
func p256k1Mode() string { return "purego (generic Go)" }

// p256k1Short is the mode for chart legends.
func p256k1Short() string { return "generic Go" }
