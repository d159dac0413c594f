package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestAPIListing regenerates the listing of the exported API and compares
// it with the committed api.txt: an exported API change must update
// api.txt (go run ./internal/cmd/apidump -o api.txt) and, as .ci/run
// checks, CHANGELOG.md.
func TestAPIListing(t *testing.T) {
	got, err := dump("../../..")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../api.txt")
	if err != nil {
		t.Fatal(err)
	}
	want = bytes.ReplaceAll(want, []byte("\r\n"), []byte("\n"))
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	inWant := map[string]bool{}
	for _, l := range wl {
		inWant[l] = true
	}
	inGot := map[string]bool{}
	for _, l := range gl {
		inGot[l] = true
	}
	var diff []string
	for _, l := range gl {
		if !inWant[l] {
			diff = append(diff, "+ "+l)
		}
	}
	for _, l := range wl {
		if !inGot[l] {
			diff = append(diff, "- "+l)
		}
	}
	t.Fatalf("api.txt is out of date; run go run ./internal/cmd/apidump -o api.txt and add a CHANGELOG.md entry:\n%s", strings.Join(diff, "\n"))
}

// TestAPIListingSees checks that the listing has what it must: packages,
// methods, struct fields, constants; and no internal package.
func TestAPIListingSees(t *testing.T) {
	got, err := dump("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"package github.com/p256k1/secp256k1\n",
		"package github.com/p256k1/secp256k1/nip44\n",
		"func (b *BatchVerifier) AddBytes(pub, msg, sig []byte) error",
		"type SignedEvent struct { Event Event ID []byte Sig []byte }",
		"const KeySize = 32",
	} {
		if !bytes.Contains(got, []byte(s)) {
			t.Errorf("listing lacks %q", s)
		}
	}
	if bytes.Contains(got, []byte("package github.com/p256k1/secp256k1/internal")) || bytes.Contains(got, []byte("package github.com/p256k1/secp256k1/nostr")) {
		t.Error("listing has an internal package or another module")
	}
}
