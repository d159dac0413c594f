// Package harness is the measurement core of secp256k1-bench: the shared
// deterministic dataset, the provider interface, the correctness gate, the
// timing loop with its statistics, and the Markdown, JSON and SVG reports.
package harness

import (
	"errors"
	"fmt"
	"strings"
)

// Case names one benchmarked operation. The names match the --case flag.
type Case string

// The benchmark cases, in report order. A name says where the case starts:
// "from_bytes" cases take the secret key as 32 bytes and parse it in the
// timed call; "preparsed" cases take keys (and signatures) that Prepare
// parsed beforehand; ecdsa_verify, schnorr_verify and ecdsa_recover parse
// their byte inputs in the timed call.
const (
	PubkeyCreate           Case = "pubkey_create_from_bytes"
	ECDSASignFromBytes     Case = "ecdsa_sign_from_bytes"
	ECDSASignPreparsed     Case = "ecdsa_sign_preparsed"
	ECDSAVerify            Case = "ecdsa_verify"
	ECDSAVerifyPreparsed   Case = "ecdsa_verify_preparsed"
	SchnorrSignPreparsed   Case = "schnorr_sign_preparsed"
	SchnorrVerify          Case = "schnorr_verify"
	SchnorrVerifyPreparsed Case = "schnorr_verify_preparsed"
	ECDH                   Case = "ecdh"
	ECDSARecover           Case = "ecdsa_recover"
	ECDSARecoverEthereum   Case = "ecdsa_recover_ethereum"
	PubkeyTweakAdd         Case = "pubkey_tweak_add"
	XOnlyTweakAdd          Case = "xonly_tweak_add"
	BIP32DeriveBIP86       Case = "bip32_derive_bip86"
)

// SingleCases lists the cases of one operation per call, in report order.
var SingleCases = []Case{
	PubkeyCreate, ECDSASignFromBytes, ECDSASignPreparsed, ECDSAVerify, ECDSAVerifyPreparsed,
	SchnorrSignPreparsed, SchnorrVerify, SchnorrVerifyPreparsed, ECDH, ECDSARecover,
	ECDSARecoverEthereum, PubkeyTweakAdd, XOnlyTweakAdd, BIP32DeriveBIP86,
}

// AllCases lists every case in report order: SingleCases, then the batch
// cases (batch.go).
var AllCases = append([]Case(nil), SingleCases...)

// CaseDoc says what one call of each case does. Every provider implements
// exactly this contract, so the numbers compare the same work.
var CaseDoc = map[Case]string{
	PubkeyCreate:           "secret key bytes (32) -> parse -> public key d*G, serialized compressed (33 bytes)",
	ECDSASignFromBytes:     "secret key bytes (32) + 32-byte hash -> parse the key -> RFC 6979 low-S signature, serialized compact (64 bytes) (go-ethereum's crypto.Sign shape)",
	ECDSASignPreparsed:     "parsed secret key + 32-byte hash -> RFC 6979 low-S signature, serialized compact (64 bytes)",
	ECDSAVerify:            "DER signature bytes + compressed public key bytes + hash -> bool (parse DER, parse key, verify)",
	ECDSAVerifyPreparsed:   "parsed signature + parsed public key + hash -> bool",
	SchnorrSignPreparsed:   "parsed key pair + 32-byte message + 32-byte aux -> BIP-340 signature (64 bytes)",
	SchnorrVerify:          "x-only public key bytes + message + signature bytes -> bool (parse x-only key, verify)",
	SchnorrVerifyPreparsed: "parsed x-only public key (+ parsed signature where the API has one) + message -> bool",
	ECDH:                   "parsed secret key + parsed public key -> x coordinate of d*Q (32 bytes, no hashing)",
	ECDSARecover:           "compact signature + recovery id + hash -> public key, serialized (parse, recover, serialize)",
	ECDSARecoverEthereum:   "65-byte Ethereum signature r||s||v (v = 0/1) + 32-byte hash -> public key, serialized uncompressed (65 bytes) (go-ethereum's crypto.Ecrecover shape)",
	PubkeyTweakAdd:         "parsed public key P + 32-byte tweak t -> P + t*G, serialized compressed (33 bytes); t >= n is rejected",
	XOnlyTweakAdd:          "parsed x-only key (even-y point P) + 32-byte tweak t -> full key P + t*G, serialized compressed (33 bytes: x and its y parity); t >= n is rejected",
	BIP32DeriveBIP86:       "parsed master extended private key (BIP-32 master of the item's 32 secret bytes as the seed, parsed from its xprv) -> BIP-32 derivation of m/86'/0'/0'/0/0 -> the child's private key || chain code (64 bytes)",
}

// ParseCases parses a comma-separated --case list. An empty list or "all"
// selects every case; "schnorr_verify_batch", "schnorr_verify_batch_invalid"
// and "msm" select every case of that batch family. Selecting a
// schnorr_verify_batch or schnorr_verify_batch_invalid case also selects
// schnorr_verify_preparsed, the single verification its ratio divides by.
func ParseCases(s string) ([]Case, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "all" {
		return append([]Case(nil), AllCases...), nil
	}
	var out []Case
	seen := map[Case]bool{}
	add := func(c Case) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, f := range strings.Split(s, ",") {
		c := Case(strings.TrimSpace(f))
		if c == "" {
			continue
		}
		if kind := BatchKind(c); kind.IsSchnorrBatch() || kind == KindMSM {
			for _, x := range AllCases {
				if spec, ok := x.Batch(); ok && spec.Kind == kind {
					add(x)
				}
			}
			continue
		}
		if _, ok := CaseDoc[c]; !ok {
			return nil, fmt.Errorf("unknown case %q (known: %s)", c, caseList())
		}
		add(c)
	}
	if len(out) == 0 {
		return nil, errors.New("no case selected")
	}
	for _, c := range out {
		if spec, ok := c.Batch(); ok && spec.Kind.IsSchnorrBatch() && !seen[SchnorrVerifyPreparsed] {
			// Measured first: the batch rows divide by it.
			out = append([]Case{SchnorrVerifyPreparsed}, out...)
			seen[SchnorrVerifyPreparsed] = true
		}
	}
	return out, nil
}

func caseList() string {
	var names []string
	for _, c := range AllCases {
		names = append(names, string(c))
	}
	return strings.Join(append(names, string(KindSchnorrVerifyBatch), string(KindSchnorrVerifyBatchInvalid), string(KindMSM)), ", ")
}

// ErrUnsupported is returned by Provider.Prepare for an operation the
// library does not offer (for example BIP-340 Schnorr in decred).
var ErrUnsupported = errors.New("not supported by this library")

// Op performs one operation on dataset item i (0 <= i < Dataset.Len()).
// Signing, key and ECDH cases return their serialized output in out; verify
// cases return the verification result in ok and a nil out. ok is false when
// the library reports an error.
//
// An Op must do exactly the work CaseDoc describes for its case and nothing
// else: inputs that a case treats as "parsed" are parsed by Prepare, outside
// the timed call.
type Op func(i int) (out []byte, ok bool)

// Provider is one secp256k1 implementation behind the benchmark.
type Provider interface {
	// Name is the short name used in tables and on the command line.
	Name() string
	// Info describes the implementation: module, version, notes.
	Info() Info
	// Available returns nil when the provider can run on this machine, or
	// the reason it cannot (library not installed, built without cgo, ...).
	Available() error
	// Prepare parses whatever the case treats as pre-parsed for every item
	// of ds and returns the operation to time. It returns ErrUnsupported
	// (possibly wrapped) when the library lacks the operation.
	Prepare(c Case, ds *Dataset) (Op, error)
}

// Info describes a provider for the reports.
type Info struct {
	// Library is a human-readable description ("decred dcrec/secp256k1 (pure Go)").
	Library string `json:"library"`
	// Module is the Go module path (or shared-object path) of the implementation.
	Module string `json:"module,omitempty"`
	// Version is the library version as found at run time.
	Version string `json:"version,omitempty"`
	// Mode says how the implementation runs (pure Go, cgo, asm/purego, native).
	Mode string `json:"mode,omitempty"`
	// Legend is the short description shown in the chart legend.
	Legend string `json:"legend,omitempty"`
	// Notes lists per-case remarks (what API a case maps to, caveats).
	Notes map[Case]string `json:"notes,omitempty"`
	// Extra holds anything else worth recording (library path, context setup).
	Extra map[string]string `json:"extra,omitempty"`
}
