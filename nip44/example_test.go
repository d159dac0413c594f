package nip44_test

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/nip44"
)

// Alice encrypts a message for Bob, who decrypts it with the conversation
// key he derives from his secret and her public key.
func Example() {
	alice, _ := secp256k1.GenerateKey(nil)
	bob, _ := secp256k1.GenerateKey(nil)
	alicePub, _ := alice.PublicKey().XOnly() // nostr keys are x-only
	bobPub, _ := bob.PublicKey().XOnly()

	key, err := nip44.ConversationKey(alice, bobPub)
	if err != nil {
		panic(err)
	}
	payload, err := nip44.Encrypt(key, "hello, Bob")
	if err != nil {
		panic(err)
	}

	bobKey, _ := nip44.ConversationKey(bob, alicePub) // the same key
	text, err := nip44.Decrypt(bobKey, payload)
	fmt.Println(text, err)

	_, err = nip44.Decrypt(bobKey, payload[:len(payload)-8]+"AAAAAAAA") // a changed MAC
	fmt.Println(err)
	// Output:
	// hello, Bob <nil>
	// nip44: invalid MAC
}
