package nip44_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/nip44"
)

// The misuse table of package nip44: every exported function with nil,
// zero-value and wrong-length inputs. None may panic or return a value
// with an error. TestMisuseTableComplete fails when an exported function
// has no entry.

func misuseTable() map[string]func(t *testing.T) {
	key := make([]byte, 32)
	key[31] = 1
	badKeys := [][]byte{nil, {}, make([]byte, 31), make([]byte, 33)}
	return map[string]func(t *testing.T){
		"nip44.ConversationKey": func(t *testing.T) {
			priv, _ := secp256k1.NewPrivateKey(key)
			pub, _ := priv.PublicKey().XOnly()
			for _, p := range []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)} {
				if k, err := nip44.ConversationKey(p, pub); k != nil || !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
					t.Errorf("ConversationKey(bad priv) = %x, %v", k, err)
				}
			}
			for _, x := range []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)} {
				if k, err := nip44.ConversationKey(priv, x); k != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
					t.Errorf("ConversationKey(bad pub) = %x, %v", k, err)
				}
			}
			if k, err := nip44.ConversationKey(nil, nil); k != nil || err == nil {
				t.Errorf("ConversationKey(nil, nil) = %x, %v", k, err)
			}
		},
		"nip44.ExtractConversationKey": func(t *testing.T) {
			// Every 32-byte input is valid, the all-zero one included
			// (ECDH never yields it, but HKDF-extract is defined on it).
			var x, out [32]byte
			nip44.ExtractConversationKey(&out, &x)
			if out == x {
				t.Error("ExtractConversationKey(0) = 0")
			}
		},
		"nip44.PaddedLen": func(t *testing.T) {
			for _, n := range []int{0, -1, math.MinInt} {
				if p := nip44.PaddedLen(n); p != 0 {
					t.Errorf("PaddedLen(%d) = %d", n, p)
				}
			}
		},
		"nip44.Encrypt": func(t *testing.T) {
			for _, k := range badKeys {
				if p, err := nip44.Encrypt(k, "x"); p != "" || !errors.Is(err, nip44.ErrInvalidConversationKey) {
					t.Errorf("Encrypt(key of %d bytes) = %q, %v", len(k), p, err)
				}
			}
			if p, err := nip44.Encrypt(key, ""); p != "" || !errors.Is(err, nip44.ErrPlaintextSize) {
				t.Errorf("Encrypt(\"\") = %q, %v", p, err)
			}
		},
		"nip44.EncryptWithNonce": func(t *testing.T) {
			nonce := make([]byte, 32)
			for _, k := range badKeys {
				if p, err := nip44.EncryptWithNonce(k, "x", nonce); p != "" || !errors.Is(err, nip44.ErrInvalidConversationKey) {
					t.Errorf("EncryptWithNonce(key of %d bytes) = %q, %v", len(k), p, err)
				}
			}
			for _, n := range badKeys {
				if p, err := nip44.EncryptWithNonce(key, "x", n); p != "" || !errors.Is(err, nip44.ErrInvalidNonce) {
					t.Errorf("EncryptWithNonce(nonce of %d bytes) = %q, %v", len(n), p, err)
				}
			}
			if p, err := nip44.EncryptWithNonce(key, "", nonce); p != "" || !errors.Is(err, nip44.ErrPlaintextSize) {
				t.Errorf("EncryptWithNonce(\"\") = %q, %v", p, err)
			}
		},
		"nip44.Decrypt": func(t *testing.T) {
			good, err := nip44.Encrypt(key, "x")
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range badKeys {
				if p, err := nip44.Decrypt(k, good); p != "" || !errors.Is(err, nip44.ErrInvalidConversationKey) {
					t.Errorf("Decrypt(key of %d bytes) = %q, %v", len(k), p, err)
				}
			}
			if p, err := nip44.Decrypt(key, ""); p != "" || !errors.Is(err, nip44.ErrPayloadSize) {
				t.Errorf("Decrypt(\"\") = %q, %v", p, err)
			}
			if p, err := nip44.Decrypt(make([]byte, 32), good); p != "" || !errors.Is(err, nip44.ErrInvalidMAC) {
				t.Errorf("Decrypt with the zero key = %q, %v", p, err)
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	for name, f := range misuseTable() {
		t.Run(name, f)
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable()
	funcs := testutil.ExportedFuncs(t, ".")
	for _, name := range funcs {
		if _, ok := table[name]; !ok {
			t.Errorf("%s has no misuse entry", name)
		}
	}
	for name := range table {
		if !slices.Contains(funcs, name) {
			t.Errorf("misuse entry %s names no exported function", name)
		}
	}
}
