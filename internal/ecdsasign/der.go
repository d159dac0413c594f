package ecdsasign

// AppendDER appends the strict DER encoding of the signature (r, s), both
// 32-byte big-endian, to dst and returns the extended slice:
//
//	0x30 <seqlen> 0x02 <rlen> <r> 0x02 <slen> <s>
//
// with each integer minimal and non-negative (a 0x00 byte before a high
// bit). The encoding is the unique one BIP-66 strict parsing accepts for
// these values (6 to 72 bytes; 8 or more when r and s are non-zero, as the
// callers guarantee). Signatures are public: this is not constant time.
func AppendDER(dst []byte, r, s *[32]byte) []byte {
	rb := derTrim(r[:])
	sb := derTrim(s[:])
	rlen := len(rb) + int(rb[0]>>7)
	slen := len(sb) + int(sb[0]>>7)
	dst = append(dst, 0x30, byte(4+rlen+slen), 0x02, byte(rlen))
	if rb[0]&0x80 != 0 {
		dst = append(dst, 0x00)
	}
	dst = append(dst, rb...)
	dst = append(dst, 0x02, byte(slen))
	if sb[0]&0x80 != 0 {
		dst = append(dst, 0x00)
	}
	return append(dst, sb...)
}

// derTrim returns v without its leading zero bytes, keeping at least one byte.
func derTrim(v []byte) []byte {
	for len(v) > 1 && v[0] == 0 {
		v = v[1:]
	}
	return v
}
