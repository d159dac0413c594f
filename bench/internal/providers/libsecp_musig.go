//go:build cgo && unix

package providers

/*
#cgo linux LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The ABI of libsecp256k1's musig module (include/secp256k1_musig.h, 0.6
// and later), declared here so that building needs no header. The context
// argument is passed as void *.
typedef struct { unsigned char data[64]; } mu_pubkey;
typedef struct { unsigned char data[64]; } mu_xonly;
typedef struct { unsigned char data[96]; } mu_keypair;
typedef struct { unsigned char data[197]; } mu_keyagg_cache;
typedef struct { unsigned char data[132]; } mu_secnonce;
typedef struct { unsigned char data[132]; } mu_pubnonce;
typedef struct { unsigned char data[132]; } mu_aggnonce;
typedef struct { unsigned char data[133]; } mu_session;
typedef struct { unsigned char data[36]; } mu_psig;

#define MU_EC_COMPRESSED ((1u << 1) | (1u << 8))
#define MU_MAX_KEYS 128

typedef struct {
	void *ctx;
	int (*pubkey_parse)(void *, mu_pubkey *, const unsigned char *, size_t);
	int (*pubkey_serialize)(void *, unsigned char *, size_t *, const mu_pubkey *, unsigned int);
	int (*keypair_create)(void *, mu_keypair *, const unsigned char *);
	int (*xonly_serialize)(void *, unsigned char *, const mu_xonly *);
	int (*pubkey_agg)(void *, mu_xonly *, mu_keyagg_cache *, const mu_pubkey *const *, size_t);
	int (*pubkey_get)(void *, mu_pubkey *, const mu_keyagg_cache *);
	int (*ec_tweak_add)(void *, mu_pubkey *, mu_keyagg_cache *, const unsigned char *);
	int (*xonly_tweak_add)(void *, mu_pubkey *, mu_keyagg_cache *, const unsigned char *);
	int (*nonce_gen)(void *, mu_secnonce *, mu_pubnonce *, unsigned char *, const unsigned char *, const mu_pubkey *, const unsigned char *, const mu_keyagg_cache *, const unsigned char *);
	int (*pubnonce_parse)(void *, mu_pubnonce *, const unsigned char *);
	int (*pubnonce_serialize)(void *, unsigned char *, const mu_pubnonce *);
	int (*aggnonce_parse)(void *, mu_aggnonce *, const unsigned char *);
	int (*aggnonce_serialize)(void *, unsigned char *, const mu_aggnonce *);
	int (*nonce_agg)(void *, mu_aggnonce *, const mu_pubnonce *const *, size_t);
	int (*nonce_process)(void *, mu_session *, const mu_aggnonce *, const unsigned char *, const mu_keyagg_cache *);
	int (*partial_sign)(void *, mu_psig *, mu_secnonce *, const mu_keypair *, const mu_keyagg_cache *, const mu_session *);
	int (*partial_sig_verify)(void *, const mu_psig *, const mu_pubnonce *, const mu_pubkey *, const mu_keyagg_cache *, const mu_session *);
	int (*partial_sig_agg)(void *, unsigned char *, const mu_session *, const mu_psig *const *, size_t);
	int (*partial_sig_parse)(void *, mu_psig *, const unsigned char *);
	int (*partial_sig_serialize)(void *, unsigned char *, const mu_psig *);
} mu_lib;

// mu_load resolves the musig API of the library opened as handle (symbol
// names prefix+name) for the context ctx. It returns NULL, or the name of
// the first missing symbol.
static const char *mu_load(mu_lib *M, void *handle, void *ctx, const char *prefix) {
	static char missing[256];
	char full[256];
	M->ctx = ctx;
#define SYM(field, name) do { snprintf(full, sizeof full, "%s%s", prefix, name); *(void **)(&M->field) = dlsym(handle, full); if (M->field == NULL) { snprintf(missing, sizeof missing, "%s", full); return missing; } } while (0)
	SYM(pubkey_parse, "ec_pubkey_parse");
	SYM(pubkey_serialize, "ec_pubkey_serialize");
	SYM(keypair_create, "keypair_create");
	SYM(xonly_serialize, "xonly_pubkey_serialize");
	SYM(pubkey_agg, "musig_pubkey_agg");
	SYM(pubkey_get, "musig_pubkey_get");
	SYM(ec_tweak_add, "musig_pubkey_ec_tweak_add");
	SYM(xonly_tweak_add, "musig_pubkey_xonly_tweak_add");
	SYM(nonce_gen, "musig_nonce_gen");
	SYM(pubnonce_parse, "musig_pubnonce_parse");
	SYM(pubnonce_serialize, "musig_pubnonce_serialize");
	SYM(aggnonce_parse, "musig_aggnonce_parse");
	SYM(aggnonce_serialize, "musig_aggnonce_serialize");
	SYM(nonce_agg, "musig_nonce_agg");
	SYM(nonce_process, "musig_nonce_process");
	SYM(partial_sign, "musig_partial_sign");
	SYM(partial_sig_verify, "musig_partial_sig_verify");
	SYM(partial_sig_agg, "musig_partial_sig_agg");
	SYM(partial_sig_parse, "musig_partial_sig_parse");
	SYM(partial_sig_serialize, "musig_partial_sig_serialize");
#undef SYM
	return NULL;
}

// mu_keyagg parses n compressed keys (33 bytes each, at pks), aggregates
// them into cache, applies the m tweaks (32 bytes each; xonly[i] selects
// the x-only form) and writes the aggregate key, compressed, to out33.
static int mu_keyagg(const mu_lib *M, const unsigned char *pks, size_t n, const unsigned char *tweaks, const unsigned char *xonly, size_t m, mu_keyagg_cache *cache, unsigned char *out33) {
	mu_pubkey keys[MU_MAX_KEYS];
	const mu_pubkey *ptrs[MU_MAX_KEYS];
	mu_pubkey agg;
	size_t len = 33;
	if (n == 0 || n > MU_MAX_KEYS) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!M->pubkey_parse(M->ctx, &keys[i], pks + 33 * i, 33)) return 0;
		ptrs[i] = &keys[i];
	}
	if (!M->pubkey_agg(M->ctx, NULL, cache, ptrs, n)) return 0;
	for (size_t i = 0; i < m; i++) {
		int ok = xonly[i] ? M->xonly_tweak_add(M->ctx, NULL, cache, tweaks + 32 * i) : M->ec_tweak_add(M->ctx, NULL, cache, tweaks + 32 * i);
		if (!ok) return 0;
	}
	if (!M->pubkey_get(M->ctx, &agg, cache)) return 0;
	return M->pubkey_serialize(M->ctx, out33, &len, &agg, MU_EC_COMPRESSED);
}

// mu_keyagg_x is the timed key aggregation: parse n keys, aggregate, and
// serialize the x-only aggregate key to out32 (no cache kept).
static int mu_keyagg_x(const mu_lib *M, const unsigned char *pks, size_t n, unsigned char *out32) {
	mu_pubkey keys[MU_MAX_KEYS];
	const mu_pubkey *ptrs[MU_MAX_KEYS];
	mu_xonly agg;
	mu_keyagg_cache cache;
	if (n == 0 || n > MU_MAX_KEYS) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!M->pubkey_parse(M->ctx, &keys[i], pks + 33 * i, 33)) return 0;
		ptrs[i] = &keys[i];
	}
	if (!M->pubkey_agg(M->ctx, &agg, &cache, ptrs, n)) return 0;
	return M->xonly_serialize(M->ctx, out32, &agg);
}

// mu_nonce_gen runs nonce_gen on a copy of rand32 (nonce_gen zeroes its
// buffer) with the optional seckey, msg32, cache and extra32 (NULL: absent),
// and serializes the public nonce to out66.
static int mu_nonce_gen(const mu_lib *M, const unsigned char *rand32, const unsigned char *seckey, const mu_pubkey *pk, const unsigned char *msg32, const mu_keyagg_cache *cache, const unsigned char *extra32, mu_secnonce *sn, unsigned char *out66) {
	unsigned char r[32];
	mu_pubnonce pn;
	memcpy(r, rand32, 32);
	if (!M->nonce_gen(M->ctx, sn, &pn, r, seckey, pk, msg32, cache, extra32)) return 0;
	return M->pubnonce_serialize(M->ctx, out66, &pn);
}

static int mu_nonce_gen_bytes(const mu_lib *M, const unsigned char *rand32, const unsigned char *seckey, const unsigned char *pk33, const unsigned char *msg32, const mu_keyagg_cache *cache, const unsigned char *extra32, mu_secnonce *sn, unsigned char *out66) {
	mu_pubkey pk;
	if (!M->pubkey_parse(M->ctx, &pk, pk33, 33)) return 0;
	return mu_nonce_gen(M, rand32, seckey, &pk, msg32, cache, extra32, sn, out66);
}

static int mu_nonce_agg(const mu_lib *M, const unsigned char *pns, size_t n, unsigned char *out66) {
	mu_pubnonce nonces[MU_MAX_KEYS];
	const mu_pubnonce *ptrs[MU_MAX_KEYS];
	mu_aggnonce agg;
	if (n == 0 || n > MU_MAX_KEYS) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!M->pubnonce_parse(M->ctx, &nonces[i], pns + 66 * i)) return 0;
		ptrs[i] = &nonces[i];
	}
	if (!M->nonce_agg(M->ctx, &agg, ptrs, n)) return 0;
	return M->aggnonce_serialize(M->ctx, out66, &agg);
}

static int mu_process(const mu_lib *M, const mu_keyagg_cache *cache, const unsigned char *aggnonce66, const unsigned char *msg32, mu_session *s) {
	mu_aggnonce agg;
	if (!M->aggnonce_parse(M->ctx, &agg, aggnonce66)) return 0;
	return M->nonce_process(M->ctx, s, &agg, msg32, cache);
}

// mu_sign signs with a copy of *sn (partial_sign zeroes its nonce) and the
// key pair of seckey, and serializes the partial signature to out32.
static int mu_sign(const mu_lib *M, const mu_secnonce *sn, const unsigned char *seckey, const mu_keyagg_cache *cache, const mu_session *s, unsigned char *out32) {
	mu_keypair kp;
	mu_secnonce n = *sn;
	mu_psig psig;
	if (!M->keypair_create(M->ctx, &kp, seckey)) return 0;
	if (!M->partial_sign(M->ctx, &psig, &n, &kp, cache, s)) return 0;
	return M->partial_sig_serialize(M->ctx, out32, &psig);
}

// mu_sign_kp is the timed partial signing: a pre-made key pair, the
// secret nonce sn (consumed) -> serialized partial signature.
static int mu_sign_kp(const mu_lib *M, mu_secnonce *sn, const mu_keypair *kp, const mu_keyagg_cache *cache, const mu_session *s, unsigned char *out32) {
	mu_psig psig;
	if (!M->partial_sign(M->ctx, &psig, sn, kp, cache, s)) return 0;
	return M->partial_sig_serialize(M->ctx, out32, &psig);
}

static int mu_verify(const mu_lib *M, const unsigned char *psig32, const unsigned char *pubnonce66, const unsigned char *pk33, const mu_keyagg_cache *cache, const mu_session *s) {
	mu_psig psig;
	mu_pubnonce pn;
	mu_pubkey pk;
	if (!M->partial_sig_parse(M->ctx, &psig, psig32)) return 0;
	if (!M->pubnonce_parse(M->ctx, &pn, pubnonce66)) return 0;
	if (!M->pubkey_parse(M->ctx, &pk, pk33, 33)) return 0;
	return M->partial_sig_verify(M->ctx, &psig, &pn, &pk, cache, s);
}

static int mu_agg(const mu_lib *M, const mu_session *s, const unsigned char *psigs, size_t n, unsigned char *out64) {
	mu_psig sigs[MU_MAX_KEYS];
	const mu_psig *ptrs[MU_MAX_KEYS];
	if (n == 0 || n > MU_MAX_KEYS) return 0;
	for (size_t i = 0; i < n; i++) {
		if (!M->partial_sig_parse(M->ctx, &sigs[i], psigs + 32 * i)) return 0;
		ptrs[i] = &sigs[i];
	}
	return M->partial_sig_agg(M->ctx, out64, s, ptrs, n);
}

// The benchmark's prepared state: one signer of a session, its parsed
// objects, and the other signer's partial signature.
typedef struct {
	mu_keyagg_cache cache;
	mu_session session;
	mu_keypair kp;
	mu_pubkey pk;
	mu_pubnonce pn;
	mu_psig psig[2];
	unsigned char seckey[32];
	unsigned char msg[32];
} mu_bench;

static int mu_bench_parse(const mu_lib *M, mu_bench *B, const unsigned char *sk32, const unsigned char *pk33, const unsigned char *pn66, const unsigned char *psigs64) {
	memcpy(B->seckey, sk32, 32);
	if (!M->keypair_create(M->ctx, &B->kp, sk32)) return 0;
	if (!M->pubkey_parse(M->ctx, &B->pk, pk33, 33)) return 0;
	if (!M->pubnonce_parse(M->ctx, &B->pn, pn66)) return 0;
	return M->partial_sig_parse(M->ctx, &B->psig[0], psigs64) && M->partial_sig_parse(M->ctx, &B->psig[1], psigs64 + 32);
}

static int mu_bench_nonce_gen(const mu_lib *M, const mu_bench *B, const unsigned char *rand32, unsigned char *out66) {
	mu_secnonce sn;
	return mu_nonce_gen(M, rand32, B->seckey, &B->pk, B->msg, &B->cache, NULL, &sn, out66);
}

static int mu_bench_verify(const mu_lib *M, const mu_bench *B) {
	return M->partial_sig_verify(M->ctx, &B->psig[0], &B->pn, &B->pk, &B->cache, &B->session);
}

static int mu_bench_agg(const mu_lib *M, const mu_bench *B, unsigned char *out64) {
	const mu_psig *ptrs[2] = { &B->psig[0], &B->psig[1] };
	return M->partial_sig_agg(M->ctx, out64, &B->session, ptrs, 2);
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

// MuSigRef is the musig module of a loaded libsecp256k1 (0.6 and later;
// the 0.8 build from secp256k1-sys compiles it with ENABLE_MODULE_MUSIG),
// for the differential tests and the MuSig2 benchmarks.
type MuSigRef struct {
	m   *C.mu_lib
	ref *LibsecpRef
}

var (
	musigMu   sync.Mutex
	musigRefs = map[*LibsecpRef]*MuSigRef{}
)

// MuSig returns the musig module of r, or an error if r is not loaded or
// lacks the module (the system libsecp256k1 0.2 of Debian 12 does).
func (r *LibsecpRef) MuSig() (*MuSigRef, error) {
	if r.err != nil {
		return nil, r.err
	}
	musigMu.Lock()
	defer musigMu.Unlock()
	if m, ok := musigRefs[r]; ok {
		return m, nil
	}
	M := (*C.mu_lib)(C.calloc(1, C.size_t(unsafe.Sizeof(C.mu_lib{}))))
	if M == nil {
		return nil, errors.New("out of memory")
	}
	prefix := strings.TrimSuffix(r.lib.symbol, "ec_pubkey_create")
	cprefix := C.CString(prefix)
	defer C.free(unsafe.Pointer(cprefix))
	if missing := C.mu_load(M, r.lib.c.handle, unsafe.Pointer(r.lib.c.ctx), cprefix); missing != nil {
		C.free(unsafe.Pointer(M))
		return nil, fmt.Errorf("%s has no musig module (missing %s)", r.name, C.GoString(missing))
	}
	m := &MuSigRef{m: M, ref: r}
	musigRefs[r] = m
	return m, nil
}

// Name is the provider name of the library.
func (m *MuSigRef) Name() string { return m.ref.name }

// MuSigCache is libsecp256k1's secp256k1_musig_keyagg_cache.
type MuSigCache [197]byte

// MuSigSecNonce is libsecp256k1's secp256k1_musig_secnonce.
type MuSigSecNonce [132]byte

// MuSigSession is libsecp256k1's secp256k1_musig_session.
type MuSigSession [133]byte

func (c *MuSigCache) c() *C.mu_keyagg_cache {
	if c == nil {
		return nil
	}
	return (*C.mu_keyagg_cache)(unsafe.Pointer(c))
}

func (s *MuSigSession) c() *C.mu_session { return (*C.mu_session)(unsafe.Pointer(s)) }

func (n *MuSigSecNonce) c() *C.mu_secnonce { return (*C.mu_secnonce)(unsafe.Pointer(n)) }

func flat(parts [][]byte, size int) ([]byte, bool) {
	out := make([]byte, 0, len(parts)*size+1)
	for _, p := range parts {
		if len(p) != size {
			return nil, false
		}
		out = append(out, p...)
	}
	return append(out, 0), true // never empty, so &out[0] is valid
}

func optPtr(b []byte, size int) (*C.uchar, bool) {
	if b == nil {
		return nil, true
	}
	if len(b) != size {
		return nil, false
	}
	return ucp(b), true
}

// KeyAgg parses the compressed keys, aggregates them (musig_pubkey_agg),
// applies the tweaks (musig_pubkey_ec_tweak_add, or xonly_tweak_add where
// xonly[i]) and returns the cache and the aggregate key, compressed.
func (m *MuSigRef) KeyAgg(pks, tweaks [][]byte, xonly []bool) (*MuSigCache, []byte, bool) {
	fp, ok1 := flat(pks, 33)
	ft, ok2 := flat(tweaks, 32)
	if !ok1 || !ok2 || len(pks) == 0 || len(pks) > 128 || len(xonly) != len(tweaks) {
		return nil, nil, false
	}
	xo := make([]byte, len(xonly)+1)
	for i, x := range xonly {
		if x {
			xo[i] = 1
		}
	}
	cache := new(MuSigCache)
	out := make([]byte, 33)
	if C.mu_keyagg(m.m, ucp(fp), C.size_t(len(pks)), ucp(ft), ucp(xo), C.size_t(len(tweaks)), cache.c(), ucp(out)) != 1 {
		return nil, nil, false
	}
	return cache, out, true
}

// KeyAggX is the timed key aggregation: n concatenated compressed keys ->
// the x-only aggregate key in out, one cgo call.
func (m *MuSigRef) KeyAggX(flatKeys []byte, n int, out *[32]byte) bool {
	if n <= 0 || len(flatKeys) < 33*n {
		return false
	}
	return C.mu_keyagg_x(m.m, ucp(flatKeys), C.size_t(n), (*C.uchar)(&out[0])) == 1
}

// NonceGen runs musig_nonce_gen with the 32-byte rand (not modified), the
// signer's compressed key and the optional secret key, 32-byte message,
// cache and 32-byte extra input (nil: absent).
func (m *MuSigRef) NonceGen(rand, sk, pk, msg []byte, cache *MuSigCache, extra []byte) (*MuSigSecNonce, []byte, bool) {
	skp, ok1 := optPtr(sk, 32)
	msgp, ok2 := optPtr(msg, 32)
	exp, ok3 := optPtr(extra, 32)
	if !ok1 || !ok2 || !ok3 || len(rand) != 32 || len(pk) != 33 {
		return nil, nil, false
	}
	sn := new(MuSigSecNonce)
	out := make([]byte, 66)
	if C.mu_nonce_gen_bytes(m.m, ucp(rand), skp, ucp(pk), msgp, cache.c(), exp, sn.c(), ucp(out)) != 1 {
		return nil, nil, false
	}
	return sn, out, true
}

// NonceAgg parses the 66-byte public nonces and aggregates them.
func (m *MuSigRef) NonceAgg(pubnonces [][]byte) ([]byte, bool) {
	fp, ok := flat(pubnonces, 66)
	if !ok || len(pubnonces) == 0 || len(pubnonces) > 128 {
		return nil, false
	}
	out := make([]byte, 66)
	return out, C.mu_nonce_agg(m.m, ucp(fp), C.size_t(len(pubnonces)), ucp(out)) == 1
}

// Session parses the aggregate nonce and runs musig_nonce_process for the
// 32-byte message.
func (m *MuSigRef) Session(cache *MuSigCache, aggnonce, msg []byte) (*MuSigSession, bool) {
	if cache == nil || len(aggnonce) != 66 || len(msg) != 32 {
		return nil, false
	}
	s := new(MuSigSession)
	return s, C.mu_process(m.m, cache.c(), ucp(aggnonce), ucp(msg), s.c()) == 1
}

// Sign runs musig_partial_sign on a copy of sn with the key pair of sk.
func (m *MuSigRef) Sign(sn *MuSigSecNonce, sk []byte, cache *MuSigCache, s *MuSigSession) ([]byte, bool) {
	if sn == nil || cache == nil || s == nil || len(sk) != 32 {
		return nil, false
	}
	out := make([]byte, 32)
	return out, C.mu_sign(m.m, sn.c(), ucp(sk), cache.c(), s.c(), ucp(out)) == 1
}

// Verify parses and runs musig_partial_sig_verify.
func (m *MuSigRef) Verify(psig, pubnonce, pk []byte, cache *MuSigCache, s *MuSigSession) bool {
	if cache == nil || s == nil || len(psig) != 32 || len(pubnonce) != 66 || len(pk) != 33 {
		return false
	}
	return C.mu_verify(m.m, ucp(psig), ucp(pubnonce), ucp(pk), cache.c(), s.c()) == 1
}

// Aggregate parses the partial signatures and runs musig_partial_sig_agg.
func (m *MuSigRef) Aggregate(s *MuSigSession, psigs [][]byte) ([]byte, bool) {
	fp, ok := flat(psigs, 32)
	if s == nil || !ok || len(psigs) == 0 || len(psigs) > 128 {
		return nil, false
	}
	out := make([]byte, 64)
	return out, C.mu_agg(m.m, s.c(), ucp(fp), C.size_t(len(psigs)), ucp(out)) == 1
}

// MuSigBench is one signer of a 2-of-2 session with every object parsed
// beforehand, for the timed MuSig2 calls: each method is one cgo call.
type MuSigBench struct {
	m *MuSigRef
	b *C.mu_bench
}

// NewBench prepares the signer with secret key sk and public key pk in
// the session (cache, session) for msg: its public nonce pubnonce and the
// two partial signatures psigs (its own first) are parsed.
func (m *MuSigRef) NewBench(sk, pk, msg, pubnonce []byte, psigs [2][]byte, cache *MuSigCache, s *MuSigSession) (*MuSigBench, error) {
	if len(sk) != 32 || len(pk) != 33 || len(msg) != 32 || len(pubnonce) != 66 || len(psigs[0]) != 32 || len(psigs[1]) != 32 || cache == nil || s == nil {
		return nil, errors.New("musig bench: bad input lengths")
	}
	b := (*C.mu_bench)(C.calloc(1, C.size_t(unsafe.Sizeof(C.mu_bench{}))))
	if b == nil {
		return nil, errors.New("out of memory")
	}
	C.memcpy(unsafe.Pointer(&b.cache), unsafe.Pointer(cache), C.size_t(len(cache)))
	C.memcpy(unsafe.Pointer(&b.session), unsafe.Pointer(s), C.size_t(len(s)))
	C.memcpy(unsafe.Pointer(&b.msg[0]), unsafe.Pointer(&msg[0]), 32)
	ps := append(append([]byte{}, psigs[0]...), psigs[1]...)
	if C.mu_bench_parse(m.m, b, ucp(sk), ucp(pk), ucp(pubnonce), ucp(ps)) != 1 {
		C.free(unsafe.Pointer(b))
		return nil, errors.New("musig bench: parsing failed")
	}
	return &MuSigBench{m: m, b: b}, nil
}

// NonceGen is the timed nonce generation: musig_nonce_gen with the
// secret key, the parsed public key, the message and the cache, on a copy
// of rand, and the public nonce serialized into out.
func (b *MuSigBench) NonceGen(rand []byte, out *[66]byte) bool {
	return C.mu_bench_nonce_gen(b.m.m, b.b, ucp(rand), (*C.uchar)(&out[0])) == 1
}

// Sign is the timed partial signing: musig_partial_sign with the secret
// nonce sn (zeroed by the call) and the pre-made key pair, and the partial
// signature serialized into out.
func (b *MuSigBench) Sign(sn *MuSigSecNonce, out *[32]byte) bool {
	return C.mu_sign_kp(b.m.m, sn.c(), &b.b.kp, &b.b.cache, &b.b.session, (*C.uchar)(&out[0])) == 1
}

// Verify is the timed partial verification of the signer's parsed partial
// signature, public nonce and public key.
func (b *MuSigBench) Verify() bool { return C.mu_bench_verify(b.m.m, b.b) == 1 }

// Aggregate is the timed aggregation of the two parsed partial signatures.
func (b *MuSigBench) Aggregate(out *[64]byte) bool {
	return C.mu_bench_agg(b.m.m, b.b, (*C.uchar)(&out[0])) == 1
}
