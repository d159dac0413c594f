//go:build exhaustive7 || exhaustive13 || exhaustive199

package schnorr

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/exhaustive"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The exhaustive tests of BIP-340 (doc/assurance.md, "Exhaustive tests"):
// libsecp256k1's test_exhaustive_schnorrsig_sign and _verify, and the batch
// verifier. The hashes stay SHA-256, so messages cannot be enumerated; as
// libsecp256k1 does, the tests draw random messages (and auxiliary
// randomness) until every challenge e (and every nonce) mod N has occurred,
// for every key. The reference is written out below with crypto/sha256,
// math/big and the brute-force table of internal/exhaustive.

var n = exhaustive.N

func mod(i int) int { return ((i % n) + n) % n }

// refTagged returns the BIP-340 tagged hash of the concatenated parts.
func refTagged(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// refModN returns the 32-byte big-endian b mod N.
func refModN(b []byte) int {
	return int(new(big.Int).Mod(new(big.Int).SetBytes(b), big.NewInt(int64(n))).Int64())
}

func be32(v *big.Int) []byte {
	var b [32]byte
	v.FillBytes(b[:])
	return b[:]
}

func be32Int(v int) []byte { return be32(big.NewInt(int64(v))) }

// evenIndex returns the index of the point with x-coordinate Points[i].X
// and even y: i or N - i.
func evenIndex(i int) int {
	if exhaustive.Points[i].Y.Bit(0) == 0 {
		return i
	}
	return n - i
}

// refKey is the x-only key of d·G: its encoding and the discrete log of
// its even-y point.
type refKey struct {
	px    []byte
	dEven int
}

func newRefKey(d int) refKey {
	return refKey{px: be32(exhaustive.Points[d].X), dEven: evenIndex(d)}
}

// refVerify is BIP-340 verification by brute force: sig = (r, s) by the key
// k of msg is valid iff r < p, s < N, and R = s·G - e·P has even y and
// x = r, with e = hash_challenge(r ‖ P.x ‖ msg) mod N.
func refVerify(k refKey, msg, sig []byte) bool {
	if len(sig) != 64 {
		return false
	}
	r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
	if r.Cmp(exhaustive.P) >= 0 || s.Cmp(big.NewInt(int64(n))) >= 0 {
		return false
	}
	e := refModN(refTagged("BIP0340/challenge", sig[:32], k.px, msg))
	R := exhaustive.Points[mod(int(s.Int64())-e*k.dEven)]
	return !R.Inf && R.Y.Bit(0) == 0 && R.X.Cmp(r) == 0
}

// TestExhaustiveSchnorrSign signs with every key d, drawing messages and
// auxiliary randomness until every (nonce k mod N, challenge e) pair has
// occurred (a zero nonce included: signing then fails with
// ErrSigningFailed), and compares every signature with the BIP-340
// algorithm written out by brute force; each signature must verify. At
// order 199 a sample of the keys and of the pairs.
func TestExhaustiveSchnorrSign(t *testing.T) {
	r := testutil.Rand(t)
	keys, perKey := n-1, 40*n*n
	if n > 100 {
		keys, perKey = 6, 4000
	}
	signed, failed := 0, 0
	for kd := range keys {
		d := 1 + kd
		if n > 100 {
			d = 1 + r.IntN(n-1)
		}
		priv, err := secp256k1.NewPrivateKey(be32Int(d))
		if err != nil {
			t.Fatal(err)
		}
		k := newRefKey(d)
		seen := make([]bool, n*n) // [k0·N + e]
		left := n*(n-1) + 1       // k0 = 0 is one case, with no challenge
		for try := 0; left > 0; try++ {
			if try == perKey {
				if n < 100 {
					t.Fatalf("d=%d: %d (nonce, challenge) pairs not reached in %d signatures", d, left, perKey)
				}
				break
			}
			msg := make([]byte, r.IntN(40))
			var aux [32]byte
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			for i := range aux {
				aux[i] = byte(r.Uint32())
			}
			// The reference: t = bytes(d) xor hash_aux(aux),
			// k0 = hash_nonce(t ‖ P.x ‖ m) mod N, R = k0·G, k = ±k0 (even
			// y), e = hash_challenge(R.x ‖ P.x ‖ m) mod N, s = k + e·d.
			tb := be32Int(k.dEven)
			ah := refTagged("BIP0340/aux", aux[:])
			for i := range tb {
				tb[i] ^= ah[i]
			}
			k0 := refModN(refTagged("BIP0340/nonce", tb, k.px, msg))
			sig, err := SignWithAux(priv, msg, aux[:])
			if k0 == 0 {
				if sig != nil || !errors.Is(err, ErrSigningFailed) {
					t.Fatalf("d=%d: nonce 0: SignWithAux = %x, %v; want ErrSigningFailed", d, sig, err)
				}
				if !seen[0] {
					seen[0] = true
					left--
				}
				failed++
				continue
			}
			R := exhaustive.Points[k0]
			kk := evenIndex(k0)
			rb := be32(R.X)
			e := refModN(refTagged("BIP0340/challenge", rb, k.px, msg))
			want := append(rb, be32Int(mod(kk+e*k.dEven))...)
			if err != nil || !bytes.Equal(sig, want) {
				t.Fatalf("d=%d k0=%d e=%d: SignWithAux = %x, %v; want %x", d, k0, e, sig, err, want)
			}
			pub, err := secp256k1.NewXOnlyPublicKey(k.px)
			if err != nil || !Verify(pub, msg, sig) {
				t.Fatalf("d=%d k0=%d e=%d: the signature does not verify (%v)", d, k0, e, err)
			}
			signed++
			if !seen[k0*n+e] {
				seen[k0*n+e] = true
				left--
			}
		}
	}
	t.Logf("%d keys: %d signatures, %d zero nonces", keys, signed, failed)
}

// invalidR returns r encodings that are no valid R: x with no curve point,
// x of curve points outside the group, p, p + 1 and 2^256 - 1.
func invalidR() [][]byte {
	var out [][]byte
	for _, x := range exhaustive.NoPointX(3) {
		out = append(out, be32(x))
	}
	for _, x := range exhaustive.OffGroupX(3) {
		out = append(out, be32(x))
	}
	out = append(out, be32(exhaustive.P), be32(new(big.Int).Add(exhaustive.P, big.NewInt(1))))
	out = append(out, bytes.Repeat([]byte{0xFF}, 32))
	return out
}

// TestExhaustiveSchnorrVerify checks Verify for every x-only key, every R
// (the x of every group point, and invalid ones: no point, a point outside
// the group, r >= p), every challenge e (drawing messages until each has
// occurred) and every s in [0, N] plus a random one: exactly the s = k +
// e·d (for R = k·G with even y) verifies when R is valid, none otherwise.
// At order 199 a sample of the keys, R and challenges.
func TestExhaustiveSchnorrVerify(t *testing.T) {
	r := testutil.Rand(t)
	var keysD, rs []int
	for i := 1; i <= n/2; i++ {
		keysD = append(keysD, i)
		rs = append(rs, i)
	}
	if n > 100 {
		keysD, rs = keysD[:4], rs[:6]
	}
	bad := invalidR()
	challenges := n // per key and R: all of them, 8 at order 199
	if n > 100 {
		challenges = 8
	}
	checked := 0
	for _, d := range keysD {
		k := newRefKey(d)
		pub, err := secp256k1.NewXOnlyPublicKey(k.px)
		if err != nil {
			t.Fatal(err)
		}
		for ri := range len(rs) + len(bad) {
			var rb []byte
			kk := -1 // R's discrete log (even y), -1 for an invalid R
			if ri < len(rs) {
				rb = be32(exhaustive.Points[rs[ri]].X)
				kk = evenIndex(rs[ri])
			} else {
				rb = bad[ri-len(rs)]
			}
			seen := make([]bool, n)
			for left, try := challenges, 0; left > 0; try++ {
				if try == 50*n {
					t.Fatalf("d=%d: challenges not all reached", d)
				}
				msg := make([]byte, 32)
				for i := range msg {
					msg[i] = byte(r.Uint32())
				}
				e := refModN(refTagged("BIP0340/challenge", rb, k.px, msg))
				if seen[e] {
					continue
				}
				seen[e] = true
				left--
				valid := 0
				for s := 0; s <= n+1; s++ {
					sb := be32Int(s)
					if s == n+1 {
						for i := range sb {
							sb[i] = byte(r.Uint32())
						}
					}
					sig := append(slices.Clone(rb), sb...)
					want := kk >= 0 && s < n && s == mod(kk+e*k.dEven)
					if ref := refVerify(k, msg, sig); ref != want {
						t.Fatalf("reference disagrees with itself: d=%d r=%x s=%d", d, rb, s)
					}
					got := Verify(pub, msg, sig)
					if got != want {
						t.Fatalf("Verify(d=%d, r=%x, e=%d, s=%x) = %v, want %v", d, rb, e, sb, got, want)
					}
					if got {
						valid++
					}
					checked++
				}
				if valid != map[bool]int{true: 1, false: 0}[kk >= 0] {
					t.Fatalf("d=%d r=%x e=%d: %d valid s", d, rb, e, valid)
				}
			}
		}
	}
	// Keys that are not keys: no point with that x.
	for _, x := range exhaustive.NoPointX(4) {
		if _, err := secp256k1.NewXOnlyPublicKey(be32(x)); err == nil {
			t.Fatalf("NewXOnlyPublicKey(%v) accepted an x with no point", x)
		}
	}
	t.Logf("%d verifications", checked)
}

// batchEntryRef is one entry of a batch for TestExhaustiveBatch, with what
// brute force says about it.
type batchEntryRef struct {
	key     refKey
	keyOK   bool // the key has a point (AddBytes)
	asBytes bool // added with AddBytes
	msg     []byte
	sig     []byte
	reject  bool // Add/AddBytes must return an error
	noR     bool // r < p is the x of no curve point: known bad at prepare
	valid   bool
	delta   int // s - k - e·d mod N, for an entry in the equation
}

// TestExhaustiveBatch checks the batch verifier on random small batches of
// valid and invalid entries (wrong s, r of no point, malformed signatures,
// keys given as bytes with no point, repeated keys), reusing one verifier:
// Verify and Invalid against brute force. At this size the randomized
// check has a soundness error of about 1/N instead of 2^-128 (a randomizer
// a_i is 0 mod N, or contributions a_i·δ_i cancel), so the test computes the
// randomizers as the verifier derives them and predicts exactly:
//
//   - Verify is true iff no entry is known to be bad (rejected by Add, r or
//     the key with no point) and Σ a_i·δ_i ≡ 0 (mod N) over the other
//     entries, δ_i = s_i - k_i - e_i·d_i (0 iff entry i is valid);
//   - Invalid is nil iff Verify is true; otherwise it is sorted, holds
//     every known-bad entry, holds only invalid entries, and the entries
//     it leaves out satisfy the equation (Σ a_i·δ_i ≡ 0 over them): what
//     its search guarantees.
//
// Batches are added through Add and AddBytes, with 1 or 2 workers.
// R outside the group (impossible on secp256k1, whose group is the whole
// curve) would make the equation depend on how k·R is computed, so batch
// entries take r among the group's x-coordinates or the x of no point.
func TestExhaustiveBatch(t *testing.T) {
	r := testutil.Rand(t)
	var b BatchVerifier
	noPoint := exhaustive.NoPointX(4)
	stats := map[string]int{}
	for round := range testutil.Iters(300, 3000) {
		b.Reset()
		b.Workers = 1 + round%2
		size := 1 + r.IntN(8)
		if round%10 == 0 {
			size = 10 + r.IntN(40)
		}
		nkeys := 1 + r.IntN(4)
		keyD := make([]int, nkeys)
		for i := range keyD {
			keyD[i] = 1 + r.IntN(n-1)
		}
		refs := make([]batchEntryRef, size)
		for i := range refs {
			refs[i] = randomEntry(r, keyD[r.IntN(nkeys)], noPoint)
		}
		for i, e := range refs {
			var err error
			if e.asBytes {
				err = b.AddBytes(e.key.px, e.msg, e.sig)
			} else {
				pub, perr := secp256k1.NewXOnlyPublicKey(e.key.px)
				if perr != nil {
					t.Fatal(perr)
				}
				err = b.Add(pub, e.msg, e.sig)
			}
			if (err != nil) != e.reject {
				t.Fatalf("round %d entry %d: Add error %v, want rejected %v", round, i, err, e.reject)
			}
		}
		if b.Len() != size {
			t.Fatalf("Len = %d, want %d", b.Len(), size)
		}
		got := b.Verify()
		inv := b.Invalid()
		// After Invalid, which prepares the batch even when Verify returned
		// early (an entry was rejected).
		a := batchRandomizers(&b)
		knownBad := false
		sum := 0
		var invalid []int
		for i, e := range refs {
			if !e.valid {
				invalid = append(invalid, i)
			}
			if e.reject || e.noR || !e.keyOK {
				knownBad = true
				continue
			}
			sum += a[i] * e.delta
		}
		want := !knownBad && mod(sum) == 0
		if size < batchSingleBelow {
			want = len(invalid) == 0
		}
		if got != want {
			t.Fatalf("round %d: Verify = %v, want %v (randomizers %v, entries %+v)", round, got, want, a, refs)
		}
		if (inv == nil) != got || !slices.IsSorted(inv) {
			t.Fatalf("round %d: Invalid = %v with Verify %v", round, inv, got)
		}
		left := 0
		for i, e := range refs {
			reported := slices.Contains(inv, i)
			switch {
			case reported && e.valid:
				t.Fatalf("round %d: Invalid reports the valid entry %d", round, i)
			case !reported && (e.reject || e.noR || !e.keyOK):
				t.Fatalf("round %d: Invalid leaves out the known-bad entry %d (%v)", round, i, inv)
			case !reported && !e.valid && size < batchSingleBelow:
				t.Fatalf("round %d: Invalid leaves out the invalid entry %d of a single-entry batch", round, i)
			case !reported && !e.valid:
				left += a[i] * e.delta
				stats["invalid entries Invalid cannot see (a_i·δ_i cancel)"]++
			}
		}
		if mod(left) != 0 {
			t.Fatalf("round %d: the entries Invalid leaves out do not satisfy the equation (Invalid %v, truly invalid %v, randomizers %v)", round, inv, invalid, a)
		}
		switch {
		case got && len(invalid) > 0:
			stats["batches with invalid entries that Verify accepts (soundness 1/N)"]++
		case !got:
			stats["batches Verify rejects"]++
		default:
			stats["valid batches"]++
		}
	}
	for k, v := range stats {
		t.Logf("%s: %d", k, v)
	}
	if stats["batches Verify rejects"] == 0 || stats["valid batches"] == 0 {
		t.Errorf("the batches were not varied: %v", stats)
	}
}

// randomEntry returns a random batch entry by the key d·G: valid, with a
// wrong s, with an r of no point, malformed, or by a key given as bytes
// with no point.
func randomEntry(r *rand.Rand, d int, noPoint []*big.Int) batchEntryRef {
	e := batchEntryRef{key: newRefKey(d), keyOK: true, asBytes: r.IntN(2) == 0}
	e.msg = make([]byte, r.IntN(40))
	for i := range e.msg {
		e.msg[i] = byte(r.Uint32())
	}
	k := 1 + r.IntN(n-1)
	kk := evenIndex(k)
	rb := be32(exhaustive.Points[k].X)
	ch := refModN(refTagged("BIP0340/challenge", rb, e.key.px, e.msg))
	s := mod(kk + ch*e.key.dEven)
	switch r.IntN(8) {
	case 0, 1, 2, 3: // valid
	case 4: // wrong s
		s = mod(s + 1 + r.IntN(n-1))
	case 5: // r with no point
		rb = be32(noPoint[r.IntN(len(noPoint))])
		e.noR = true
	case 6: // malformed: s >= N, r >= p, or a short signature
		switch r.IntN(3) {
		case 0:
			e.sig = append(rb, be32Int(n+r.IntN(5))...)
		case 1:
			e.sig = append(be32(exhaustive.P), be32Int(s)...)
		default:
			e.sig = append(rb, be32Int(s)[:31]...)
		}
		e.reject = true
	case 7: // a key with no point, as bytes
		e.key.px = be32(noPoint[r.IntN(len(noPoint))])
		e.keyOK, e.asBytes = false, true
	}
	if e.sig == nil {
		e.sig = append(rb, be32Int(s)...)
	}
	if e.keyOK && !e.noR && !e.reject {
		ch = refModN(refTagged("BIP0340/challenge", e.sig[:32], e.key.px, e.msg))
		e.delta = mod(s - kk - ch*e.key.dEven)
		e.valid = refVerify(e.key, e.msg, e.sig)
		if e.valid != (e.delta == 0) {
			panic(fmt.Sprintf("reference: valid %v with δ = %d", e.valid, e.delta))
		}
	}
	return e
}

// batchRandomizers returns the randomizers a_i mod N of the prepared batch
// b, derived as prepare derives them: a_0 = 1, then 128-bit values from
// ChaCha8 seeded with b.seed(). A change to that derivation must be made
// here too (TestExhaustiveBatch then fails on the batches where the
// randomizers decide the answer).
func batchRandomizers(b *BatchVerifier) []int {
	rng := rand.NewChaCha8(b.seed())
	a := make([]int, len(b.entries))
	bigN := big.NewInt(int64(n))
	for i := range a {
		if i == 0 {
			a[i] = 1
			continue
		}
		var buf [16]byte
		binary.BigEndian.PutUint64(buf[0:], rng.Uint64())
		binary.BigEndian.PutUint64(buf[8:], rng.Uint64())
		a[i] = int(new(big.Int).Mod(new(big.Int).SetBytes(buf[:]), bigN).Int64())
	}
	return a
}
