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

// One loaded copy of libsecp256k1: the system library (symbols named
// secp256k1_*) or the 0.8 build from secp256k1-sys (rustsecp256k1_v0_14_*).
// Every function below takes the copy it works on.
typedef struct {
	void *handle;
	secp256k1_context *ctx;
	int preallocated; // ctx made by context_preallocated_create (secp256k1-sys patches context_create out)
	char prefix[64];
	char err[1024];
	secp256k1_context *(*context_create)(unsigned int);
	size_t (*context_preallocated_size)(unsigned int);
	secp256k1_context *(*context_preallocated_create)(void *, unsigned int);
	int (*context_randomize)(secp256k1_context *, const unsigned char *);
	int (*ec_pubkey_create)(const secp256k1_context *, secp256k1_pubkey *, const unsigned char *);
	int (*ec_pubkey_parse)(const secp256k1_context *, secp256k1_pubkey *, const unsigned char *, size_t);
	int (*ec_pubkey_serialize)(const secp256k1_context *, unsigned char *, size_t *, const secp256k1_pubkey *, unsigned int);
	int (*ec_pubkey_tweak_add)(const secp256k1_context *, secp256k1_pubkey *, const unsigned char *);
	int (*ecdsa_sign)(const secp256k1_context *, secp256k1_ecdsa_signature *, const unsigned char *, const unsigned char *, const void *, const void *);
	int (*ecdsa_verify)(const secp256k1_context *, const secp256k1_ecdsa_signature *, const unsigned char *, const secp256k1_pubkey *);
	int (*ecdsa_signature_parse_der)(const secp256k1_context *, secp256k1_ecdsa_signature *, const unsigned char *, size_t);
	int (*ecdsa_signature_parse_compact)(const secp256k1_context *, secp256k1_ecdsa_signature *, const unsigned char *);
	int (*ecdsa_signature_serialize_compact)(const secp256k1_context *, unsigned char *, const secp256k1_ecdsa_signature *);
	int (*ecdsa_signature_normalize)(const secp256k1_context *, secp256k1_ecdsa_signature *, const secp256k1_ecdsa_signature *);
	// extrakeys + schnorrsig (optional modules)
	int (*keypair_create)(const secp256k1_context *, secp256k1_keypair *, const unsigned char *);
	int (*xonly_pubkey_parse)(const secp256k1_context *, secp256k1_xonly_pubkey *, const unsigned char *);
	int (*xonly_pubkey_tweak_add)(const secp256k1_context *, secp256k1_pubkey *, const secp256k1_xonly_pubkey *, const unsigned char *);
	int (*schnorrsig_sign32)(const secp256k1_context *, unsigned char *, const unsigned char *, const secp256k1_keypair *, const unsigned char *);
	int (*schnorrsig_verify)(const secp256k1_context *, const unsigned char *, const unsigned char *, size_t, const secp256k1_xonly_pubkey *);
	// ecdh (optional module)
	int (*ecdh)(const secp256k1_context *, unsigned char *, const secp256k1_pubkey *, const unsigned char *, secp256k1_ecdh_hash_function, void *);
	// recovery (optional module)
	int (*recoverable_parse_compact)(const secp256k1_context *, secp256k1_ecdsa_recoverable_signature *, const unsigned char *, int);
	int (*ecdsa_recover)(const secp256k1_context *, secp256k1_pubkey *, const secp256k1_ecdsa_recoverable_signature *, const unsigned char *);
} secp_lib;

static secp_lib *secp_new(void) { return (secp_lib *)calloc(1, sizeof(secp_lib)); }

// secp_sym resolves prefix+name on the library's handle.
static void *secp_sym(const secp_lib *L, const char *name) {
	char full[256];
	snprintf(full, sizeof full, "%s%s", L->prefix, name);
	return dlsym(L->handle, full);
}

// secp_load opens path with RTLD_LOCAL | RTLD_DEEPBIND, so that neither the
// library's symbols leak into the global scope nor its internal references
// bind to another copy (go-ethereum compiles its own libsecp256k1 into this
// binary), resolves the API through dlsym on the handle (symbol names
// prefixed with prefix) and creates the context. It returns NULL on
// success, else an error message (in L->err; L is then unusable).
static const char *secp_load(secp_lib *L, const char *path, const char *prefix) {
	snprintf(L->prefix, sizeof L->prefix, "%s", prefix);
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (h == NULL) {
		const char *e = dlerror();
		snprintf(L->err, sizeof L->err, "%s", e ? e : "dlopen failed");
		return L->err;
	}
	L->handle = h;
#define REQ(field, name) do { *(void **)(&L->field) = secp_sym(L, name); if (L->field == NULL) { snprintf(L->err, sizeof L->err, "%s: missing symbol %s%s", path, prefix, name); dlclose(h); L->handle = NULL; return L->err; } } while (0)
#define OPT(field, name) do { *(void **)(&L->field) = secp_sym(L, name); } while (0)
	OPT(context_create, "context_create");
	if (L->context_create == NULL) {
		// secp256k1-sys removes context_create (its Rust code allocates);
		// the preallocated API does the same with our malloc.
		REQ(context_preallocated_size, "context_preallocated_size");
		REQ(context_preallocated_create, "context_preallocated_create");
	}
	REQ(context_randomize, "context_randomize");
	REQ(ec_pubkey_create, "ec_pubkey_create");
	REQ(ec_pubkey_parse, "ec_pubkey_parse");
	REQ(ec_pubkey_serialize, "ec_pubkey_serialize");
	REQ(ec_pubkey_tweak_add, "ec_pubkey_tweak_add");
	REQ(ecdsa_sign, "ecdsa_sign");
	REQ(ecdsa_verify, "ecdsa_verify");
	REQ(ecdsa_signature_parse_der, "ecdsa_signature_parse_der");
	REQ(ecdsa_signature_parse_compact, "ecdsa_signature_parse_compact");
	REQ(ecdsa_signature_serialize_compact, "ecdsa_signature_serialize_compact");
	REQ(ecdsa_signature_normalize, "ecdsa_signature_normalize");
	OPT(keypair_create, "keypair_create");
	OPT(xonly_pubkey_parse, "xonly_pubkey_parse");
	OPT(xonly_pubkey_tweak_add, "xonly_pubkey_tweak_add");
	OPT(schnorrsig_sign32, "schnorrsig_sign32");
	if (L->schnorrsig_sign32 == NULL) OPT(schnorrsig_sign32, "schnorrsig_sign"); // name before 0.2.0, same arguments
	OPT(schnorrsig_verify, "schnorrsig_verify");
	// The variable-length-message verify ABI came with schnorrsig_sign_custom;
	// older snapshots took a 32-byte message without a length.
	if (secp_sym(L, "schnorrsig_sign_custom") == NULL) L->schnorrsig_verify = NULL;
	OPT(ecdh, "ecdh");
	OPT(recoverable_parse_compact, "ecdsa_recoverable_signature_parse_compact");
	OPT(ecdsa_recover, "ecdsa_recover");
#undef REQ
#undef OPT
	if (L->context_create != NULL) {
		L->ctx = L->context_create(SECP_FLAGS_SIGN_VERIFY);
	} else {
		void *mem = malloc(L->context_preallocated_size(SECP_FLAGS_SIGN_VERIFY));
		if (mem != NULL) L->ctx = L->context_preallocated_create(mem, SECP_FLAGS_SIGN_VERIFY);
		L->preallocated = 1;
	}
	if (L->ctx == NULL) {
		snprintf(L->err, sizeof L->err, "%s: creating the context failed", path);
		return L->err;
	}
	return NULL;
}

static int secp_randomize(const secp_lib *L, const unsigned char *seed32) { return L->context_randomize(L->ctx, seed32); }
static int secp_has_schnorr(const secp_lib *L) { return L->keypair_create && L->xonly_pubkey_parse && L->schnorrsig_sign32 && L->schnorrsig_verify; }
static int secp_has_xonly_tweak(const secp_lib *L) { return L->xonly_pubkey_parse && L->xonly_pubkey_tweak_add; }
static int secp_has_ecdh(const secp_lib *L) { return L->ecdh != NULL; }
static int secp_has_recovery(const secp_lib *L) { return L->recoverable_parse_compact && L->ecdsa_recover; }
static int secp_has(const secp_lib *L, const char *name) { return secp_sym(L, name) != NULL; }

// secp_where writes the file that holds the resolved ec_pubkey_create.
static void secp_where(const secp_lib *L, char *out, size_t n) {
	Dl_info info;
	out[0] = 0;
	if (dladdr((void *)L->ec_pubkey_create, &info) && info.dli_fname) snprintf(out, n, "%s", info.dli_fname);
}

// secp_global_where writes where the process-global symbol name resolves
// (another copy, or none).
static void secp_global_where(const char *name, char *out, size_t n) {
	Dl_info info;
	void *p = dlsym(RTLD_DEFAULT, name);
	out[0] = 0;
	if (p == NULL) { snprintf(out, n, "(not in the global scope)"); return; }
	if (dladdr(p, &info) && info.dli_fname) snprintf(out, n, "%s", info.dli_fname);
}

// --- The timed trampolines: each runs one whole benchmark case in one cgo call.

static int t_pubkey_create(const secp_lib *L, const unsigned char *sk, unsigned char *out33) {
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!L->ec_pubkey_create(L->ctx, &pk, sk)) return 0;
	return L->ec_pubkey_serialize(L->ctx, out33, &len, &pk, SECP_EC_COMPRESSED);
}

static int t_ecdsa_sign(const secp_lib *L, const unsigned char *sk, const unsigned char *hash, unsigned char *out64) {
	secp256k1_ecdsa_signature sig;
	if (!L->ecdsa_sign(L->ctx, &sig, hash, sk, NULL, NULL)) return 0; // NULL nonce function: RFC 6979
	return L->ecdsa_signature_serialize_compact(L->ctx, out64, &sig);
}

static int t_ecdsa_verify_der(const secp_lib *L, const unsigned char *der, size_t derlen, const unsigned char *pub, size_t publen, const unsigned char *hash) {
	secp256k1_ecdsa_signature sig;
	secp256k1_pubkey pk;
	if (!L->ecdsa_signature_parse_der(L->ctx, &sig, der, derlen)) return 0;
	if (!L->ec_pubkey_parse(L->ctx, &pk, pub, publen)) return 0;
	return L->ecdsa_verify(L->ctx, &sig, hash, &pk);
}

static int t_ecdsa_verify(const secp_lib *L, const secp256k1_ecdsa_signature *sig, const secp256k1_pubkey *pk, const unsigned char *hash) {
	return L->ecdsa_verify(L->ctx, sig, hash, pk);
}

static int t_schnorr_sign(const secp_lib *L, const secp256k1_keypair *kp, const unsigned char *msg32, const unsigned char *aux32, unsigned char *out64) {
	return L->schnorrsig_sign32(L->ctx, out64, msg32, kp, aux32);
}

static int t_schnorr_verify_x(const secp_lib *L, const unsigned char *sig64, const unsigned char *msg, size_t msglen, const unsigned char *x32) {
	secp256k1_xonly_pubkey pk;
	if (!L->xonly_pubkey_parse(L->ctx, &pk, x32)) return 0;
	return L->schnorrsig_verify(L->ctx, sig64, msg, msglen, &pk);
}

static int t_schnorr_verify(const secp_lib *L, const unsigned char *sig64, const unsigned char *msg, size_t msglen, const secp256k1_xonly_pubkey *pk) {
	return L->schnorrsig_verify(L->ctx, sig64, msg, msglen, pk);
}

static int copy_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32, void *data) {
	(void)y32; (void)data;
	memcpy(out, x32, 32);
	return 1;
}

static int t_ecdh_x(const secp_lib *L, const secp256k1_pubkey *pk, const unsigned char *sk, unsigned char *out32) {
	return L->ecdh(L->ctx, out32, pk, sk, copy_x, NULL);
}

static int t_recover(const secp_lib *L, const unsigned char *sig64, int recid, const unsigned char *hash, unsigned char *out33) {
	secp256k1_ecdsa_recoverable_signature sig;
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!L->recoverable_parse_compact(L->ctx, &sig, sig64, recid)) return 0;
	if (!L->ecdsa_recover(L->ctx, &pk, &sig, hash)) return 0;
	return L->ec_pubkey_serialize(L->ctx, out33, &len, &pk, SECP_EC_COMPRESSED);
}

// t_pubkey_tweak_add tweaks a copy of the parsed key (the call works in place).
static int t_pubkey_tweak_add(const secp_lib *L, const secp256k1_pubkey *in, const unsigned char *tweak32, unsigned char *out33) {
	secp256k1_pubkey pk = *in;
	size_t len = 33;
	if (!L->ec_pubkey_tweak_add(L->ctx, &pk, tweak32)) return 0;
	return L->ec_pubkey_serialize(L->ctx, out33, &len, &pk, SECP_EC_COMPRESSED);
}

static int t_xonly_tweak_add(const secp_lib *L, const secp256k1_xonly_pubkey *in, const unsigned char *tweak32, unsigned char *out33) {
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!L->xonly_pubkey_tweak_add(L->ctx, &pk, in, tweak32)) return 0;
	return L->ec_pubkey_serialize(L->ctx, out33, &len, &pk, SECP_EC_COMPRESSED);
}

// --- Untimed helpers: preparation and the differential tests.

static int h_pubkey_parse(const secp_lib *L, const unsigned char *in, size_t len, secp256k1_pubkey *pk) {
	return L->ec_pubkey_parse(L->ctx, pk, in, len);
}

static int h_pubkey_reserialize(const secp_lib *L, const unsigned char *in, size_t len, unsigned char *out, int compressed) {
	secp256k1_pubkey pk;
	size_t outlen = compressed ? 33 : 65;
	if (!L->ec_pubkey_parse(L->ctx, &pk, in, len)) return 0;
	return L->ec_pubkey_serialize(L->ctx, out, &outlen, &pk, compressed ? SECP_EC_COMPRESSED : SECP_EC_UNCOMPRESSED);
}

static int h_parse_der(const secp_lib *L, const unsigned char *der, size_t len, secp256k1_ecdsa_signature *sig) {
	return L->ecdsa_signature_parse_der(L->ctx, sig, der, len);
}

static int h_parse_der_compact(const secp_lib *L, const unsigned char *der, size_t len, unsigned char *out64) {
	secp256k1_ecdsa_signature sig;
	if (!L->ecdsa_signature_parse_der(L->ctx, &sig, der, len)) return 0;
	return L->ecdsa_signature_serialize_compact(L->ctx, out64, &sig);
}

static int h_verify_compact(const secp_lib *L, const unsigned char *sig64, const unsigned char *pub, size_t publen, const unsigned char *hash) {
	secp256k1_ecdsa_signature sig;
	secp256k1_pubkey pk;
	if (!L->ecdsa_signature_parse_compact(L->ctx, &sig, sig64)) return 0;
	if (!L->ec_pubkey_parse(L->ctx, &pk, pub, publen)) return 0;
	return L->ecdsa_verify(L->ctx, &sig, hash, &pk);
}

static int h_keypair(const secp_lib *L, const unsigned char *sk, secp256k1_keypair *kp) {
	return L->keypair_create(L->ctx, kp, sk);
}

static int h_xonly_parse(const secp_lib *L, const unsigned char *x32, secp256k1_xonly_pubkey *pk) {
	return L->xonly_pubkey_parse(L->ctx, pk, x32);
}

static int h_ecdh_sha256(const secp_lib *L, const unsigned char *pub, size_t publen, const unsigned char *sk, unsigned char *out32) {
	secp256k1_pubkey pk;
	if (!L->ec_pubkey_parse(L->ctx, &pk, pub, publen)) return 0;
	return L->ecdh(L->ctx, out32, &pk, sk, NULL, NULL); // NULL: the default SHA-256(02|03 || x) hash
}

static int h_ecdh_x(const secp_lib *L, const unsigned char *pub, size_t publen, const unsigned char *sk, unsigned char *out32) {
	secp256k1_pubkey pk;
	if (!L->ec_pubkey_parse(L->ctx, &pk, pub, publen)) return 0;
	return L->ecdh(L->ctx, out32, &pk, sk, copy_x, NULL);
}

static int h_pubkey_tweak_add(const secp_lib *L, const unsigned char *pub, size_t publen, const unsigned char *tweak32, unsigned char *out33) {
	secp256k1_pubkey pk;
	if (!L->ec_pubkey_parse(L->ctx, &pk, pub, publen)) return 0;
	return t_pubkey_tweak_add(L, &pk, tweak32, out33);
}

static int h_xonly_tweak_add(const secp_lib *L, const unsigned char *x32, const unsigned char *tweak32, unsigned char *out33) {
	secp256k1_xonly_pubkey pk;
	if (!L->xonly_pubkey_parse(L->ctx, &pk, x32)) return 0;
	return t_xonly_tweak_add(L, &pk, tweak32, out33);
}
*/
import "C"

import (
	"crypto/rand"
	"errors"
	"fmt"
	"path/filepath"
	"unsafe"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// secpLib is one copy of libsecp256k1 loaded with dlopen, with its context
// created and randomized once. Both libsecp256k1 providers (the 0.8 build
// and the system library) run on it.
type secpLib struct {
	c *C.secp_lib
	// path is the file that answers: dladdr on the resolved
	// <prefix>ec_pubkey_create.
	path string
	// symbol is <prefix>ec_pubkey_create and global where the
	// process-global symbol of that name resolves.
	symbol, global string
	// prealloc: the context was made with context_preallocated_create.
	prealloc bool

	schnorr, xonlyTweak, ecdh, recovery bool
}

// openSecpLib loads the shared object at path, whose API symbols are named
// prefix+name (secp256k1_ for libsecp256k1 itself), creates one
// SIGN|VERIFY context and randomizes it once from crypto/rand.
func openSecpLib(path, prefix string) (*secpLib, error) {
	L := C.secp_new()
	if L == nil {
		return nil, errors.New("out of memory")
	}
	cpath, cprefix := C.CString(path), C.CString(prefix)
	defer C.free(unsafe.Pointer(cpath))
	defer C.free(unsafe.Pointer(cprefix))
	if e := C.secp_load(L, cpath, cprefix); e != nil {
		err := errors.New(C.GoString(e))
		C.free(unsafe.Pointer(L))
		return nil, err
	}
	l := &secpLib{c: L, symbol: prefix + "ec_pubkey_create"}
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		return nil, err
	}
	if C.secp_randomize(L, (*C.uchar)(&seed[0])) != 1 {
		return nil, fmt.Errorf("%s: context_randomize failed", path)
	}
	var buf [4096]C.char
	C.secp_where(L, &buf[0], C.size_t(len(buf)))
	l.path = C.GoString(&buf[0])
	if real, err := filepath.EvalSymlinks(l.path); err == nil {
		l.path = real
	}
	csym := C.CString(l.symbol)
	C.secp_global_where(csym, &buf[0], C.size_t(len(buf)))
	C.free(unsafe.Pointer(csym))
	l.global = C.GoString(&buf[0])
	l.prealloc = L.preallocated != 0
	l.schnorr = C.secp_has_schnorr(L) != 0
	l.xonlyTweak = C.secp_has_xonly_tweak(L) != 0
	l.ecdh = C.secp_has_ecdh(L) != 0
	l.recovery = C.secp_has_recovery(L) != 0
	return l, nil
}

// has reports whether the library exports prefix+name.
func (l *secpLib) has(name string) bool {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.secp_has(l.c, cs) != 0
}

// extra records the proof of which library answers.
func (l *secpLib) extra(m map[string]string) {
	m["shared_object"] = l.path
	m["global_"+l.symbol] = l.global
	m["dlopen"] = "RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND"
	if l.prealloc {
		m["context"] = "one context, made with context_preallocated_create (SIGN|VERIFY) in malloc'd memory and randomized once; each case is one cgo call into a C trampoline"
	} else {
		m["context"] = "one context, created with SIGN|VERIFY and randomized once; each case is one cgo call into a C trampoline"
	}
}

// secpNotes are the per-case notes of both libsecp256k1 providers.
func secpNotes() map[h.Case]string {
	return map[h.Case]string{
		h.PubkeyCreate:         "ec_pubkey_create + ec_pubkey_serialize, one cgo call",
		h.ECDSASignFromBytes:   "ecdsa_sign (RFC 6979) on the 32 secret bytes + serialize_compact, one cgo call",
		h.ECDSASignPreparsed:   "libsecp256k1 has no parsed secret-key type (every call validates the 32 bytes): the same call as ecdsa_sign_from_bytes",
		h.SchnorrSignPreparsed: "schnorrsig_sign32 on a key pair created beforehand",
		h.ECDH:                 "ecdh with a hash function that copies x (no SHA-256), parsed public key",
		h.ECDSARecover:         "parse recoverable compact + ecdsa_recover + serialize compressed, one cgo call",
		h.PubkeyTweakAdd:       "ec_pubkey_tweak_add on a copy of the parsed key + serialize compressed, one cgo call",
		h.XOnlyTweakAdd:        "xonly_pubkey_tweak_add on the parsed x-only key + serialize compressed, one cgo call",
	}
}

func ucp(b []byte) *C.uchar { return (*C.uchar)(unsafe.Pointer(&b[0])) }

// prepare implements harness.Provider.Prepare for a loaded library.
func (l *secpLib) prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	L := l.c
	n := ds.Len()
	items := ds.Items
	parsePubs := func(pub func(i int) []byte) ([]C.secp256k1_pubkey, error) {
		pubs := make([]C.secp256k1_pubkey, n)
		for i := range pubs {
			b := pub(i)
			if C.h_pubkey_parse(L, ucp(b), C.size_t(len(b)), &pubs[i]) != 1 {
				return nil, fmt.Errorf("item %d: public key parse failed", i)
			}
		}
		return pubs, nil
	}
	parseXOnly := func() ([]C.secp256k1_xonly_pubkey, error) {
		pubs := make([]C.secp256k1_xonly_pubkey, n)
		for i := range pubs {
			if C.h_xonly_parse(L, ucp(items[i].XOnly[:]), &pubs[i]) != 1 {
				return nil, fmt.Errorf("item %d: xonly_pubkey_parse failed", i)
			}
		}
		return pubs, nil
	}
	switch c {
	case h.PubkeyCreate:
		return func(i int) ([]byte, bool) {
			out := make([]byte, 33)
			ok := C.t_pubkey_create(L, ucp(items[i].Seckey[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.ECDSASignFromBytes, h.ECDSASignPreparsed:
		return func(i int) ([]byte, bool) {
			out := make([]byte, 64)
			ok := C.t_ecdsa_sign(L, ucp(items[i].Seckey[:]), ucp(items[i].Hash[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.ECDSAVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			return nil, C.t_ecdsa_verify_der(L, ucp(it.SigDER), C.size_t(len(it.SigDER)), ucp(it.Pub[:]), 33, ucp(it.Hash[:])) == 1
		}, nil
	case h.ECDSAVerifyPreparsed:
		sigs := make([]C.secp256k1_ecdsa_signature, n)
		for i := range sigs {
			if C.h_parse_der(L, ucp(items[i].SigDER), C.size_t(len(items[i].SigDER)), &sigs[i]) != 1 {
				return nil, fmt.Errorf("item %d: DER parse failed", i)
			}
		}
		pubs, err := parsePubs(func(i int) []byte { return items[i].Pub[:] })
		if err != nil {
			return nil, err
		}
		return func(i int) ([]byte, bool) {
			return nil, C.t_ecdsa_verify(L, &sigs[i], &pubs[i], ucp(items[i].Hash[:])) == 1
		}, nil
	case h.SchnorrSignPreparsed, h.SchnorrVerify, h.SchnorrVerifyPreparsed:
		if !l.schnorr {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the extrakeys/schnorrsig modules", h.ErrUnsupported)
		}
		switch c {
		case h.SchnorrSignPreparsed:
			kps := make([]C.secp256k1_keypair, n)
			for i := range kps {
				if C.h_keypair(L, ucp(items[i].Seckey[:]), &kps[i]) != 1 {
					return nil, fmt.Errorf("item %d: keypair_create failed", i)
				}
			}
			return func(i int) ([]byte, bool) {
				out := make([]byte, 64)
				ok := C.t_schnorr_sign(L, &kps[i], ucp(items[i].Hash[:]), ucp(items[i].Aux[:]), ucp(out)) == 1
				return out, ok
			}, nil
		case h.SchnorrVerify:
			return func(i int) ([]byte, bool) {
				it := &items[i]
				return nil, C.t_schnorr_verify_x(L, ucp(it.Schnorr[:]), ucp(it.Hash[:]), 32, ucp(it.XOnly[:])) == 1
			}, nil
		default:
			pubs, err := parseXOnly()
			if err != nil {
				return nil, err
			}
			return func(i int) ([]byte, bool) {
				it := &items[i]
				return nil, C.t_schnorr_verify(L, ucp(it.Schnorr[:]), ucp(it.Hash[:]), 32, &pubs[i]) == 1
			}, nil
		}
	case h.ECDH:
		if !l.ecdh {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the ecdh module", h.ErrUnsupported)
		}
		peers, err := parsePubs(ds.PeerPub)
		if err != nil {
			return nil, err
		}
		return func(i int) ([]byte, bool) {
			out := make([]byte, 32)
			ok := C.t_ecdh_x(L, &peers[i], ucp(items[i].Seckey[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.ECDSARecover:
		if !l.recovery {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the recovery module", h.ErrUnsupported)
		}
		return func(i int) ([]byte, bool) {
			it := &items[i]
			out := make([]byte, 33)
			ok := C.t_recover(L, ucp(it.SigCompact[:]), C.int(it.RecID), ucp(it.Hash[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.PubkeyTweakAdd:
		pubs, err := parsePubs(func(i int) []byte { return items[i].Pub[:] })
		if err != nil {
			return nil, err
		}
		return func(i int) ([]byte, bool) {
			out := make([]byte, 33)
			ok := C.t_pubkey_tweak_add(L, &pubs[i], ucp(items[i].Tweak[:]), ucp(out)) == 1
			return out, ok
		}, nil
	case h.XOnlyTweakAdd:
		if !l.xonlyTweak {
			return nil, fmt.Errorf("%w: this libsecp256k1 build lacks the extrakeys module", h.ErrUnsupported)
		}
		pubs, err := parseXOnly()
		if err != nil {
			return nil, err
		}
		return func(i int) ([]byte, bool) {
			out := make([]byte, 33)
			ok := C.t_xonly_tweak_add(L, &pubs[i], ucp(items[i].Tweak[:]), ucp(out)) == 1
			return out, ok
		}, nil
	}
	return nil, h.ErrUnsupported
}

// LibsecpRef gives the differential tests direct access to one loaded
// libsecp256k1: the 0.8 build (LibsecpRefs()[0]) or the system library.
// Each method returns ok=false when libsecp256k1's call fails.
type LibsecpRef struct {
	name, version string
	lib           *secpLib
	err           error
}

// Name is the provider name of the library ("libsecp256k1", "libsecp256k1-0.2").
func (r *LibsecpRef) Name() string { return r.name }

// Version is the library version found.
func (r *LibsecpRef) Version() string { return r.version }

// Err is nil when the library is loaded, else why it is not.
func (r *LibsecpRef) Err() error { return r.err }

// Schnorr reports whether the library has the extrakeys and schnorrsig modules.
func (r *LibsecpRef) Schnorr() bool { return r.err == nil && r.lib.schnorr }

// HasECDH reports whether the library has the ecdh module.
func (r *LibsecpRef) HasECDH() bool { return r.err == nil && r.lib.ecdh }

// ParseDER parses a DER signature with ecdsa_signature_parse_der and
// returns it as compact r||s. libsecp256k1 accepts r or s >= n and sets the
// signature to zero in that case.
func (r *LibsecpRef) ParseDER(der []byte) (compact [64]byte, ok bool) {
	if r.err != nil || len(der) == 0 {
		return compact, false
	}
	ok = C.h_parse_der_compact(r.lib.c, ucp(der), C.size_t(len(der)), (*C.uchar)(&compact[0])) == 1
	return compact, ok
}

// ParsePubkey parses a SEC 1 public key and returns its compressed and
// uncompressed encodings.
func (r *LibsecpRef) ParsePubkey(b []byte) (comp [33]byte, uncomp [65]byte, ok bool) {
	if r.err != nil || len(b) == 0 {
		return comp, uncomp, false
	}
	if C.h_pubkey_reserialize(r.lib.c, ucp(b), C.size_t(len(b)), (*C.uchar)(&comp[0]), 1) != 1 {
		return comp, uncomp, false
	}
	C.h_pubkey_reserialize(r.lib.c, ucp(b), C.size_t(len(b)), (*C.uchar)(&uncomp[0]), 0)
	return comp, uncomp, true
}

// VerifyDER verifies a DER signature (parsed by libsecp256k1's strict
// parser) against a serialized public key.
func (r *LibsecpRef) VerifyDER(der, pub, hash []byte) bool {
	if r.err != nil || len(der) == 0 || len(pub) == 0 || len(hash) != 32 {
		return false
	}
	return C.t_ecdsa_verify_der(r.lib.c, ucp(der), C.size_t(len(der)), ucp(pub), C.size_t(len(pub)), ucp(hash)) == 1
}

// VerifyCompact verifies a 64-byte r||s signature.
func (r *LibsecpRef) VerifyCompact(sig, pub, hash []byte) bool {
	if r.err != nil || len(sig) != 64 || len(pub) == 0 || len(hash) != 32 {
		return false
	}
	return C.h_verify_compact(r.lib.c, ucp(sig), ucp(pub), C.size_t(len(pub)), ucp(hash)) == 1
}

// SchnorrVerify verifies a BIP-340 signature on a message of any length;
// ok is false if the library lacks the schnorrsig module.
func (r *LibsecpRef) SchnorrVerify(x32, msg, sig []byte) (valid, ok bool) {
	if !r.Schnorr() {
		return false, false
	}
	if len(x32) != 32 || len(sig) != 64 {
		return false, true
	}
	var pk C.secp256k1_xonly_pubkey
	if C.h_xonly_parse(r.lib.c, ucp(x32), &pk) != 1 {
		return false, true
	}
	var mp *C.uchar
	if len(msg) > 0 {
		mp = ucp(msg)
	}
	return C.t_schnorr_verify(r.lib.c, ucp(sig), mp, C.size_t(len(msg)), &pk) == 1, true
}

// ParseXOnly parses a BIP-340 x-only public key; false if it is invalid or
// the library lacks the extrakeys module.
func (r *LibsecpRef) ParseXOnly(x32 []byte) bool {
	if !r.Schnorr() || len(x32) != 32 {
		return false
	}
	var pk C.secp256k1_xonly_pubkey
	return C.h_xonly_parse(r.lib.c, ucp(x32), &pk) == 1
}

// ECDH computes the raw-x and the default SHA-256 ECDH outputs.
func (r *LibsecpRef) ECDH(sk, pub []byte) (x, hashed [32]byte, ok bool) {
	if !r.HasECDH() || len(sk) != 32 || len(pub) == 0 {
		return x, hashed, false
	}
	if C.h_ecdh_x(r.lib.c, ucp(pub), C.size_t(len(pub)), ucp(sk), (*C.uchar)(&x[0])) != 1 {
		return x, hashed, false
	}
	C.h_ecdh_sha256(r.lib.c, ucp(pub), C.size_t(len(pub)), ucp(sk), (*C.uchar)(&hashed[0]))
	return x, hashed, true
}

// PubkeyTweakAdd parses a SEC 1 public key and returns ec_pubkey_tweak_add's
// result, compressed.
func (r *LibsecpRef) PubkeyTweakAdd(pub, tweak []byte) (out [33]byte, ok bool) {
	if r.err != nil || len(pub) == 0 || len(tweak) != 32 {
		return out, false
	}
	return out, C.h_pubkey_tweak_add(r.lib.c, ucp(pub), C.size_t(len(pub)), ucp(tweak), (*C.uchar)(&out[0])) == 1
}

// XOnlyTweakAdd parses an x-only key and returns xonly_pubkey_tweak_add's
// full key, compressed; ok is false on failure or without extrakeys.
func (r *LibsecpRef) XOnlyTweakAdd(x32, tweak []byte) (out [33]byte, ok bool) {
	if r.err != nil || !r.lib.xonlyTweak || len(x32) != 32 || len(tweak) != 32 {
		return out, false
	}
	return out, C.h_xonly_tweak_add(r.lib.c, ucp(x32), ucp(tweak), (*C.uchar)(&out[0])) == 1
}
