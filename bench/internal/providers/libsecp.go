//go:build cgo && unix

package providers

/*
#cgo linux LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdio.h>

#ifndef RTLD_DEEPBIND
#define RTLD_DEEPBIND 0
#endif

// The libsecp256k1 ABI, declared here so that building needs no header:
// opaque context, fixed-size opaque objects (include/secp256k1*.h).
typedef struct secp256k1_context_struct secp256k1_context;
typedef struct { unsigned char data[64]; } secp256k1_pubkey;
typedef struct { unsigned char data[64]; } secp256k1_ecdsa_signature;
typedef struct { unsigned char data[65]; } secp256k1_ecdsa_recoverable_signature;
typedef struct { unsigned char data[96]; } secp256k1_keypair;
typedef struct { unsigned char data[64]; } secp256k1_xonly_pubkey;
typedef int (*secp256k1_ecdh_hash_function)(unsigned char *output, const unsigned char *x32, const unsigned char *y32, void *data);

#define SECP_FLAGS_SIGN_VERIFY ((1u << 0) | (1u << 8) | (1u << 9))
#define SECP_EC_COMPRESSED ((1u << 1) | (1u << 8))
#define SECP_EC_UNCOMPRESSED (1u << 1)

static struct {
	void *handle;
	secp256k1_context *ctx;
	secp256k1_context *(*context_create)(unsigned int);
	int (*context_randomize)(secp256k1_context *, const unsigned char *);
	int (*ec_pubkey_create)(const secp256k1_context *, secp256k1_pubkey *, const unsigned char *);
	int (*ec_pubkey_parse)(const secp256k1_context *, secp256k1_pubkey *, const unsigned char *, size_t);
	int (*ec_pubkey_serialize)(const secp256k1_context *, unsigned char *, size_t *, const secp256k1_pubkey *, unsigned int);
	int (*ecdsa_sign)(const secp256k1_context *, secp256k1_ecdsa_signature *, const unsigned char *, const unsigned char *, const void *, const void *);
	int (*ecdsa_verify)(const secp256k1_context *, const secp256k1_ecdsa_signature *, const unsigned char *, const secp256k1_pubkey *);
	int (*ecdsa_signature_parse_der)(const secp256k1_context *, secp256k1_ecdsa_signature *, const unsigned char *, size_t);
	int (*ecdsa_signature_parse_compact)(const secp256k1_context *, secp256k1_ecdsa_signature *, const unsigned char *);
	int (*ecdsa_signature_serialize_compact)(const secp256k1_context *, unsigned char *, const secp256k1_ecdsa_signature *);
	int (*ecdsa_signature_normalize)(const secp256k1_context *, secp256k1_ecdsa_signature *, const secp256k1_ecdsa_signature *);
	// extrakeys + schnorrsig (optional modules)
	int (*keypair_create)(const secp256k1_context *, secp256k1_keypair *, const unsigned char *);
	int (*xonly_pubkey_parse)(const secp256k1_context *, secp256k1_xonly_pubkey *, const unsigned char *);
	int (*schnorrsig_sign32)(const secp256k1_context *, unsigned char *, const unsigned char *, const secp256k1_keypair *, const unsigned char *);
	int (*schnorrsig_verify)(const secp256k1_context *, const unsigned char *, const unsigned char *, size_t, const secp256k1_xonly_pubkey *);
	// ecdh (optional module)
	int (*ecdh)(const secp256k1_context *, unsigned char *, const secp256k1_pubkey *, const unsigned char *, secp256k1_ecdh_hash_function, void *);
	// recovery (optional module)
	int (*recoverable_parse_compact)(const secp256k1_context *, secp256k1_ecdsa_recoverable_signature *, const unsigned char *, int);
	int (*ecdsa_recover)(const secp256k1_context *, secp256k1_pubkey *, const secp256k1_ecdsa_recoverable_signature *, const unsigned char *);
} L;

static char secp_err[512];

static void *sym(const char *name) {
	return dlsym(L.handle, name);
}

// secp_load opens path with RTLD_LOCAL | RTLD_DEEPBIND, so that neither the
// library's symbols leak into the global scope nor its internal references
// bind to another copy (go-ethereum compiles its own libsecp256k1 into this
// binary), and resolves the API through dlsym on the handle. It returns NULL
// on success, else an error message.
static const char *secp_load(const char *path) {
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (h == NULL) {
		const char *e = dlerror();
		snprintf(secp_err, sizeof secp_err, "%s", e ? e : "dlopen failed");
		return secp_err;
	}
	L.handle = h;
#define REQ(field, name) do { *(void **)(&L.field) = sym(name); if (L.field == NULL) { snprintf(secp_err, sizeof secp_err, "%s: missing symbol %s", path, name); dlclose(h); memset(&L, 0, sizeof L); return secp_err; } } while (0)
#define OPT(field, name) do { *(void **)(&L.field) = sym(name); } while (0)
	REQ(context_create, "secp256k1_context_create");
	REQ(context_randomize, "secp256k1_context_randomize");
	REQ(ec_pubkey_create, "secp256k1_ec_pubkey_create");
	REQ(ec_pubkey_parse, "secp256k1_ec_pubkey_parse");
	REQ(ec_pubkey_serialize, "secp256k1_ec_pubkey_serialize");
	REQ(ecdsa_sign, "secp256k1_ecdsa_sign");
	REQ(ecdsa_verify, "secp256k1_ecdsa_verify");
	REQ(ecdsa_signature_parse_der, "secp256k1_ecdsa_signature_parse_der");
	REQ(ecdsa_signature_parse_compact, "secp256k1_ecdsa_signature_parse_compact");
	REQ(ecdsa_signature_serialize_compact, "secp256k1_ecdsa_signature_serialize_compact");
	REQ(ecdsa_signature_normalize, "secp256k1_ecdsa_signature_normalize");
	OPT(keypair_create, "secp256k1_keypair_create");
	OPT(xonly_pubkey_parse, "secp256k1_xonly_pubkey_parse");
	OPT(schnorrsig_sign32, "secp256k1_schnorrsig_sign32");
	if (L.schnorrsig_sign32 == NULL) OPT(schnorrsig_sign32, "secp256k1_schnorrsig_sign"); // name before 0.2.0, same arguments
	OPT(schnorrsig_verify, "secp256k1_schnorrsig_verify");
	// The variable-length-message verify ABI came with schnorrsig_sign_custom;
	// older snapshots took a 32-byte message without a length.
	if (sym("secp256k1_schnorrsig_sign_custom") == NULL) L.schnorrsig_verify = NULL;
	OPT(ecdh, "secp256k1_ecdh");
	OPT(recoverable_parse_compact, "secp256k1_ecdsa_recoverable_signature_parse_compact");
	OPT(ecdsa_recover, "secp256k1_ecdsa_recover");
#undef REQ
#undef OPT
	L.ctx = L.context_create(SECP_FLAGS_SIGN_VERIFY);
	if (L.ctx == NULL) {
		snprintf(secp_err, sizeof secp_err, "%s: secp256k1_context_create failed", path);
		return secp_err;
	}
	return NULL;
}

static int secp_randomize(const unsigned char *seed32) { return L.context_randomize(L.ctx, seed32); }
static int secp_has_schnorr(void) { return L.keypair_create && L.xonly_pubkey_parse && L.schnorrsig_sign32 && L.schnorrsig_verify; }
static int secp_has_ecdh(void) { return L.ecdh != NULL; }
static int secp_has_recovery(void) { return L.recoverable_parse_compact && L.ecdsa_recover; }
static int secp_has(const char *name) { return sym(name) != NULL; }

// secp_where writes the file that holds the resolved secp256k1_context_create.
static void secp_where(char *out, size_t n) {
	Dl_info info;
	out[0] = 0;
	if (dladdr((void *)L.context_create, &info) && info.dli_fname) snprintf(out, n, "%s", info.dli_fname);
}

// secp_global_where writes where the process-global symbol
// secp256k1_context_create resolves (another copy, or none).
static void secp_global_where(char *out, size_t n) {
	Dl_info info;
	void *p = dlsym(RTLD_DEFAULT, "secp256k1_context_create");
	out[0] = 0;
	if (p == NULL) { snprintf(out, n, "(not in the global scope)"); return; }
	if (dladdr(p, &info) && info.dli_fname) snprintf(out, n, "%s", info.dli_fname);
}

// --- The timed trampolines: each runs one whole benchmark case in one cgo call.

static int t_pubkey_create(const unsigned char *sk, unsigned char *out33) {
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!L.ec_pubkey_create(L.ctx, &pk, sk)) return 0;
	return L.ec_pubkey_serialize(L.ctx, out33, &len, &pk, SECP_EC_COMPRESSED);
}

static int t_ecdsa_sign(const unsigned char *sk, const unsigned char *hash, unsigned char *out64) {
	secp256k1_ecdsa_signature sig;
	if (!L.ecdsa_sign(L.ctx, &sig, hash, sk, NULL, NULL)) return 0; // NULL nonce function: RFC 6979
	return L.ecdsa_signature_serialize_compact(L.ctx, out64, &sig);
}

static int t_ecdsa_verify_der(const unsigned char *der, size_t derlen, const unsigned char *pub, size_t publen, const unsigned char *hash) {
	secp256k1_ecdsa_signature sig;
	secp256k1_pubkey pk;
	if (!L.ecdsa_signature_parse_der(L.ctx, &sig, der, derlen)) return 0;
	if (!L.ec_pubkey_parse(L.ctx, &pk, pub, publen)) return 0;
	return L.ecdsa_verify(L.ctx, &sig, hash, &pk);
}

static int t_ecdsa_verify(const secp256k1_ecdsa_signature *sig, const secp256k1_pubkey *pk, const unsigned char *hash) {
	return L.ecdsa_verify(L.ctx, sig, hash, pk);
}

static int t_schnorr_sign(const secp256k1_keypair *kp, const unsigned char *msg32, const unsigned char *aux32, unsigned char *out64) {
	return L.schnorrsig_sign32(L.ctx, out64, msg32, kp, aux32);
}

static int t_schnorr_verify_x(const unsigned char *sig64, const unsigned char *msg, size_t msglen, const unsigned char *x32) {
	secp256k1_xonly_pubkey pk;
	if (!L.xonly_pubkey_parse(L.ctx, &pk, x32)) return 0;
	return L.schnorrsig_verify(L.ctx, sig64, msg, msglen, &pk);
}

static int t_schnorr_verify(const unsigned char *sig64, const unsigned char *msg, size_t msglen, const secp256k1_xonly_pubkey *pk) {
	return L.schnorrsig_verify(L.ctx, sig64, msg, msglen, pk);
}

static int copy_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32, void *data) {
	(void)y32; (void)data;
	memcpy(out, x32, 32);
	return 1;
}

static int t_ecdh_x(const secp256k1_pubkey *pk, const unsigned char *sk, unsigned char *out32) {
	return L.ecdh(L.ctx, out32, pk, sk, copy_x, NULL);
}

static int t_recover(const unsigned char *sig64, int recid, const unsigned char *hash, unsigned char *out33) {
	secp256k1_ecdsa_recoverable_signature sig;
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!L.recoverable_parse_compact(L.ctx, &sig, sig64, recid)) return 0;
	if (!L.ecdsa_recover(L.ctx, &pk, &sig, hash)) return 0;
	return L.ec_pubkey_serialize(L.ctx, out33, &len, &pk, SECP_EC_COMPRESSED);
}

// --- Untimed helpers: preparation and the differential tests.

static int h_pubkey_parse(const unsigned char *in, size_t len, secp256k1_pubkey *pk) {
	return L.ec_pubkey_parse(L.ctx, pk, in, len);
}

static int h_pubkey_reserialize(const unsigned char *in, size_t len, unsigned char *out, int compressed) {
	secp256k1_pubkey pk;
	size_t outlen = compressed ? 33 : 65;
	if (!L.ec_pubkey_parse(L.ctx, &pk, in, len)) return 0;
	return L.ec_pubkey_serialize(L.ctx, out, &outlen, &pk, compressed ? SECP_EC_COMPRESSED : SECP_EC_UNCOMPRESSED);
}

static int h_parse_der(const unsigned char *der, size_t len, secp256k1_ecdsa_signature *sig) {
	return L.ecdsa_signature_parse_der(L.ctx, sig, der, len);
}

static int h_parse_der_compact(const unsigned char *der, size_t len, unsigned char *out64) {
	secp256k1_ecdsa_signature sig;
	if (!L.ecdsa_signature_parse_der(L.ctx, &sig, der, len)) return 0;
	return L.ecdsa_signature_serialize_compact(L.ctx, out64, &sig);
}

static int h_verify_compact(const unsigned char *sig64, const unsigned char *pub, size_t publen, const unsigned char *hash) {
	secp256k1_ecdsa_signature sig;
	secp256k1_pubkey pk;
	if (!L.ecdsa_signature_parse_compact(L.ctx, &sig, sig64)) return 0;
	if (!L.ec_pubkey_parse(L.ctx, &pk, pub, publen)) return 0;
	return L.ecdsa_verify(L.ctx, &sig, hash, &pk);
}

static int h_keypair(const unsigned char *sk, secp256k1_keypair *kp) {
	return L.keypair_create(L.ctx, kp, sk);
}

static int h_xonly_parse(const unsigned char *x32, secp256k1_xonly_pubkey *pk) {
	return L.xonly_pubkey_parse(L.ctx, pk, x32);
}

static int h_ecdh_sha256(const unsigned char *pub, size_t publen, const unsigned char *sk, unsigned char *out32) {
	secp256k1_pubkey pk;
	if (!L.ec_pubkey_parse(L.ctx, &pk, pub, publen)) return 0;
	return L.ecdh(L.ctx, out32, &pk, sk, NULL, NULL); // NULL: the default SHA-256(02|03 || x) hash
}

static int h_ecdh_x(const unsigned char *pub, size_t publen, const unsigned char *sk, unsigned char *out32) {
	secp256k1_pubkey pk;
	if (!L.ec_pubkey_parse(L.ctx, &pk, pub, publen)) return 0;
	return L.ecdh(L.ctx, out32, &pk, sk, copy_x, NULL);
}
*/
import "C"

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// LibsecpPath, when set before first use, is the only libsecp256k1 shared
// object tried (the --libsecp flag; also read from $SECP256K1_BENCH_LIBSECP).
var LibsecpPath string

type libsecpState struct {
	err       error
	path      string // file that answered (dladdr)
	tried     []string
	version   string
	global    string // where the process-global secp256k1_context_create resolves
	schnorr   bool
	ecdh      bool
	recovery  bool
	lowerBnd  string
	pcVersion string
}

var (
	libsecpOnce sync.Once
	libsecp     libsecpState
)

func libsecpCandidates() []string {
	if LibsecpPath != "" {
		return []string{LibsecpPath}
	}
	if p := os.Getenv("SECP256K1_BENCH_LIBSECP"); p != "" {
		return []string{p}
	}
	var c []string
	if runtime.GOOS == "darwin" {
		c = append(c, "libsecp256k1.dylib", "/opt/homebrew/lib/libsecp256k1.dylib", "/usr/local/lib/libsecp256k1.dylib")
		return c
	}
	// The development symlink first, then every runtime soname the dynamic
	// linker knows (newest first), then files in the usual directories.
	c = append(c, "libsecp256k1.so")
	for v := 9; v >= 0; v-- {
		c = append(c, "libsecp256k1.so."+strconv.Itoa(v))
	}
	dirs := []string{"/usr/local/lib", "/usr/lib64", "/usr/lib", "/lib64", "/lib",
		"/usr/lib/" + gnuTriplet(), "/lib/" + gnuTriplet()}
	if ld := os.Getenv("LD_LIBRARY_PATH"); ld != "" {
		dirs = append(strings.Split(ld, ":"), dirs...)
	}
	var files []string
	for _, d := range dirs {
		m, _ := filepath.Glob(filepath.Join(d, "libsecp256k1.so.*"))
		files = append(files, m...)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(files)))
	return append(c, files...)
}

func gnuTriplet() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x86_64-linux-gnu"
	case "arm64":
		return "aarch64-linux-gnu"
	case "386":
		return "i386-linux-gnu"
	}
	return runtime.GOARCH + "-linux-gnu"
}

func loadLibsecp() *libsecpState {
	libsecpOnce.Do(func() {
		s := &libsecp
		var errs []string
		for _, cand := range libsecpCandidates() {
			cs := C.CString(cand)
			e := C.secp_load(cs)
			C.free(unsafe.Pointer(cs))
			s.tried = append(s.tried, cand)
			if e == nil {
				s.err = nil
				break
			}
			errs = append(errs, C.GoString(e))
			s.err = errors.New("libsecp256k1 not found")
		}
		if s.err != nil {
			s.err = fmt.Errorf("libsecp256k1 shared library not found (install libsecp256k1-dev or pass --libsecp=PATH); tried %d names, last error: %s", len(s.tried), errs[len(errs)-1])
			return
		}
		var seed [32]byte
		if _, err := rand.Read(seed[:]); err != nil {
			s.err = err
			return
		}
		if C.secp_randomize((*C.uchar)(&seed[0])) != 1 {
			s.err = errors.New("secp256k1_context_randomize failed")
			return
		}
		var buf [4096]C.char
		C.secp_where(&buf[0], C.size_t(len(buf)))
		s.path = C.GoString(&buf[0])
		if real, err := filepath.EvalSymlinks(s.path); err == nil {
			s.path = real
		}
		C.secp_global_where(&buf[0], C.size_t(len(buf)))
		s.global = C.GoString(&buf[0])
		s.schnorr = C.secp_has_schnorr() != 0
		s.ecdh = C.secp_has_ecdh() != 0
		s.recovery = C.secp_has_recovery() != 0
		s.lowerBnd = libsecpLowerBound()
		s.pcVersion = pkgConfigVersion(s.path)
		switch {
		case s.pcVersion != "":
			s.version = s.pcVersion
		case s.lowerBnd != "":
			s.version = s.lowerBnd + " (from exported symbols)"
		default:
			s.version = "unknown"
		}
	})
	return &libsecp
}

func hasSym(name string) bool {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.secp_has(cs) != 0
}

// libsecpLowerBound infers a minimum version from the exported symbols
// (CHANGELOG.md of bitcoin-core/secp256k1).
func libsecpLowerBound() string {
	for _, p := range []struct{ sym, ver string }{
		{"secp256k1_musig_pubkey_agg", ">= 0.6.0"},
		{"secp256k1_ec_pubkey_sort", ">= 0.5.0"},
		{"secp256k1_ellswift_encode", ">= 0.4.0"},
		{"secp256k1_selftest", ">= 0.2.0"},
	} {
		if hasSym(p.sym) {
			return p.ver
		}
	}
	return ""
}

var pcVersionRE = regexp.MustCompile(`(?m)^Version:\s*(\S+)`)

// pkgConfigVersion reads Version: from the libsecp256k1.pc installed next
// to the shared object (libdir/pkgconfig), as Debian and `make install` do.
func pkgConfigVersion(so string) string {
	if so == "" {
		return ""
	}
	dir := filepath.Dir(so)
	for _, pc := range []string{filepath.Join(dir, "pkgconfig", "libsecp256k1.pc"), filepath.Join(dir, "..", "share", "pkgconfig", "libsecp256k1.pc")} {
		b, err := os.ReadFile(pc)
		if err != nil {
			continue
		}
		if m := pcVersionRE.FindSubmatch(b); m != nil {
			return string(m[1])
		}
	}
	return ""
}

// Libsecp is the system libsecp256k1, loaded at run time with dlopen.
type Libsecp struct{}

// Name implements harness.Provider.
func (Libsecp) Name() string { return "libsecp256k1" }

// Available implements harness.Provider.
func (Libsecp) Available() error { return loadLibsecp().err }

// Info implements harness.Provider.
func (Libsecp) Info() h.Info {
	s := loadLibsecp()
	info := h.Info{
		Library: "libsecp256k1 (system shared library)",
		Version: s.version,
		Mode:    "cgo, dlopen",
		Legend:  "cgo, " + s.version,
		Notes: map[h.Case]string{
			h.ECDH:         "secp256k1_ecdh with a hash function that copies x (no SHA-256), parsed public key",
			h.SchnorrSign:  "secp256k1_schnorrsig_sign32 on a key pair created beforehand",
			h.ECDSARecover: "parse recoverable compact + secp256k1_ecdsa_recover + serialize compressed, one cgo call",
		},
		Extra: map[string]string{
			"context": "one context, created with SIGN|VERIFY and randomized once; each case is one cgo call into a C trampoline",
		},
	}
	if s.err == nil {
		info.Module = s.path
		info.Extra["shared_object"] = s.path
		info.Extra["global_secp256k1_context_create"] = s.global
		if s.lowerBnd != "" {
			info.Extra["version_from_symbols"] = s.lowerBnd
		}
		info.Extra["dlopen"] = "RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND"
	}
	return info
}

func ucp(b []byte) *C.uchar { return (*C.uchar)(unsafe.Pointer(&b[0])) }

// Prepare implements harness.Provider.
func (l Libsecp) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	s := loadLibsecp()
	if s.err != nil {
		return nil, s.err
	}
	n := ds.Len()
	items := ds.Items
	switch c {
	case h.PubkeyCreate:
		return func(i int) ([]byte, bool) {
			out := make([]byte, 33)
			ok := C.t_pubkey_create(ucp(items[i].Seckey[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.ECDSASign:
		return func(i int) ([]byte, bool) {
			out := make([]byte, 64)
			ok := C.t_ecdsa_sign(ucp(items[i].Seckey[:]), ucp(items[i].Hash[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.ECDSAVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			return nil, C.t_ecdsa_verify_der(ucp(it.SigDER), C.size_t(len(it.SigDER)), ucp(it.Pub[:]), 33, ucp(it.Hash[:])) == 1
		}, nil
	case h.ECDSAVerifyPreparsed:
		sigs := make([]C.secp256k1_ecdsa_signature, n)
		pubs := make([]C.secp256k1_pubkey, n)
		for i := range sigs {
			if C.h_parse_der(ucp(items[i].SigDER), C.size_t(len(items[i].SigDER)), &sigs[i]) != 1 {
				return nil, fmt.Errorf("item %d: DER parse failed", i)
			}
			if C.h_pubkey_parse(ucp(items[i].Pub[:]), 33, &pubs[i]) != 1 {
				return nil, fmt.Errorf("item %d: public key parse failed", i)
			}
		}
		return func(i int) ([]byte, bool) {
			return nil, C.t_ecdsa_verify(&sigs[i], &pubs[i], ucp(items[i].Hash[:])) == 1
		}, nil
	case h.SchnorrSign, h.SchnorrVerify, h.SchnorrVerifyPreparsed:
		if !s.schnorr {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the extrakeys/schnorrsig modules", h.ErrUnsupported)
		}
		switch c {
		case h.SchnorrSign:
			kps := make([]C.secp256k1_keypair, n)
			for i := range kps {
				if C.h_keypair(ucp(items[i].Seckey[:]), &kps[i]) != 1 {
					return nil, fmt.Errorf("item %d: keypair_create failed", i)
				}
			}
			return func(i int) ([]byte, bool) {
				out := make([]byte, 64)
				ok := C.t_schnorr_sign(&kps[i], ucp(items[i].Hash[:]), ucp(items[i].Aux[:]), ucp(out)) == 1
				return out, ok
			}, nil
		case h.SchnorrVerify:
			return func(i int) ([]byte, bool) {
				it := &items[i]
				return nil, C.t_schnorr_verify_x(ucp(it.Schnorr[:]), ucp(it.Hash[:]), 32, ucp(it.XOnly[:])) == 1
			}, nil
		default:
			pubs := make([]C.secp256k1_xonly_pubkey, n)
			for i := range pubs {
				if C.h_xonly_parse(ucp(items[i].XOnly[:]), &pubs[i]) != 1 {
					return nil, fmt.Errorf("item %d: xonly_pubkey_parse failed", i)
				}
			}
			return func(i int) ([]byte, bool) {
				it := &items[i]
				return nil, C.t_schnorr_verify(ucp(it.Schnorr[:]), ucp(it.Hash[:]), 32, &pubs[i]) == 1
			}, nil
		}
	case h.ECDH:
		if !s.ecdh {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the ecdh module", h.ErrUnsupported)
		}
		peers := make([]C.secp256k1_pubkey, n)
		for i := range peers {
			if C.h_pubkey_parse(ucp(ds.PeerPub(i)), 33, &peers[i]) != 1 {
				return nil, fmt.Errorf("item %d: public key parse failed", i)
			}
		}
		return func(i int) ([]byte, bool) {
			out := make([]byte, 32)
			ok := C.t_ecdh_x(&peers[i], ucp(items[i].Seckey[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.ECDSARecover:
		if !s.recovery {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the recovery module", h.ErrUnsupported)
		}
		return func(i int) ([]byte, bool) {
			it := &items[i]
			out := make([]byte, 33)
			ok := C.t_recover(ucp(it.SigCompact[:]), C.int(it.RecID), ucp(it.Hash[:]), ucp(out)) == 1
			return out, ok
		}, nil
	}
	return nil, h.ErrUnsupported
}

// The helpers below give the differential tests direct access to the
// loaded library. Each returns ok=false when libsecp256k1's call fails.

// LibsecpParseDER parses a DER signature with secp256k1_ecdsa_signature_parse_der
// and returns it as compact r||s. libsecp256k1 accepts r or s >= n and
// sets the signature to zero in that case.
func LibsecpParseDER(der []byte) (compact [64]byte, ok bool) {
	if len(der) == 0 {
		return compact, false
	}
	ok = C.h_parse_der_compact(ucp(der), C.size_t(len(der)), (*C.uchar)(&compact[0])) == 1
	return compact, ok
}

// LibsecpParsePubkey parses a SEC 1 public key and returns its compressed
// and uncompressed encodings.
func LibsecpParsePubkey(b []byte) (comp [33]byte, uncomp [65]byte, ok bool) {
	if len(b) == 0 {
		return comp, uncomp, false
	}
	if C.h_pubkey_reserialize(ucp(b), C.size_t(len(b)), (*C.uchar)(&comp[0]), 1) != 1 {
		return comp, uncomp, false
	}
	C.h_pubkey_reserialize(ucp(b), C.size_t(len(b)), (*C.uchar)(&uncomp[0]), 0)
	return comp, uncomp, true
}

// LibsecpVerifyDER verifies a DER signature (parsed by libsecp256k1's
// strict parser) against a serialized public key.
func LibsecpVerifyDER(der, pub, hash []byte) bool {
	if len(der) == 0 || len(pub) == 0 || len(hash) != 32 {
		return false
	}
	return C.t_ecdsa_verify_der(ucp(der), C.size_t(len(der)), ucp(pub), C.size_t(len(pub)), ucp(hash)) == 1
}

// LibsecpVerifyCompact verifies a 64-byte r||s signature.
func LibsecpVerifyCompact(sig, pub, hash []byte) bool {
	if len(sig) != 64 || len(pub) == 0 || len(hash) != 32 {
		return false
	}
	return C.h_verify_compact(ucp(sig), ucp(pub), C.size_t(len(pub)), ucp(hash)) == 1
}

// LibsecpSchnorrVerify verifies a BIP-340 signature on a message of any
// length; ok is false if the library lacks the schnorrsig module.
func LibsecpSchnorrVerify(x32, msg, sig []byte) (valid, ok bool) {
	s := loadLibsecp()
	if s.err != nil || !s.schnorr {
		return false, false
	}
	if len(x32) != 32 || len(sig) != 64 {
		return false, true
	}
	var pk C.secp256k1_xonly_pubkey
	if C.h_xonly_parse(ucp(x32), &pk) != 1 {
		return false, true
	}
	var mp *C.uchar
	if len(msg) > 0 {
		mp = ucp(msg)
	}
	return C.t_schnorr_verify(ucp(sig), mp, C.size_t(len(msg)), &pk) == 1, true
}

// LibsecpParseXOnly parses a BIP-340 x-only public key; ok is false if it
// is invalid or the library lacks the extrakeys module.
func LibsecpParseXOnly(x32 []byte) bool {
	s := loadLibsecp()
	if s.err != nil || !s.schnorr || len(x32) != 32 {
		return false
	}
	var pk C.secp256k1_xonly_pubkey
	return C.h_xonly_parse(ucp(x32), &pk) == 1
}

// LibsecpECDH computes the raw-x and the default SHA-256 ECDH outputs.
func LibsecpECDH(sk, pub []byte) (x, hashed [32]byte, ok bool) {
	s := loadLibsecp()
	if s.err != nil || !s.ecdh || len(sk) != 32 || len(pub) == 0 {
		return x, hashed, false
	}
	if C.h_ecdh_x(ucp(pub), C.size_t(len(pub)), ucp(sk), (*C.uchar)(&x[0])) != 1 {
		return x, hashed, false
	}
	C.h_ecdh_sha256(ucp(pub), C.size_t(len(pub)), ucp(sk), (*C.uchar)(&hashed[0]))
	return x, hashed, true
}

// LibsecpAvailable reports whether the system libsecp256k1 is loaded, and
// which optional modules it has.
func LibsecpAvailable() (ok, schnorr, ecdh bool) {
	s := loadLibsecp()
	return s.err == nil, s.err == nil && s.schnorr, s.err == nil && s.ecdh
}
