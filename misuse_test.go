package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
	"github.com/p256k1/secp256k1/signer"
)

// The misuse table: every exported function and method of the public
// packages, called with nil and zero-value keys, signatures, signers and
// events as receivers and arguments. None may panic or hang, no verifier
// may return true, and no function may return a value with a nil error.
// TestMisuseTableComplete fails when an exported function has no entry.

// misuseDirs are the public packages the table covers, by directory.
var misuseDirs = []string{".", "ecdsa", "schnorr", "signer"}

// fixtures are valid values to pair with invalid ones.
type fixtures struct {
	priv  *secp256k1.PrivateKey
	pub   *secp256k1.PublicKey
	xonly *secp256k1.XOnlyPublicKey
	sig   *ecdsa.Signature
	hash  []byte
	tweak []byte
	aux   []byte
}

func newFixtures(t *testing.T) *fixtures {
	priv, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte("misuse"))
	sig, err := ecdsa.Sign(priv, h[:])
	if err != nil {
		t.Fatal(err)
	}
	x, _ := priv.PublicKey().XOnly()
	return &fixtures{priv: priv, pub: priv.PublicKey(), xonly: x, sig: sig, hash: h[:],
		tweak: bytes.Repeat([]byte{0x07}, 32), aux: make([]byte, 32)}
}

// The invalid values: nil and the zero value of each type.
func badPrivs() []*secp256k1.PrivateKey {
	return []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)}
}

func badPubs() []*secp256k1.PublicKey { return []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} }

func badXOnly() []*secp256k1.XOnlyPublicKey {
	return []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)}
}

func badSigs() []*ecdsa.Signature { return []*ecdsa.Signature{nil, new(ecdsa.Signature)} }

// wantErr fails unless err wraps sentinel.
func wantErr(t *testing.T, what string, err, sentinel error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: error %v, want one wrapping %v", what, err, sentinel)
	}
}

// wantNilErr fails unless err wraps sentinel and its text says that
// something was nil.
func wantNilErr(t *testing.T, what string, err, sentinel error) {
	t.Helper()
	wantErr(t, what, err, sentinel)
	if err != nil && !strings.Contains(err.Error(), "nil") {
		t.Errorf("%s: error %q does not say what was nil", what, err)
	}
}

// wantNoValue fails unless v is nil: an invalid input must not yield a
// value.
func wantNoValue[T any](t *testing.T, what string, v *T) {
	t.Helper()
	if v != nil {
		t.Errorf("%s: returned a value for invalid input", what)
	}
}

func wantNoBytes(t *testing.T, what string, b []byte) {
	t.Helper()
	if b != nil {
		t.Errorf("%s: returned %x for invalid input", what, b)
	}
}

func wantFalse(t *testing.T, what string, ok bool) {
	t.Helper()
	if ok {
		t.Errorf("%s: true for invalid input", what)
	}
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

// constReader returns the same byte forever.
type constReader byte

func (c constReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

func misuseTable(f *fixtures) map[string]func(t *testing.T) {
	invPriv, invPub := secp256k1.ErrInvalidPrivateKey, secp256k1.ErrInvalidPublicKey
	invTweak, invSig := secp256k1.ErrInvalidTweak, ecdsa.ErrInvalidSignature
	return map[string]func(t *testing.T){
		// package secp256k1
		"secp256k1.GenerateKey": func(t *testing.T) {
			for _, r := range []io.Reader{errReader{}, constReader(0), constReader(0xff)} {
				k, err := secp256k1.GenerateKey(r)
				wantNoValue(t, "GenerateKey(broken reader)", k)
				if err == nil {
					t.Error("GenerateKey(broken reader): nil error")
				}
			}
		},
		"secp256k1.NewPrivateKey": func(t *testing.T) {
			for _, b := range [][]byte{nil, {}, make([]byte, 32), bytes.Repeat([]byte{0xff}, 32)} {
				k, err := secp256k1.NewPrivateKey(b)
				wantNoValue(t, "NewPrivateKey", k)
				wantErr(t, "NewPrivateKey", err, invPriv)
			}
		},
		"secp256k1.PrivateKey.Bytes": func(t *testing.T) {
			for _, k := range badPrivs() {
				wantNoBytes(t, "Bytes", k.Bytes())
			}
		},
		"secp256k1.PrivateKey.ECDH": func(t *testing.T) {
			for _, k := range badPrivs() {
				b, err := k.ECDH(f.pub)
				wantNoBytes(t, "ECDH", b)
				wantErr(t, "ECDH(invalid key)", err, invPriv)
			}
			for _, p := range badPubs() {
				b, err := f.priv.ECDH(p)
				wantNoBytes(t, "ECDH", b)
				wantErr(t, "ECDH(invalid remote)", err, invPub)
			}
		},
		"secp256k1.PrivateKey.ECDHSHA256": func(t *testing.T) {
			for _, k := range badPrivs() {
				b, err := k.ECDHSHA256(f.pub)
				wantNoBytes(t, "ECDHSHA256", b)
				wantErr(t, "ECDHSHA256(invalid key)", err, invPriv)
			}
			for _, p := range badPubs() {
				b, err := f.priv.ECDHSHA256(p)
				wantNoBytes(t, "ECDHSHA256", b)
				wantErr(t, "ECDHSHA256(invalid remote)", err, invPub)
			}
		},
		"secp256k1.PrivateKey.ECDHPoint": func(t *testing.T) {
			for _, k := range badPrivs() {
				p, err := k.ECDHPoint(f.pub)
				wantNoValue(t, "ECDHPoint", p)
				wantErr(t, "ECDHPoint(invalid key)", err, invPriv)
			}
			for _, q := range badPubs() {
				p, err := f.priv.ECDHPoint(q)
				wantNoValue(t, "ECDHPoint", p)
				wantErr(t, "ECDHPoint(invalid remote)", err, invPub)
			}
		},
		"secp256k1.PrivateKey.Equal": func(t *testing.T) {
			for _, k := range badPrivs() {
				wantFalse(t, "Equal(valid)", k.Equal(f.priv))
				wantFalse(t, "valid.Equal", f.priv.Equal(k))
				wantFalse(t, "Equal(itself)", k.Equal(k))
				wantFalse(t, "Equal(nil interface)", k.Equal(nil))
			}
		},
		"secp256k1.PrivateKey.Negate": func(t *testing.T) {
			for _, k := range badPrivs() {
				wantNoValue(t, "Negate", k.Negate())
			}
		},
		"secp256k1.PrivateKey.Public": func(t *testing.T) {
			for _, k := range badPrivs() {
				if k.Public() != nil {
					t.Error("Public: a value for an invalid key")
				}
			}
		},
		"secp256k1.PrivateKey.PublicKey": func(t *testing.T) {
			for _, k := range badPrivs() {
				wantNoValue(t, "PublicKey", k.PublicKey())
			}
		},
		"secp256k1.PrivateKey.TaprootTweak": func(t *testing.T) {
			for _, k := range badPrivs() {
				r, err := k.TaprootTweak(nil)
				wantNoValue(t, "TaprootTweak", r)
				wantErr(t, "TaprootTweak", err, invPriv)
			}
		},
		"secp256k1.PrivateKey.TweakAdd": func(t *testing.T) {
			for _, k := range badPrivs() {
				r, err := k.TweakAdd(f.tweak)
				wantNoValue(t, "TweakAdd", r)
				wantErr(t, "TweakAdd", err, invPriv)
			}
			r, err := f.priv.TweakAdd(nil)
			wantNoValue(t, "TweakAdd(nil)", r)
			wantErr(t, "TweakAdd(nil)", err, invTweak)
		},
		"secp256k1.PrivateKey.TweakMul": func(t *testing.T) {
			for _, k := range badPrivs() {
				r, err := k.TweakMul(f.tweak)
				wantNoValue(t, "TweakMul", r)
				wantErr(t, "TweakMul", err, invPriv)
			}
			r, err := f.priv.TweakMul(nil)
			wantNoValue(t, "TweakMul(nil)", r)
			wantErr(t, "TweakMul(nil)", err, invTweak)
		},
		"secp256k1.PrivateKey.XOnlyTweakAdd": func(t *testing.T) {
			for _, k := range badPrivs() {
				r, err := k.XOnlyTweakAdd(f.tweak)
				wantNoValue(t, "XOnlyTweakAdd", r)
				wantErr(t, "XOnlyTweakAdd", err, invPriv)
			}
			r, err := f.priv.XOnlyTweakAdd(nil)
			wantNoValue(t, "XOnlyTweakAdd(nil)", r)
			wantErr(t, "XOnlyTweakAdd(nil)", err, invTweak)
		},
		"secp256k1.CombinePublicKeys": func(t *testing.T) {
			r, err := secp256k1.CombinePublicKeys()
			wantNoValue(t, "CombinePublicKeys()", r)
			wantErr(t, "CombinePublicKeys()", err, invPub)
			for _, p := range badPubs() {
				r, err := secp256k1.CombinePublicKeys(f.pub, p)
				wantNoValue(t, "CombinePublicKeys", r)
				wantErr(t, "CombinePublicKeys", err, invPub)
			}
		},
		"secp256k1.NewPublicKey": func(t *testing.T) {
			for _, b := range [][]byte{nil, {}, {0}, make([]byte, 33), make([]byte, 65)} {
				k, err := secp256k1.NewPublicKey(b)
				wantNoValue(t, "NewPublicKey", k)
				wantErr(t, "NewPublicKey", err, invPub)
			}
		},
		"secp256k1.PublicKey.BytesCompressed": func(t *testing.T) {
			for _, k := range badPubs() {
				wantNoBytes(t, "BytesCompressed", k.BytesCompressed())
			}
		},
		"secp256k1.PublicKey.BytesUncompressed": func(t *testing.T) {
			for _, k := range badPubs() {
				wantNoBytes(t, "BytesUncompressed", k.BytesUncompressed())
			}
		},
		"secp256k1.PublicKey.Compare": func(t *testing.T) {
			for _, k := range badPubs() {
				if k.Compare(f.pub) != -1 || f.pub.Compare(k) != 1 || k.Compare(k) != 0 {
					t.Error("Compare: invalid keys must sort first")
				}
			}
		},
		"secp256k1.PublicKey.Equal": func(t *testing.T) {
			for _, k := range badPubs() {
				wantFalse(t, "Equal(valid)", k.Equal(f.pub))
				wantFalse(t, "valid.Equal", f.pub.Equal(k))
				wantFalse(t, "Equal(itself)", k.Equal(k))
			}
		},
		"secp256k1.PublicKey.Negate": func(t *testing.T) {
			for _, k := range badPubs() {
				wantNoValue(t, "Negate", k.Negate())
			}
		},
		"secp256k1.PublicKey.TweakAdd": func(t *testing.T) {
			for _, k := range badPubs() {
				r, err := k.TweakAdd(f.tweak)
				wantNoValue(t, "TweakAdd", r)
				wantErr(t, "TweakAdd", err, invPub)
			}
			r, err := f.pub.TweakAdd(nil)
			wantNoValue(t, "TweakAdd(nil)", r)
			wantErr(t, "TweakAdd(nil)", err, invTweak)
		},
		"secp256k1.PublicKey.TweakMul": func(t *testing.T) {
			for _, k := range badPubs() {
				r, err := k.TweakMul(f.tweak)
				wantNoValue(t, "TweakMul", r)
				wantErr(t, "TweakMul", err, invPub)
			}
			r, err := f.pub.TweakMul(nil)
			wantNoValue(t, "TweakMul(nil)", r)
			wantErr(t, "TweakMul(nil)", err, invTweak)
		},
		"secp256k1.PublicKey.XOnly": func(t *testing.T) {
			for _, k := range badPubs() {
				x, odd := k.XOnly()
				wantNoValue(t, "XOnly", x)
				wantFalse(t, "XOnly parity", odd)
			}
		},
		"secp256k1.SortPublicKeys": func(t *testing.T) {
			keys := []*secp256k1.PublicKey{f.pub, nil, new(secp256k1.PublicKey), f.pub}
			secp256k1.SortPublicKeys(keys)
			if keys[2] != f.pub || keys[3] != f.pub {
				t.Error("SortPublicKeys: invalid keys must sort first")
			}
		},
		"secp256k1.NewXOnlyPublicKey": func(t *testing.T) {
			for _, b := range [][]byte{nil, {}, make([]byte, 31), bytes.Repeat([]byte{0xff}, 32)} {
				k, err := secp256k1.NewXOnlyPublicKey(b)
				wantNoValue(t, "NewXOnlyPublicKey", k)
				wantErr(t, "NewXOnlyPublicKey", err, invPub)
			}
		},
		"secp256k1.TaprootOutputKey": func(t *testing.T) {
			for _, x := range badXOnly() {
				out, parity, err := secp256k1.TaprootOutputKey(x, nil)
				wantNoValue(t, "TaprootOutputKey", out)
				wantFalse(t, "TaprootOutputKey parity", parity)
				wantErr(t, "TaprootOutputKey", err, invPub)
			}
		},
		"secp256k1.TapTweakHash": func(t *testing.T) {
			for _, x := range badXOnly() {
				b, err := secp256k1.TapTweakHash(x, nil)
				wantNoBytes(t, "TapTweakHash", b)
				wantErr(t, "TapTweakHash", err, invPub)
			}
		},
		"secp256k1.XOnlyPublicKey.Bytes": func(t *testing.T) {
			for _, x := range badXOnly() {
				wantNoBytes(t, "Bytes", x.Bytes())
			}
		},
		"secp256k1.XOnlyPublicKey.Equal": func(t *testing.T) {
			for _, x := range badXOnly() {
				wantFalse(t, "Equal(valid)", x.Equal(f.xonly))
				wantFalse(t, "valid.Equal", f.xonly.Equal(x))
				wantFalse(t, "Equal(itself)", x.Equal(x))
			}
		},
		"secp256k1.XOnlyPublicKey.PublicKey": func(t *testing.T) {
			for _, x := range badXOnly() {
				wantNoValue(t, "PublicKey", x.PublicKey())
			}
		},
		"secp256k1.XOnlyPublicKey.TweakAdd": func(t *testing.T) {
			for _, x := range badXOnly() {
				r, err := x.TweakAdd(f.tweak)
				wantNoValue(t, "TweakAdd", r)
				wantErr(t, "TweakAdd", err, invPub)
			}
			r, err := f.xonly.TweakAdd(nil)
			wantNoValue(t, "TweakAdd(nil)", r)
			wantErr(t, "TweakAdd(nil)", err, invTweak)
		},
		"secp256k1.XOnlyPublicKey.TweakAddCheck": func(t *testing.T) {
			q, err := f.xonly.TweakAdd(f.tweak)
			if err != nil {
				t.Fatal(err)
			}
			qx, odd := q.XOnly()
			for _, x := range badXOnly() {
				wantFalse(t, "TweakAddCheck", x.TweakAddCheck(qx.Bytes(), odd, f.tweak))
				wantFalse(t, "TweakAddCheck(zero x)", x.TweakAddCheck(make([]byte, 32), false, make([]byte, 32)))
			}
			wantFalse(t, "TweakAddCheck(nil)", f.xonly.TweakAddCheck(nil, odd, f.tweak))
			wantFalse(t, "TweakAddCheck(nil tweak)", f.xonly.TweakAddCheck(qx.Bytes(), odd, nil))
		},

		// package ecdsa
		"ecdsa.NewSignature": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 32)} {
				s, err := ecdsa.NewSignature(b, b)
				wantNoValue(t, "NewSignature", s)
				wantErr(t, "NewSignature", err, invSig)
			}
		},
		"ecdsa.ParseCompactSignature": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 64)} {
				s, err := ecdsa.ParseCompactSignature(b)
				wantNoValue(t, "ParseCompactSignature", s)
				wantErr(t, "ParseCompactSignature", err, invSig)
			}
		},
		"ecdsa.ParseDERSignature": func(t *testing.T) {
			s, err := ecdsa.ParseDERSignature(nil)
			wantNoValue(t, "ParseDERSignature", s)
			wantErr(t, "ParseDERSignature", err, invSig)
		},
		"ecdsa.ParseDERSignatureLax": func(t *testing.T) {
			s, err := ecdsa.ParseDERSignatureLax(nil)
			wantNoValue(t, "ParseDERSignatureLax", s)
			wantErr(t, "ParseDERSignatureLax", err, invSig)
		},
		"ecdsa.Sign": func(t *testing.T) {
			for _, k := range badPrivs() {
				s, err := ecdsa.Sign(k, f.hash)
				wantNoValue(t, "Sign", s)
				wantErr(t, "Sign", err, invPriv)
			}
		},
		"ecdsa.SignLowR": func(t *testing.T) {
			for _, k := range badPrivs() {
				s, err := ecdsa.SignLowR(k, f.hash)
				wantNoValue(t, "SignLowR", s)
				wantErr(t, "SignLowR", err, invPriv)
			}
		},
		"ecdsa.SignRecoverable": func(t *testing.T) {
			for _, k := range badPrivs() {
				s, id, err := ecdsa.SignRecoverable(k, f.hash)
				wantNoValue(t, "SignRecoverable", s)
				if id != 0 {
					t.Error("SignRecoverable: recovery id for an invalid key")
				}
				wantErr(t, "SignRecoverable", err, invPriv)
			}
		},
		"ecdsa.SignWithEntropy": func(t *testing.T) {
			for _, k := range badPrivs() {
				s, err := ecdsa.SignWithEntropy(k, f.hash, f.aux)
				wantNoValue(t, "SignWithEntropy", s)
				wantErr(t, "SignWithEntropy", err, invPriv)
			}
			s, err := ecdsa.SignWithEntropy(f.priv, f.hash, nil)
			wantNoValue(t, "SignWithEntropy(nil extra)", s)
			wantErr(t, "SignWithEntropy(nil extra)", err, ecdsa.ErrInvalidEntropy)
		},
		"ecdsa.Verify": func(t *testing.T) {
			for _, p := range badPubs() {
				wantFalse(t, "Verify(invalid key)", ecdsa.Verify(p, f.hash, f.sig))
			}
			for _, s := range badSigs() {
				wantFalse(t, "Verify(invalid signature)", ecdsa.Verify(f.pub, f.hash, s))
			}
		},
		"ecdsa.RecoverPublicKey": func(t *testing.T) {
			for _, s := range badSigs() {
				p, err := ecdsa.RecoverPublicKey(f.hash, s, 0)
				wantNoValue(t, "RecoverPublicKey", p)
				wantErr(t, "RecoverPublicKey", err, invSig)
			}
		},
		"ecdsa.Signature.BytesCompact": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoBytes(t, "BytesCompact", s.BytesCompact())
			}
		},
		"ecdsa.Signature.BytesDER": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoBytes(t, "BytesDER", s.BytesDER())
			}
		},
		"ecdsa.Signature.Equal": func(t *testing.T) {
			for _, s := range badSigs() {
				wantFalse(t, "Equal(valid)", s.Equal(f.sig))
				wantFalse(t, "valid.Equal", f.sig.Equal(s))
				wantFalse(t, "Equal(itself)", s.Equal(s))
			}
		},
		"ecdsa.Signature.IsLowS": func(t *testing.T) {
			for _, s := range badSigs() {
				wantFalse(t, "IsLowS", s.IsLowS())
			}
		},
		"ecdsa.Signature.Normalize": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoValue(t, "Normalize", s.Normalize())
			}
		},
		"ecdsa.Signature.R": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoBytes(t, "R", s.R())
			}
		},
		"ecdsa.Signature.S": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoBytes(t, "S", s.S())
			}
		},

		// package schnorr
		"schnorr.Sign": func(t *testing.T) {
			for _, k := range badPrivs() {
				s, err := schnorr.Sign(k, f.hash)
				wantNoBytes(t, "Sign", s)
				wantErr(t, "Sign", err, invPriv)
			}
		},
		"schnorr.SignWithAux": func(t *testing.T) {
			for _, k := range badPrivs() {
				s, err := schnorr.SignWithAux(k, f.hash, f.aux)
				wantNoBytes(t, "SignWithAux", s)
				wantErr(t, "SignWithAux", err, invPriv)
			}
			s, err := schnorr.SignWithAux(f.priv, f.hash, nil)
			wantNoBytes(t, "SignWithAux(nil aux)", s)
			wantErr(t, "SignWithAux(nil aux)", err, schnorr.ErrInvalidAux)
		},
		"schnorr.AppendSign": func(t *testing.T) {
			dst := []byte{1, 2, 3}
			for _, k := range badPrivs() {
				out, err := schnorr.AppendSign(dst, k, f.hash, f.aux)
				if !bytes.Equal(out, dst) {
					t.Error("AppendSign appended for an invalid key")
				}
				wantErr(t, "AppendSign", err, invPriv)
			}
		},
		"schnorr.Verify": func(t *testing.T) {
			sig, err := schnorr.SignWithAux(f.priv, f.hash, f.aux)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range badXOnly() {
				wantFalse(t, "Verify(invalid key)", schnorr.Verify(x, f.hash, sig))
			}
			wantFalse(t, "Verify(nil signature)", schnorr.Verify(f.xonly, f.hash, nil))
		},
		"schnorr.VerifyBatch": func(t *testing.T) {
			sig, err := schnorr.SignWithAux(f.priv, f.hash, f.aux)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range badXOnly() {
				pubs := []*secp256k1.XOnlyPublicKey{f.xonly, x}
				wantFalse(t, "VerifyBatch(invalid key)", schnorr.VerifyBatch(pubs, [][]byte{f.hash, f.hash}, [][]byte{sig, sig}))
			}
			wantFalse(t, "VerifyBatch(nil signature)", schnorr.VerifyBatch([]*secp256k1.XOnlyPublicKey{f.xonly}, [][]byte{f.hash}, [][]byte{nil}))
			wantFalse(t, "VerifyBatch(length mismatch)", schnorr.VerifyBatch([]*secp256k1.XOnlyPublicKey{f.xonly}, nil, [][]byte{sig}))
		},
		"schnorr.BatchVerifier.Add": func(t *testing.T) {
			var nb *schnorr.BatchVerifier
			wantErr(t, "Add on nil", nb.Add(f.xonly, f.hash, make([]byte, 64)), schnorr.ErrInvalidSignature)
			var b schnorr.BatchVerifier
			for _, x := range badXOnly() {
				wantErr(t, "Add(invalid key)", b.Add(x, f.hash, make([]byte, 64)), invPub)
			}
			wantErr(t, "Add(nil signature)", b.Add(f.xonly, f.hash, nil), schnorr.ErrInvalidSignature)
			if b.Len() != len(badXOnly())+1 || b.Verify() {
				t.Error("a rejected signature was not kept as an invalid entry")
			}
		},
		"schnorr.BatchVerifier.AddBytes": func(t *testing.T) {
			var nb *schnorr.BatchVerifier
			wantErr(t, "AddBytes on nil", nb.AddBytes(f.xonly.Bytes(), f.hash, make([]byte, 64)), schnorr.ErrInvalidSignature)
			var b schnorr.BatchVerifier
			for _, k := range [][]byte{nil, make([]byte, 31), bytes.Repeat([]byte{0xff}, 32)} {
				wantErr(t, "AddBytes(invalid key)", b.AddBytes(k, f.hash, make([]byte, 64)), invPub)
			}
			wantErr(t, "AddBytes(nil signature)", b.AddBytes(f.xonly.Bytes(), f.hash, nil), schnorr.ErrInvalidSignature)
			// x = 0 has no point: accepted, known invalid at Verify.
			if err := b.AddBytes(make([]byte, 32), f.hash, make([]byte, 64)); err != nil {
				t.Errorf("AddBytes(x = 0) = %v", err)
			}
			if b.Len() != 5 || b.Verify() || len(b.Invalid()) != 5 {
				t.Error("rejected or keyless entries were not kept as invalid entries")
			}
		},
		"schnorr.BatchVerifier.Len": func(t *testing.T) {
			var nb *schnorr.BatchVerifier
			if nb.Len() != 0 || new(schnorr.BatchVerifier).Len() != 0 {
				t.Error("Len of a nil or zero-value BatchVerifier")
			}
		},
		"schnorr.BatchVerifier.Verify": func(t *testing.T) {
			var nb *schnorr.BatchVerifier
			wantFalse(t, "Verify on nil", nb.Verify())
		},
		"schnorr.BatchVerifier.Invalid": func(t *testing.T) {
			var nb *schnorr.BatchVerifier
			if nb.Invalid() != nil || new(schnorr.BatchVerifier).Invalid() != nil {
				t.Error("Invalid of a nil or empty BatchVerifier")
			}
		},
		"schnorr.BatchVerifier.Reset": func(t *testing.T) {
			var nb *schnorr.BatchVerifier
			nb.Reset()
			new(schnorr.BatchVerifier).Reset()
		},

		"ecdsa.VerifyMany": func(t *testing.T) {
			for _, k := range badPubs() {
				wantFalse(t, "VerifyMany(invalid key)", ecdsa.VerifyMany([]*secp256k1.PublicKey{k}, [][]byte{f.hash}, []*ecdsa.Signature{f.sig}))
			}
			for _, s := range badSigs() {
				wantFalse(t, "VerifyMany(invalid signature)", ecdsa.VerifyMany([]*secp256k1.PublicKey{f.pub}, [][]byte{f.hash}, []*ecdsa.Signature{s}))
			}
			wantFalse(t, "VerifyMany(length mismatch)", ecdsa.VerifyMany([]*secp256k1.PublicKey{f.pub}, nil, []*ecdsa.Signature{f.sig}))
		},
		"ecdsa.BatchVerifier.Add": func(t *testing.T) {
			var nb *ecdsa.BatchVerifier
			wantErr(t, "Add on nil", nb.Add(f.pub, f.hash, f.sig), invSig)
			var b ecdsa.BatchVerifier
			for _, k := range badPubs() {
				wantErr(t, "Add(invalid key)", b.Add(k, f.hash, f.sig), invPub)
			}
			for _, s := range badSigs() {
				wantErr(t, "Add(invalid signature)", b.Add(f.pub, f.hash, s), invSig)
			}
			if b.Len() != len(badPubs())+len(badSigs()) || b.Verify() {
				t.Error("a rejected signature was not kept as an invalid entry")
			}
		},
		"ecdsa.BatchVerifier.Len": func(t *testing.T) {
			var nb *ecdsa.BatchVerifier
			if nb.Len() != 0 {
				t.Error("Len of a nil BatchVerifier")
			}
		},
		"ecdsa.BatchVerifier.Verify": func(t *testing.T) {
			var nb *ecdsa.BatchVerifier
			wantFalse(t, "Verify on nil", nb.Verify())
		},
		"ecdsa.BatchVerifier.Invalid": func(t *testing.T) {
			var nb *ecdsa.BatchVerifier
			if nb.Invalid() != nil || new(ecdsa.BatchVerifier).Invalid() != nil {
				t.Error("Invalid of a nil or empty BatchVerifier")
			}
		},
		"ecdsa.BatchVerifier.Reset": func(t *testing.T) {
			var nb *ecdsa.BatchVerifier
			nb.Reset()
		},

		// package signer
		"signer.VerifyEvents": func(t *testing.T) {
			got := signer.VerifyEvents([]*signer.Event{nil, {}}, [][]byte{nil, make([]byte, 32)}, [][]byte{nil, make([]byte, 64)})
			if len(got) != 2 || got[0] || got[1] {
				t.Errorf("VerifyEvents(nil event, zero event) = %v", got)
			}
			if signer.VerifyEvents([]*signer.Event{nil}, nil, nil) != nil {
				t.Error("VerifyEvents(length mismatch) returned a value")
			}
		},
		"signer.EventVerifier.Verify": func(t *testing.T) {
			var nv *signer.EventVerifier
			if nv.Verify([]*signer.Event{{}}, [][]byte{nil}, [][]byte{nil}) != nil {
				t.Error("Verify on a nil EventVerifier returned a value")
			}
		},
		"signer.CheckEvents": func(t *testing.T) {
			var zero signer.Event
			id := zero.ID()
			got := signer.CheckEvents([]*signer.SignedEvent{nil, {}, {ID: id[:], Sig: make([]byte, 64)}})
			want := []signer.Result{signer.NilEvent, signer.MalformedID, signer.MalformedPubKey}
			if !slices.Equal(got, want) {
				t.Errorf("CheckEvents(nil, zero, zero event with its id) = %v, want %v", got, want)
			}
			if got := signer.CheckEvents(nil); len(got) != 0 {
				t.Errorf("CheckEvents(nil) = %v", got)
			}
		},
		"signer.EventVerifier.Check": func(t *testing.T) {
			var nv *signer.EventVerifier
			if nv.Check([]*signer.SignedEvent{nil}) != nil {
				t.Error("Check on a nil EventVerifier returned a value")
			}
		},
		"signer.SignedEvent.Check": func(t *testing.T) {
			var ns *signer.SignedEvent
			if r := ns.Check(); r != signer.NilEvent {
				t.Errorf("Check of a nil SignedEvent = %v", r)
			}
			if r := new(signer.SignedEvent).Check(); r != signer.MalformedID {
				t.Errorf("Check of the zero SignedEvent = %v", r)
			}
		},
		"signer.Result.String": func(t *testing.T) {
			if signer.Result(0).String() != "not checked" || signer.Result(255).String() != "Result(255)" {
				t.Error("String of the zero or an unknown Result")
			}
		},
		"signer.Result.OK": func(t *testing.T) {
			if signer.Result(0).OK() || signer.Result(255).OK() {
				t.Error("OK of the zero or an unknown Result")
			}
		},
		"signer.DeriveConversationKey": func(t *testing.T) {
			k, err := signer.DeriveConversationKey(nil)
			wantNoBytes(t, "DeriveConversationKey", k)
			wantErr(t, "DeriveConversationKey", err, signer.ErrSharedSecretLength)
		},
		"signer.VerifyEvent": func(t *testing.T) {
			wantFalse(t, "VerifyEvent(nil)", signer.VerifyEvent(nil, make([]byte, 32), make([]byte, 64)))
			var e signer.Event // the zero event is a valid event with an invalid key
			id := e.ID()
			wantFalse(t, "VerifyEvent(zero event)", signer.VerifyEvent(&e, id[:], make([]byte, 64)))
		},
		"signer.Event.AppendSerialize": func(t *testing.T) {
			var e *signer.Event
			if out := e.AppendSerialize([]byte{1}); !bytes.Equal(out, []byte{1}) {
				t.Error("AppendSerialize(nil event) appended")
			}
		},
		"signer.Event.ID": func(t *testing.T) {
			var e *signer.Event
			if e.ID() != ([32]byte{}) {
				t.Error("ID of a nil event is not all zeros")
			}
		},
		"signer.Event.Serialize": func(t *testing.T) {
			var e *signer.Event
			wantNoBytes(t, "Serialize", e.Serialize())
		},
		"signer.New": func(t *testing.T) {
			s, err := signer.New(nil)
			wantNoValue(t, "New", s)
			wantErr(t, "New", err, invPriv)
		},
		"signer.KeyGen.AppendGenerate": func(t *testing.T) {
			var g *signer.KeyGen
			out, err := g.AppendGenerate([]byte{1})
			if !bytes.Equal(out, []byte{1}) {
				t.Error("AppendGenerate(nil) appended")
			}
			wantNilErr(t, "AppendGenerate(nil)", err, signer.ErrNoSecretKey)
		},
		"signer.KeyGen.Generate": func(t *testing.T) {
			var g *signer.KeyGen
			b, err := g.Generate()
			wantNoBytes(t, "Generate(nil)", b)
			wantNilErr(t, "Generate(nil)", err, signer.ErrNoSecretKey)
		},
		"signer.KeyGen.KeyPairBytes": func(t *testing.T) {
			for _, g := range []*signer.KeyGen{nil, new(signer.KeyGen)} {
				s, p := g.KeyPairBytes()
				wantNoBytes(t, "KeyPairBytes secret", s)
				wantNoBytes(t, "KeyPairBytes public", p)
			}
		},
		"signer.KeyGen.Negate": func(t *testing.T) {
			for _, g := range []*signer.KeyGen{nil, new(signer.KeyGen)} {
				g.Negate()
			}
		},
		"signer.KeyGen.Zero": func(t *testing.T) {
			for _, g := range []*signer.KeyGen{nil, new(signer.KeyGen)} {
				g.Zero()
			}
		},
		"signer.Signer.AppendConversationKey": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				out, err := s.AppendConversationKey([]byte{1}, f.pub.BytesCompressed())
				if !bytes.Equal(out, []byte{1}) {
					t.Error("AppendConversationKey appended without a key")
				}
				wantErr(t, "AppendConversationKey", err, signer.ErrNoSecretKey)
			}
			s := signerFixture(t)
			_, err := s.AppendConversationKey(nil, nil)
			wantErr(t, "AppendConversationKey(nil peer)", err, invPub)
		},
		"signer.Signer.AppendECDH": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				_, err := s.AppendECDH(nil, f.pub.BytesCompressed())
				wantErr(t, "AppendECDH", err, signer.ErrNoSecretKey)
			}
			_, err := signerFixture(t).AppendECDH(nil, nil)
			wantErr(t, "AppendECDH(nil peer)", err, invPub)
		},
		"signer.Signer.AppendECDHRaw": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				_, err := s.AppendECDHRaw(nil, f.pub.BytesCompressed())
				wantErr(t, "AppendECDHRaw", err, signer.ErrNoSecretKey)
			}
			_, err := signerFixture(t).AppendECDHRaw(nil, nil)
			wantErr(t, "AppendECDHRaw(nil peer)", err, invPub)
		},
		"signer.Signer.AppendPub": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				if out := s.AppendPub([]byte{1}); !bytes.Equal(out, []byte{1}) {
					t.Error("AppendPub appended without a key")
				}
			}
		},
		"signer.Signer.AppendSign": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				out, err := s.AppendSign([]byte{1}, f.hash)
				if !bytes.Equal(out, []byte{1}) {
					t.Error("AppendSign appended without a key")
				}
				wantErr(t, "AppendSign", err, signer.ErrNoSecretKey)
			}
		},
		"signer.Signer.AppendSignWithAux": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				_, err := s.AppendSignWithAux(nil, f.hash, f.aux)
				wantErr(t, "AppendSignWithAux", err, signer.ErrNoSecretKey)
			}
			out, err := signerFixture(t).AppendSignWithAux(nil, f.hash, nil)
			wantNoBytes(t, "AppendSignWithAux(nil aux)", out)
			wantErr(t, "AppendSignWithAux(nil aux)", err, schnorr.ErrInvalidAux)
		},
		"signer.Signer.ConversationKey": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				k, err := s.ConversationKey(f.pub.BytesCompressed())
				wantNoBytes(t, "ConversationKey", k)
				wantErr(t, "ConversationKey", err, signer.ErrNoSecretKey)
			}
			k, err := signerFixture(t).ConversationKey(nil)
			wantNoBytes(t, "ConversationKey(nil peer)", k)
			wantErr(t, "ConversationKey(nil peer)", err, invPub)
		},
		"signer.Signer.ECDH": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				k, err := s.ECDH(f.pub.BytesCompressed())
				wantNoBytes(t, "ECDH", k)
				wantErr(t, "ECDH", err, signer.ErrNoSecretKey)
			}
			k, err := signerFixture(t).ECDH(make([]byte, 32))
			wantNoBytes(t, "ECDH(x = 0)", k)
			wantErr(t, "ECDH(x = 0)", err, invPub)
		},
		"signer.Signer.ECDHRaw": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				k, err := s.ECDHRaw(f.pub.BytesCompressed())
				wantNoBytes(t, "ECDHRaw", k)
				wantErr(t, "ECDHRaw", err, signer.ErrNoSecretKey)
			}
			k, err := signerFixture(t).ECDHRaw(nil)
			wantNoBytes(t, "ECDHRaw(nil peer)", k)
			wantErr(t, "ECDHRaw(nil peer)", err, invPub)
		},
		"signer.Signer.Generate": func(t *testing.T) {
			var s *signer.Signer
			wantNilErr(t, "Generate(nil)", s.Generate(), signer.ErrNoSecretKey)
		},
		"signer.Signer.InitPub": func(t *testing.T) {
			var s *signer.Signer
			wantNilErr(t, "InitPub on nil", s.InitPub(f.xonly.Bytes()), signer.ErrNoPublicKey)
			var z signer.Signer
			wantErr(t, "InitPub(nil)", z.InitPub(nil), invPub)
			wantErr(t, "InitPub(zeros)", z.InitPub(make([]byte, 32)), invPub)
		},
		"signer.Signer.InitSec": func(t *testing.T) {
			var s *signer.Signer
			wantNilErr(t, "InitSec on nil", s.InitSec(f.priv.Bytes()), signer.ErrNoSecretKey)
			var z signer.Signer
			wantErr(t, "InitSec(nil)", z.InitSec(nil), invPriv)
			wantErr(t, "InitSec(zeros)", z.InitSec(make([]byte, 32)), invPriv)
		},
		"signer.Signer.Pub": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				wantNoBytes(t, "Pub", s.Pub())
			}
		},
		"signer.Signer.Sec": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				wantNoBytes(t, "Sec", s.Sec())
			}
		},
		"signer.Signer.Sign": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				sig, err := s.Sign(f.hash)
				wantNoBytes(t, "Sign", sig)
				wantErr(t, "Sign", err, signer.ErrNoSecretKey)
			}
		},
		"signer.Signer.SignEvent": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				_, sig, err := s.SignEvent(&signer.Event{})
				wantNoBytes(t, "SignEvent", sig)
				wantErr(t, "SignEvent", err, signer.ErrNoSecretKey)
			}
			_, sig, err := signerFixture(t).SignEvent(nil)
			wantNoBytes(t, "SignEvent(nil)", sig)
			wantNilErr(t, "SignEvent(nil)", err, signer.ErrInvalidEvent)
		},
		"signer.Signer.Verify": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				ok, err := s.Verify(f.hash, make([]byte, 64))
				wantFalse(t, "Verify", ok)
				wantErr(t, "Verify", err, signer.ErrNoPublicKey)
			}
		},
		"signer.Signer.Zero": func(t *testing.T) {
			for _, s := range []*signer.Signer{nil, new(signer.Signer)} {
				s.Zero()
			}
		},
	}
}

func signerFixture(t *testing.T) *signer.Signer {
	s, err := signer.New(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMisuse(t *testing.T) {
	f := newFixtures(t)
	for name, run := range fullMisuseTable(f) {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			run(t)
		})
	}
}

// TestMisuseTableComplete checks that the table has an entry for every
// exported function and method of the public packages, and no stale ones.
func TestMisuseTableComplete(t *testing.T) {
	var exported []string
	for _, dir := range misuseDirs {
		exported = append(exported, testutil.ExportedFuncs(t, dir)...)
	}
	table := fullMisuseTable(newFixtures(t))
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse case %s names no exported function", name)
		}
	}
}

// TestZeroKeyForgery reproduces the forgeries that a zero-value public key
// used to accept: its (0, 0) is not on the curve, the verification sum
// degenerated to Z = 0 without being flagged as infinity, and the x-check
// compared 0 with 0.
func TestZeroKeyForgery(t *testing.T) {
	pk := map[string]secp256k1.XOnlyPublicKey{}["x"]
	sig := make([]byte, 64)
	sig[63] = 1
	if schnorr.Verify(&pk, []byte("any message"), sig) {
		t.Error("schnorr: a forged signature verifies against a zero-value key")
	}
	r := make([]byte, 32)
	r[31] = 2
	s := make([]byte, 32)
	s[31] = 1
	es, err := ecdsa.NewSignature(r, s)
	if err != nil {
		t.Fatal(err)
	}
	var zero secp256k1.PublicKey
	if ecdsa.Verify(&zero, make([]byte, 32), es) {
		t.Error("ecdsa: a forged signature verifies against a zero-value key")
	}
}

// TestZeroKeyNeverSigns checks that the zero-value private key neither
// signs nor loops: with d = 0 and a hash ≡ 0 (mod n), s = k⁻¹(m + r·d) is
// always 0, which used to make the RFC 6979 retry loop spin forever.
func TestZeroKeyNeverSigns(t *testing.T) {
	var k secp256k1.PrivateKey
	for _, h := range [][]byte{make([]byte, 32), bytes.Repeat([]byte{1}, 32)} {
		if sig, err := ecdsa.Sign(&k, h); sig != nil || !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
			t.Errorf("ecdsa.Sign(zero key, %x) = %v, %v", h, sig, err)
		}
	}
}
