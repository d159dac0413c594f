package signer_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1/signer"
)

// A nostr key pair: the zero value is ready, sign and verify.
func Example() {
	sec, _ := hex.DecodeString("b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef")
	var s signer.Signer
	if err := s.InitSec(sec); err != nil {
		panic(err)
	}
	defer s.Zero()
	fmt.Printf("pubkey: %x\n", s.Pub())

	msg := make([]byte, 32) // an event id
	sig, _ := s.Sign(msg)   // fresh aux randomness: different every time
	ok, _ := s.Verify(msg, sig)
	fmt.Println("valid:", ok)

	var v signer.Signer // verification only
	v.InitPub(s.Pub())
	ok, _ = v.Verify(msg, sig)
	fmt.Println("valid for a verify-only signer:", ok)
	// Output:
	// pubkey: dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659
	// valid: true
	// valid for a verify-only signer: true
}

// The NIP-44 v2 conversation key, from the first get_conversation_key
// vector of NIP-44; both sides derive the same key.
func ExampleSigner_ConversationKey() {
	sec, _ := hex.DecodeString("315e59ff51cb9209768cf7da80791ddcaae56ac9775eb25b6dee1234bc5d2268")
	peer, _ := hex.DecodeString("c2f9d9948dc8c7c38321e4b85c8558872eafa0641cd269db76848a6073e69133")
	var s signer.Signer
	s.InitSec(sec)
	key, _ := s.ConversationKey(peer)
	fmt.Printf("%x\n", key)

	raw, _ := s.ECDHRaw(peer) // NIP-04 uses this shared x directly
	key2, _ := signer.DeriveConversationKey(raw)
	fmt.Printf("%x\n", key2)
	// Output:
	// 3dfef0ce2a4d80a25e7a328accf73448ef67096f65f79588e358d9a0eb9013f1
	// 3dfef0ce2a4d80a25e7a328accf73448ef67096f65f79588e358d9a0eb9013f1
}

// A NIP-01 event id: sha256 of [0,pubkey,created_at,kind,tags,content].
// This is the event of NIP-13's example.
func ExampleEvent_ID() {
	pub, _ := hex.DecodeString("a48380f4cfcc1ad5378294fcac36439770f9c878dd880ffa94bb74ea54a6f243")
	ev := signer.Event{
		CreatedAt: 1651794653,
		Kind:      1,
		Tags:      [][]string{{"nonce", "776797", "20"}},
		Content:   "It's just me mining my own business",
	}
	copy(ev.PubKey[:], pub)
	fmt.Printf("%s\n", ev.Serialize())
	id := ev.ID()
	fmt.Printf("%x\n", id)
	// Output:
	// [0,"a48380f4cfcc1ad5378294fcac36439770f9c878dd880ffa94bb74ea54a6f243",1651794653,1,[["nonce","776797","20"]],"It's just me mining my own business"]
	// 000006d8c378af1779d2feebc7603a125d99eca0ccf1085959b307f64e5dd358
}

// Vanity grinding: draw keys until the x-only public key starts as wanted,
// then make the secret the even-y one.
func ExampleKeyGen() {
	var g signer.KeyGen
	defer g.Zero()
	for {
		pub, err := g.Generate() // 33 bytes: 02|03 ‖ x
		if err != nil {
			panic(err)
		}
		if pub[1]>>4 == 0xa { // the npub's hex starts with "a"
			if pub[0] == 0x03 {
				g.Negate() // same x, even y
			}
			break
		}
	}
	sec, pub := g.KeyPairBytes() // 32 bytes each: the secret and the x-only key
	var s signer.Signer
	s.InitSec(sec)
	clear(sec)
	fmt.Println(bytes.Equal(s.Pub(), pub), hex.EncodeToString(pub)[0] == 'a')
	// Output:
	// true true
}
