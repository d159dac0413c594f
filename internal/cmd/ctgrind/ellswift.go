package main

import (
	"bytes"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

func init() {
	register("ellswift: EncodeSecret, EncodeSecretWithAux, XDH (both roles), XSwiftEC, XSwiftECInv", func() {
		for i, k := range keys {
			runEllSwift(i, mustHex(k))
		}
	})
}

// runEllSwift checks package ellswift on secret inputs: the encoding of
// one's own key (EncodeSecret, EncodeSecretWithAux with secret auxiliary
// randomness), the BIP-324 shared secret in both roles, and the x-only map
// and its inverse on secret u, t, x and case. Only whether an operation
// succeeded is declassified. The results are checked against each other
// once revealed: the encoding decodes to the key's public key, and both
// roles of the exchange agree.
func runEllSwift(i int, keyBytes []byte) {
	kb := bytes.Clone(keyBytes)
	secret(kb)
	priv, err := secp256k1.NewPrivateKey(kb)
	publicErr(&err)
	if err != nil {
		fail("ellswift %d: NewPrivateKey: %v", i, err)
		return
	}
	aux := bytes.Repeat([]byte{byte(0x31 + i)}, 32)
	secret(aux)
	enc, err := ellswift.EncodeSecretWithAux(priv, aux)
	publicErr(&err)
	if err != nil {
		fail("ellswift %d: EncodeSecretWithAux: %v", i, err)
		return
	}
	encNil, err := ellswift.EncodeSecretWithAux(priv, nil)
	publicErr(&err)
	if err != nil {
		fail("ellswift %d: EncodeSecretWithAux(nil aux): %v", i, err)
		return
	}
	auxReader := bytes.Clone(aux)
	secret(auxReader)
	enc2, err := ellswift.EncodeSecret(priv, bytes.NewReader(auxReader))
	publicErr(&err)
	if err != nil {
		fail("ellswift %d: EncodeSecret: %v", i, err)
		return
	}
	// The encodings are sent to the peer: public from here on.
	public(enc)
	public(encNil)
	public(enc2)
	if !bytes.Equal(enc, enc2) {
		fail("ellswift %d: EncodeSecret and EncodeSecretWithAux differ for the same randomness", i)
	}
	pubBytes := priv.PublicKey().BytesCompressed()
	public(pubBytes)
	for _, e := range [][]byte{enc, encNil} {
		dec, err := ellswift.Decode(e)
		if err != nil || !bytes.Equal(dec.BytesCompressed(), pubBytes) {
			fail("ellswift %d: the encoding does not decode to the key's public key (%v)", i, err)
		}
	}

	// The exchange with a fixed peer, in both roles; the peer computes the
	// same secret from its side.
	peer := mustKey(remoteKey)
	peerEnc, err := ellswift.EncodeSecretWithAux(peer, nil)
	if err != nil {
		fail("ellswift %d: peer encoding: %v", i, err)
		return
	}
	public(peerEnc)
	for _, role := range []ellswift.Role{ellswift.Initiator, ellswift.Responder} {
		s, err := ellswift.XDH(priv, enc, peerEnc, role)
		publicErr(&err)
		if err != nil {
			fail("ellswift %d: XDH: %v", i, err)
			continue
		}
		other := ellswift.Responder
		if role == ellswift.Responder {
			other = ellswift.Initiator
		}
		want, err := ellswift.XDH(peer, peerEnc, enc, other)
		if err != nil {
			fail("ellswift %d: peer XDH: %v", i, err)
			continue
		}
		public(want)
		if !bytes.Equal(reveal("ellswift XDH secret", s), want) {
			fail("ellswift %d: XDH: the two roles disagree", i)
		}
	}

	// The map and its inverse on secret inputs.
	u := bytes.Repeat([]byte{byte(0x11 * (i + 1))}, 32)
	t := bytes.Repeat([]byte{byte(0x23 * (i + 1))}, 32)
	secret(u)
	secret(t)
	x, err := ellswift.XSwiftEC(u, t)
	publicErr(&err)
	if err != nil {
		fail("ellswift %d: XSwiftEC: %v", i, err)
		return
	}
	stillSecret("ellswift XSwiftEC output", x)
	found := 0
	for c := range 8 {
		cs := c
		ctcheck.Secret(&cs)
		tt, err := ellswift.XSwiftECInv(x, u, cs)
		publicErr(&err)
		if err != nil {
			continue
		}
		found++
		back, err := ellswift.XSwiftEC(u, tt)
		publicErr(&err)
		if err != nil || !bytes.Equal(reveal("ellswift XSwiftEC(u, XSwiftECInv(x, u, c))", back), reveal("ellswift x", bytes.Clone(x))) {
			fail("ellswift %d: XSwiftECInv case %d does not map back to x", i, c)
		}
	}
	if found == 0 {
		fail("ellswift %d: XSwiftEC's own output has no preimage under any case", i)
	}
}
