package difftest

import (
	"bytes"
	"crypto/sha256"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/schnorr"
	"github.com/p256k1/secp256k1/signer"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// Call-sequence targets for the batch verifiers, which keep their memory
// between calls (doc/state.md): one schnorr.BatchVerifier, one
// ecdsa.BatchVerifier and one signer.EventVerifier per fuzz input, driven
// through a sequence of calls that the input decodes (adds of valid and
// invalid entries of every kind, Verify, Invalid, Reset, Len, changes of
// Workers), every answer compared with libsecp256k1 0.8's verification of
// each entry on its own (schnorrsig_verify, ecdsa_verify).

// maxSeqOps and maxBatch bound the calls a fuzz input makes and the size of
// a batch.
const (
	maxSeqOps = 160
	maxBatch  = 256
)

// verdicts caches libsecp256k1's answer for an entry (the key, message and
// signature bytes): the answer of a deterministic function, asked again for
// the same entries across inputs. It is emptied when it reaches
// maxVerdicts entries, so that a long fuzzing run does not grow it without
// bound.
var (
	verdictsMu sync.Mutex
	verdicts   = map[string]bool{}
)

const maxVerdicts = 1 << 16

func cachedVerdict(kind byte, parts [][]byte, f func() bool) bool {
	var k []byte
	k = append(k, kind)
	for _, p := range parts {
		k = append(k, byte(len(p)), byte(len(p)>>8))
		k = append(k, p...)
	}
	verdictsMu.Lock()
	v, ok := verdicts[string(k)]
	verdictsMu.Unlock()
	if ok {
		return v
	}
	v = f()
	verdictsMu.Lock()
	if len(verdicts) >= maxVerdicts {
		clear(verdicts)
	}
	verdicts[string(k)] = v
	verdictsMu.Unlock()
	return v
}

// schnorrEntry is one input of schnorr.BatchVerifier.Add or AddBytes.
type schnorrEntry struct {
	raw, msg, sig []byte
	valid         bool // libsecp256k1's schnorrsig_verify
}

// sigMalformed reports a BIP-340 signature that no key makes valid: not 64
// bytes, r >= p or s >= n.
func sigMalformed(sig []byte) bool {
	return len(sig) != 64 || new(big.Int).SetBytes(sig[:32]).Cmp(fieldP) >= 0 || new(big.Int).SetBytes(sig[32:]).Cmp(curveN) >= 0
}

// schnorrEntryFrom decodes an entry: a dataset signature, one that
// libsecp256k1 makes on a message from the input (of any length), or an
// invalid one (a flipped bit, another key, another message, raw signature
// bytes, r = p, s = n, a wrong length, raw key bytes).
func schnorrEntryFrom(t *testing.T, a *providers.LibsecpAPI, its []h.Item, s *stream) schnorrEntry {
	it := its[int(s.next())%len(its)]
	e := schnorrEntry{raw: it.XOnly[:], msg: it.Hash[:], sig: it.Schnorr[:]}
	switch k := s.next(); k % 10 {
	case 0, 1, 2:
	case 3:
		e.msg = s.take(int(s.next()) % 80)
		var ok bool
		if e.sig, ok = a.SchnorrSign(it.Seckey[:], e.msg, it.Aux[:]); !ok {
			t.Fatal("schnorrsig_sign_custom failed on a dataset key")
		}
	case 4:
		b := s.next()
		e.sig = bytes.Clone(e.sig)
		e.sig[b%64] ^= 1 << (b / 64)
	case 5:
		e.raw = its[int(s.next())%len(its)].XOnly[:]
	case 6:
		e.msg = s.take(32)
	case 7:
		e.sig = s.take(64)
	case 8:
		e.sig = bytes.Clone(e.sig)
		if s.next()&1 == 0 {
			copy(e.sig[:32], b32(fieldP))
		} else {
			copy(e.sig[32:], b32(curveN))
		}
	case 9:
		if s.next()&1 == 0 {
			e.sig = e.sig[:int(s.next())%64]
		} else {
			e.raw = s.take(int(s.next()) % 34)
		}
	}
	e.valid = cachedVerdict('s', [][]byte{e.raw, e.msg, e.sig}, func() bool { return a.SchnorrVerify(e.raw, e.msg, e.sig) })
	return e
}

// invalidIndices returns the indices of the entries whose verdict is false,
// nil if there are none (what Invalid returns).
func invalidIndices(valid []bool) []int {
	var out []int
	for i, v := range valid {
		if !v {
			out = append(out, i)
		}
	}
	return out
}

// seqSeeds adds the given inputs, the empty one, and eight inputs of 64 to
// 1024 pseudo-random bytes (a fixed seed), which decode into varied
// sequences.
func seqSeeds(f *testing.F, seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add([]byte{})
	r := rand.New(rand.NewPCG(17, 0x5eed))
	for i := range 8 {
		f.Add(rbytes(r, 64<<(i%5)))
	}
}

// FuzzSchnorrBatchSeq drives one schnorr.BatchVerifier through a sequence
// of Add, AddBytes, bulk adds of valid dataset signatures, Verify, Invalid,
// Len, Reset and Workers changes; each Add's error must be what the entry's
// encoding calls for, and every Verify, Invalid and Len must answer as
// schnorrsig_verify of each entry since the last Reset does.
func FuzzSchnorrBatchSeq(f *testing.F) {
	a := libsecp08(f)
	seqSeeds(f,
		[]byte{0, 0, 0, 1, 1, 4, 2, 3, 7, 4, 5},
		[]byte{8, 40, 1, 0, 4, 0, 3, 9, 0, 5, 6, 8, 20, 4, 5},
		[]byte{8, 200, 0, 5, 4, 7, 4, 5, 6, 0, 5, 3, 10, 1, 4, 5, 9, 2},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		var b schnorr.BatchVerifier
		var valid []bool
		check := func(what string) {
			t.Helper()
			want := !slices.Contains(valid, false)
			if got := b.Verify(); got != want {
				t.Fatalf("%s: Verify = %v, libsecp256k1 says %v for %v", what, got, want, valid)
			}
			if got, w := b.Invalid(), invalidIndices(valid); !slices.Equal(got, w) {
				t.Fatalf("%s: Invalid = %v, libsecp256k1 says %v", what, got, w)
			}
		}
		for n := 0; n < maxSeqOps && !s.done(); n++ {
			switch op := s.next(); op % 10 {
			case 0, 1, 2, 3:
				if len(valid) >= maxBatch {
					continue
				}
				e := schnorrEntryFrom(t, a, its, s)
				var err error
				var wantErr bool
				if op&0x10 != 0 {
					err = b.AddBytes(e.raw, e.msg, e.sig)
					wantErr = len(e.raw) != 32 || new(big.Int).SetBytes(e.raw).Cmp(fieldP) >= 0 || sigMalformed(e.sig)
				} else {
					pub, perr := secp.NewXOnlyPublicKey(e.raw)
					if perr != nil {
						pub = nil
					}
					err = b.Add(pub, e.msg, e.sig)
					wantErr = pub == nil || sigMalformed(e.sig)
				}
				if (err != nil) != wantErr {
					t.Fatalf("Add(%x, %x, %x) (bytes %v): err %v, want an error %v", e.raw, e.msg, e.sig, op&0x10 != 0, err, wantErr)
				}
				valid = append(valid, e.valid)
			case 4:
				want := !slices.Contains(valid, false)
				if got := b.Verify(); got != want {
					t.Fatalf("Verify = %v, libsecp256k1 says %v for %v", got, want, valid)
				}
			case 5:
				if got, w := b.Invalid(), invalidIndices(valid); !slices.Equal(got, w) {
					t.Fatalf("Invalid = %v, libsecp256k1 says %v", got, w)
				}
			case 6:
				b.Reset()
				valid = valid[:0]
			case 7:
				b.Workers = int(s.next() % 3)
			case 8:
				for range int(s.next()) % 64 {
					if len(valid) >= maxBatch {
						break
					}
					it := its[int(s.next())%len(its)]
					if err := b.Add(mustXOnly(t, it.XOnly[:]), it.Hash[:], it.Schnorr[:]); err != nil {
						t.Fatal(err)
					}
					valid = append(valid, cachedVerdict('s', [][]byte{it.XOnly[:], it.Hash[:], it.Schnorr[:]}, func() bool { return a.SchnorrVerify(it.XOnly[:], it.Hash[:], it.Schnorr[:]) }))
				}
			case 9:
				if b.Len() != len(valid) {
					t.Fatalf("Len = %d, %d entries added", b.Len(), len(valid))
				}
			}
		}
		check("end of the sequence")
	})
}

func mustXOnly(t *testing.T, b []byte) *secp.XOnlyPublicKey {
	k, err := secp.NewXOnlyPublicKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// ecdsaEntry is one input of ecdsa.BatchVerifier.Add.
type ecdsaEntry struct {
	pub        []byte // SEC 1 encoding, nil: a nil key
	hash, sig  []byte // hash of any length; sig compact, nil: a nil signature
	valid      bool   // libsecp256k1's ecdsa_verify with bits2int32(hash)
	sigInvalid bool   // the compact bytes do not parse in p256k1: Add gets nil
}

// ecdsaEntryFrom decodes an entry: a dataset signature, one libsecp256k1
// makes on a hash from the input (of any length), or an invalid one (a
// flipped bit, the high-S twin, another key, another hash, raw signature
// bytes, r or s = 0, a nil key).
func ecdsaEntryFrom(t *testing.T, a *providers.LibsecpAPI, its []h.Item, s *stream) ecdsaEntry {
	it := its[int(s.next())%len(its)]
	e := ecdsaEntry{pub: it.Pub[:], hash: it.Hash[:], sig: it.SigCompact[:]}
	switch k := s.next(); k % 10 {
	case 0, 1:
	case 2:
		e.pub = it.PubUncomp[:]
	case 3:
		e.hash = s.take(int(s.next()) % 48)
		var ok bool
		if e.sig, _, ok = a.ECDSASign(it.Seckey[:], bits2int32(e.hash), nil); !ok {
			t.Fatal("ecdsa_sign failed on a dataset key")
		}
	case 4:
		b := s.next()
		e.sig = bytes.Clone(e.sig)
		e.sig[b%64] ^= 1 << (b / 64)
	case 5:
		e.sig = append(bytes.Clone(e.sig[:32]), b32(new(big.Int).Sub(curveN, new(big.Int).SetBytes(e.sig[32:])))...)
	case 6:
		e.pub = its[int(s.next())%len(its)].Pub[:]
	case 7:
		e.hash = s.take(32)
	case 8:
		e.sig = s.take(64)
		if s.next()&1 == 0 {
			clear(e.sig[:32])
		}
	case 9:
		e.pub = nil
	}
	if _, err := ecdsa.ParseCompactSignature(e.sig); err != nil {
		e.sigInvalid = true
	}
	if e.pub != nil {
		e.valid = cachedVerdict('e', [][]byte{e.pub, e.hash, e.sig}, func() bool { return a.ECDSAVerify(e.sig, e.pub, bits2int32(e.hash)) })
	}
	return e
}

// FuzzECDSABatchSeq drives one ecdsa.BatchVerifier through a sequence of
// Add (valid signatures, high-S twins, wrong keys and hashes, hashes of any
// length, nil keys and signatures), Verify, Invalid, Len, Reset and Workers
// changes; every answer must be what ecdsa_verify says of each entry since
// the last Reset.
func FuzzECDSABatchSeq(f *testing.F) {
	a := libsecp08(f)
	seqSeeds(f,
		[]byte{0, 0, 0, 1, 1, 5, 2, 3, 7, 4, 5},
		[]byte{8, 40, 1, 0, 9, 4, 5, 6, 8, 20, 4, 5, 0, 3, 3, 4},
		[]byte{8, 100, 0, 5, 1, 4, 5, 6, 0, 2, 8, 3, 1, 0, 4, 5, 9},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		var b ecdsa.BatchVerifier
		var valid []bool
		for n := 0; n < maxSeqOps && !s.done(); n++ {
			switch op := s.next(); op % 10 {
			case 0, 1, 2, 3:
				if len(valid) >= maxBatch {
					continue
				}
				e := ecdsaEntryFrom(t, a, its, s)
				var pub *secp.PublicKey
				if e.pub != nil {
					pub = mustPub(t, e.pub)
				}
				sig, _ := ecdsa.ParseCompactSignature(e.sig)
				err := b.Add(pub, e.hash, sig)
				if (err != nil) != (pub == nil || sig == nil) {
					t.Fatalf("Add(%x, %x, %x): err %v", e.pub, e.hash, e.sig, err)
				}
				valid = append(valid, e.valid && !e.sigInvalid)
			case 4:
				want := !slices.Contains(valid, false)
				if got := b.Verify(); got != want {
					t.Fatalf("Verify = %v, libsecp256k1 says %v for %v", got, want, valid)
				}
			case 5:
				if got, w := b.Invalid(), invalidIndices(valid); !slices.Equal(got, w) {
					t.Fatalf("Invalid = %v, libsecp256k1 says %v", got, w)
				}
			case 6:
				b.Reset()
				valid = valid[:0]
			case 7:
				b.Workers = int(s.next() % 3)
			case 8:
				for range int(s.next()) % 64 {
					if len(valid) >= maxBatch {
						break
					}
					it := its[int(s.next())%len(its)]
					sig, err := ecdsa.ParseCompactSignature(it.SigCompact[:])
					if err != nil {
						t.Fatal(err)
					}
					if err := b.Add(mustPub(t, it.Pub[:]), it.Hash[:], sig); err != nil {
						t.Fatal(err)
					}
					valid = append(valid, cachedVerdict('e', [][]byte{it.Pub[:], it.Hash[:], it.SigCompact[:]}, func() bool { return a.ECDSAVerify(it.SigCompact[:], it.Pub[:], it.Hash[:]) }))
				}
			case 9:
				if b.Len() != len(valid) {
					t.Fatalf("Len = %d, %d entries added", b.Len(), len(valid))
				}
			}
		}
		if got, want := b.Verify(), !slices.Contains(valid, false); got != want {
			t.Fatalf("Verify at the end = %v, libsecp256k1 says %v for %v", got, want, valid)
		}
		if got, w := b.Invalid(), invalidIndices(valid); !slices.Equal(got, w) {
			t.Fatalf("Invalid at the end = %v, libsecp256k1 says %v", got, w)
		}
	})
}

func mustPub(t *testing.T, b []byte) *secp.PublicKey {
	k, err := secp.NewPublicKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// eventFrom decodes a nostr event and its id and signature: the author is
// a dataset key (or raw bytes, possibly not a key), the fields come from the
// input (content with quotes, backslashes and control characters), the id
// is the event's (or a changed one, or of a wrong length), the signature
// libsecp256k1's of that id (or a changed one, or malformed). It returns the
// Result a check must give, from libsecp256k1's xonly_pubkey_parse and
// schnorrsig_verify and the event's own id (Event.ID, a single call).
func eventFrom(t *testing.T, a *providers.LibsecpAPI, its []h.Item, s *stream) (*signer.SignedEvent, signer.Result) {
	it := its[int(s.next())%len(its)]
	mode := s.next()
	e := signer.Event{PubKey: it.XOnly, CreatedAt: int64(s.next()) << (s.next() % 40), Kind: int(s.next())}
	if mode%11 == 1 {
		copy(e.PubKey[:], s.take(32))
	}
	e.Content = string(s.take(int(s.next()) % 48))
	for range int(s.next()) % 3 {
		tag := []string{string(s.take(int(s.next()) % 6)), string(s.take(int(s.next()) % 12))}
		e.Tags = append(e.Tags, tag)
	}
	id := e.ID()
	if sum := sha256.Sum256(e.Serialize()); sum != id {
		t.Fatalf("Event.ID = %x, SHA-256 of Event.Serialize %x", id, sum)
	}
	se := &signer.SignedEvent{Event: e, ID: bytes.Clone(id[:])}
	var ok bool
	if se.Sig, ok = a.SchnorrSign(it.Seckey[:], id[:], it.Aux[:]); !ok {
		t.Fatal("schnorrsig_sign_custom failed on a dataset key")
	}
	switch mode % 11 {
	case 2:
		se.ID[s.next()%32] ^= 1 << (s.next() % 8)
	case 3:
		se.ID = se.ID[:int(s.next())%32]
	case 4:
		se.Sig[s.next()%64] ^= 1 << (s.next() % 8)
	case 5:
		se.Sig = se.Sig[:int(s.next())%64]
	case 6:
		copy(se.Sig[32:], b32(curveN))
	case 7:
		se.Sig = s.take(64)
	case 8:
		se.Event.Content += "x" // the id and signature are of the old content
	}
	pubBytes := se.Event.PubKey[:]
	switch {
	case len(se.ID) != 32:
		return se, signer.MalformedID
	case !bytes.Equal(se.ID, id[:]) || mode%11 == 8:
		return se, signer.IDMismatch
	case !cachedVerdict('x', [][]byte{pubBytes}, func() bool { _, ok := a.XOnlyParse(pubBytes); return ok }):
		return se, signer.MalformedPubKey
	case sigMalformed(se.Sig):
		return se, signer.MalformedSignature
	case !cachedVerdict('s', [][]byte{pubBytes, se.ID, se.Sig}, func() bool { return a.SchnorrVerify(pubBytes, se.ID, se.Sig) }):
		return se, signer.BadSignature
	}
	return se, signer.Valid
}

// FuzzEventVerifierSeq drives one signer.EventVerifier through a sequence
// of Check and Verify calls on batches of 0 to 48 events (nil entries
// included) with Workers changes between them; every Result must be the
// one computed from libsecp256k1's verification of that event alone, and
// every Verify answer whether that Result is Valid.
func FuzzEventVerifierSeq(f *testing.F) {
	a := libsecp08(f)
	seqSeeds(f,
		[]byte{4, 0, 0, 0, 1, 2, 3, 0, 0, 1, 0, 2, 3, 0, 0, 1, 0, 5, 0, 0, 1, 0},
		[]byte{20, 1, 3, 2, 1, 8, 0, 2, 3, 4, 5, 1, 1, 4, 4, 1, 7, 7, 1, 0, 2, 1, 0, 6, 2, 1},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		var v signer.EventVerifier
		for n := 0; n < 24 && !s.done(); n++ {
			op := s.next()
			if op%4 == 3 {
				v.Workers = int(s.next() % 3)
				continue
			}
			count := int(s.next()) % 49
			events := make([]*signer.SignedEvent, count)
			want := make([]signer.Result, count)
			for i := range events {
				if s.next()%16 == 15 {
					want[i] = signer.NilEvent
					continue
				}
				events[i], want[i] = eventFrom(t, a, its, s)
			}
			if op%4 == 2 {
				evs := make([]*signer.Event, count)
				ids, sigs := make([][]byte, count), make([][]byte, count)
				for i, e := range events {
					if e != nil {
						evs[i], ids[i], sigs[i] = &e.Event, e.ID, e.Sig
					}
				}
				got := v.Verify(evs, ids, sigs)
				if len(got) != count {
					t.Fatalf("Verify returned %d answers for %d events", len(got), count)
				}
				for i := range got {
					if got[i] != (want[i] == signer.Valid) {
						t.Fatalf("call %d, event %d: Verify = %v, libsecp256k1 says %v", n, i, got[i], want[i])
					}
				}
				continue
			}
			got := v.Check(events)
			if !slices.Equal(got, want) {
				t.Fatalf("call %d: Check = %v, libsecp256k1 says %v", n, got, want)
			}
		}
	})
}
