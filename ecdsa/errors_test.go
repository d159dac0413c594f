package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestDERSighashByteError checks that a strict DER signature still carrying
// the sighash byte of a Bitcoin script signature is rejected with an error
// that names the byte and says to strip it, for every sighash type and
// both the shortest and the longest DER encodings, and that nothing else
// gets that message.
func TestDERSighashByteError(t *testing.T) {
	priv, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte("sighash"))
	signed, err := Sign(priv, h[:])
	if err != nil {
		t.Fatal(err)
	}
	// A 72-byte encoding: r and s both need a padding byte (s is high, so
	// this is not something Sign returns, but DER allows it).
	high := bytes.Repeat([]byte{0x80}, 32)
	long, err := NewSignature(high, high)
	if err != nil {
		t.Fatal(err)
	}
	short := []byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01}
	ders := [][]byte{signed.BytesDER(), long.BytesDER(), short}
	if len(ders[1]) != 72 {
		t.Fatalf("long DER is %d bytes, want 72", len(ders[1]))
	}
	for _, der := range ders {
		for _, c := range []struct {
			b    byte
			want string
		}{
			{0x01, "trailing byte 0x01 after the DER signature: strip the sighash type (SIGHASH_ALL)"},
			{0x02, "trailing byte 0x02 after the DER signature: strip the sighash type (SIGHASH_NONE)"},
			{0x03, "trailing byte 0x03 after the DER signature: strip the sighash type (SIGHASH_SINGLE)"},
			{0x81, "trailing byte 0x81 after the DER signature: strip the sighash type (SIGHASH_ALL|SIGHASH_ANYONECANPAY)"},
			{0x82, "strip the sighash type (SIGHASH_NONE|SIGHASH_ANYONECANPAY)"},
			{0x83, "strip the sighash type (SIGHASH_SINGLE|SIGHASH_ANYONECANPAY)"},
			{0x11, "trailing byte 0x11 after the DER signature: if it is a sighash type, strip it"},
			{0x00, "trailing byte 0x00 after the DER signature"},
			{0xff, "trailing byte 0xff after the DER signature"},
		} {
			b := append(bytes.Clone(der), c.b)
			sig, err := ParseDERSignature(b)
			if sig != nil || !errors.Is(err, ErrInvalidSignature) || !errors.Is(err, errDER) {
				t.Fatalf("ParseDERSignature(%x) = %v, %v", b, sig, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("ParseDERSignature(DER ‖ %02x): %q, want it to contain %q", c.b, err, c.want)
			}
			// The lax parser, which ignores trailing bytes, still reads it.
			if lax, err := ParseDERSignatureLax(b); err != nil || !lax.Equal(mustParseDER(t, der)) {
				t.Errorf("ParseDERSignatureLax(DER ‖ %02x) = %v, %v", c.b, lax, err)
			}
		}
	}
	// Not a signature plus one byte: no sighash advice.
	for _, b := range [][]byte{
		append(bytes.Clone(ders[0]), 0x01, 0x01),               // two trailing bytes
		append(bytes.Clone(ders[1]), 0x01, 0x01),               // 74 bytes
		{0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01, 0x01}, // negative R, then a byte
		{0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x01}, // length covers the byte
		{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01},             // truncated
	} {
		_, err := ParseDERSignature(b)
		if err == nil || strings.Contains(err.Error(), "sighash") || strings.Contains(err.Error(), "trailing byte 0x") {
			t.Errorf("ParseDERSignature(%x): %v", b, err)
		}
	}
}

func mustParseDER(t *testing.T, b []byte) *Signature {
	t.Helper()
	sig, err := ParseDERSignature(b)
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

// TestDERSighashByteAllocs checks that the sighash-byte rejection keeps
// the DER decoder allocation-free.
func TestDERSighashByteAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	b := []byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x81}
	allocs := testing.AllocsPerRun(100, func() {
		if _, _, err := parseDERStrict(b); err == nil {
			t.Fatal("accepted")
		}
	})
	if allocs != 0 {
		t.Errorf("rejecting DER ‖ sighash allocates: %v allocs/op", allocs)
	}
}

// TestRecoveryIDErrors checks that recovery ids that cannot fit say why:
// an id of 2 or 3 claims R's x-coordinate is r + n, which is ≥ p for all
// but about 2^-128 of the r values, and an id above 3 is not a recovery id
// at all (Ethereum's V and BIP-137 headers need converting).
func TestRecoveryIDErrors(t *testing.T) {
	priv, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte("recovery id"))
	sig, recID, err := SignRecoverable(priv, h[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []byte{recID | 2, recID ^ 1 | 2} {
		_, err := RecoverPublicKey(h[:], sig, id)
		if !errors.Is(err, ErrRecoveryFailed) {
			t.Fatalf("recovery id %d: %v", id, err)
		}
		for _, want := range []string{"recovery id", "r + n", "field prime p", "does not belong to this signature"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("recovery id %d: %q does not contain %q", id, err, want)
			}
		}
	}
	for _, id := range []byte{4, 27, 28, 37} {
		_, err := RecoverPublicKey(h[:], sig, id)
		if !errors.Is(err, ErrInvalidRecoveryID) || !strings.Contains(err.Error(), "want 0 to 3") {
			t.Errorf("recovery id %d: %v", id, err)
		}
	}
	// r + n < p but no point has that x-coordinate: r = 1 (x³ + 7 is a
	// square at x = 1 but not at x = n + 1), and r = 5 (not a square at 5).
	for _, c := range []struct {
		r     byte
		ids   []byte
		which string
	}{{1, []byte{2, 3}, "x-coordinate r + n,"}, {5, []byte{0, 1}, "x-coordinate r,"}} {
		r := make([]byte, 32)
		r[31] = c.r
		sig, err := NewSignature(r, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range c.ids {
			_, err := RecoverPublicKey(h[:], sig, id)
			if !errors.Is(err, ErrRecoveryFailed) || !strings.Contains(err.Error(), "no curve point has "+c.which) {
				t.Errorf("r = %d, id %d: %v", c.r, id, err)
			}
		}
	}
}

// TestSignRecoverableErrorValues checks that SignRecoverable returns no
// values with its error: a nil signature and recovery id 0 for a nil key
// and for the zero-value key.
func TestSignRecoverableErrorValues(t *testing.T) {
	h := sha256.Sum256([]byte("recovery id on error"))
	for name, priv := range map[string]*secp256k1.PrivateKey{"nil": nil, "zero value": new(secp256k1.PrivateKey)} {
		sig, recID, err := SignRecoverable(priv, h[:])
		if err == nil || sig != nil || recID != 0 {
			t.Errorf("SignRecoverable(%s key) = %v, %d, %v; want nil, 0 and an error", name, sig, recID, err)
		}
	}
}

// TestParseBIP137SignatureErrorValues checks that ParseBIP137Signature
// returns no values with its error: a valid header with r = n or s = 0.
func TestParseBIP137SignatureErrorValues(t *testing.T) {
	n := testCurveOrder
	for name, rs := range map[string][2][32]byte{"r = n": {n, {31: 1}}, "s = 0": {{31: 1}, {}}} {
		b := append([]byte{31}, rs[0][:]...)
		b = append(b, rs[1][:]...)
		sig, recID, typ, err := ParseBIP137Signature(b)
		if err == nil || sig != nil || recID != 0 || typ != 0 {
			t.Errorf("%s: ParseBIP137Signature = %v, %d, %d, %v; want nil, 0, 0 and an error", name, sig, recID, typ, err)
		}
	}
}

// TestAppendCompactSize checks Bitcoin's CompactSize encoding of the
// message length at each boundary of its four forms.
func TestAppendCompactSize(t *testing.T) {
	for _, c := range []struct {
		n    uint64
		want string
	}{
		{0, "00"},
		{0xfc, "fc"},
		{0xfd, "fdfd00"},
		{0xffff, "fdffff"},
		{0x10000, "fe00000100"},
		{0xffffffff, "feffffffff"},
		{1 << 32, "ff0000000001000000"},
		{1<<64 - 1, "ffffffffffffffffff"},
	} {
		if got := hex.EncodeToString(appendCompactSize([]byte{0xaa}, c.n)); got != "aa"+c.want {
			t.Errorf("appendCompactSize(%#x) = %s, want aa%s", c.n, got, c.want)
		}
	}
}
