package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

// A target is one operation on secrets. Each measurement gets its own
// input, prepared from a 32-byte class secret (fixed or random, see
// main.go) outside the timed region, and the same way for both classes:
// every input is a fresh object, so that neither class finds its input in
// the cache more often than the other.
type target struct {
	name string
	doc  string
	// gate: measured by default (the CI gate). The others run when named
	// with -targets or with -targets=all.
	gate bool
	// new returns a runner for batches of n measurements.
	new func(n int) runner
}

// A runner holds the inputs of one batch.
type runner interface {
	// prepare sets input i from the class secret s (a valid private key)
	// and whatever public data the operation needs.
	prepare(i int, s *[32]byte) error
	// run is the measured operation on input i.
	run(i int)
	// check returns the error of measurement i, if the operation failed,
	// and drops the references the batch holds.
	check(i int) error
}

var targets = []*target{
	{name: "keygen", gate: true, new: newKeygen,
		doc: "secp256k1.NewPrivateKey of the secret bytes, then PublicKey (k·G)"},
	{name: "ecdsa", gate: true, new: newECDSA,
		doc: "ecdsa.Sign (RFC 6979) of a fixed hash with the secret key"},
	{name: "schnorr", gate: true, new: newSchnorr,
		doc: "schnorr.SignWithAux (BIP-340) of a fixed message, secret key and aux (public key computed beforehand)"},
	{name: "ecdh", gate: true, new: newECDH,
		doc: "PrivateKey.ECDH with the secret key and a fixed remote public key"},
	{name: "tweak", gate: true, new: newTweak,
		doc: "PrivateKey.TweakAdd with the secret key and a secret tweak"},
	{name: "bip32-hardened", gate: true, new: newBIP32(bip32.HardenedOffset),
		doc: "bip32 ExtendedKey.Child(2^31) of a secret private key and chain code (parent public key computed beforehand)"},
	{name: "bip32-normal", gate: true, new: newBIP32(0),
		doc: "bip32 ExtendedKey.Child(0) of a secret private key and chain code (parent public key computed beforehand)"},
	{name: "musig2", gate: true, new: newMuSig2,
		doc: "musig2 Session.Sign (partial signature) with the secret key and a fresh secret nonce per measurement (NonceGen from secret randomness, key aggregation and session made beforehand)"},
	{name: "ellswift", gate: false, new: newEllSwift,
		doc: "ellswift.EncodeSecretWithAux with the secret key and aux (public key computed beforehand); not in the gate: the number of attempts of its search depends on a hash of the key, which the fixed class repeats (doc/constant-time.md)"},
}

// canaryTarget is keygen with a planted leak (canary.go), run only with
// -canary.
var canaryTarget = &target{name: "canary", new: newCanary,
	doc: "keygen plus a deliberate leak: one more iteration of a loop when bit 0 of the key is set"}

// derive returns a secondary secret of the class secret s: SHA-256 of the
// label and s. For the fixed class it is fixed too.
func derive(s *[32]byte, label string) [32]byte {
	h := sha256.New()
	h.Write([]byte(label))
	h.Write(s[:])
	return [32]byte(h.Sum(nil))
}

// Public inputs, the same for every measurement of both classes.
var (
	msg32     = sha256.Sum256([]byte("dudect message"))
	remoteKey = mustPrivate("c90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b14e5c9").PublicKey()
	// The other MuSig2 signer (its secret nonce is never used).
	otherKey = mustPrivate("0b432b2677937381aef05bb02a66ecd012773062cf3fa2549e44f58ed2401710")
)

func mustPrivate(h string) *secp256k1.PrivateKey {
	b, _ := hex.DecodeString(h)
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		panic(err)
	}
	return k
}

// keygen: NewPrivateKey and PublicKey.
type keygen struct {
	in  [][32]byte
	out []*secp256k1.PublicKey
	err []error
}

func newKeygen(n int) runner {
	return &keygen{in: make([][32]byte, n), out: make([]*secp256k1.PublicKey, n), err: make([]error, n)}
}

func (r *keygen) prepare(i int, s *[32]byte) error { r.in[i] = *s; return nil }

func (r *keygen) run(i int) {
	k, err := secp256k1.NewPrivateKey(r.in[i][:])
	if err != nil {
		r.err[i] = err
		return
	}
	r.out[i] = k.PublicKey()
}

func (r *keygen) check(i int) error {
	err := r.err[i]
	if err == nil && r.out[i] == nil {
		err = errors.New("no public key")
	}
	r.out[i], r.err[i] = nil, nil
	return err
}

// ecdsaSign: ecdsa.Sign.
type ecdsaSign struct {
	key []*secp256k1.PrivateKey
	out []*ecdsa.Signature
	err []error
}

func newECDSA(n int) runner {
	return &ecdsaSign{key: make([]*secp256k1.PrivateKey, n), out: make([]*ecdsa.Signature, n), err: make([]error, n)}
}

func (r *ecdsaSign) prepare(i int, s *[32]byte) (err error) {
	r.key[i], err = secp256k1.NewPrivateKey(s[:])
	return err
}

func (r *ecdsaSign) run(i int) { r.out[i], r.err[i] = ecdsa.Sign(r.key[i], msg32[:]) }

func (r *ecdsaSign) check(i int) error {
	err := r.err[i]
	if err == nil && r.out[i] == nil {
		err = errors.New("no signature")
	}
	r.key[i], r.out[i], r.err[i] = nil, nil, nil
	return err
}

// schnorrSign: schnorr.SignWithAux.
type schnorrSign struct {
	key []*secp256k1.PrivateKey
	aux [][32]byte
	out [][]byte
	err []error
}

func newSchnorr(n int) runner {
	return &schnorrSign{key: make([]*secp256k1.PrivateKey, n), aux: make([][32]byte, n), out: make([][]byte, n), err: make([]error, n)}
}

func (r *schnorrSign) prepare(i int, s *[32]byte) (err error) {
	r.key[i], err = secp256k1.NewPrivateKey(s[:])
	if err != nil {
		return err
	}
	r.key[i].PublicKey() // computed and kept in the key, outside the timed region
	r.aux[i] = derive(s, "aux")
	return nil
}

func (r *schnorrSign) run(i int) {
	r.out[i], r.err[i] = schnorr.SignWithAux(r.key[i], msg32[:], r.aux[i][:])
}

func (r *schnorrSign) check(i int) error {
	err := r.err[i]
	if err == nil && len(r.out[i]) != 64 {
		err = errors.New("no signature")
	}
	r.key[i], r.out[i], r.err[i] = nil, nil, nil
	return err
}

// ecdh: PrivateKey.ECDH.
type ecdh struct {
	key []*secp256k1.PrivateKey
	out [][]byte
	err []error
}

func newECDH(n int) runner {
	return &ecdh{key: make([]*secp256k1.PrivateKey, n), out: make([][]byte, n), err: make([]error, n)}
}

func (r *ecdh) prepare(i int, s *[32]byte) (err error) {
	r.key[i], err = secp256k1.NewPrivateKey(s[:])
	return err
}

func (r *ecdh) run(i int) { r.out[i], r.err[i] = r.key[i].ECDH(remoteKey) }

func (r *ecdh) check(i int) error {
	err := r.err[i]
	if err == nil && len(r.out[i]) != 32 {
		err = errors.New("no shared secret")
	}
	r.key[i], r.out[i], r.err[i] = nil, nil, nil
	return err
}

// tweak: PrivateKey.TweakAdd.
type tweak struct {
	key   []*secp256k1.PrivateKey
	tweak [][32]byte
	out   []*secp256k1.PrivateKey
	err   []error
}

func newTweak(n int) runner {
	return &tweak{key: make([]*secp256k1.PrivateKey, n), tweak: make([][32]byte, n),
		out: make([]*secp256k1.PrivateKey, n), err: make([]error, n)}
}

func (r *tweak) prepare(i int, s *[32]byte) (err error) {
	r.key[i], err = secp256k1.NewPrivateKey(s[:])
	r.tweak[i] = derive(s, "tweak")
	return err
}

func (r *tweak) run(i int) { r.out[i], r.err[i] = r.key[i].TweakAdd(r.tweak[i][:]) }

func (r *tweak) check(i int) error {
	err := r.err[i]
	if err == nil && r.out[i] == nil {
		err = errors.New("no key")
	}
	r.key[i], r.out[i], r.err[i] = nil, nil, nil
	return err
}

// bip32Child: bip32 ExtendedKey.Child of a private key.
type bip32Child struct {
	index uint32
	key   []*bip32.ExtendedKey
	out   []*bip32.ExtendedKey
	err   []error
}

func newBIP32(index uint32) func(n int) runner {
	return func(n int) runner {
		return &bip32Child{index: index, key: make([]*bip32.ExtendedKey, n),
			out: make([]*bip32.ExtendedKey, n), err: make([]error, n)}
	}
}

func (r *bip32Child) prepare(i int, s *[32]byte) error {
	k, err := secp256k1.NewPrivateKey(s[:])
	if err != nil {
		return err
	}
	chain := derive(s, "chain code")
	r.key[i], err = bip32.NewPrivate(bip32.Xprv, k, chain[:], 0, 0, 0)
	if err != nil {
		return err
	}
	_, err = r.key[i].PublicKey() // computed and kept, outside the timed region
	return err
}

func (r *bip32Child) run(i int) { r.out[i], r.err[i] = r.key[i].Child(r.index) }

func (r *bip32Child) check(i int) error {
	err := r.err[i]
	if err == nil && r.out[i] == nil {
		err = errors.New("no child")
	}
	r.key[i], r.out[i], r.err[i] = nil, nil, nil
	return err
}

// muSig2: musig2 Session.Sign with a fresh secret nonce.
type muSig2 struct {
	key   []*secp256k1.PrivateKey
	nonce []*musig2.SecretNonce
	sess  []*musig2.Session
	out   [][]byte
	err   []error
}

// The other signer's public key and public nonce, made once.
var otherPK, otherPubNonce = func() ([]byte, []byte) {
	pk := otherKey.PublicKey().BytesCompressed()
	_, pn, err := musig2.NonceGen(pk, &musig2.NonceOptions{SecretKey: otherKey})
	if err != nil {
		panic(err)
	}
	return pk, pn
}()

func newMuSig2(n int) runner {
	return &muSig2{key: make([]*secp256k1.PrivateKey, n), nonce: make([]*musig2.SecretNonce, n),
		sess: make([]*musig2.Session, n), out: make([][]byte, n), err: make([]error, n)}
}

func (r *muSig2) prepare(i int, s *[32]byte) error {
	k, err := secp256k1.NewPrivateKey(s[:])
	if err != nil {
		return err
	}
	pk := k.PublicKey().BytesCompressed()
	cache, err := musig2.KeyAgg([][]byte{pk, otherPK})
	if err != nil {
		return err
	}
	// The nonce's randomness is a secret of the class: fixed for the fixed
	// class (NonceGen then makes the same nonce again, in a new
	// SecretNonce), random for the random class.
	rnd := derive(s, "nonce")
	sn, pn, err := musig2.NonceGen(pk, &musig2.NonceOptions{SecretKey: k, Rand: rnd[:]})
	if err != nil {
		return err
	}
	agg, err := musig2.NonceAgg([][]byte{pn, otherPubNonce})
	if err != nil {
		return err
	}
	sess, err := musig2.NewSession(cache, agg, msg32[:])
	if err != nil {
		return err
	}
	r.key[i], r.nonce[i], r.sess[i] = k, sn, sess
	return nil
}

func (r *muSig2) run(i int) { r.out[i], r.err[i] = r.sess[i].Sign(r.nonce[i], r.key[i]) }

func (r *muSig2) check(i int) error {
	err := r.err[i]
	if err == nil && len(r.out[i]) != 32 {
		err = errors.New("no partial signature")
	}
	r.key[i], r.nonce[i], r.sess[i], r.out[i], r.err[i] = nil, nil, nil, nil, nil
	return err
}

// ellSwift: ellswift.EncodeSecretWithAux.
type ellSwift struct {
	key []*secp256k1.PrivateKey
	aux [][32]byte
	out [][]byte
	err []error
}

func newEllSwift(n int) runner {
	return &ellSwift{key: make([]*secp256k1.PrivateKey, n), aux: make([][32]byte, n), out: make([][]byte, n), err: make([]error, n)}
}

func (r *ellSwift) prepare(i int, s *[32]byte) (err error) {
	r.key[i], err = secp256k1.NewPrivateKey(s[:])
	if err != nil {
		return err
	}
	r.key[i].PublicKey()
	r.aux[i] = derive(s, "aux")
	return nil
}

func (r *ellSwift) run(i int) {
	r.out[i], r.err[i] = ellswift.EncodeSecretWithAux(r.key[i], r.aux[i][:])
}

func (r *ellSwift) check(i int) error {
	err := r.err[i]
	if err == nil && len(r.out[i]) != 64 {
		err = errors.New("no encoding")
	}
	r.key[i], r.out[i], r.err[i] = nil, nil, nil
	return err
}

// findTarget returns the target with the given name.
func findTarget(name string) (*target, error) {
	if name == canaryTarget.name {
		return canaryTarget, nil
	}
	for _, t := range targets {
		if t.name == name {
			return t, nil
		}
	}
	return nil, fmt.Errorf("unknown target %q", name)
}
