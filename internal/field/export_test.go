package field

import "testing"

// Hooks for the external test package (lib_bench_test.go).

// ImplementationNames lists generic and the assembly backends of this build
// that this CPU can run.
func ImplementationNames() []string {
	var names []string
	for _, impl := range implementations() {
		if impl.Available {
			names = append(names, impl.Name)
		}
	}
	return names
}

// SetImplementation selects the implementation called name and returns a
// function that restores the previous selection.
func SetImplementation(name string) (restore func()) {
	for _, impl := range implementations() {
		if impl.Name == name {
			return impl.Select()
		}
	}
	panic("field: no implementation " + name)
}

// BenchLoop is benchLoop (impl_bench_test.go).
func BenchLoop(b *testing.B, f func()) { benchLoop(b, f) }
