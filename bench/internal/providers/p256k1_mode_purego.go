//go:build purego

package providers

// p256k1Mode reports which arithmetic path the linked p256k1 runs: built
// with -tags purego, the library runs its generic Go code.
func p256k1Mode() string { return "purego (generic Go, -tags purego)" }

// p256k1Short is the mode for chart legends.
func p256k1Short() string { return "purego" }
