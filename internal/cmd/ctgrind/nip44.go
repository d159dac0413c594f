package main

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/nip44"
)

func init() {
	register("nip44: ConversationKey, ExtractConversationKey, EncryptWithNonce, Encrypt, Decrypt (valid, wrong MAC)", func() {
		for i, k := range keys {
			runNIP44(i, mustHex(k))
		}
	})
}

// runNIP44 checks package nip44 on secret inputs: the conversation key of
// a secret key and a public peer key (ECDH and HKDF-extract), HKDF-expand
// of the message keys, ChaCha20 and HMAC-SHA256 under a secret
// conversation key and a secret plaintext (a short one and one long enough
// for the extended length prefix), and decryption of the payload and of a
// payload with a changed MAC. The library declassifies only the payload,
// whether the MAC matched and the plaintext length; the conversation key
// and the decrypted plaintext must stay secret. Results are compared with
// the same operations on unmarked inputs.
//
// The garbage collector is off while it runs: the 64 KiB plaintexts
// would otherwise start GC assists whose scan of this goroutine's stack
// memcheck reports as reads of uninitialised stack slots (the runtime's,
// not the library's).
func runNIP44(i int, keyBytes []byte) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	peer, _ := mustKey(remoteKey).PublicKey().XOnly()
	wantKey, err := nip44.ConversationKey(mustKey(fmt.Sprintf("%x", keyBytes)), peer)
	if err != nil {
		fail("nip44 %d: ConversationKey on unmarked inputs: %v", i, err)
		return
	}
	reference(wantKey)

	kb := bytes.Clone(keyBytes)
	secret(kb)
	priv, err := secp256k1.NewPrivateKey(kb)
	publicErr(&err)
	if err != nil {
		fail("nip44 %d: NewPrivateKey: %v", i, err)
		return
	}
	key, err := nip44.ConversationKey(priv, peer)
	publicErr(&err)
	if err != nil {
		fail("nip44 %d: ConversationKey: %v", i, err)
		return
	}
	stillSecret("nip44 conversation key", key)

	// HKDF-extract on a secret shared x.
	var x, ck [32]byte
	copy(x[:], keyBytes)
	secret(x[:])
	nip44.ExtractConversationKey(&ck, &x)
	stillSecret("nip44 ExtractConversationKey", ck[:])

	nonce := bytes.Repeat([]byte{byte(0x50 + i)}, 32)
	for _, n := range []int{1, 2 + 37*i, 65536 + i} {
		msg := strings.Repeat("abcd"[i:i+1], n) // static data, not a stack buffer
		in := msg
		if n > 1 {
			// A secret 1-byte string cannot be made here: the runtime
			// turns it into a pointer into its table of small strings,
			// indexed by the secret byte. The 1-byte case runs on a
			// public plaintext; its decryption is still checked.
			in = secretString(msg)
		}
		want, err := nip44.EncryptWithNonce(wantKey, msg, nonce)
		if err != nil {
			fail("nip44 %d: EncryptWithNonce on unmarked inputs: %v", i, err)
			return
		}
		payload, err := nip44.EncryptWithNonce(key, in, nonce)
		publicErr(&err)
		if err != nil || payload != want {
			fail("nip44 %d, %d bytes: EncryptWithNonce differs on secret inputs (%v)", i, n, err)
			return
		}
		back, err := nip44.Decrypt(key, payload)
		publicErr(&err)
		if err != nil {
			fail("nip44 %d, %d bytes: Decrypt: %v", i, n, err)
			return
		}
		// A heap copy (a short []byte(back) would live in a stack buffer
		// whose unused bytes memcheck sees compared).
		b := make([]byte, len(back))
		copy(b, back)
		if string(reveal("nip44 plaintext", b)) != msg {
			fail("nip44 %d, %d bytes: Decrypt does not give the plaintext back", i, n)
		}
		// A changed MAC: rejected, with nothing secret branched on.
		bad := payload[:len(payload)-8] + "AAAAAAAA"
		if bad == payload {
			bad = payload[:len(payload)-8] + "BBBBBBBB"
		}
		got, err := nip44.Decrypt(key, bad)
		publicErr(&err)
		if got != "" || !errors.Is(err, nip44.ErrInvalidMAC) {
			fail("nip44 %d, %d bytes: Decrypt of a changed MAC: %v", i, n, err)
		}
	}
	// Encrypt (random nonce) round trip.
	payload, err := nip44.Encrypt(key, secretString("random nonce"))
	publicErr(&err)
	if err != nil {
		fail("nip44 %d: Encrypt: %v", i, err)
		return
	}
	back, err := nip44.Decrypt(wantKey, payload)
	if err != nil || back != "random nonce" {
		fail("nip44 %d: Encrypt's payload does not decrypt (%v)", i, err)
	}
	stillSecret("nip44 conversation key after use", key)
}
