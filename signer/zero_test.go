package signer

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"testing"
	"unsafe"
)

// rawBytes returns the memory of *v as bytes (read-only view).
func rawBytes[T any](v *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
}

// secretPatterns returns the byte patterns under which a 32-byte secret
// may sit in memory: big-endian bytes, and each 64-bit limb in
// little-endian order (the scalar representation).
func secretPatterns(sec []byte) [][]byte {
	pats := [][]byte{sec}
	for i := 0; i < 32; i += 8 {
		limb := binary.BigEndian.Uint64(sec[i : i+8])
		var le [8]byte
		binary.LittleEndian.PutUint64(le[:], limb)
		pats = append(pats, le[:], sec[i:i+8])
	}
	return pats
}

func containsSecret(mem, sec []byte) bool {
	for _, p := range secretPatterns(sec) {
		if bytes.Contains(mem, p) {
			return true
		}
	}
	return false
}

// TestZeroWipesSigner inspects the Signer's own memory: the secret is
// there after InitSec, and no byte of it (in any layout) is after Zero.
func TestZeroWipesSigner(t *testing.T) {
	sec, _ := hex.DecodeString("b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef")
	var s Signer
	if err := s.InitSec(sec); err != nil {
		t.Fatal(err)
	}
	mem := rawBytes(&s)
	if !containsSecret(mem, sec) {
		t.Fatal("the secret is not stored inline: the memory check would prove nothing")
	}
	pub := s.Pub()
	s.Zero()
	if containsSecret(mem, sec) {
		t.Fatalf("secret bytes left after Zero: %x", mem)
	}
	if s.hasSec || s.Sec() != nil {
		t.Fatal("Zero left the secret usable")
	}
	if !bytes.Equal(s.Pub(), pub) {
		t.Fatal("Zero dropped the public key")
	}
	// No 8-byte window of the wiped key field is non-zero.
	if k := rawBytes(&s.key); !bytes.Equal(k, make([]byte, len(k))) {
		t.Fatalf("key field not zero after Zero: %x", k)
	}

	// Generate and InitPub also leave no trace of the previous secret.
	if err := s.InitSec(sec); err != nil {
		t.Fatal(err)
	}
	if err := s.Generate(); err != nil {
		t.Fatal(err)
	}
	if containsSecret(mem, sec) {
		t.Fatal("Generate left the previous secret")
	}
	gen := s.Sec()
	if err := s.InitPub(pub); err != nil {
		t.Fatal(err)
	}
	if containsSecret(mem, gen) {
		t.Fatal("InitPub left the previous secret")
	}
}

// TestZeroWipesKeyGen does the same for KeyGen.
func TestZeroWipesKeyGen(t *testing.T) {
	var g KeyGen
	if _, err := g.Generate(); err != nil {
		t.Fatal(err)
	}
	sec, _ := g.KeyPairBytes()
	mem := rawBytes(&g)
	if !containsSecret(mem, sec) {
		t.Fatal("the secret is not stored inline")
	}
	g.Zero()
	if containsSecret(mem, sec) || !bytes.Equal(mem, make([]byte, len(mem))) {
		t.Fatalf("KeyGen memory after Zero: %x", mem)
	}
	if s, p := g.KeyPairBytes(); s != nil || p != nil {
		t.Fatal("KeyPairBytes after Zero")
	}
}
