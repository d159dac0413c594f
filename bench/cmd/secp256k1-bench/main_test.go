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
	code := run([]string{"--n=100", "--warmup=1ms", "--measure=5ms", "--case=ecdsa_sign_from_bytes,schnorr_verify,xonly_tweak_add",
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
		Settings struct {
			Baseline string `json:"baseline"`
		} `json:"settings"`
		Providers []struct {
			Name      string `json:"name"`
			Available bool   `json:"available"`
		} `json:"providers"`
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
	// --baseline auto: the first available of libsecp256k1 (0.8 in-process),
	// the system libsecp256k1, geth.
	want := ""
	for _, name := range []string{"libsecp256k1", "libsecp256k1-", "geth"} {
		for _, p := range rep.Providers {
			if want == "" && p.Available && (p.Name == name || name == "libsecp256k1-" && strings.HasPrefix(p.Name, name)) {
				want = p.Name
			}
		}
	}
	if rep.Settings.Baseline != want {
		t.Fatalf("baseline %q, want %q (providers %+v)", rep.Settings.Baseline, want, rep.Providers)
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
	for _, args := range [][]string{{"--case=ecdsa_sgn"}, {"--case=ecdsa_sign"}, {"--provider=nope"}, {"--provider=native"}, {"--n=1"}, {"extra"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestSystemAlias: the system libsecp256k1 answers to libsecp256k1-system
// whatever the version in its name.
func TestSystemAlias(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"--check", "--n=100", "--quiet", "--case=pubkey_create_from_bytes", "--provider=p256k1,libsecp256k1-system"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), "libsecp256k1-") {
		t.Fatalf("no system libsecp256k1 in the report:\n%s", out.String())
	}
}
