package bip39_test

import (
	"errors"
	"io"
	"testing"

	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package bip39: every exported function and method
// called with empty, nil and broken inputs. None may panic, and none may
// return a value with an error or a value for invalid input.
// TestMisuseTableComplete fails when an exported function has no entry.

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

func misuseTable() map[string]func(t *testing.T) {
	wantEmpty := func(t *testing.T, what, s string, err, sentinel error) {
		t.Helper()
		if s != "" || !errors.Is(err, sentinel) {
			t.Errorf("%s = %q, %v; want \"\" and %v", what, s, err, sentinel)
		}
	}
	wantNil := func(t *testing.T, what string, b []byte, err, sentinel error) {
		t.Helper()
		if b != nil || !errors.Is(err, sentinel) {
			t.Errorf("%s = %x, %v; want nil and %v", what, b, err, sentinel)
		}
	}
	return map[string]func(t *testing.T){
		"bip39.NewMnemonic": func(t *testing.T) {
			for _, r := range []io.Reader{nil, errReader{}} {
				for _, bits := range []int{-1, 0, 1, 100} {
					m, err := bip39.NewMnemonic(bits, r)
					wantEmpty(t, "NewMnemonic(bad size)", m, err, bip39.ErrEntropyLength)
				}
			}
			m, err := bip39.NewMnemonic(128, errReader{})
			wantEmpty(t, "NewMnemonic(broken reader)", m, err, io.ErrUnexpectedEOF)
		},
		"bip39.EntropyToMnemonic": func(t *testing.T) {
			for _, e := range [][]byte{nil, {}, {0}, make([]byte, 33)} {
				m, err := bip39.EntropyToMnemonic(e)
				wantEmpty(t, "EntropyToMnemonic", m, err, bip39.ErrEntropyLength)
			}
		},
		"bip39.MnemonicToEntropy": func(t *testing.T) {
			for _, m := range []string{"", " ", "\x00", "abandon"} {
				e, err := bip39.MnemonicToEntropy(m)
				wantNil(t, "MnemonicToEntropy", e, err, bip39.ErrInvalidMnemonic)
			}
		},
		"bip39.IsValid": func(t *testing.T) {
			for _, m := range []string{"", " ", "\x00", "abandon"} {
				if bip39.IsValid(m) {
					t.Errorf("IsValid(%q) = true", m)
				}
			}
		},
		"bip39.Seed": func(t *testing.T) {
			for _, m := range []string{"", " ", "abandon"} {
				s, err := bip39.Seed(m, "")
				wantNil(t, "Seed", s, err, bip39.ErrInvalidMnemonic)
			}
			s, err := bip39.Seed(vector1, "\xff")
			wantNil(t, "Seed(non-ASCII)", s, err, bip39.ErrNonASCIIPassphrase)
		},
		"bip39.SeedFromNormalized": func(t *testing.T) {
			for _, m := range []string{"", " ", "abandon"} {
				s, err := bip39.SeedFromNormalized(m, "")
				wantNil(t, "SeedFromNormalized", s, err, bip39.ErrInvalidMnemonic)
			}
			s, err := bip39.SeedFromNormalized(vector1, "\xff")
			wantNil(t, "SeedFromNormalized(invalid UTF-8)", s, err, bip39.ErrInvalidPassphrase)
		},
		"bip39.UnknownWordError.Error": func(t *testing.T) {
			var nilErr *bip39.UnknownWordError
			if nilErr.Error() == "" || new(bip39.UnknownWordError).Error() == "" {
				t.Error("empty message")
			}
		},
		"bip39.UnknownWordError.Is": func(t *testing.T) {
			var nilErr *bip39.UnknownWordError
			for _, e := range []*bip39.UnknownWordError{nilErr, new(bip39.UnknownWordError)} {
				if !e.Is(bip39.ErrUnknownWord) || !e.Is(bip39.ErrInvalidMnemonic) || e.Is(bip39.ErrChecksum) || e.Is(nil) {
					t.Errorf("%#v.Is: wrong answers", e)
				}
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	testutil.RunMisuse(t, misuseTable())
}

func TestMisuseTableComplete(t *testing.T) {
	testutil.CheckMisuseTable(t, misuseTable(), ".")
}
