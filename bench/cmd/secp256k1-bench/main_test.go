package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckMode(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"--check", "--n=120", "--quiet", "--provider=p256k1,decred,btcec,libsecp256k1"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "| ecdsa_verify | p256k1 | — | — | — | — | — | — | OK (gate only) |") {
		t.Fatalf("unexpected table:\n%s", out.String())
	}
}

func TestOutputs(t *testing.T) {
	dir := t.TempDir()
	js, svg, md := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.svg"), filepath.Join(dir, "r.md")
	var out, errb bytes.Buffer
	code := run([]string{"--n=100", "--warmup=1ms", "--measure=5ms", "--case=ecdsa_sign,schnorr_verify",
		"--json=" + js, "--svg=" + svg, "--md=" + md}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Environment struct {
			GoVersion  string `json:"go_version"`
			P256k1Mode string `json:"p256k1_mode"`
		} `json:"environment"`
		Records []struct {
			Case, Provider, Status string
		} `json:"records"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Environment.GoVersion == "" || rep.Environment.P256k1Mode == "" || len(rep.Records) == 0 {
		t.Fatalf("JSON: %+v", rep)
	}
	for _, f := range []string{svg, md} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v", f, err)
		}
	}
	if m, _ := os.ReadFile(md); !bytes.Equal(m, out.Bytes()) {
		t.Fatal("--md file differs from stdout")
	}
	if !strings.Contains(errb.String(), "correctness gate") {
		t.Fatalf("no progress on stderr: %q", errb.String())
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"--case=ecdsa_sgn"}, {"--provider=nope"}, {"--provider=native"}, {"--n=1"}, {"extra"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
