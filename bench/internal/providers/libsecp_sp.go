//go:build cgo && unix

package providers

/*
#cgo linux LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The ABI of libsecp256k1's silentpayments module
// (include/secp256k1_silentpayments.h of the sources secp256k1-sys 0.14.1
// vendors), declared here so that building needs no header. The context
// argument is passed as void *.
typedef struct { unsigned char data[64]; } sp_pubkey;
typedef struct { unsigned char data[64]; } sp_xonly;
typedef struct { unsigned char data[96]; } sp_keypair;
typedef struct { sp_pubkey scan_pubkey; sp_pubkey spend_pubkey; size_t index; } sp_recipient;
typedef struct { unsigned char data[68]; } sp_label;
typedef struct { unsigned char data[101]; } sp_summary;
typedef struct { sp_xonly output; unsigned char tweak[32]; int found_with_label; sp_label label; } sp_found;
typedef const unsigned char *(*sp_lookup_fn)(const unsigned char *, const void *);

#define SP_EC_COMPRESSED ((1u << 1) | (1u << 8))

typedef struct {
	void *ctx;
	int (*pubkey_parse)(void *, sp_pubkey *, const unsigned char *, size_t);
	int (*pubkey_serialize)(void *, unsigned char *, size_t *, const sp_pubkey *, unsigned int);
	int (*keypair_create)(void *, sp_keypair *, const unsigned char *);
	int (*xonly_parse)(void *, sp_xonly *, const unsigned char *);
	int (*xonly_serialize)(void *, unsigned char *, const sp_xonly *);
	int (*create_outputs)(void *, sp_xonly **, const sp_recipient **, size_t, const unsigned char *, const sp_keypair *const *, size_t, const unsigned char *const *, size_t);
	int (*label_create)(void *, sp_label *, unsigned char *, const unsigned char *, uint32_t);
	int (*label_serialize)(void *, unsigned char *, const sp_label *);
	int (*labeled_spend)(void *, sp_pubkey *, const sp_pubkey *, const sp_label *);
	int (*summary_create)(void *, sp_summary *, const unsigned char *, const sp_xonly *const *, size_t, const sp_pubkey *const *, size_t);
	int (*scan_outputs)(void *, sp_found **, uint32_t *, const sp_xonly *const *, size_t, const unsigned char *, const sp_summary *, const sp_pubkey *, sp_lookup_fn, const void *);
} sp_lib;

// sp_load resolves the silentpayments API of the library opened as handle
// (symbol names prefix+name) for the context ctx. It returns NULL, or the
// name of the first missing symbol.
static const char *sp_load(sp_lib *M, void *handle, void *ctx, const char *prefix) {
	static char missing[256];
	char full[256];
	M->ctx = ctx;
#define SYM(field, name) do { snprintf(full, sizeof full, "%s%s", prefix, name); *(void **)(&M->field) = dlsym(handle, full); if (M->field == NULL) { snprintf(missing, sizeof missing, "%s", full); return missing; } } while (0)
	SYM(pubkey_parse, "ec_pubkey_parse");
	SYM(pubkey_serialize, "ec_pubkey_serialize");
	SYM(keypair_create, "keypair_create");
	SYM(xonly_parse, "xonly_pubkey_parse");
	SYM(xonly_serialize, "xonly_pubkey_serialize");
	SYM(create_outputs, "silentpayments_sender_create_outputs");
	SYM(label_create, "silentpayments_recipient_label_create");
	SYM(label_serialize, "silentpayments_recipient_label_serialize");
	SYM(labeled_spend, "silentpayments_recipient_create_labeled_spend_pubkey");
	SYM(summary_create, "silentpayments_recipient_prevouts_summary_create");
	SYM(scan_outputs, "silentpayments_recipient_scan_outputs");
#undef SYM
	return NULL;
}

// The label cache: a list of (label, tweak) pairs searched linearly (the
// differential tests and the benchmark use few labels).
#define SP_MAX_LABELS 64
typedef struct {
	size_t n;
	unsigned char label[SP_MAX_LABELS][33];
	unsigned char tweak[SP_MAX_LABELS][32];
} sp_labels;

static const unsigned char *sp_lookup(const unsigned char *label33, const void *ctx) {
	const sp_labels *L = (const sp_labels *)ctx;
	for (size_t i = 0; i < L->n; i++) {
		if (memcmp(L->label[i], label33, 33) == 0) return L->tweak[i];
	}
	return NULL;
}

static int sp_label_add(const sp_lib *M, sp_labels *L, const unsigned char *scan32, uint32_t m, unsigned char *label33, unsigned char *tweak32) {
	sp_label label;
	if (L->n == SP_MAX_LABELS) return 0;
	if (!M->label_create(M->ctx, &label, tweak32, scan32, m)) return 0;
	if (!M->label_serialize(M->ctx, label33, &label)) return 0;
	memcpy(L->label[L->n], label33, 33);
	memcpy(L->tweak[L->n], tweak32, 32);
	L->n++;
	return 1;
}

// sp_labeled_spend writes spend33 + label33 (compressed) to out33.
static int sp_labeled_spend(const sp_lib *M, const unsigned char *spend33, const unsigned char *scan32, uint32_t m, unsigned char *out33) {
	sp_pubkey spend, labeled;
	sp_label label;
	unsigned char tweak[32];
	size_t len = 33;
	if (!M->pubkey_parse(M->ctx, &spend, spend33, 33)) return 0;
	if (!M->label_create(M->ctx, &label, tweak, scan32, m)) return 0;
	if (!M->labeled_spend(M->ctx, &labeled, &spend, &label)) return 0;
	return M->pubkey_serialize(M->ctx, out33, &len, &labeled, SP_EC_COMPRESSED);
}

// The prepared state of a send: parsed recipients and keys, the outputs.
typedef struct {
	size_t n, ntap, nsec;
	sp_recipient *recips;
	const sp_recipient **rptrs;
	sp_xonly *outs;
	sp_xonly **optrs;
	sp_keypair *kps;
	const sp_keypair **kptrs;
	unsigned char *secs;
	const unsigned char **sptrs;
	unsigned char outpoint[36];
} sp_send;

static void sp_send_free(sp_send *S) {
	if (S == NULL) return;
	free(S->recips); free(S->rptrs); free(S->outs); free(S->optrs);
	free(S->kps); free(S->kptrs); free(S->secs); free(S->sptrs);
	free(S);
}

// sp_send_new parses n recipients (scan33 ‖ spend33 each), ntap taproot
// secret keys (key pairs) and nsec plain secret keys (32 bytes each).
static sp_send *sp_send_new(const sp_lib *M, const unsigned char *recips66, size_t n, const unsigned char *outpoint36, const unsigned char *tap, size_t ntap, const unsigned char *sec, size_t nsec) {
	sp_send *S = (sp_send *)calloc(1, sizeof(sp_send));
	if (S == NULL) return NULL;
	S->n = n; S->ntap = ntap; S->nsec = nsec;
	S->recips = calloc(n, sizeof(sp_recipient));
	S->rptrs = calloc(n, sizeof(void *));
	S->outs = calloc(n, sizeof(sp_xonly));
	S->optrs = calloc(n, sizeof(void *));
	S->kps = calloc(ntap + 1, sizeof(sp_keypair));
	S->kptrs = calloc(ntap + 1, sizeof(void *));
	S->secs = calloc(nsec + 1, 32);
	S->sptrs = calloc(nsec + 1, sizeof(void *));
	if (!S->recips || !S->rptrs || !S->outs || !S->optrs || !S->kps || !S->kptrs || !S->secs || !S->sptrs) { sp_send_free(S); return NULL; }
	memcpy(S->outpoint, outpoint36, 36);
	for (size_t i = 0; i < n; i++) {
		if (!M->pubkey_parse(M->ctx, &S->recips[i].scan_pubkey, recips66 + 66 * i, 33) ||
		    !M->pubkey_parse(M->ctx, &S->recips[i].spend_pubkey, recips66 + 66 * i + 33, 33)) { sp_send_free(S); return NULL; }
		S->recips[i].index = i;
		S->optrs[i] = &S->outs[i];
	}
	for (size_t i = 0; i < ntap; i++) {
		if (!M->keypair_create(M->ctx, &S->kps[i], tap + 32 * i)) { sp_send_free(S); return NULL; }
		S->kptrs[i] = &S->kps[i];
	}
	memcpy(S->secs, sec, 32 * nsec);
	for (size_t i = 0; i < nsec; i++) S->sptrs[i] = S->secs + 32 * i;
	return S;
}

// sp_send_run creates the outputs (the timed call: the recipient pointers
// are put back in order first, as create_outputs sorts them).
static int sp_send_run(const sp_lib *M, sp_send *S) {
	for (size_t i = 0; i < S->n; i++) S->rptrs[i] = &S->recips[i];
	return M->create_outputs(M->ctx, S->optrs, S->rptrs, S->n, S->outpoint,
		S->ntap ? S->kptrs : NULL, S->ntap, S->nsec ? S->sptrs : NULL, S->nsec);
}

static int sp_send_output(const sp_lib *M, const sp_send *S, size_t i, unsigned char *out32) {
	return M->xonly_serialize(M->ctx, out32, &S->outs[i]);
}

// The prepared state of a scan: parsed outputs, input keys, spend key and
// the label cache.
typedef struct {
	size_t n, nx, np;
	sp_xonly *outs;
	const sp_xonly **optrs;
	sp_found *found;
	sp_found **fptrs;
	sp_xonly *xin;
	const sp_xonly **xptrs;
	sp_pubkey *pin;
	const sp_pubkey **pptrs;
	sp_pubkey spend;
	unsigned char scan[32];
	unsigned char outpoint[36];
	sp_labels labels;
} sp_scan;

static void sp_scan_free(sp_scan *S) {
	if (S == NULL) return;
	free(S->outs); free(S->optrs); free(S->found); free(S->fptrs);
	free(S->xin); free(S->xptrs); free(S->pin); free(S->pptrs);
	free(S);
}

static sp_scan *sp_scan_new(const sp_lib *M, const unsigned char *outs32, size_t n, const unsigned char *scan32, const unsigned char *outpoint36, const unsigned char *xin32, size_t nx, const unsigned char *pin33, size_t np, const unsigned char *spend33) {
	sp_scan *S = (sp_scan *)calloc(1, sizeof(sp_scan));
	if (S == NULL) return NULL;
	S->n = n; S->nx = nx; S->np = np;
	S->outs = calloc(n, sizeof(sp_xonly));
	S->optrs = calloc(n, sizeof(void *));
	S->found = calloc(n, sizeof(sp_found));
	S->fptrs = calloc(n, sizeof(void *));
	S->xin = calloc(nx + 1, sizeof(sp_xonly));
	S->xptrs = calloc(nx + 1, sizeof(void *));
	S->pin = calloc(np + 1, sizeof(sp_pubkey));
	S->pptrs = calloc(np + 1, sizeof(void *));
	if (!S->outs || !S->optrs || !S->found || !S->fptrs || !S->xin || !S->xptrs || !S->pin || !S->pptrs) { sp_scan_free(S); return NULL; }
	memcpy(S->scan, scan32, 32);
	memcpy(S->outpoint, outpoint36, 36);
	if (!M->pubkey_parse(M->ctx, &S->spend, spend33, 33)) { sp_scan_free(S); return NULL; }
	for (size_t i = 0; i < n; i++) {
		if (!M->xonly_parse(M->ctx, &S->outs[i], outs32 + 32 * i)) { sp_scan_free(S); return NULL; }
		S->optrs[i] = &S->outs[i];
		S->fptrs[i] = &S->found[i];
	}
	for (size_t i = 0; i < nx; i++) {
		if (!M->xonly_parse(M->ctx, &S->xin[i], xin32 + 32 * i)) { sp_scan_free(S); return NULL; }
		S->xptrs[i] = &S->xin[i];
	}
	for (size_t i = 0; i < np; i++) {
		if (!M->pubkey_parse(M->ctx, &S->pin[i], pin33 + 33 * i, 33)) { sp_scan_free(S); return NULL; }
		S->pptrs[i] = &S->pin[i];
	}
	return S;
}

// sp_scan_run is the timed scan, as libsecp256k1's own benchmark does it:
// the prevouts summary from the parsed input keys, then scan_outputs with
// the label cache. It returns the number of outputs found, or -1.
static int sp_scan_run(const sp_lib *M, sp_scan *S) {
	sp_summary sum;
	uint32_t nfound = 0;
	if (!M->summary_create(M->ctx, &sum, S->outpoint, S->nx ? S->xptrs : NULL, S->nx, S->np ? S->pptrs : NULL, S->np)) return -1;
	if (!M->scan_outputs(M->ctx, S->fptrs, &nfound, S->optrs, S->n, S->scan, &sum, &S->spend,
		S->labels.n ? sp_lookup : NULL, S->labels.n ? &S->labels : NULL)) return -1;
	return (int)nfound;
}

// sp_scan_found writes found output i: the 32-byte output, its 32-byte
// tweak, whether it was found with a label and the 33-byte label.
static int sp_scan_found(const sp_lib *M, const sp_scan *S, size_t i, unsigned char *out32, unsigned char *tweak32, int *labeled, unsigned char *label33) {
	if (!M->xonly_serialize(M->ctx, out32, &S->found[i].output)) return 0;
	memcpy(tweak32, S->found[i].tweak, 32);
	*labeled = S->found[i].found_with_label;
	if (*labeled) return M->label_serialize(M->ctx, label33, &S->found[i].label);
	return 1;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// spDefines are the defines the silentpayments build adds to the crate's:
// secp256k1-sys 0.14.1 vendors libsecp256k1 0.8's silentpayments module
// (src/modules/silentpayments, include/secp256k1_silentpayments.h) but its
// build.rs does not enable it, so the 0.8 reference has no silentpayments
// symbols. This second build of the same sources, with the same recipe and
// ENABLE_MODULE_SILENTPAYMENTS=1, is cached under its own key and loaded
// beside the reference (RTLD_LOCAL: the two copies do not see each other).
var spDefines = []string{"-DENABLE_MODULE_SILENTPAYMENTS=1"}

// SilentPaymentsRef is libsecp256k1 0.8's silentpayments module, for the
// differential tests and the silent-payment benchmarks.
type SilentPaymentsRef struct {
	m     *C.sp_lib
	lib   *secpLib
	build *refBuild
}

var (
	spOnce sync.Once
	spRef  *SilentPaymentsRef
	spErr  error
)

// LibsecpSilentPayments returns the silentpayments module of libsecp256k1
// 0.8, building the variant shared object on first use (seconds; cached),
// or an error saying why it is unavailable.
func LibsecpSilentPayments() (*SilentPaymentsRef, error) {
	spOnce.Do(func() {
		b, _, err := ensureRefBuildWith(spDefines)
		if err != nil {
			spErr = fmt.Errorf("libsecp256k1 %s with the silentpayments module: %w", refMajorMinor, err)
			return
		}
		l, err := openSecpLib(b.SharedObject, sysPrefix)
		if err != nil {
			spErr = fmt.Errorf("libsecp256k1 %s with the silentpayments module: loading %s: %w", refMajorMinor, b.SharedObject, err)
			return
		}
		M := (*C.sp_lib)(C.calloc(1, C.size_t(unsafe.Sizeof(C.sp_lib{}))))
		if M == nil {
			spErr = errors.New("out of memory")
			return
		}
		prefix := strings.TrimSuffix(l.symbol, "ec_pubkey_create")
		cprefix := C.CString(prefix)
		defer C.free(unsafe.Pointer(cprefix))
		if missing := C.sp_load(M, l.c.handle, unsafe.Pointer(l.c.ctx), cprefix); missing != nil {
			C.free(unsafe.Pointer(M))
			spErr = fmt.Errorf("%s has no silentpayments module (missing %s)", b.SharedObject, C.GoString(missing))
			return
		}
		spRef = &SilentPaymentsRef{m: M, lib: l, build: b}
	})
	return spRef, spErr
}

// Describe names the library and its build.
func (r *SilentPaymentsRef) Describe() string {
	return fmt.Sprintf("libsecp256k1 %s (bitcoin-core/secp256k1 %.8s, from %s %s, %s %s)", r.build.Version, r.build.Upstream, sysCrate, sysCrateVersion, strings.Join(r.build.CFlags, " "), strings.Join(spDefines, " "))
}

func flatten(parts [][]byte, size int) ([]byte, bool) {
	out := make([]byte, 0, len(parts)*size+1)
	for _, p := range parts {
		if len(p) != size {
			return nil, false
		}
		out = append(out, p...)
	}
	return append(out, 0), true // never empty, so &out[0] is valid
}

// SPSend is a prepared silentpayments_sender_create_outputs call.
type SPSend struct {
	r *SilentPaymentsRef
	s *C.sp_send
	n int
}

// NewSend parses the recipients (33-byte scan and spend keys), the
// taproot secret keys (as key pairs) and the plain ones for a send with
// the 36-byte smallest outpoint.
func (r *SilentPaymentsRef) NewSend(recipients [][2][]byte, outpointL []byte, taproot, plain [][]byte) (*SPSend, error) {
	var rec []byte
	for _, p := range recipients {
		if len(p[0]) != 33 || len(p[1]) != 33 {
			return nil, errors.New("recipient keys must be 33 bytes")
		}
		rec = append(rec, p[0]...)
		rec = append(rec, p[1]...)
	}
	ft, ok1 := flatten(taproot, 32)
	fp, ok2 := flatten(plain, 32)
	if !ok1 || !ok2 || len(recipients) == 0 || len(outpointL) != 36 {
		return nil, errors.New("bad send input")
	}
	s := C.sp_send_new(r.m, ucp(rec), C.size_t(len(recipients)), ucp(outpointL), ucp(ft), C.size_t(len(taproot)), ucp(fp), C.size_t(len(plain)))
	if s == nil {
		return nil, errors.New("libsecp256k1: parsing the send's keys failed")
	}
	b := &SPSend{r: r, s: s, n: len(recipients)}
	runtime.SetFinalizer(b, func(b *SPSend) { C.sp_send_free(b.s) })
	return b, nil
}

// Run creates the outputs (one cgo call).
func (b *SPSend) Run() bool { return C.sp_send_run(b.r.m, b.s) == 1 }

// Outputs returns the outputs of the last Run, serialized, in recipient
// order.
func (b *SPSend) Outputs() [][]byte {
	out := make([][]byte, b.n)
	for i := range out {
		out[i] = make([]byte, 32)
		if C.sp_send_output(b.r.m, b.s, C.size_t(i), ucp(out[i])) != 1 {
			return nil
		}
	}
	return out
}

// CreateOutputs is NewSend and Run: the outputs, or false if
// create_outputs fails.
func (r *SilentPaymentsRef) CreateOutputs(recipients [][2][]byte, outpointL []byte, taproot, plain [][]byte) ([][]byte, bool) {
	b, err := r.NewSend(recipients, outpointL, taproot, plain)
	if err != nil || !b.Run() {
		return nil, false
	}
	return b.Outputs(), true
}

// LabeledSpendKey returns spend + label(scan, m)·G, compressed.
func (r *SilentPaymentsRef) LabeledSpendKey(spend, scan []byte, m uint32) ([]byte, bool) {
	if len(spend) != 33 || len(scan) != 32 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, C.sp_labeled_spend(r.m, ucp(spend), ucp(scan), C.uint32_t(m), ucp(out)) == 1
}

// SPFound is a found output of scan_outputs.
type SPFound struct {
	Output  [32]byte
	Tweak   [32]byte
	Labeled bool
	Label   [33]byte
}

// SPScan is a prepared scan: parsed outputs and input keys, the scan key,
// spend key and label cache.
type SPScan struct {
	r *SilentPaymentsRef
	s *C.sp_scan
}

// NewScan parses the 32-byte outputs, the x-only (taproot) and
// compressed input keys and the spend key, for the scan key and the
// 36-byte smallest outpoint, and adds the labels m (label_create with the
// scan key) to the label cache.
func (r *SilentPaymentsRef) NewScan(outputs [][]byte, scan, outpointL []byte, xonlyInputs, inputs [][]byte, spend []byte, labels []uint32) (*SPScan, error) {
	fo, ok1 := flatten(outputs, 32)
	fx, ok2 := flatten(xonlyInputs, 32)
	fp, ok3 := flatten(inputs, 33)
	if !ok1 || !ok2 || !ok3 || len(outputs) == 0 || len(scan) != 32 || len(outpointL) != 36 || len(spend) != 33 || len(labels) > C.SP_MAX_LABELS {
		return nil, errors.New("bad scan input")
	}
	s := C.sp_scan_new(r.m, ucp(fo), C.size_t(len(outputs)), ucp(scan), ucp(outpointL), ucp(fx), C.size_t(len(xonlyInputs)), ucp(fp), C.size_t(len(inputs)), ucp(spend))
	if s == nil {
		return nil, errors.New("libsecp256k1: parsing the scan's keys failed")
	}
	b := &SPScan{r: r, s: s}
	runtime.SetFinalizer(b, func(b *SPScan) { C.sp_scan_free(b.s) })
	var l33 [33]byte
	var t32 [32]byte
	for _, m := range labels {
		if C.sp_label_add(r.m, &s.labels, ucp(scan), C.uint32_t(m), (*C.uchar)(&l33[0]), (*C.uchar)(&t32[0])) != 1 {
			return nil, fmt.Errorf("libsecp256k1: label %d failed", m)
		}
	}
	return b, nil
}

// Run scans (prevouts_summary_create and scan_outputs, one cgo call) and
// returns the number of outputs found, or -1.
func (b *SPScan) Run() int { return int(C.sp_scan_run(b.r.m, b.s)) }

// Found returns the first n found outputs of the last Run.
func (b *SPScan) Found(n int) []SPFound {
	out := make([]SPFound, n)
	for i := range out {
		var labeled C.int
		if C.sp_scan_found(b.r.m, b.s, C.size_t(i), (*C.uchar)(&out[i].Output[0]), (*C.uchar)(&out[i].Tweak[0]), &labeled, (*C.uchar)(&out[i].Label[0])) != 1 {
			return nil
		}
		out[i].Labeled = labeled != 0
	}
	return out
}
