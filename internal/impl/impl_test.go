package impl

import (
	"strings"
	"testing"
)

// withRegistry runs f with an empty registry and restores the registry of
// this test binary afterwards (nothing registers in it: this package's test
// binary links none of the packages with assembly).
func withRegistry(t *testing.T, f func()) {
	t.Helper()
	saved, n := registry, registered
	registry, registered = [len(registry)]Implementation{}, 0
	defer func() { registry, registered = saved, n }()
	f()
}

func TestRegister(t *testing.T) {
	withRegistry(t, func() {
		fast, slow, other := true, false, true
		Register("p", "Fast", &fast)
		Register("p", "Slow", &slow)
		Register("q", "Fast", &other)
		all := All()
		if len(all) != 3 || all[0].Package != "p" || all[0].Name != "Fast" || all[1].Name != "Slow" || all[2].Package != "q" {
			t.Fatalf("All() = %+v", all)
		}
		if !all[0].Available || all[1].Available || !all[2].Available {
			t.Fatalf("availability %+v, want the flags' values at registration", all)
		}
		p := List("p")
		if len(p) != 2 || p[0].Name != "Fast" || p[1].Name != "Slow" || len(List("q")) != 1 || len(List("r")) != 0 {
			t.Fatalf("List(p) = %+v, List(q) = %+v, List(r) = %+v", p, List("q"), List("r"))
		}

		// SetEnabled switches exactly its own flag, and never turns on an
		// implementation the CPU cannot run.
		if !p[0].SetEnabled(false) || fast || !other || p[0].Enabled() {
			t.Fatalf("after turning p Fast off: fast %v, other %v", fast, other)
		}
		if !p[0].SetEnabled(true) || !fast || !p[0].Enabled() {
			t.Fatal("turning p Fast back on failed")
		}
		if p[1].SetEnabled(true) || slow || p[1].Enabled() {
			t.Fatal("an unavailable implementation was turned on")
		}
		if !p[1].SetEnabled(false) || slow {
			t.Fatal("turning an unavailable implementation off failed")
		}

		// The zero Implementation is none: never enabled, never switched.
		var zero Implementation
		if zero.Enabled() || zero.SetEnabled(true) || zero.SetEnabled(false) {
			t.Error("the zero Implementation was enabled or switched")
		}

		// All returns a copy: changing it does not change the registry.
		all[0].Name = "changed"
		if All()[0].Name != "Fast" {
			t.Fatal("All returned the registry itself")
		}
	})
}

func TestRegisterRejects(t *testing.T) {
	withRegistry(t, func() {
		flag := true
		Register("p", "A", &flag)
		for _, c := range []struct {
			pkg, name string
			flag      *bool
			want      string
		}{
			{"p", "A", &flag, "registered twice"},
			{"a/p", "B", &flag, "need a package name"},
			{"", "B", &flag, "need a package name"},
			{"p", "", &flag, "need a package name"},
			{"p", "B", nil, "need a package name"},
		} {
			func() {
				defer func() {
					r := recover()
					if s, _ := r.(string); !strings.Contains(s, c.want) {
						t.Errorf("Register(%q, %q, %v): panic %v, want one with %q", c.pkg, c.name, c.flag != nil, r, c.want)
					}
				}()
				Register(c.pkg, c.name, c.flag)
			}()
		}
		if len(All()) != 1 {
			t.Errorf("rejected registrations were recorded: %+v", All())
		}
		// The registry is full at len(registry) implementations.
		flags := make([]bool, len(registry))
		for k := 1; k < len(registry); k++ {
			Register("q", string(rune('A'+k)), &flags[k])
		}
		func() {
			defer func() {
				if s, _ := recover().(string); !strings.Contains(s, "enlarge") {
					t.Errorf("registering one too many: panic %q", s)
				}
			}()
			Register("q", "Z", &flags[0])
		}()
		if len(All()) != len(registry) {
			t.Errorf("%d registered, want %d", len(All()), len(registry))
		}
	})
}
