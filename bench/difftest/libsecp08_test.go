package difftest

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The differential fuzz targets against libsecp256k1 0.8 (the in-process
// reference built from secp256k1-sys 0.14.1, see bench/README.md), one per
// operation or parser that both libraries have (keys_libsecp_test.go,
// ecdsa_libsecp_test.go, schnorr_libsecp_test.go), and call-sequence
// targets for every API of p256k1 that keeps memory between calls
// (sequence_*_test.go). Each target decodes its input into calls, makes
// them in both libraries, and fails on any difference of output or of
// accept/reject verdict that is not a documented difference (each is named
// where it is asserted). They skip when libsecp256k1 0.8 cannot be loaded.

// libsecp08 returns the libsecp256k1 0.8 API, or skips the test or fuzz
// target.
func libsecp08(t testing.TB) *providers.LibsecpAPI {
	t.Helper()
	a, err := providers.LibsecpAPI08()
	if err != nil {
		t.Skipf("libsecp256k1 0.8 not available, not compared: %v", err)
	}
	return a
}

// stream reads a fuzz input as a sequence of small decisions; past its end
// it reads zeros, so that every input decodes.
type stream struct{ b []byte }

func (s *stream) next() byte {
	if len(s.b) == 0 {
		return 0
	}
	c := s.b[0]
	s.b = s.b[1:]
	return c
}

// take returns the next n bytes (zero-padded past the end).
func (s *stream) take(n int) []byte {
	out := make([]byte, n)
	k := copy(out, s.b)
	s.b = s.b[k:]
	return out
}

func (s *stream) done() bool { return len(s.b) == 0 }

// edge32 returns a 32-byte big-endian value: raw (zero-padded or cut to 32
// bytes) for most selectors, else one of the edges of scalar and tweak
// ranges: 0, 1, n - 1, n, n + raw[0], n/2, n/2 + 1, 2^256 - 1, p.
func edge32(sel byte, raw []byte) []byte {
	var v *big.Int
	switch sel % 16 {
	case 7:
		v = big.NewInt(0)
	case 8:
		v = big.NewInt(1)
	case 9:
		v = new(big.Int).Sub(curveN, big.NewInt(1))
	case 10:
		v = curveN
	case 11:
		add := int64(0)
		if len(raw) > 0 {
			add = int64(raw[0])
		}
		v = new(big.Int).Add(curveN, big.NewInt(add))
	case 12:
		v = halfN
	case 13:
		v = new(big.Int).Add(halfN, big.NewInt(1))
	case 14:
		v = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	case 15:
		v = fieldP
	default:
		out := make([]byte, 32)
		copy(out, raw)
		return out
	}
	return b32(v)
}

// bits2int32 is the 32-byte hash libsecp256k1 is given for a p256k1 hash
// of any length: SEC 1's (and crypto/ecdsa's) reading of a hash as an
// integer, its leftmost 256 bits, so a longer hash is cut and a shorter one
// is the same integer, zero-padded on the left.
func bits2int32(hash []byte) []byte {
	if len(hash) >= 32 {
		return bytes.Clone(hash[:32])
	}
	out := make([]byte, 32)
	copy(out[32-len(hash):], hash)
	return out
}

// inRangeNonzero reports 0 < v < n for a 32-byte v (inRange in
// difftest_test.go).
func scalarsValid(compact []byte) bool {
	return len(compact) == 64 && inRange(compact[:32]) && inRange(compact[32:])
}

// TestLibsecpAPI08 runs each wrapper of providers.LibsecpAPI once on the
// dataset and checks it against the dataset's expected values, so that a
// broken wrapper cannot make the fuzz targets compare nothing.
func TestLibsecpAPI08(t *testing.T) {
	a := libsecp08(t)
	for _, it := range items(t)[:4] {
		if !a.SeckeyVerify(it.Seckey[:]) {
			t.Fatal("ec_seckey_verify rejects a dataset key")
		}
		if pub, ok := a.PubkeyCreate(it.Seckey[:]); !ok || !bytes.Equal(pub, it.Pub[:]) {
			t.Fatalf("ec_pubkey_create: %x %v", pub, ok)
		}
		if comp, uncomp, ok := a.PubkeyParse(it.PubUncomp[:]); !ok || !bytes.Equal(comp, it.Pub[:]) || !bytes.Equal(uncomp, it.PubUncomp[:]) {
			t.Fatal("ec_pubkey_parse")
		}
		if x, _, ok := a.XOnlyFromPubkey(it.Pub[:]); !ok || !bytes.Equal(x, it.XOnly[:]) {
			t.Fatal("xonly_pubkey_from_pubkey")
		}
		if c, der, ok := a.ECDSASign(it.Seckey[:], it.Hash[:], nil); !ok || !bytes.Equal(c, it.SigCompact[:]) || !bytes.Equal(der, it.SigDER) {
			t.Fatalf("ecdsa_sign: %x %x %v", c, der, ok)
		}
		if c, id, conv, ok := a.ECDSASignRecoverable(it.Seckey[:], it.Hash[:], nil); !ok || !bytes.Equal(c, it.SigCompact[:]) || id != int(it.RecID) || !bytes.Equal(conv, c) {
			t.Fatal("ecdsa_sign_recoverable")
		}
		if pub, ok := a.ECDSARecover(it.SigCompact[:], int(it.RecID), it.Hash[:]); !ok || !bytes.Equal(pub, it.Pub[:]) {
			t.Fatal("ecdsa_recover")
		}
		if !a.ECDSAVerify(it.SigCompact[:], it.Pub[:], it.Hash[:]) || a.ECDSAVerify(it.SigCompact[:], it.Pub[:], it.Aux[:]) {
			t.Fatal("ecdsa_verify")
		}
		if sig, ok := a.SchnorrSign32(it.Seckey[:], it.Hash[:], it.Aux[:]); !ok || !bytes.Equal(sig, it.Schnorr[:]) {
			t.Fatal("schnorrsig_sign32")
		}
		if sig, ok := a.SchnorrSign(it.Seckey[:], it.Hash[:], it.Aux[:]); !ok || !bytes.Equal(sig, it.Schnorr[:]) {
			t.Fatal("schnorrsig_sign_custom")
		}
		if !a.SchnorrVerify(it.XOnly[:], it.Hash[:], it.Schnorr[:]) || a.SchnorrVerify(it.XOnly[:], it.Aux[:], it.Schnorr[:]) {
			t.Fatal("schnorrsig_verify")
		}
		if tw, ok := a.PubkeyTweakAdd(it.Pub[:], it.Tweak[:]); !ok || !bytes.Equal(tw, it.TweakedPub[:]) {
			t.Fatal("ec_pubkey_tweak_add")
		}
		if tw, ok := a.XOnlyTweakAdd(it.XOnly[:], it.Tweak[:]); !ok || !bytes.Equal(tw, it.TweakedXOnly[:]) {
			t.Fatal("xonly_pubkey_tweak_add")
		}
		if c, ok := a.SigParseDER(it.SigDER); !ok || !bytes.Equal(c, it.SigCompact[:]) {
			t.Fatal("ecdsa_signature_parse_der")
		}
		if der, ok := a.SigSerializeDER(it.SigCompact[:]); !ok || !bytes.Equal(der, it.SigDER) {
			t.Fatal("ecdsa_signature_serialize_der")
		}
	}
	lax, err := providers.LibsecpLaxDER()
	if err != nil {
		t.Skipf("the lax DER parser is not available: %v", err)
	}
	it := items(t)[0]
	long := append([]byte{0x30, 0x81}, it.SigDER[1:]...)
	if c, ok := lax.Parse(long); !ok || !bytes.Equal(c, it.SigCompact[:]) {
		t.Fatalf("ecdsa_signature_parse_der_lax: %x %v", c, ok)
	}
}
