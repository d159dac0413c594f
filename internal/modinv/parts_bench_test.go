package modinv

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

var sinkI int64

func BenchmarkParts(b *testing.B) {
	md := New(&[4]uint64{0xFFFFFFFEFFFFFC2F, ^uint64(0), ^uint64(0), ^uint64(0)})
	b.Run("divsteps59", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		defer t.Stop()
		z := int64(-1)
		f, g := uint64(0x123456789abcdef1), uint64(0x0fedcba987654321)
		for b.Loop() {
			var u, v, q, r int64
			z, u, v, q, r = divsteps59(z, f, g)
			g ^= uint64(u + v + q + r)
		}
		sinkI = z
	})
	b.Run("divsteps62Var", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		defer t.Stop()
		// Random odd f and random g, as in the middle of an inversion.
		var fs, gs [256]uint64
		x := uint64(0x9e3779b97f4a7c15)
		for i := range fs {
			x = x*6364136223846793005 + 1442695040888963407
			fs[i] = x | 1
			x = x*6364136223846793005 + 1442695040888963407
			gs[i] = x
		}
		var z int64
		i := 0
		for b.Loop() {
			var u int64
			z, u, _, _, _ = divsteps62Var(int64(i&7)-4, fs[i&255], gs[i&255])
			z += u
			i++
		}
		sinkI = z
	})
	b.Run("updateDE", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		defer t.Stop()
		d := signed62{1, 2, 3, 4, 5}
		e := signed62{5, 4, 3, 2, 1}
		for b.Loop() {
			md.updateDE(&d, &e, 1<<60, -(1 << 59), 1<<58, 1<<57)
		}
	})
	b.Run("updateFG", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		defer t.Stop()
		d := signed62{1, 2, 3, 4, 5}
		e := signed62{5, 4, 3, 2, 1}
		for b.Loop() {
			updateFG(&d, &e, 1<<60, -(1 << 59), 1<<58, 1<<57)
		}
	})
}
