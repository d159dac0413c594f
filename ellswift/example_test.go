package ellswift_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
)

// Example is the key exchange of a BIP-324 handshake: each peer generates
// an ephemeral key, sends its 64-byte ElligatorSwift encoding, and derives
// the shared secret from its key and both encodings, the initiator (who
// opened the connection) and the responder each in their role.
func Example() {
	// The initiator.
	initKey, err := secp256k1.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	initEnc, err := ellswift.EncodeSecret(initKey, nil) // sent to the responder
	if err != nil {
		panic(err)
	}

	// The responder.
	respKey, err := secp256k1.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	respEnc, err := ellswift.EncodeSecret(respKey, nil) // sent to the initiator
	if err != nil {
		panic(err)
	}

	// Each side: its own key, its own encoding, the peer's encoding.
	initSecret, err := ellswift.XDH(initKey, initEnc, respEnc, ellswift.Initiator)
	if err != nil {
		panic(err)
	}
	respSecret, err := ellswift.XDH(respKey, respEnc, initEnc, ellswift.Responder)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(initEnc), len(initSecret), bytes.Equal(initSecret, respSecret))
	// Output: 64 32 true
}

// ExampleDecode decodes an encoding from the BIP-324 test vectors: u = 0
// and t = 0, which the map reads as u = 1 and t = 1.
func ExampleDecode() {
	pub, err := ellswift.Decode(make([]byte, 64))
	if err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(pub.BytesCompressed()))
	// Output: 02edd1fd3e327ce90cc7a3542614289aee9682003e9cf7dcc9cf2ca9743be5aa0c
}
