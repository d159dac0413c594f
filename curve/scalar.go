package curve

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Scalar is an integer modulo the group order
// n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141.
// The zero value is 0. Compare scalars with Equal, not ==.
type Scalar struct {
	_ [0]func() // not comparable: use Equal
	s scalar.Scalar
}

// NewScalar returns a new Scalar set to 0.
func NewScalar() *Scalar {
	return new(Scalar)
}

// Set sets s = x, and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	if s == nil || x == nil {
		return nil
	}
	s.s = x.s
	return s
}

// SetUint64 sets s = x, and returns s.
func (s *Scalar) SetUint64(x uint64) *Scalar {
	if s == nil {
		return nil
	}
	s.s.SetUint64(x)
	return s
}

// SetCanonicalBytes sets s to the 32-byte big-endian integer b, and returns
// s. If b is not 32 bytes or encodes a value >= n, it returns nil and an
// error wrapping ErrInvalidEncoding, and s is unchanged. Only whether b is
// accepted is revealed.
func (s *Scalar) SetCanonicalBytes(b []byte) (*Scalar, error) {
	if s == nil {
		return nil, errNilDecode
	}
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: scalar of %d bytes, want 32", ErrInvalidEncoding, len(b))
	}
	var t scalar.Scalar
	ok := t.SetCanonicalBytes((*[32]byte)(b))
	ctcheck.Public(&ok)
	if ok != 1 {
		return nil, fmt.Errorf("%w: scalar >= n", ErrInvalidEncoding)
	}
	s.s = t
	return s, nil
}

// SetBytes sets s to the 32-byte big-endian integer b reduced modulo n, and
// returns s: every 32-byte value is accepted (use SetCanonicalBytes to
// reject values >= n). If b is not 32 bytes it returns nil and an error
// wrapping ErrInvalidEncoding, and s is unchanged.
func (s *Scalar) SetBytes(b []byte) (*Scalar, error) {
	if s == nil {
		return nil, errNilDecode
	}
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: scalar of %d bytes, want 32", ErrInvalidEncoding, len(b))
	}
	s.s.SetBytes((*[32]byte)(b))
	return s, nil
}

// twoTo256 is 2^256 mod n.
var twoTo256 = func() scalar.Scalar {
	var b [32]byte
	b[15] = 1
	b[16], b[17], b[18], b[19], b[20], b[21], b[22], b[23] = 0x45, 0x51, 0x23, 0x19, 0x50, 0xB7, 0x5F, 0xC4
	b[24], b[25], b[26], b[27], b[28], b[29], b[30], b[31] = 0x40, 0x2D, 0xA1, 0x73, 0x2F, 0xC9, 0xBE, 0xBF
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}()

// SetUniformBytes sets s to the 64-byte big-endian integer b reduced modulo
// n, and returns s. For uniformly random b (64 bytes of a hash or an XOF)
// the result is uniform up to a bias below 2^-255: the way to derive a
// scalar from a hash. If b is not 64 bytes it returns nil and an error
// wrapping ErrInvalidEncoding, and s is unchanged.
func (s *Scalar) SetUniformBytes(b []byte) (*Scalar, error) {
	if s == nil {
		return nil, errNilDecode
	}
	if len(b) != 64 {
		return nil, fmt.Errorf("%w: uniform input of %d bytes, want 64", ErrInvalidEncoding, len(b))
	}
	// b = hi·2^256 + lo ≡ hi·(2^256 mod n) + lo.
	var hi, lo scalar.Scalar
	hi.SetBytes((*[32]byte)(b[:32]))
	lo.SetBytes((*[32]byte)(b[32:]))
	hi.Multiply(&hi, &twoTo256)
	s.s.Add(&hi, &lo)
	return s, nil
}

// Bytes returns the 32-byte big-endian encoding of s (a new slice), or nil
// if s is nil.
func (s *Scalar) Bytes() []byte {
	if s == nil {
		return nil
	}
	var b [32]byte
	return s.bytes(&b)
}

// bytes is outlined so that the buffer can live on the caller's stack.
func (s *Scalar) bytes(b *[32]byte) []byte {
	s.s.PutBytes(b)
	return b[:]
}

// Add sets s = x + y mod n, and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	if s == nil || x == nil || y == nil {
		return nil
	}
	s.s.Add(&x.s, &y.s)
	return s
}

// Subtract sets s = x - y mod n, and returns s.
func (s *Scalar) Subtract(x, y *Scalar) *Scalar {
	if s == nil || x == nil || y == nil {
		return nil
	}
	s.s.Subtract(&x.s, &y.s)
	return s
}

// Negate sets s = -x mod n, and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	if s == nil || x == nil {
		return nil
	}
	s.s.Negate(&x.s)
	return s
}

// CondNegate sets s = -x mod n if cond is 1 and s = x if cond is 0, and
// returns s, in constant time. cond must be 0 or 1. BIP-340 and BIP-327
// use it to negate a secret scalar when its point has odd y:
// d.CondNegate(d, 1-P.HasEvenY()).
func (s *Scalar) CondNegate(x *Scalar, cond int) *Scalar {
	if s == nil || x == nil {
		return nil
	}
	s.s.CondNegate(&x.s, cond&1)
	return s
}

// Multiply sets s = x·y mod n, and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	if s == nil || x == nil || y == nil {
		return nil
	}
	s.s.Multiply(&x.s, &y.s)
	return s
}

// MultiplyAdd sets s = x·y + z mod n, and returns s.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	if s == nil || x == nil || y == nil || z == nil {
		return nil
	}
	var t scalar.Scalar
	t.Multiply(&x.s, &y.s)
	s.s.Add(&t, &z.s)
	return s
}

// Invert sets s = 1/x mod n, and returns s. If x is 0, s is set to 0.
func (s *Scalar) Invert(x *Scalar) *Scalar {
	if s == nil || x == nil {
		return nil
	}
	s.s.Invert(&x.s)
	return s
}

// Select sets s = a if cond is 1 and s = b if cond is 0, and returns s.
// cond must be 0 or 1.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	if s == nil || a == nil || b == nil {
		return nil
	}
	s.s.Select(&a.s, &b.s, cond&1)
	return s
}

// Equal returns 1 if s and t are equal, and 0 otherwise (also if either is
// nil).
func (s *Scalar) Equal(t *Scalar) int {
	if s == nil || t == nil {
		return 0
	}
	return s.s.Equal(&t.s)
}

// IsZero returns 1 if s is 0, and 0 otherwise (also if s is nil).
func (s *Scalar) IsZero() int {
	if s == nil {
		return 0
	}
	return s.s.IsZero()
}
