//go:build exhaustive7 || exhaustive13 || exhaustive199

package exhaustive

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/impl/impltest"
)

// Selection describes the implementations a subtest of ForEachSelection
// runs: Default for each package's last available implementation (its
// assembly where there is one, as the package picks by default), Generic
// for every package's generic Go (as with -tags purego).
type Selection struct{ Default, Generic bool }

// ForEachSelection runs f as a subtest under every combination of the
// implementations of the packages pkgs (internal/impl names: "field",
// "group", "ecmult") that this CPU runs, named after the combination, and
// restores the previous selection afterwards. Tests that use it must not
// run in parallel.
func ForEachSelection(t *testing.T, pkgs []string, f func(t *testing.T, sel Selection)) {
	var rec func(k int, names []string, sel Selection)
	rec = func(k int, names []string, sel Selection) {
		if k == len(pkgs) {
			t.Run(strings.Join(names, ","), func(t *testing.T) { f(t, sel) })
			return
		}
		l := impltest.Implementations(pkgs[k])
		last := 0
		for i, im := range l {
			if im.Available {
				last = i
			}
		}
		for i, im := range l {
			if !im.Available {
				continue
			}
			restore := im.Select()
			rec(k+1, append(names, pkgs[k]+"="+im.Name), Selection{
				Default: sel.Default && i == last,
				Generic: sel.Generic && im.Name == impltest.Generic,
			})
			restore()
		}
	}
	rec(0, nil, Selection{true, true})
}

// Cases calls f for every index of a space of the given size, or, if the
// size is above limit, for limit random indices of it, and logs which.
func Cases(t testing.TB, r *rand.Rand, what string, size, limit int, f func(idx int)) {
	t.Helper()
	if size <= limit {
		t.Logf("%s: all %d cases", what, size)
		for idx := range size {
			f(idx)
		}
		return
	}
	t.Logf("%s: %d random cases of %d", what, limit, size)
	for range limit {
		f(r.IntN(size))
	}
}
