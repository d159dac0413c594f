package signer_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/signer"
)

type nip44File struct {
	V2 struct {
		Valid struct {
			GetConversationKey []struct {
				Sec1            string `json:"sec1"`
				Pub2            string `json:"pub2"`
				ConversationKey string `json:"conversation_key"`
			} `json:"get_conversation_key"`
		} `json:"valid"`
		Invalid struct {
			GetConversationKey []struct {
				Sec1 string `json:"sec1"`
				Pub2 string `json:"pub2"`
				Note string `json:"note"`
			} `json:"get_conversation_key"`
		} `json:"invalid"`
	} `json:"v2"`
}

// TestNIP44ConversationKey runs get_conversation_key of the NIP-44
// vectors (paulmillr/nip44 nip44.vectors.json, the file whose checksum
// NIP-44 publishes): 35 valid and 8 invalid cases.
func TestNIP44ConversationKey(t *testing.T) {
	var f nip44File
	testutil.LoadJSON(t, "testdata/nip44.vectors.json", &f)
	for i, c := range f.V2.Valid.GetConversationKey {
		var s signer.Signer
		if err := s.InitSec(testutil.MustHex(t, c.Sec1)); err != nil {
			t.Errorf("valid %d: InitSec: %v", i, err)
			continue
		}
		pub2 := testutil.MustHex(t, c.Pub2)
		got, err := s.ConversationKey(pub2)
		if err != nil || hex.EncodeToString(got) != c.ConversationKey {
			t.Errorf("valid %d: %x, %v; want %s", i, got, err, c.ConversationKey)
		}
		// The same from ECDHRaw + DeriveConversationKey, and against
		// crypto/hmac.
		raw, err := s.ECDHRaw(pub2)
		if err != nil {
			t.Fatal(err)
		}
		d, err := signer.DeriveConversationKey(raw)
		m := hmac.New(sha256.New, []byte("nip44-v2"))
		m.Write(raw)
		if err != nil || hex.EncodeToString(d) != c.ConversationKey || !hmac.Equal(m.Sum(nil), d) {
			t.Errorf("valid %d: DeriveConversationKey %x, %v", i, d, err)
		}
	}
	for i, c := range f.V2.Invalid.GetConversationKey {
		var s signer.Signer
		err := s.InitSec(testutil.MustHex(t, c.Sec1))
		if err == nil {
			var k []byte
			k, err = s.ConversationKey(testutil.MustHex(t, c.Pub2))
			if err != nil && !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
				t.Errorf("invalid %d (%s): unexpected error %v", i, c.Note, err)
			}
			if err == nil {
				t.Errorf("invalid %d (%s): accepted, key %x", i, c.Note, k)
			}
		} else if !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
			t.Errorf("invalid %d (%s): unexpected error %v", i, c.Note, err)
		}
	}
	nv, ni := len(f.V2.Valid.GetConversationKey), len(f.V2.Invalid.GetConversationKey)
	if nv != 35 || ni != 8 {
		t.Errorf("ran %d valid and %d invalid cases, want 35 and 8", nv, ni)
	}
	t.Logf("get_conversation_key: %d valid, %d invalid", nv, ni)
	if _, err := signer.DeriveConversationKey(make([]byte, 31)); !errors.Is(err, signer.ErrSharedSecretLength) {
		t.Errorf("31-byte secret: %v", err)
	}
}
