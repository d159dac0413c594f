package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/testutil"
)

var addressTypes = []ecdsa.AddressType{
	ecdsa.AddressP2PKHUncompressed, ecdsa.AddressP2PKH, ecdsa.AddressP2SHP2WPKH, ecdsa.AddressP2WPKH,
}

// TestSignedMessageHashVarint checks the length prefixes at the
// CompactSize boundaries against a direct construction.
func TestSignedMessageHashVarint(t *testing.T) {
	for _, n := range []int{0, 1, 252, 253, 254, 0xffff, 0x10000} {
		msg := bytes.Repeat([]byte{'a'}, n)
		var pre []byte
		switch {
		case n < 253:
			pre = []byte{byte(n)}
		case n <= 0xffff:
			pre = []byte{0xfd, byte(n), byte(n >> 8)}
		default:
			pre = binary.LittleEndian.AppendUint32([]byte{0xfe}, uint32(n))
		}
		data := append([]byte("\x18Bitcoin Signed Message:\n"), pre...)
		first := sha256.Sum256(append(data, msg...))
		want := sha256.Sum256(first[:])
		if got := ecdsa.BitcoinMessageHash(msg); got != want {
			t.Errorf("%d-byte message: %x, want %x", n, got, want)
		}
	}
	// A prefix of 253 bytes takes the 3-byte form too.
	long := strings.Repeat("p", 253)
	first := sha256.Sum256(append([]byte("\xfd\xfd\x00"+long), 0))
	if got, want := ecdsa.SignedMessageHash(long, nil), sha256.Sum256(first[:]); got != want {
		t.Errorf("253-byte prefix: %x, want %x", got, want)
	}
}

// TestBIP137EveryHeader signs with random keys for every address type and
// checks the 16 headers: each maps to its recovery id and type, recovers
// the key, verifies against the key and against its type's HASH160, and
// nothing else verifies.
func TestBIP137EveryHeader(t *testing.T) {
	rng := testutil.Rand(t)
	seen := map[byte]bool{}
	iters := 60
	if testing.Short() {
		iters = 8
	}
	for i := range iters {
		var kb [32]byte
		fillRand(rng, kb[:])
		priv, err := secp256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		other, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{byte(i + 1)}, 32))
		msg := []byte("message " + string(rune('A'+i%26)))
		h := ecdsa.BitcoinMessageHash(msg)
		want, recID, err := ecdsa.SignRecoverable(priv, h[:])
		if err != nil {
			t.Fatal(err)
		}
		for _, typ := range addressTypes {
			b, err := ecdsa.SignMessage(priv, msg, typ)
			if err != nil {
				t.Fatal(err)
			}
			header := 27 + 4*(byte(typ)-1) + recID
			if len(b) != 65 || b[0] != header || !bytes.Equal(b[1:], want.BytesCompact()) {
				t.Fatalf("%v: %x, want header %d ‖ %x", typ, b, header, want.BytesCompact())
			}
			seen[header] = true
			sig, id, gotType, err := ecdsa.ParseBIP137Signature(b)
			if err != nil || id != recID || gotType != typ || !sig.Equal(want) {
				t.Fatalf("ParseBIP137Signature(%x) = %d, %v, %v", b, id, gotType, err)
			}
			pub, gotType, err := ecdsa.RecoverMessage(msg, b)
			if err != nil || gotType != typ || !pub.Equal(priv.PublicKey()) {
				t.Fatalf("RecoverMessage: %v, %v", gotType, err)
			}
			if gotType, ok := ecdsa.VerifyMessage(priv.PublicKey(), msg, b); !ok || gotType != typ {
				t.Errorf("VerifyMessage: %v, %v", gotType, ok)
			}
			if _, ok := ecdsa.VerifyMessage(other.PublicKey(), msg, b); ok {
				t.Error("VerifyMessage accepts another key")
			}
			if _, ok := ecdsa.VerifyMessage(priv.PublicKey(), append(msg, '!'), b); ok {
				t.Error("VerifyMessage accepts another message")
			}
			for _, addrType := range addressTypes {
				h160, err := addrType.Hash160(priv.PublicKey())
				if err != nil {
					t.Fatal(err)
				}
				// P2PKH and P2WPKH of a compressed key share their hash.
				same := addrType == typ ||
					(addrType == ecdsa.AddressP2PKH && typ == ecdsa.AddressP2WPKH) ||
					(addrType == ecdsa.AddressP2WPKH && typ == ecdsa.AddressP2PKH)
				if gotType, ok := ecdsa.VerifyMessageHash160(h160, msg, b); ok != same || (ok && gotType != typ) {
					t.Errorf("header %v, hash of %v: %v, %v", typ, addrType, gotType, ok)
				}
			}
		}
	}
	if !testing.Short() {
		for _, h := range []byte{27, 28, 31, 32, 35, 36, 39, 40} {
			if !seen[h] {
				t.Errorf("header %d never produced", h)
			}
		}
	}
	// Headers with recovery ids 2 and 3 (never produced by signing) parse
	// to their ids and type; recovery then fails for nearly every r.
	for h := byte(27); h <= 42; h++ {
		b := append([]byte{h}, bytes.Repeat([]byte{0x11}, 64)...)
		_, id, typ, err := ecdsa.ParseBIP137Signature(b)
		if err != nil || id != (h-27)%4 || typ != addressTypes[(h-27)/4] {
			t.Errorf("header %d: %d, %v, %v", h, id, typ, err)
		}
	}
}

// TestAddressHash160 checks the three hash constructions against a direct
// computation with HASH160 and the addresses of the key 1 (whose P2PKH
// addresses are well known: 1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm
// uncompressed, 1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH compressed).
func TestAddressHash160(t *testing.T) {
	one := make([]byte, 32)
	one[31] = 1
	priv, _ := secp256k1.NewPrivateKey(one)
	pub := priv.PublicKey()
	comp := ripemd160.Hash160(pub.BytesCompressed())
	script := append([]byte{0x00, 0x14}, comp[:]...)
	nested := ripemd160.Hash160(script)
	for _, c := range []struct {
		typ  ecdsa.AddressType
		want string
	}{
		{ecdsa.AddressP2PKHUncompressed, "91b24bf9f5288532960ac687abb035127b1d28a5"},
		{ecdsa.AddressP2PKH, "751e76e8199196d454941c45d1b3a323f1433bd6"},
		{ecdsa.AddressP2WPKH, "751e76e8199196d454941c45d1b3a323f1433bd6"},
		{ecdsa.AddressP2SHP2WPKH, ""},
	} {
		got, err := c.typ.Hash160(pub)
		if err != nil {
			t.Fatal(err)
		}
		want := testutil.MustHex(t, c.want)
		if c.typ == ecdsa.AddressP2SHP2WPKH {
			want = nested[:]
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%v: %x, want %x", c.typ, got, want)
		}
	}
	for _, typ := range []ecdsa.AddressType{0, 5, 255} {
		if h, err := typ.Hash160(pub); h != nil || !errors.Is(err, ecdsa.ErrInvalidSignature) {
			t.Errorf("AddressType(%d).Hash160 = %x, %v", typ, h, err)
		}
		if s := typ.String(); !strings.HasPrefix(s, "AddressType(") {
			t.Errorf("AddressType(%d).String() = %q", typ, s)
		}
	}
	names := map[string]bool{}
	for _, typ := range addressTypes {
		names[typ.String()] = true
	}
	if len(names) != 4 {
		t.Errorf("address type names are not distinct: %v", names)
	}
}

func TestBIP137Rejects(t *testing.T) {
	priv, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	good, err := ecdsa.SignMessage(priv, []byte("m"), ecdsa.AddressP2PKH)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []byte{0, 1, 4, 26, 43, 255} {
		b := append([]byte{h}, good[1:]...)
		if _, _, _, err := ecdsa.ParseBIP137Signature(b); !errors.Is(err, ecdsa.ErrInvalidRecoveryID) {
			t.Errorf("header %d: %v", h, err)
		}
		if _, ok := ecdsa.VerifyMessage(priv.PublicKey(), []byte("m"), b); ok {
			t.Errorf("header %d verifies", h)
		}
	}
	for _, b := range [][]byte{nil, good[:64], append(bytes.Clone(good), 0), make([]byte, 65),
		append([]byte{31}, make([]byte, 64)...)} {
		if sig, _, _, err := ecdsa.ParseBIP137Signature(b); sig != nil || err == nil {
			t.Errorf("ParseBIP137Signature(%x) = %v, %v", b, sig, err)
		}
	}
	for _, typ := range []ecdsa.AddressType{0, 5} {
		if b, err := ecdsa.SignMessage(priv, []byte("m"), typ); b != nil || !errors.Is(err, ecdsa.ErrInvalidSignature) {
			t.Errorf("SignMessage(type %d) = %x, %v", typ, b, err)
		}
	}
	for _, n := range []int{0, 31, 33} {
		if b, err := ecdsa.SignBIP137(priv, make([]byte, n), ecdsa.AddressP2PKH); b != nil || !errors.Is(err, ecdsa.ErrInvalidHashLength) {
			t.Errorf("SignBIP137(%d-byte hash) = %x, %v", n, b, err)
		}
		if p, _, err := ecdsa.RecoverBIP137(make([]byte, n), good); p != nil || !errors.Is(err, ecdsa.ErrInvalidHashLength) {
			t.Errorf("RecoverBIP137(%d-byte hash) = %v, %v", n, p, err)
		}
	}
	h160, _ := ecdsa.AddressP2PKH.Hash160(priv.PublicKey())
	for _, bad := range [][]byte{nil, h160[:19], append(bytes.Clone(h160), 0)} {
		if _, ok := ecdsa.VerifyMessageHash160(bad, []byte("m"), good); ok {
			t.Errorf("VerifyMessageHash160(%x) verifies", bad)
		}
	}
	sig, _ := ecdsa.ParseCompactSignature(good[1:])
	for _, c := range []struct {
		id  byte
		typ ecdsa.AddressType
	}{{4, ecdsa.AddressP2PKH}, {0, 0}, {0, 5}} {
		if b := sig.BytesBIP137(c.id, c.typ); b != nil {
			t.Errorf("BytesBIP137(%d, %d) = %x", c.id, c.typ, b)
		}
	}
}
