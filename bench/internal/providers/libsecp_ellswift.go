//go:build cgo && unix

package providers

/*
#cgo linux LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The ABI of libsecp256k1's ellswift module (include/secp256k1_ellswift.h,
// 0.4 and later), declared here so that building needs no header. The
// context argument is passed as void *.
typedef struct { unsigned char data[64]; } es_pubkey;
typedef int (*es_xdh_hash)(unsigned char *output, const unsigned char *x32, const unsigned char *ell_a64, const unsigned char *ell_b64, void *data);

#define ES_EC_COMPRESSED ((1u << 1) | (1u << 8))

typedef struct {
	void *ctx;
	int (*pubkey_parse)(void *, es_pubkey *, const unsigned char *, size_t);
	int (*pubkey_serialize)(void *, unsigned char *, size_t *, const es_pubkey *, unsigned int);
	int (*encode)(void *, unsigned char *, const es_pubkey *, const unsigned char *);
	int (*decode)(void *, es_pubkey *, const unsigned char *);
	int (*create)(void *, unsigned char *, const unsigned char *, const unsigned char *);
	int (*xdh)(void *, unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *, int, es_xdh_hash, void *);
	// The value of the exported constant secp256k1_ellswift_xdh_hash_function_bip324.
	es_xdh_hash bip324;
} es_lib;

// es_load resolves the ellswift API of the library opened as handle
// (symbol names prefix+name) for the context ctx. It returns NULL, or the
// name of the first missing symbol.
static const char *es_load(es_lib *E, void *handle, void *ctx, const char *prefix) {
	static char missing[256];
	char full[256];
	es_xdh_hash *h;
	E->ctx = ctx;
#define SYM(field, name) do { snprintf(full, sizeof full, "%s%s", prefix, name); *(void **)(&E->field) = dlsym(handle, full); if (E->field == NULL) { snprintf(missing, sizeof missing, "%s", full); return missing; } } while (0)
	SYM(pubkey_parse, "ec_pubkey_parse");
	SYM(pubkey_serialize, "ec_pubkey_serialize");
	SYM(encode, "ellswift_encode");
	SYM(decode, "ellswift_decode");
	SYM(create, "ellswift_create");
	SYM(xdh, "ellswift_xdh");
#undef SYM
	snprintf(full, sizeof full, "%s%s", prefix, "ellswift_xdh_hash_function_bip324");
	h = (es_xdh_hash *)dlsym(handle, full);
	if (h == NULL || *h == NULL) {
		snprintf(missing, sizeof missing, "%s", full);
		return missing;
	}
	E->bip324 = *h;
	return NULL;
}

static int es_parse(const es_lib *E, const unsigned char *pub33, es_pubkey *out) {
	return E->pubkey_parse(E->ctx, out, pub33, 33);
}

// es_encode is ellswift_encode of a parsed key with rnd32.
static int es_encode(const es_lib *E, const es_pubkey *pk, const unsigned char *rnd32, unsigned char *out64) {
	return E->encode(E->ctx, out64, pk, rnd32);
}

// es_create is ellswift_create; aux32 may be NULL.
static int es_create(const es_lib *E, const unsigned char *sk32, const unsigned char *aux32, unsigned char *out64) {
	return E->create(E->ctx, out64, sk32, aux32);
}

// es_decode is ellswift_decode and the compressed serialization of the key.
static int es_decode(const es_lib *E, const unsigned char *ell64, unsigned char *out33) {
	es_pubkey pk;
	size_t len = 33;
	if (!E->decode(E->ctx, &pk, ell64)) return 0;
	return E->pubkey_serialize(E->ctx, out33, &len, &pk, ES_EC_COMPRESSED);
}

// es_xdh is ellswift_xdh with the BIP-324 hash; party 0 is the initiator
// (A), 1 the responder (B).
static int es_xdh(const es_lib *E, const unsigned char *ell_a64, const unsigned char *ell_b64, const unsigned char *sk32, int party, unsigned char *out32) {
	return E->xdh(E->ctx, out32, ell_a64, ell_b64, sk32, party, E->bip324, NULL);
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

// EllSwiftRef is the ellswift module of a loaded libsecp256k1 (0.4 and
// later; the 0.8 build from secp256k1-sys compiles it with
// ENABLE_MODULE_ELLSWIFT, and its API symbols are exported), for the
// differential tests and the ElligatorSwift benchmarks. Each method is one
// cgo call.
type EllSwiftRef struct {
	e   *C.es_lib
	ref *LibsecpRef
}

var (
	ellswiftMu   sync.Mutex
	ellswiftRefs = map[*LibsecpRef]*EllSwiftRef{}
)

// EllSwift returns the ellswift module of r, or an error if r is not
// loaded or lacks the module (the system libsecp256k1 0.2 of Debian 12
// does).
func (r *LibsecpRef) EllSwift() (*EllSwiftRef, error) {
	if r.err != nil {
		return nil, r.err
	}
	ellswiftMu.Lock()
	defer ellswiftMu.Unlock()
	if e, ok := ellswiftRefs[r]; ok {
		return e, nil
	}
	E := (*C.es_lib)(C.calloc(1, C.size_t(unsafe.Sizeof(C.es_lib{}))))
	if E == nil {
		return nil, errors.New("out of memory")
	}
	prefix := strings.TrimSuffix(r.lib.symbol, "ec_pubkey_create")
	cprefix := C.CString(prefix)
	defer C.free(unsafe.Pointer(cprefix))
	if missing := C.es_load(E, r.lib.c.handle, unsafe.Pointer(r.lib.c.ctx), cprefix); missing != nil {
		C.free(unsafe.Pointer(E))
		return nil, fmt.Errorf("%s has no ellswift module (missing %s)", r.name, C.GoString(missing))
	}
	e := &EllSwiftRef{e: E, ref: r}
	ellswiftRefs[r] = e
	return e, nil
}

// Name is the provider name of the library.
func (e *EllSwiftRef) Name() string { return e.ref.name }

// EllSwiftPubkey is libsecp256k1's parsed secp256k1_pubkey.
type EllSwiftPubkey [64]byte

func (p *EllSwiftPubkey) c() *C.es_pubkey { return (*C.es_pubkey)(unsafe.Pointer(p)) }

// ParsePubkey parses a 33-byte compressed key (ec_pubkey_parse).
func (e *EllSwiftRef) ParsePubkey(pub33 []byte) (*EllSwiftPubkey, bool) {
	if len(pub33) != 33 {
		return nil, false
	}
	pk := new(EllSwiftPubkey)
	return pk, C.es_parse(e.e, ucp(pub33), pk.c()) == 1
}

// Encode is ellswift_encode of the parsed key pk with the 32 bytes rnd,
// into out.
func (e *EllSwiftRef) Encode(pk *EllSwiftPubkey, rnd *[32]byte, out *[64]byte) bool {
	return C.es_encode(e.e, pk.c(), (*C.uchar)(&rnd[0]), (*C.uchar)(&out[0])) == 1
}

// Create is ellswift_create of the 32-byte secret key sk with the 32
// bytes of auxiliary randomness aux, or none (NULL) if aux is nil, into
// out.
func (e *EllSwiftRef) Create(sk *[32]byte, aux *[32]byte, out *[64]byte) bool {
	var auxp *C.uchar
	if aux != nil {
		auxp = (*C.uchar)(&aux[0])
	}
	return C.es_create(e.e, (*C.uchar)(&sk[0]), auxp, (*C.uchar)(&out[0])) == 1
}

// Decode is ellswift_decode of the 64-byte encoding enc and the
// compressed serialization of the key, into out.
func (e *EllSwiftRef) Decode(enc *[64]byte, out *[33]byte) bool {
	return C.es_decode(e.e, (*C.uchar)(&enc[0]), (*C.uchar)(&out[0])) == 1
}

// XDH is ellswift_xdh with secp256k1_ellswift_xdh_hash_function_bip324:
// the initiator's encoding ellA, the responder's ellB, the 32-byte secret
// key sk of the party (responder false: the initiator, party A), into out.
func (e *EllSwiftRef) XDH(ellA, ellB *[64]byte, sk *[32]byte, responder bool, out *[32]byte) bool {
	party := C.int(0)
	if responder {
		party = 1
	}
	return C.es_xdh(e.e, (*C.uchar)(&ellA[0]), (*C.uchar)(&ellB[0]), (*C.uchar)(&sk[0]), party, (*C.uchar)(&out[0])) == 1
}
