//go:build cgo && unix

package providers

/*
#cgo linux LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The parts of the libsecp256k1 API (include/secp256k1.h and the headers of
// the extrakeys, schnorrsig and recovery modules) that the differential fuzz
// targets call, declared here so that building needs no header. The context
// argument is passed as void *. Every wrapper below takes and returns
// serialized bytes, and never passes libsecp256k1 an argument that its
// ARG_CHECKs reject: those call the illegal callback, which aborts.
typedef struct { unsigned char data[64]; } fz_pubkey;
typedef struct { unsigned char data[64]; } fz_xonly;
typedef struct { unsigned char data[96]; } fz_keypair;
typedef struct { unsigned char data[64]; } fz_sig;
typedef struct { unsigned char data[65]; } fz_rsig;
typedef struct {
	unsigned char magic[4];
	void *noncefp;
	void *ndata;
} fz_schnorr_extraparams;

#define FZ_EC_COMPRESSED ((1u << 1) | (1u << 8))
#define FZ_EC_UNCOMPRESSED (1u << 1)
#define FZ_MAX_KEYS 64

typedef struct {
	void *ctx;
	int (*seckey_verify)(void *, const unsigned char *);
	int (*seckey_negate)(void *, unsigned char *);
	int (*seckey_tweak_add)(void *, unsigned char *, const unsigned char *);
	int (*seckey_tweak_mul)(void *, unsigned char *, const unsigned char *);
	int (*pubkey_create)(void *, fz_pubkey *, const unsigned char *);
	int (*pubkey_parse)(void *, fz_pubkey *, const unsigned char *, size_t);
	int (*pubkey_serialize)(void *, unsigned char *, size_t *, const fz_pubkey *, unsigned int);
	int (*pubkey_negate)(void *, fz_pubkey *);
	int (*pubkey_tweak_add)(void *, fz_pubkey *, const unsigned char *);
	int (*pubkey_tweak_mul)(void *, fz_pubkey *, const unsigned char *);
	int (*pubkey_combine)(void *, fz_pubkey *, const fz_pubkey *const *, size_t);
	int (*pubkey_sort)(void *, const fz_pubkey **, size_t);
	int (*pubkey_cmp)(void *, const fz_pubkey *, const fz_pubkey *);
	int (*xonly_parse)(void *, fz_xonly *, const unsigned char *);
	int (*xonly_serialize)(void *, unsigned char *, const fz_xonly *);
	int (*xonly_from_pubkey)(void *, fz_xonly *, int *, const fz_pubkey *);
	int (*xonly_tweak_add)(void *, fz_pubkey *, const fz_xonly *, const unsigned char *);
	int (*xonly_tweak_add_check)(void *, const unsigned char *, int, const fz_xonly *, const unsigned char *);
	int (*xonly_cmp)(void *, const fz_xonly *, const fz_xonly *);
	int (*keypair_create)(void *, fz_keypair *, const unsigned char *);
	int (*keypair_sec)(void *, unsigned char *, const fz_keypair *);
	int (*keypair_pub)(void *, fz_pubkey *, const fz_keypair *);
	int (*keypair_xonly_pub)(void *, fz_xonly *, int *, const fz_keypair *);
	int (*keypair_xonly_tweak_add)(void *, fz_keypair *, const unsigned char *);
	int (*ecdsa_sign)(void *, fz_sig *, const unsigned char *, const unsigned char *, const void *, const void *);
	int (*ecdsa_verify)(void *, const fz_sig *, const unsigned char *, const fz_pubkey *);
	int (*sig_parse_compact)(void *, fz_sig *, const unsigned char *);
	int (*sig_serialize_compact)(void *, unsigned char *, const fz_sig *);
	int (*sig_parse_der)(void *, fz_sig *, const unsigned char *, size_t);
	int (*sig_serialize_der)(void *, unsigned char *, size_t *, const fz_sig *);
	int (*sig_normalize)(void *, fz_sig *, const fz_sig *);
	int (*sign_recoverable)(void *, fz_rsig *, const unsigned char *, const unsigned char *, const void *, const void *);
	int (*rsig_parse_compact)(void *, fz_rsig *, const unsigned char *, int);
	int (*rsig_serialize_compact)(void *, unsigned char *, int *, const fz_rsig *);
	int (*rsig_convert)(void *, fz_sig *, const fz_rsig *);
	int (*recover)(void *, fz_pubkey *, const fz_rsig *, const unsigned char *);
	int (*schnorr_sign32)(void *, unsigned char *, const unsigned char *, const fz_keypair *, const unsigned char *);
	int (*schnorr_sign_custom)(void *, unsigned char *, const unsigned char *, size_t, const fz_keypair *, fz_schnorr_extraparams *);
	int (*schnorr_verify)(void *, const unsigned char *, const unsigned char *, size_t, const fz_xonly *);
	int (*tagged_sha256)(void *, unsigned char *, const unsigned char *, size_t, const unsigned char *, size_t);
} fz_lib;

// fz_load resolves the API of the library opened as handle (symbol names
// prefix+name) for the context ctx. It returns NULL, or the name of the
// first missing symbol.
static const char *fz_load(fz_lib *F, void *handle, void *ctx, const char *prefix) {
	static char missing[256];
	char full[256];
	F->ctx = ctx;
#define SYM(field, name) do { snprintf(full, sizeof full, "%s%s", prefix, name); *(void **)(&F->field) = dlsym(handle, full); if (F->field == NULL) { snprintf(missing, sizeof missing, "%s", full); return missing; } } while (0)
	SYM(seckey_verify, "ec_seckey_verify");
	SYM(seckey_negate, "ec_seckey_negate");
	SYM(seckey_tweak_add, "ec_seckey_tweak_add");
	SYM(seckey_tweak_mul, "ec_seckey_tweak_mul");
	SYM(pubkey_create, "ec_pubkey_create");
	SYM(pubkey_parse, "ec_pubkey_parse");
	SYM(pubkey_serialize, "ec_pubkey_serialize");
	SYM(pubkey_negate, "ec_pubkey_negate");
	SYM(pubkey_tweak_add, "ec_pubkey_tweak_add");
	SYM(pubkey_tweak_mul, "ec_pubkey_tweak_mul");
	SYM(pubkey_combine, "ec_pubkey_combine");
	SYM(pubkey_sort, "ec_pubkey_sort");
	SYM(pubkey_cmp, "ec_pubkey_cmp");
	SYM(xonly_parse, "xonly_pubkey_parse");
	SYM(xonly_serialize, "xonly_pubkey_serialize");
	SYM(xonly_from_pubkey, "xonly_pubkey_from_pubkey");
	SYM(xonly_tweak_add, "xonly_pubkey_tweak_add");
	SYM(xonly_tweak_add_check, "xonly_pubkey_tweak_add_check");
	SYM(xonly_cmp, "xonly_pubkey_cmp");
	SYM(keypair_create, "keypair_create");
	SYM(keypair_sec, "keypair_sec");
	SYM(keypair_pub, "keypair_pub");
	SYM(keypair_xonly_pub, "keypair_xonly_pub");
	SYM(keypair_xonly_tweak_add, "keypair_xonly_tweak_add");
	SYM(ecdsa_sign, "ecdsa_sign");
	SYM(ecdsa_verify, "ecdsa_verify");
	SYM(sig_parse_compact, "ecdsa_signature_parse_compact");
	SYM(sig_serialize_compact, "ecdsa_signature_serialize_compact");
	SYM(sig_parse_der, "ecdsa_signature_parse_der");
	SYM(sig_serialize_der, "ecdsa_signature_serialize_der");
	SYM(sig_normalize, "ecdsa_signature_normalize");
	SYM(sign_recoverable, "ecdsa_sign_recoverable");
	SYM(rsig_parse_compact, "ecdsa_recoverable_signature_parse_compact");
	SYM(rsig_serialize_compact, "ecdsa_recoverable_signature_serialize_compact");
	SYM(rsig_convert, "ecdsa_recoverable_signature_convert");
	SYM(recover, "ecdsa_recover");
	SYM(schnorr_sign32, "schnorrsig_sign32");
	SYM(schnorr_sign_custom, "schnorrsig_sign_custom");
	SYM(schnorr_verify, "schnorrsig_verify");
	SYM(tagged_sha256, "tagged_sha256");
#undef SYM
	return NULL;
}

static int fz_ser33(const fz_lib *F, const fz_pubkey *pk, unsigned char *out33) {
	size_t len = 33;
	return F->pubkey_serialize(F->ctx, out33, &len, pk, FZ_EC_COMPRESSED);
}

static int fz_ser65(const fz_lib *F, const fz_pubkey *pk, unsigned char *out65) {
	size_t len = 65;
	return F->pubkey_serialize(F->ctx, out65, &len, pk, FZ_EC_UNCOMPRESSED);
}

// --- Secret keys (the key is copied by the caller: the calls work in place).

static int fz_seckey_verify(const fz_lib *F, const unsigned char *sk) { return F->seckey_verify(F->ctx, sk); }
static int fz_seckey_negate(const fz_lib *F, unsigned char *sk) { return F->seckey_negate(F->ctx, sk); }
static int fz_seckey_tweak_add(const fz_lib *F, unsigned char *sk, const unsigned char *tw) { return F->seckey_tweak_add(F->ctx, sk, tw); }
static int fz_seckey_tweak_mul(const fz_lib *F, unsigned char *sk, const unsigned char *tw) { return F->seckey_tweak_mul(F->ctx, sk, tw); }

static int fz_pubkey_create(const fz_lib *F, const unsigned char *sk, unsigned char *out33) {
	fz_pubkey pk;
	if (!F->pubkey_create(F->ctx, &pk, sk)) return 0;
	return fz_ser33(F, &pk, out33);
}

// --- Public keys, given in any encoding ec_pubkey_parse takes.

static int fz_pubkey_parse(const fz_lib *F, const unsigned char *in, size_t len, unsigned char *out33, unsigned char *out65) {
	fz_pubkey pk;
	if (!F->pubkey_parse(F->ctx, &pk, in, len)) return 0;
	return fz_ser33(F, &pk, out33) && fz_ser65(F, &pk, out65);
}

static int fz_pubkey_negate(const fz_lib *F, const unsigned char *in, size_t len, unsigned char *out33) {
	fz_pubkey pk;
	if (!F->pubkey_parse(F->ctx, &pk, in, len)) return 0;
	if (!F->pubkey_negate(F->ctx, &pk)) return 0;
	return fz_ser33(F, &pk, out33);
}

// fz_pubkey_tweak runs ec_pubkey_tweak_add (mul = 0) or _tweak_mul (mul = 1).
static int fz_pubkey_tweak(const fz_lib *F, const unsigned char *in, size_t len, const unsigned char *tw, int mul, unsigned char *out33) {
	fz_pubkey pk;
	if (!F->pubkey_parse(F->ctx, &pk, in, len)) return 0;
	if (!(mul ? F->pubkey_tweak_mul(F->ctx, &pk, tw) : F->pubkey_tweak_add(F->ctx, &pk, tw))) return 0;
	return fz_ser33(F, &pk, out33);
}

// fz_pubkey_combine parses n keys of 65 bytes each at flat, the first
// lens[i] bytes of each being the encoding, and writes their sum.
static int fz_pubkey_combine(const fz_lib *F, const unsigned char *flat, const size_t *lens, size_t n, unsigned char *out33) {
	fz_pubkey keys[FZ_MAX_KEYS], sum;
	const fz_pubkey *ptrs[FZ_MAX_KEYS];
	if (n < 1 || n > FZ_MAX_KEYS) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!F->pubkey_parse(F->ctx, &keys[i], flat + 65 * i, lens[i])) return 0;
		ptrs[i] = &keys[i];
	}
	if (!F->pubkey_combine(F->ctx, &sum, ptrs, n)) return 0;
	return fz_ser33(F, &sum, out33);
}

// fz_pubkey_sort parses n compressed keys at flat33, sorts them with
// ec_pubkey_sort and writes them back in that order.
static int fz_pubkey_sort(const fz_lib *F, unsigned char *flat33, size_t n) {
	fz_pubkey keys[FZ_MAX_KEYS];
	const fz_pubkey *ptrs[FZ_MAX_KEYS];
	if (n < 1 || n > FZ_MAX_KEYS) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!F->pubkey_parse(F->ctx, &keys[i], flat33 + 33 * i, 33)) return 0;
		ptrs[i] = &keys[i];
	}
	if (!F->pubkey_sort(F->ctx, ptrs, n)) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!fz_ser33(F, ptrs[i], flat33 + 33 * i)) return 0;
	}
	return 1;
}

static int fz_pubkey_cmp(const fz_lib *F, const unsigned char *a, size_t alen, const unsigned char *b, size_t blen, int *res) {
	fz_pubkey pa, pb;
	if (!F->pubkey_parse(F->ctx, &pa, a, alen) || !F->pubkey_parse(F->ctx, &pb, b, blen)) return 0;
	*res = F->pubkey_cmp(F->ctx, &pa, &pb);
	return 1;
}

// --- x-only keys.

static int fz_xonly_from_pubkey(const fz_lib *F, const unsigned char *in, size_t len, unsigned char *out32, int *parity) {
	fz_pubkey pk;
	fz_xonly x;
	if (!F->pubkey_parse(F->ctx, &pk, in, len)) return 0;
	if (!F->xonly_from_pubkey(F->ctx, &x, parity, &pk)) return 0;
	return F->xonly_serialize(F->ctx, out32, &x);
}

static int fz_xonly_parse(const fz_lib *F, const unsigned char *x32, unsigned char *out32) {
	fz_xonly x;
	if (!F->xonly_parse(F->ctx, &x, x32)) return 0;
	return F->xonly_serialize(F->ctx, out32, &x);
}

static int fz_xonly_tweak_add(const fz_lib *F, const unsigned char *x32, const unsigned char *tw, unsigned char *out33) {
	fz_xonly x;
	fz_pubkey pk;
	if (!F->xonly_parse(F->ctx, &x, x32)) return 0;
	if (!F->xonly_tweak_add(F->ctx, &pk, &x, tw)) return 0;
	return fz_ser33(F, &pk, out33);
}

// fz_xonly_tweak_add_check returns -1 if x32 does not parse, else the
// result of xonly_pubkey_tweak_add_check.
static int fz_xonly_tweak_add_check(const fz_lib *F, const unsigned char *tweaked32, int parity, const unsigned char *x32, const unsigned char *tw) {
	fz_xonly x;
	if (!F->xonly_parse(F->ctx, &x, x32)) return -1;
	return F->xonly_tweak_add_check(F->ctx, tweaked32, parity, &x, tw);
}

static int fz_xonly_cmp(const fz_lib *F, const unsigned char *a32, const unsigned char *b32, int *res) {
	fz_xonly a, b;
	if (!F->xonly_parse(F->ctx, &a, a32) || !F->xonly_parse(F->ctx, &b, b32)) return 0;
	*res = F->xonly_cmp(F->ctx, &a, &b);
	return 1;
}

// --- Key pairs.

static int fz_keypair_out(const fz_lib *F, const fz_keypair *kp, unsigned char *sec32, unsigned char *pub33, unsigned char *x32, int *parity) {
	fz_pubkey pk;
	fz_xonly x;
	if (!F->keypair_sec(F->ctx, sec32, kp)) return 0;
	if (!F->keypair_pub(F->ctx, &pk, kp) || !fz_ser33(F, &pk, pub33)) return 0;
	if (!F->keypair_xonly_pub(F->ctx, &x, parity, kp)) return 0;
	return F->xonly_serialize(F->ctx, x32, &x);
}

static int fz_keypair_create(const fz_lib *F, const unsigned char *sk, unsigned char *sec32, unsigned char *pub33, unsigned char *x32, int *parity) {
	fz_keypair kp;
	if (!F->keypair_create(F->ctx, &kp, sk)) return 0;
	return fz_keypair_out(F, &kp, sec32, pub33, x32, parity);
}

static int fz_keypair_xonly_tweak_add(const fz_lib *F, const unsigned char *sk, const unsigned char *tw, unsigned char *sec32, unsigned char *pub33, unsigned char *x32, int *parity) {
	fz_keypair kp;
	if (!F->keypair_create(F->ctx, &kp, sk)) return 0;
	if (!F->keypair_xonly_tweak_add(F->ctx, &kp, tw)) return 0;
	return fz_keypair_out(F, &kp, sec32, pub33, x32, parity);
}

// --- ECDSA.

// fz_ecdsa_sign signs with the default nonce function (RFC 6979) and the
// optional ndata (NULL: none), and writes the compact and DER encodings.
static int fz_ecdsa_sign(const fz_lib *F, const unsigned char *sk, const unsigned char *msg32, const unsigned char *ndata, unsigned char *out64, unsigned char *der, size_t *derlen) {
	fz_sig sig;
	if (!F->ecdsa_sign(F->ctx, &sig, msg32, sk, NULL, ndata)) return 0;
	if (!F->sig_serialize_compact(F->ctx, out64, &sig)) return 0;
	return F->sig_serialize_der(F->ctx, der, derlen, &sig);
}

// fz_ecdsa_sign_recoverable writes the recoverable signature, its recovery
// id, and the plain signature ecdsa_recoverable_signature_convert gives.
static int fz_ecdsa_sign_recoverable(const fz_lib *F, const unsigned char *sk, const unsigned char *msg32, const unsigned char *ndata, unsigned char *out64, int *recid, unsigned char *conv64) {
	fz_rsig rsig;
	fz_sig sig;
	if (!F->sign_recoverable(F->ctx, &rsig, msg32, sk, NULL, ndata)) return 0;
	if (!F->rsig_serialize_compact(F->ctx, out64, recid, &rsig)) return 0;
	if (!F->rsig_convert(F->ctx, &sig, &rsig)) return 0;
	return F->sig_serialize_compact(F->ctx, conv64, &sig);
}

static int fz_ecdsa_recover(const fz_lib *F, const unsigned char *sig64, int recid, const unsigned char *msg32, unsigned char *out33) {
	fz_rsig rsig;
	fz_pubkey pk;
	if (recid < 0 || recid > 3) return 0;
	if (!F->rsig_parse_compact(F->ctx, &rsig, sig64, recid)) return 0;
	if (!F->recover(F->ctx, &pk, &rsig, msg32)) return 0;
	return fz_ser33(F, &pk, out33);
}

// fz_sig_parse_compact parses r||s, writes it back and its normalized form,
// and sets *high to what ecdsa_signature_normalize returns.
static int fz_sig_parse_compact(const fz_lib *F, const unsigned char *in64, unsigned char *out64, unsigned char *norm64, int *high) {
	fz_sig sig, norm;
	if (!F->sig_parse_compact(F->ctx, &sig, in64)) return 0;
	if (!F->sig_serialize_compact(F->ctx, out64, &sig)) return 0;
	*high = F->sig_normalize(F->ctx, &norm, &sig);
	return F->sig_serialize_compact(F->ctx, norm64, &norm);
}

static int fz_sig_serialize_der(const fz_lib *F, const unsigned char *in64, unsigned char *der, size_t *derlen) {
	fz_sig sig;
	if (!F->sig_parse_compact(F->ctx, &sig, in64)) return 0;
	return F->sig_serialize_der(F->ctx, der, derlen, &sig);
}

static int fz_sig_parse_der(const fz_lib *F, const unsigned char *der, size_t len, unsigned char *out64) {
	fz_sig sig;
	if (!F->sig_parse_der(F->ctx, &sig, der, len)) return 0;
	return F->sig_serialize_compact(F->ctx, out64, &sig);
}

static int fz_ecdsa_verify(const fz_lib *F, const unsigned char *sig64, const unsigned char *pub, size_t publen, const unsigned char *msg32) {
	fz_sig sig;
	fz_pubkey pk;
	if (!F->sig_parse_compact(F->ctx, &sig, sig64)) return 0;
	if (!F->pubkey_parse(F->ctx, &pk, pub, publen)) return 0;
	return F->ecdsa_verify(F->ctx, &sig, msg32, &pk);
}

// --- BIP-340.

// fz_schnorr_sign signs msg (any length, msg may be NULL when msglen is 0)
// with schnorrsig_sign_custom and aux32 as the nonce function's data (NULL:
// none); sign32 = 1 uses schnorrsig_sign32 instead (msglen must be 32).
static int fz_schnorr_sign(const fz_lib *F, const unsigned char *sk, const unsigned char *msg, size_t msglen, const unsigned char *aux32, int sign32, unsigned char *out64) {
	fz_keypair kp;
	fz_schnorr_extraparams ep = { { 0xda, 0x6f, 0xb3, 0x8c }, NULL, NULL };
	if (!F->keypair_create(F->ctx, &kp, sk)) return 0;
	if (sign32) {
		if (msglen != 32) return 0;
		return F->schnorr_sign32(F->ctx, out64, msg, &kp, aux32);
	}
	ep.ndata = (void *)aux32;
	return F->schnorr_sign_custom(F->ctx, out64, msg, msglen, &kp, &ep);
}

static int fz_schnorr_verify(const fz_lib *F, const unsigned char *sig64, const unsigned char *msg, size_t msglen, const unsigned char *x32) {
	fz_xonly x;
	if (!F->xonly_parse(F->ctx, &x, x32)) return 0;
	return F->schnorr_verify(F->ctx, sig64, msg, msglen, &x);
}

static int fz_tagged_sha256(const fz_lib *F, const unsigned char *tag, size_t taglen, const unsigned char *msg, size_t msglen, unsigned char *out32) {
	static const unsigned char empty[1] = { 0 };
	return F->tagged_sha256(F->ctx, out32, tag ? tag : empty, taglen, msg ? msg : empty, msglen);
}

// --- The lax DER parser of contrib/lax_der_parsing.c (another build, see
// LibsecpLaxDER).

typedef struct {
	void *ctx;
	int (*parse_der_lax)(void *, fz_sig *, const unsigned char *, size_t);
	int (*sig_serialize_compact)(void *, unsigned char *, const fz_sig *);
} fz_lax;

static const char *fz_lax_load(fz_lax *L, void *handle, void *ctx, const char *prefix) {
	static char missing[256];
	char full[256];
	L->ctx = ctx;
	snprintf(full, sizeof full, "%secdsa_signature_parse_der_lax", prefix);
	*(void **)(&L->parse_der_lax) = dlsym(handle, full);
	if (L->parse_der_lax == NULL) { snprintf(missing, sizeof missing, "%s", full); return missing; }
	snprintf(full, sizeof full, "%secdsa_signature_serialize_compact", prefix);
	*(void **)(&L->sig_serialize_compact) = dlsym(handle, full);
	if (L->sig_serialize_compact == NULL) { snprintf(missing, sizeof missing, "%s", full); return missing; }
	return NULL;
}

static int fz_lax_parse(const fz_lax *L, const unsigned char *der, size_t len, unsigned char *out64) {
	fz_sig sig;
	static const unsigned char empty[1] = { 0 };
	if (!L->parse_der_lax(L->ctx, &sig, len ? der : empty, len)) return 0;
	return L->sig_serialize_compact(L->ctx, out64, &sig);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unsafe"
)

// LibsecpAPI is the libsecp256k1 0.8 reference (LibsecpRefs()[0]: the same
// shared object, context and dlopen handle) with the functions of its API
// that the differential fuzz targets call: secret and public keys and their
// tweaks, x-only keys, key pairs, ECDSA (signing with and without extra
// nonce data, DER and compact encodings, normalization, recovery) and
// BIP-340 (signing with and without auxiliary data, messages of any
// length), and tagged hashes. Every method takes and returns serialized
// bytes; ok is false when libsecp256k1's call returns 0. Inputs of the
// wrong length give ok = false without calling libsecp256k1.
type LibsecpAPI struct {
	f   *C.fz_lib
	ref *LibsecpRef
}

var (
	apiOnce sync.Once
	apiRef  *LibsecpAPI
	apiErr  error
)

// MaxCombineKeys is the largest number of keys PubkeyCombine and PubkeySort
// take.
const MaxCombineKeys = C.FZ_MAX_KEYS

// LibsecpAPI08 returns the API of the libsecp256k1 0.8 reference, or an
// error if it cannot be loaded (no cgo, no cargo or C compiler).
func LibsecpAPI08() (*LibsecpAPI, error) {
	apiOnce.Do(func() {
		r := refRef()
		if r.err != nil {
			apiErr = r.err
			return
		}
		F := (*C.fz_lib)(C.calloc(1, C.size_t(unsafe.Sizeof(C.fz_lib{}))))
		if F == nil {
			apiErr = errors.New("out of memory")
			return
		}
		prefix := strings.TrimSuffix(r.lib.symbol, "ec_pubkey_create")
		cprefix := C.CString(prefix)
		defer C.free(unsafe.Pointer(cprefix))
		if missing := C.fz_load(F, r.lib.c.handle, unsafe.Pointer(r.lib.c.ctx), cprefix); missing != nil {
			C.free(unsafe.Pointer(F))
			apiErr = fmt.Errorf("%s lacks %s", r.name, C.GoString(missing))
			return
		}
		apiRef = &LibsecpAPI{f: F, ref: r}
	})
	return apiRef, apiErr
}

// Name is the library and its version ("libsecp256k1 0.8.0").
func (a *LibsecpAPI) Name() string { return a.ref.name + " " + a.ref.version }

// cp returns a pointer to b's first byte, or nil for an empty b.
func cp(b []byte) *C.uchar {
	if len(b) == 0 {
		return nil
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

// SeckeyVerify is ec_seckey_verify.
func (a *LibsecpAPI) SeckeyVerify(sk []byte) bool {
	return len(sk) == 32 && C.fz_seckey_verify(a.f, cp(sk)) == 1
}

// PubkeyCreate is ec_pubkey_create, serialized compressed.
func (a *LibsecpAPI) PubkeyCreate(sk []byte) ([]byte, bool) {
	if len(sk) != 32 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, C.fz_pubkey_create(a.f, cp(sk), cp(out)) == 1
}

// seckeyOp runs an in-place secret-key call on a copy of sk.
func (a *LibsecpAPI) seckeyOp(sk, tw []byte, op int) ([]byte, bool) {
	if len(sk) != 32 || (op != 0 && len(tw) != 32) {
		return nil, false
	}
	out := append([]byte(nil), sk...)
	var r C.int
	switch op {
	case 0:
		r = C.fz_seckey_negate(a.f, cp(out))
	case 1:
		r = C.fz_seckey_tweak_add(a.f, cp(out), cp(tw))
	default:
		r = C.fz_seckey_tweak_mul(a.f, cp(out), cp(tw))
	}
	return out, r == 1
}

// SeckeyNegate is ec_seckey_negate.
func (a *LibsecpAPI) SeckeyNegate(sk []byte) ([]byte, bool) { return a.seckeyOp(sk, nil, 0) }

// SeckeyTweakAdd is ec_seckey_tweak_add.
func (a *LibsecpAPI) SeckeyTweakAdd(sk, tweak []byte) ([]byte, bool) { return a.seckeyOp(sk, tweak, 1) }

// SeckeyTweakMul is ec_seckey_tweak_mul.
func (a *LibsecpAPI) SeckeyTweakMul(sk, tweak []byte) ([]byte, bool) { return a.seckeyOp(sk, tweak, 2) }

// PubkeyParse is ec_pubkey_parse, serialized compressed and uncompressed.
func (a *LibsecpAPI) PubkeyParse(in []byte) (comp, uncomp []byte, ok bool) {
	if len(in) == 0 {
		return nil, nil, false
	}
	comp, uncomp = make([]byte, 33), make([]byte, 65)
	ok = C.fz_pubkey_parse(a.f, cp(in), C.size_t(len(in)), cp(comp), cp(uncomp)) == 1
	return comp, uncomp, ok
}

// PubkeyNegate is ec_pubkey_negate of the parsed key, serialized compressed.
func (a *LibsecpAPI) PubkeyNegate(in []byte) ([]byte, bool) {
	if len(in) == 0 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, C.fz_pubkey_negate(a.f, cp(in), C.size_t(len(in)), cp(out)) == 1
}

func (a *LibsecpAPI) pubkeyTweak(in, tw []byte, mul C.int) ([]byte, bool) {
	if len(in) == 0 || len(tw) != 32 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, C.fz_pubkey_tweak(a.f, cp(in), C.size_t(len(in)), cp(tw), mul, cp(out)) == 1
}

// PubkeyTweakAdd is ec_pubkey_tweak_add of the parsed key, compressed.
func (a *LibsecpAPI) PubkeyTweakAdd(in, tweak []byte) ([]byte, bool) {
	return a.pubkeyTweak(in, tweak, 0)
}

// PubkeyTweakMul is ec_pubkey_tweak_mul of the parsed key, compressed.
func (a *LibsecpAPI) PubkeyTweakMul(in, tweak []byte) ([]byte, bool) {
	return a.pubkeyTweak(in, tweak, 1)
}

// PubkeyCombine parses 1 to MaxCombineKeys keys (any encoding
// ec_pubkey_parse takes, at most 65 bytes) and returns ec_pubkey_combine's
// sum, compressed; ok is false if a key does not parse or the sum is the
// point at infinity.
func (a *LibsecpAPI) PubkeyCombine(pubs [][]byte) ([]byte, bool) {
	n := len(pubs)
	if n < 1 || n > MaxCombineKeys {
		return nil, false
	}
	flat := make([]byte, 65*n)
	lens := make([]C.size_t, n)
	for i, p := range pubs {
		if len(p) == 0 || len(p) > 65 {
			return nil, false
		}
		copy(flat[65*i:], p)
		lens[i] = C.size_t(len(p))
	}
	out := make([]byte, 33)
	return out, C.fz_pubkey_combine(a.f, cp(flat), &lens[0], C.size_t(n), cp(out)) == 1
}

// PubkeySort sorts 1 to MaxCombineKeys compressed keys with ec_pubkey_sort
// and returns them in that order.
func (a *LibsecpAPI) PubkeySort(pubs [][]byte) ([][]byte, bool) {
	n := len(pubs)
	if n < 1 || n > MaxCombineKeys {
		return nil, false
	}
	flat := make([]byte, 33*n)
	for i, p := range pubs {
		if len(p) != 33 {
			return nil, false
		}
		copy(flat[33*i:], p)
	}
	if C.fz_pubkey_sort(a.f, cp(flat), C.size_t(n)) != 1 {
		return nil, false
	}
	out := make([][]byte, n)
	for i := range out {
		out[i] = flat[33*i : 33*i+33]
	}
	return out, true
}

// PubkeyCmp is ec_pubkey_cmp of two parsed keys.
func (a *LibsecpAPI) PubkeyCmp(x, y []byte) (int, bool) {
	if len(x) == 0 || len(y) == 0 {
		return 0, false
	}
	var r C.int
	ok := C.fz_pubkey_cmp(a.f, cp(x), C.size_t(len(x)), cp(y), C.size_t(len(y)), &r) == 1
	return int(r), ok
}

// XOnlyFromPubkey is xonly_pubkey_from_pubkey of the parsed key: the x-only
// key and whether the key's y is odd.
func (a *LibsecpAPI) XOnlyFromPubkey(in []byte) (x []byte, odd, ok bool) {
	if len(in) == 0 {
		return nil, false, false
	}
	x = make([]byte, 32)
	var parity C.int
	ok = C.fz_xonly_from_pubkey(a.f, cp(in), C.size_t(len(in)), cp(x), &parity) == 1
	return x, parity == 1, ok
}

// XOnlyParse is xonly_pubkey_parse, serialized back.
func (a *LibsecpAPI) XOnlyParse(x32 []byte) ([]byte, bool) {
	if len(x32) != 32 {
		return nil, false
	}
	out := make([]byte, 32)
	return out, C.fz_xonly_parse(a.f, cp(x32), cp(out)) == 1
}

// XOnlyTweakAdd is xonly_pubkey_tweak_add: the full key, compressed.
func (a *LibsecpAPI) XOnlyTweakAdd(x32, tweak []byte) ([]byte, bool) {
	if len(x32) != 32 || len(tweak) != 32 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, C.fz_xonly_tweak_add(a.f, cp(x32), cp(tweak), cp(out)) == 1
}

// XOnlyTweakAddCheck is xonly_pubkey_tweak_add_check; ok is false if x32
// does not parse.
func (a *LibsecpAPI) XOnlyTweakAddCheck(tweaked32 []byte, odd bool, x32, tweak []byte) (valid, ok bool) {
	if len(tweaked32) != 32 || len(x32) != 32 || len(tweak) != 32 {
		return false, false
	}
	parity := C.int(0)
	if odd {
		parity = 1
	}
	r := C.fz_xonly_tweak_add_check(a.f, cp(tweaked32), parity, cp(x32), cp(tweak))
	return r == 1, r >= 0
}

// XOnlyCmp is xonly_pubkey_cmp of two parsed x-only keys.
func (a *LibsecpAPI) XOnlyCmp(x, y []byte) (int, bool) {
	if len(x) != 32 || len(y) != 32 {
		return 0, false
	}
	var r C.int
	ok := C.fz_xonly_cmp(a.f, cp(x), cp(y), &r) == 1
	return int(r), ok
}

// Keypair is keypair_create, read back with keypair_sec, keypair_pub
// (compressed) and keypair_xonly_pub.
func (a *LibsecpAPI) Keypair(sk []byte) (sec, pub, x []byte, odd, ok bool) {
	if len(sk) != 32 {
		return nil, nil, nil, false, false
	}
	sec, pub, x = make([]byte, 32), make([]byte, 33), make([]byte, 32)
	var parity C.int
	ok = C.fz_keypair_create(a.f, cp(sk), cp(sec), cp(pub), cp(x), &parity) == 1
	return sec, pub, x, parity == 1, ok
}

// KeypairXOnlyTweakAdd is keypair_create and keypair_xonly_tweak_add, read
// back as Keypair does.
func (a *LibsecpAPI) KeypairXOnlyTweakAdd(sk, tweak []byte) (sec, pub, x []byte, odd, ok bool) {
	if len(sk) != 32 || len(tweak) != 32 {
		return nil, nil, nil, false, false
	}
	sec, pub, x = make([]byte, 32), make([]byte, 33), make([]byte, 32)
	var parity C.int
	ok = C.fz_keypair_xonly_tweak_add(a.f, cp(sk), cp(tweak), cp(sec), cp(pub), cp(x), &parity) == 1
	return sec, pub, x, parity == 1, ok
}

// ECDSASign is ecdsa_sign with the default nonce function (RFC 6979) and
// ndata as its extra data (nil: none, else 32 bytes): the signature
// compact and in DER (ecdsa_signature_serialize_der).
func (a *LibsecpAPI) ECDSASign(sk, hash32, ndata []byte) (compact, der []byte, ok bool) {
	if len(sk) != 32 || len(hash32) != 32 || (ndata != nil && len(ndata) != 32) {
		return nil, nil, false
	}
	compact, der = make([]byte, 64), make([]byte, 72)
	derlen := C.size_t(len(der))
	ok = C.fz_ecdsa_sign(a.f, cp(sk), cp(hash32), cp(ndata), cp(compact), cp(der), &derlen) == 1
	return compact, der[:derlen], ok
}

// ECDSASignRecoverable is ecdsa_sign_recoverable (RFC 6979, ndata as in
// ECDSASign): the compact signature, its recovery id, and the signature
// ecdsa_recoverable_signature_convert gives, compact.
func (a *LibsecpAPI) ECDSASignRecoverable(sk, hash32, ndata []byte) (compact []byte, recid int, converted []byte, ok bool) {
	if len(sk) != 32 || len(hash32) != 32 || (ndata != nil && len(ndata) != 32) {
		return nil, 0, nil, false
	}
	compact, converted = make([]byte, 64), make([]byte, 64)
	var r C.int
	ok = C.fz_ecdsa_sign_recoverable(a.f, cp(sk), cp(hash32), cp(ndata), cp(compact), &r, cp(converted)) == 1
	return compact, int(r), converted, ok
}

// ECDSARecover is ecdsa_recoverable_signature_parse_compact and
// ecdsa_recover, serialized compressed; a recid outside [0, 3] is ok =
// false (libsecp256k1 would call its illegal callback).
func (a *LibsecpAPI) ECDSARecover(sig64 []byte, recid int, hash32 []byte) ([]byte, bool) {
	if len(sig64) != 64 || len(hash32) != 32 || recid < 0 || recid > 3 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, C.fz_ecdsa_recover(a.f, cp(sig64), C.int(recid), cp(hash32), cp(out)) == 1
}

// SigParseCompact is ecdsa_signature_parse_compact, serialized back, and
// ecdsa_signature_normalize of it: the normalized signature and whether it
// was high-S.
func (a *LibsecpAPI) SigParseCompact(in64 []byte) (compact, normalized []byte, high, ok bool) {
	if len(in64) != 64 {
		return nil, nil, false, false
	}
	compact, normalized = make([]byte, 64), make([]byte, 64)
	var h C.int
	ok = C.fz_sig_parse_compact(a.f, cp(in64), cp(compact), cp(normalized), &h) == 1
	return compact, normalized, h == 1, ok
}

// SigSerializeDER parses a compact signature and serializes it with
// ecdsa_signature_serialize_der.
func (a *LibsecpAPI) SigSerializeDER(compact64 []byte) ([]byte, bool) {
	if len(compact64) != 64 {
		return nil, false
	}
	der := make([]byte, 72)
	n := C.size_t(len(der))
	ok := C.fz_sig_serialize_der(a.f, cp(compact64), cp(der), &n) == 1
	return der[:n], ok
}

// SigParseDER is ecdsa_signature_parse_der, serialized compact.
func (a *LibsecpAPI) SigParseDER(der []byte) ([]byte, bool) {
	if len(der) == 0 {
		return nil, false
	}
	out := make([]byte, 64)
	return out, C.fz_sig_parse_der(a.f, cp(der), C.size_t(len(der)), cp(out)) == 1
}

// ECDSAVerify parses a compact signature and a public key (any encoding
// ec_pubkey_parse takes) and runs ecdsa_verify.
func (a *LibsecpAPI) ECDSAVerify(sig64, pub, hash32 []byte) bool {
	if len(sig64) != 64 || len(pub) == 0 || len(hash32) != 32 {
		return false
	}
	return C.fz_ecdsa_verify(a.f, cp(sig64), cp(pub), C.size_t(len(pub)), cp(hash32)) == 1
}

// SchnorrSign is keypair_create and schnorrsig_sign_custom on msg (any
// length) with aux as the BIP-340 nonce function's auxiliary data (nil:
// none, which BIP-340 does not define; else 32 bytes).
func (a *LibsecpAPI) SchnorrSign(sk, msg, aux []byte) ([]byte, bool) {
	if len(sk) != 32 || (aux != nil && len(aux) != 32) {
		return nil, false
	}
	out := make([]byte, 64)
	return out, C.fz_schnorr_sign(a.f, cp(sk), cp(msg), C.size_t(len(msg)), cp(aux), 0, cp(out)) == 1
}

// SchnorrSign32 is keypair_create and schnorrsig_sign32 (32-byte message).
func (a *LibsecpAPI) SchnorrSign32(sk, msg32, aux []byte) ([]byte, bool) {
	if len(sk) != 32 || len(msg32) != 32 || (aux != nil && len(aux) != 32) {
		return nil, false
	}
	out := make([]byte, 64)
	return out, C.fz_schnorr_sign(a.f, cp(sk), cp(msg32), 32, cp(aux), 1, cp(out)) == 1
}

// SchnorrVerify is xonly_pubkey_parse and schnorrsig_verify (msg of any
// length); false if the key does not parse.
func (a *LibsecpAPI) SchnorrVerify(x32, msg, sig64 []byte) bool {
	if len(x32) != 32 || len(sig64) != 64 {
		return false
	}
	return C.fz_schnorr_verify(a.f, cp(sig64), cp(msg), C.size_t(len(msg)), cp(x32)) == 1
}

// TaggedSHA256 is tagged_sha256(tag, msg).
func (a *LibsecpAPI) TaggedSHA256(tag, msg []byte) ([]byte, bool) {
	out := make([]byte, 32)
	return out, C.fz_tagged_sha256(a.f, cp(tag), C.size_t(len(tag)), cp(msg), C.size_t(len(msg)), cp(out)) == 1
}

// LaxDERRef is the lax DER parser of libsecp256k1 0.8's
// contrib/lax_der_parsing.c. The reference build compiles that file, as the
// crate's build.rs does, but -fvisibility=hidden keeps the function
// (declared without SECP256K1_API) out of the shared object's exports; so
// this is a second build of the same sources, recipe and flags with one
// more define, which marks ecdsa_signature_parse_der_lax
// visibility("default") and changes nothing else. It is loaded beside the
// reference (RTLD_LOCAL, its own context).
type LaxDERRef struct {
	l   *C.fz_lax
	lib *secpLib
}

var (
	laxOnce sync.Once
	laxRef  *LaxDERRef
	laxErr  error
)

// laxDefines makes the lax parser exported: the macro expands the function's
// name, in its declaration and definition, to the attribute and the name.
var laxDefines = []string{
	"-D" + sysPrefix + "ecdsa_signature_parse_der_lax=__attribute__((visibility(\"default\"))) " + sysPrefix + "ecdsa_signature_parse_der_lax",
}

// LibsecpLaxDER returns the lax DER parser (building its shared object on
// first use, cached like the reference), or an error.
func LibsecpLaxDER() (*LaxDERRef, error) {
	laxOnce.Do(func() {
		b, _, err := ensureRefBuildWith(laxDefines)
		if err != nil {
			laxErr = fmt.Errorf("libsecp256k1 %s with the lax DER parser exported: %w", refMajorMinor, err)
			return
		}
		l, err := openSecpLib(b.SharedObject, sysPrefix)
		if err != nil {
			laxErr = fmt.Errorf("libsecp256k1 %s with the lax DER parser exported: loading %s: %w", refMajorMinor, b.SharedObject, err)
			return
		}
		L := (*C.fz_lax)(C.calloc(1, C.size_t(unsafe.Sizeof(C.fz_lax{}))))
		if L == nil {
			laxErr = errors.New("out of memory")
			return
		}
		cprefix := C.CString(sysPrefix)
		defer C.free(unsafe.Pointer(cprefix))
		if missing := C.fz_lax_load(L, l.c.handle, unsafe.Pointer(l.c.ctx), cprefix); missing != nil {
			C.free(unsafe.Pointer(L))
			laxErr = fmt.Errorf("%s lacks %s", b.SharedObject, C.GoString(missing))
			return
		}
		laxRef = &LaxDERRef{l: L, lib: l}
	})
	return laxRef, laxErr
}

// Parse is ecdsa_signature_parse_der_lax, serialized compact. Where r or s
// is longer than 32 bytes (after leading zeros) or >= n, the parser returns
// ok with the all-zero (never valid) signature, as its documentation says.
func (r *LaxDERRef) Parse(der []byte) ([]byte, bool) {
	out := make([]byte, 64)
	return out, C.fz_lax_parse(r.l, cp(der), C.size_t(len(der)), cp(out)) == 1
}
