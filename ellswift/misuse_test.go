package ellswift_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table: every exported function with nil and zero-value keys,
// wrong lengths, out-of-range cases and roles, and failing readers. None may
// panic, and none may return a value with an error or an error without the
// right sentinel. TestMisuseTableComplete fails when an exported function
// has no entry.

func wantErr(t *testing.T, what string, b []byte, err, sentinel error) {
	t.Helper()
	if b != nil {
		t.Errorf("%s: returned %x with an error", what, b)
	}
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: error %v, want one wrapping %v", what, err, sentinel)
	}
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

// badLengths are byte strings of every wrong length class for a 32-byte
// input.
var badLengths = [][]byte{nil, {}, make([]byte, 31), make([]byte, 33), make([]byte, 64)}

// badEncodings are byte strings of wrong length for a 64-byte encoding.
var badEncodings = [][]byte{nil, {}, make([]byte, 32), make([]byte, 63), make([]byte, 65)}

func badPrivs() []*secp256k1.PrivateKey {
	return []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)}
}

func misuseTable(t *testing.T) map[string]func(t *testing.T) {
	priv, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := ellswift.EncodeSecretWithAux(priv, nil)
	if err != nil {
		t.Fatal(err)
	}
	theirs := bytes.Repeat([]byte{0x5a}, 64)
	x := priv.PublicKey().BytesCompressed()[1:]
	u := bytes.Repeat([]byte{0x17}, 32)
	pOnes := bytes.Repeat([]byte{0xff}, 32) // >= p
	var notX []byte                         // 32 bytes below p that are no x-coordinate
	for i := byte(0); ; i++ {
		c := append(make([]byte, 31), i)
		if _, err := secp256k1.NewPublicKey(append([]byte{2}, c...)); err != nil {
			notX = c
			break
		}
	}
	invPriv, invPub := secp256k1.ErrInvalidPrivateKey, secp256k1.ErrInvalidPublicKey
	return map[string]func(t *testing.T){
		"ellswift.XSwiftEC": func(t *testing.T) {
			for _, b := range badLengths {
				v, err := ellswift.XSwiftEC(b, u)
				wantErr(t, "XSwiftEC(bad u)", v, err, ellswift.ErrInvalidFieldElement)
				v, err = ellswift.XSwiftEC(u, b)
				wantErr(t, "XSwiftEC(bad t)", v, err, ellswift.ErrInvalidFieldElement)
			}
		},
		"ellswift.XSwiftECInv": func(t *testing.T) {
			for _, b := range badLengths {
				v, err := ellswift.XSwiftECInv(b, u, 0)
				wantErr(t, "XSwiftECInv(bad x length)", v, err, ellswift.ErrInvalidX)
				v, err = ellswift.XSwiftECInv(x, b, 0)
				wantErr(t, "XSwiftECInv(bad u)", v, err, ellswift.ErrInvalidFieldElement)
			}
			for _, b := range [][]byte{pOnes, notX} {
				v, err := ellswift.XSwiftECInv(b, u, 0)
				wantErr(t, "XSwiftECInv(invalid x)", v, err, ellswift.ErrInvalidX)
			}
			for _, c := range []int{-1, 8, 1 << 30, -1 << 31} {
				v, err := ellswift.XSwiftECInv(x, u, c)
				wantErr(t, "XSwiftECInv(bad case)", v, err, ellswift.ErrInvalidCase)
			}
		},
		"ellswift.Decode": func(t *testing.T) {
			for _, b := range badEncodings {
				k, err := ellswift.Decode(b)
				if k != nil || !errors.Is(err, ellswift.ErrInvalidEncoding) {
					t.Errorf("Decode(%d bytes) = %v, %v; want ErrInvalidEncoding", len(b), k, err)
				}
			}
		},
		"ellswift.Encode": func(t *testing.T) {
			for _, k := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
				v, err := ellswift.Encode(k, nil)
				wantErr(t, "Encode(invalid key)", v, err, invPub)
			}
			v, err := ellswift.Encode(priv.PublicKey(), errReader{})
			wantErr(t, "Encode(broken reader)", v, err, io.ErrUnexpectedEOF)
			v, err = ellswift.Encode(priv.PublicKey(), bytes.NewReader(make([]byte, 31)))
			wantErr(t, "Encode(short reader)", v, err, io.ErrUnexpectedEOF)
		},
		"ellswift.EncodeSecret": func(t *testing.T) {
			for _, k := range badPrivs() {
				v, err := ellswift.EncodeSecret(k, nil)
				wantErr(t, "EncodeSecret(invalid key)", v, err, invPriv)
			}
			v, err := ellswift.EncodeSecret(priv, errReader{})
			wantErr(t, "EncodeSecret(broken reader)", v, err, io.ErrUnexpectedEOF)
		},
		"ellswift.EncodeSecretWithAux": func(t *testing.T) {
			for _, k := range badPrivs() {
				v, err := ellswift.EncodeSecretWithAux(k, make([]byte, 32))
				wantErr(t, "EncodeSecretWithAux(invalid key)", v, err, invPriv)
				v, err = ellswift.EncodeSecretWithAux(k, nil)
				wantErr(t, "EncodeSecretWithAux(invalid key, no aux)", v, err, invPriv)
			}
			for _, aux := range [][]byte{make([]byte, 1), make([]byte, 31), make([]byte, 33), make([]byte, 64)} {
				v, err := ellswift.EncodeSecretWithAux(priv, aux)
				wantErr(t, "EncodeSecretWithAux(bad aux)", v, err, ellswift.ErrInvalidAux)
			}
		},
		"ellswift.XDH": func(t *testing.T) {
			for _, k := range badPrivs() {
				for _, role := range []ellswift.Role{ellswift.Initiator, ellswift.Responder} {
					v, err := ellswift.XDH(k, ours, theirs, role)
					wantErr(t, "XDH(invalid key)", v, err, invPriv)
				}
			}
			for _, b := range badEncodings {
				v, err := ellswift.XDH(priv, b, theirs, ellswift.Initiator)
				wantErr(t, "XDH(bad ours)", v, err, ellswift.ErrInvalidEncoding)
				v, err = ellswift.XDH(priv, ours, b, ellswift.Responder)
				wantErr(t, "XDH(bad theirs)", v, err, ellswift.ErrInvalidEncoding)
			}
			for _, role := range []ellswift.Role{0, -1, 3} {
				v, err := ellswift.XDH(priv, ours, theirs, role)
				wantErr(t, "XDH(bad role)", v, err, ellswift.ErrInvalidRole)
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	testutil.RunMisuse(t, misuseTable(t))
}

func TestMisuseTableComplete(t *testing.T) {
	testutil.CheckMisuseTable(t, misuseTable(t), ".")
}
