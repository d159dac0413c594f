package curve

import "crypto/sha256"

// expand_message_xmd with SHA-256 (RFC 9380, section 5.3.1): b_in_bytes =
// 32, s_in_bytes = 64.
const (
	// maxDSTLen is the longest tag expand_message_xmd takes as is; a longer
	// one is hashed first (RFC 9380, section 5.3.3).
	maxDSTLen = 255
	// oversizeDSTPrefix prefixes a tag longer than maxDSTLen before it is
	// hashed down to 32 bytes.
	oversizeDSTPrefix = "H2C-OVERSIZE-DST-"
	// maxExpandLen is the most expand_message_xmd with SHA-256 produces:
	// ell = ceil(len_in_bytes / 32) must not exceed 255.
	maxExpandLen = 255 * sha256.Size
)

// expandMessageXMD fills out with expand_message_xmd(msg, dst, len(out)) of
// RFC 9380, section 5.3.1, with SHA-256. A dst longer than 255 bytes is
// replaced by SHA-256("H2C-OVERSIZE-DST-" || dst) first (section 5.3.3).
// The callers check that dst is not empty and that 0 < len(out) <=
// maxExpandLen; out is left unchanged otherwise.
//
// It runs in constant time with respect to the contents of msg; the lengths
// and dst are public. out must not alias msg or dst.
func expandMessageXMD(out, msg, dst []byte) {
	if len(dst) == 0 || len(out) == 0 || len(out) > maxExpandLen {
		return
	}
	var long [sha256.Size]byte
	if len(dst) > maxDSTLen {
		h := sha256.New()
		h.Write([]byte(oversizeDSTPrefix))
		h.Write(dst)
		dst = h.Sum(long[:0])
	}
	// DST_prime = DST || I2OSP(len(DST), 1), written as the suffix of every
	// hash input.
	suffix := [1]byte{byte(len(dst))}
	ell := (len(out) + sha256.Size - 1) / sha256.Size

	// b_0 = H(Z_pad || msg || I2OSP(len_in_bytes, 2) || I2OSP(0, 1) || DST_prime)
	h := sha256.New()
	var zPad [sha256.BlockSize]byte
	h.Write(zPad[:])
	h.Write(msg)
	h.Write([]byte{byte(len(out) >> 8), byte(len(out)), 0})
	h.Write(dst)
	h.Write(suffix[:])
	var b0, bi [sha256.Size]byte
	var in [sha256.Size + 1]byte
	h.Sum(b0[:0])

	// b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime), where b_1
	// = H(b_0 || I2OSP(1, 1) || DST_prime) is the same with b_0 = 0.
	for i := 1; i <= ell; i++ {
		for j := range sha256.Size {
			in[j] = b0[j] ^ bi[j]
		}
		in[sha256.Size] = byte(i)
		h.Reset()
		h.Write(in[:])
		h.Write(dst)
		h.Write(suffix[:])
		h.Sum(bi[:0])
		copy(out[(i-1)*sha256.Size:], bi[:])
	}
	// b_0 and the b_i are as secret as msg.
	clear(b0[:])
	clear(bi[:])
	clear(in[:])
}
