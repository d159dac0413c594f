package nip44_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/nip44"
)

// The NIP-44 vector file (paulmillr/nip44, the checksum NIP-44 publishes)
// and the extended-prefix vectors of the current NIP-44 text; every case
// of both is run and the counts are asserted (testdata/README.md).

type vectorFile struct {
	V2 struct {
		Valid struct {
			GetConversationKey []struct {
				Sec1            string `json:"sec1"`
				Pub2            string `json:"pub2"`
				ConversationKey string `json:"conversation_key"`
			} `json:"get_conversation_key"`
			GetMessageKeys struct {
				ConversationKey string `json:"conversation_key"`
				Keys            []struct {
					Nonce       string `json:"nonce"`
					ChachaKey   string `json:"chacha_key"`
					ChachaNonce string `json:"chacha_nonce"`
					HmacKey     string `json:"hmac_key"`
				} `json:"keys"`
			} `json:"get_message_keys"`
			CalcPaddedLen  [][2]int `json:"calc_padded_len"`
			EncryptDecrypt []struct {
				Sec1            string `json:"sec1"`
				Sec2            string `json:"sec2"`
				ConversationKey string `json:"conversation_key"`
				Nonce           string `json:"nonce"`
				Plaintext       string `json:"plaintext"`
				Payload         string `json:"payload"`
			} `json:"encrypt_decrypt"`
			EncryptDecryptLongMsg []struct {
				ConversationKey string `json:"conversation_key"`
				Nonce           string `json:"nonce"`
				Pattern         string `json:"pattern"`
				Repeat          int    `json:"repeat"`
				PlaintextSHA256 string `json:"plaintext_sha256"`
				PayloadSHA256   string `json:"payload_sha256"`
			} `json:"encrypt_decrypt_long_msg"`
		} `json:"valid"`
		Invalid struct {
			EncryptMsgLengths  []int `json:"encrypt_msg_lengths"`
			GetConversationKey []struct {
				Sec1, Pub2, Note string
			} `json:"get_conversation_key"`
			Decrypt []struct {
				ConversationKey string `json:"conversation_key"`
				Nonce           string `json:"nonce"`
				Plaintext       string `json:"plaintext"`
				Payload         string `json:"payload"`
				Note            string `json:"note"`
			} `json:"decrypt"`
		} `json:"invalid"`
	} `json:"v2"`
}

func loadVectors(t *testing.T) *vectorFile {
	var v vectorFile
	testutil.LoadJSON(t, "testdata/nip44.vectors.json", &v)
	return &v
}

func key32(t *testing.T, s string) []byte {
	t.Helper()
	b := testutil.MustHex(t, s)
	if len(b) != 32 {
		t.Fatalf("%q is not 32 bytes", s)
	}
	return b
}

func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func TestVectorsConversationKey(t *testing.T) {
	v := loadVectors(t)
	valid, invalid := v.V2.Valid.GetConversationKey, v.V2.Invalid.GetConversationKey
	if len(valid) != 35 || len(invalid) != 8 {
		t.Fatalf("%d valid, %d invalid conversation-key cases; the file has 35 and 8", len(valid), len(invalid))
	}
	for i, c := range valid {
		priv, err := secp256k1.NewPrivateKey(testutil.MustHex(t, c.Sec1))
		if err != nil {
			t.Fatalf("valid %d: sec1: %v", i, err)
		}
		pub, err := secp256k1.NewXOnlyPublicKey(testutil.MustHex(t, c.Pub2))
		if err != nil {
			t.Fatalf("valid %d: pub2: %v", i, err)
		}
		got, err := nip44.ConversationKey(priv, pub)
		if err != nil || hex.EncodeToString(got) != c.ConversationKey {
			t.Errorf("valid %d: ConversationKey = %x, %v; want %s", i, got, err, c.ConversationKey)
		}
	}
	for i, c := range invalid {
		// Each must fail: the secret key (0 or >= n) when parsed, or the
		// public key (not on the curve, including the points of small
		// order on the twist) when parsed or used.
		priv, errPriv := secp256k1.NewPrivateKey(testutil.MustHex(t, c.Sec1))
		pub, errPub := secp256k1.NewXOnlyPublicKey(testutil.MustHex(t, c.Pub2))
		if errPriv == nil && errPub == nil {
			if k, err := nip44.ConversationKey(priv, pub); err == nil {
				t.Errorf("invalid %d (%s): ConversationKey = %x", i, c.Note, k)
			}
			continue
		}
		if errPriv != nil && !errors.Is(errPriv, secp256k1.ErrInvalidPrivateKey) ||
			errPub != nil && !errors.Is(errPub, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("invalid %d (%s): %v, %v", i, c.Note, errPriv, errPub)
		}
		// The unparsed keys go through ConversationKey as nil: still an
		// error, no key.
		if k, err := nip44.ConversationKey(priv, pub); err == nil || k != nil {
			t.Errorf("invalid %d (%s): ConversationKey of the rejected keys = %x, %v", i, c.Note, k, err)
		}
	}
}

func TestVectorsMessageKeys(t *testing.T) {
	mk := loadVectors(t).V2.Valid.GetMessageKeys
	if len(mk.Keys) != 32 {
		t.Fatalf("%d message-key cases; the file has 32", len(mk.Keys))
	}
	ck := (*[32]byte)(key32(t, mk.ConversationKey))
	for i, c := range mk.Keys {
		k, n, h := nip44.MessageKeys(ck, (*[32]byte)(key32(t, c.Nonce)))
		if hex.EncodeToString(k[:]) != c.ChachaKey || hex.EncodeToString(n[:]) != c.ChachaNonce || hex.EncodeToString(h[:]) != c.HmacKey {
			t.Errorf("case %d: %x %x %x; want %s %s %s", i, k, n, h, c.ChachaKey, c.ChachaNonce, c.HmacKey)
		}
	}
}

func TestVectorsPaddedLen(t *testing.T) {
	cases := loadVectors(t).V2.Valid.CalcPaddedLen
	if len(cases) != 24 {
		t.Fatalf("%d calc_padded_len cases; the file has 24", len(cases))
	}
	for _, c := range cases {
		if got := nip44.PaddedLen(c[0]); got != c[1] {
			t.Errorf("PaddedLen(%d) = %d, want %d", c[0], got, c[1])
		}
	}
}

func TestVectorsEncryptDecrypt(t *testing.T) {
	cases := loadVectors(t).V2.Valid.EncryptDecrypt
	if len(cases) != 10 {
		t.Fatalf("%d encrypt_decrypt cases; the file has 10", len(cases))
	}
	for i, c := range cases {
		// The conversation key from both sides.
		priv1, err1 := secp256k1.NewPrivateKey(testutil.MustHex(t, c.Sec1))
		priv2, err2 := secp256k1.NewPrivateKey(testutil.MustHex(t, c.Sec2))
		if err1 != nil || err2 != nil {
			t.Fatalf("case %d: keys: %v %v", i, err1, err2)
		}
		x1, _ := priv1.PublicKey().XOnly()
		x2, _ := priv2.PublicKey().XOnly()
		k12, err1 := nip44.ConversationKey(priv1, x2)
		k21, err2 := nip44.ConversationKey(priv2, x1)
		if err1 != nil || err2 != nil || hex.EncodeToString(k12) != c.ConversationKey || hex.EncodeToString(k21) != c.ConversationKey {
			t.Errorf("case %d: conversation keys %x, %x (%v, %v), want %s", i, k12, k21, err1, err2, c.ConversationKey)
			continue
		}
		payload, err := nip44.EncryptWithNonce(k12, c.Plaintext, testutil.MustHex(t, c.Nonce))
		if err != nil || payload != c.Payload {
			t.Errorf("case %d: EncryptWithNonce = %q, %v; want %q", i, payload, err, c.Payload)
		}
		got, err := nip44.Decrypt(k21, c.Payload)
		if err != nil || got != c.Plaintext {
			t.Errorf("case %d: Decrypt = %q, %v; want %q", i, got, err, c.Plaintext)
		}
	}
}

func TestVectorsLongMessages(t *testing.T) {
	cases := loadVectors(t).V2.Valid.EncryptDecryptLongMsg
	if len(cases) != 3 {
		t.Fatalf("%d encrypt_decrypt_long_msg cases; the file has 3", len(cases))
	}
	for i, c := range cases {
		plaintext := strings.Repeat(c.Pattern, c.Repeat)
		if sha256Hex(plaintext) != c.PlaintextSHA256 {
			t.Fatalf("case %d: the plaintext's SHA-256 differs from the file's", i)
		}
		key := key32(t, c.ConversationKey)
		payload, err := nip44.EncryptWithNonce(key, plaintext, testutil.MustHex(t, c.Nonce))
		if err != nil || sha256Hex(payload) != c.PayloadSHA256 {
			t.Errorf("case %d: payload SHA-256 %s (%v), want %s", i, sha256Hex(payload), err, c.PayloadSHA256)
		}
		if got, err := nip44.Decrypt(key, payload); err != nil || got != plaintext {
			t.Errorf("case %d: Decrypt: %v (equal: %v)", i, err, got == plaintext)
		}
	}
}

// decryptNotes maps every note of the invalid decrypt cases to the error
// Decrypt must return; a note without an entry fails the test.
var decryptNotes = map[string]error{
	"unknown encryption version":   nip44.ErrUnknownVersion,
	"unknown encryption version 0": nip44.ErrUnknownVersion,
	"invalid base64":               nip44.ErrInvalidBase64,
	"invalid MAC":                  nip44.ErrInvalidMAC,
	"invalid padding":              nip44.ErrInvalidPadding,
	"invalid payload length: 0":    nip44.ErrPayloadSize,
	"invalid payload length: 4":    nip44.ErrPayloadSize,
	"invalid payload length: 48":   nip44.ErrPayloadSize,
	"invalid payload length: 92":   nip44.ErrPayloadSize,
}

func TestVectorsInvalidDecrypt(t *testing.T) {
	cases := loadVectors(t).V2.Invalid.Decrypt
	if len(cases) != 12 {
		t.Fatalf("%d invalid decrypt cases; the file has 12", len(cases))
	}
	for i, c := range cases {
		want, ok := decryptNotes[c.Note]
		if !ok {
			t.Errorf("case %d: note %q has no expected error", i, c.Note)
			continue
		}
		got, err := nip44.Decrypt(key32(t, c.ConversationKey), c.Payload)
		if got != "" || !errors.Is(err, want) {
			t.Errorf("case %d (%s): Decrypt = %q, %v; want %v", i, c.Note, got, err, want)
		}
	}
}

// TestVectorsMessageLengths: the file's invalid encrypt_msg_lengths are
// 0, 65536, 100000 and 10000000, from the NIP-44 text before the extended
// length prefix; the current text rejects only 0 and encrypts the others
// with the 6-byte prefix, as this package does. Each of them is checked
// here: 0 must fail, the others must round-trip with the extended prefix.
func TestVectorsMessageLengths(t *testing.T) {
	lengths := loadVectors(t).V2.Invalid.EncryptMsgLengths
	if len(lengths) != 4 {
		t.Fatalf("%d encrypt_msg_lengths; the file has 4", len(lengths))
	}
	key := make([]byte, 32)
	key[0] = 1
	for _, n := range lengths {
		if n >= 1e6 && testing.Short() {
			continue
		}
		p, err := nip44.Encrypt(key, strings.Repeat("x", n))
		if n == 0 {
			if p != "" || !errors.Is(err, nip44.ErrPlaintextSize) {
				t.Errorf("length 0: Encrypt = %q, %v", p, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("length %d: %v", n, err)
			continue
		}
		back, err := nip44.Decrypt(key, p)
		if err != nil || len(back) != n {
			t.Errorf("length %d: Decrypt: %d bytes, %v", n, len(back), err)
		}
	}
}

type extendedFile struct {
	ConversationKey string `json:"conversation_key"`
	Nonce           string `json:"nonce"`
	Vectors         []struct {
		PlaintextLen    int    `json:"plaintext_len"`
		Prefix          string `json:"prefix"`
		PaddedLen       int    `json:"padded_len"`
		PlaintextSHA256 string `json:"plaintext_sha256"`
		PayloadSHA256   string `json:"payload_sha256"`
	} `json:"vectors"`
}

func TestVectorsExtendedPrefix(t *testing.T) {
	var f extendedFile
	testutil.LoadJSON(t, "testdata/nip44_extended_prefix_vectors.json", &f)
	if len(f.Vectors) != 3 {
		t.Fatalf("%d extended-prefix vectors; the file has 3", len(f.Vectors))
	}
	key, nonce := key32(t, f.ConversationKey), key32(t, f.Nonce)
	for _, c := range f.Vectors {
		plaintext := strings.Repeat("a", c.PlaintextLen)
		if sha256Hex(plaintext) != c.PlaintextSHA256 {
			t.Fatalf("length %d: the plaintext's SHA-256 differs from the file's", c.PlaintextLen)
		}
		if got := nip44.PaddedLen(c.PlaintextLen); got != c.PaddedLen {
			t.Errorf("PaddedLen(%d) = %d, want %d", c.PlaintextLen, got, c.PaddedLen)
		}
		payload, err := nip44.EncryptWithNonce(key, plaintext, nonce)
		if err != nil || sha256Hex(payload) != c.PayloadSHA256 {
			t.Errorf("length %d (%s): payload SHA-256 %s (%v), want %s", c.PlaintextLen, c.Prefix, sha256Hex(payload), err, c.PayloadSHA256)
		}
		// The decoded payload is version, nonce, prefix, padded plaintext
		// and MAC.
		prefix := 2
		if strings.HasPrefix(c.Prefix, "extended") {
			prefix = 6
		}
		if want := (1 + 32 + prefix + c.PaddedLen + 32 + 2) / 3 * 4; len(payload) != want {
			t.Errorf("length %d: payload of %d characters, want %d", c.PlaintextLen, len(payload), want)
		}
		if got, err := nip44.Decrypt(key, payload); err != nil || got != plaintext {
			t.Errorf("length %d: Decrypt: %v", c.PlaintextLen, err)
		}
	}
}
