package ellswift

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/field"
)

// setFieldElement sets e to the 32-byte big-endian b reduced modulo p, as
// the encodings are read (u and t may be >= p).
func setFieldElement(e *field.Element, b []byte) error {
	if len(b) != 32 {
		return fmt.Errorf("%w (got %d bytes)", ErrInvalidFieldElement, len(b))
	}
	e.SetBytes((*[32]byte)(b))
	return nil
}
