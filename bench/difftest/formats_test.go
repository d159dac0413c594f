//lint:file-ignore SA1019 differential tests of the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates

package difftest

import (
	"bytes"
	"crypto/sha256"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	btcecdsa "github.com/btcsuite/btcd/btcec/v2/ecdsa"
	gethcrypto "github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/crypto/ecies"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Differential tests of the recoverable formats and the standard-library
// bridge: Ethereum's r||s||v against go-ethereum's crypto package (cgo or
// not, whichever this binary was built with: CGO_ENABLED=0 selects its
// decred backend), BIP-137 against btcec, and S256 against go-ethereum's
// curve and ECIES.

// newRand returns the test's random source (internal/testutil.Rand: -seed N
// reproduces a run) and logs its seed.
func newRand(t *testing.T) *rand.Rand { return testutil.Rand(t) }

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// randSeckey returns 32 random bytes in [1, n).
func randSeckey(r *rand.Rand) []byte {
	for {
		if b := randBytes(r, 32); inRange(b) {
			return b
		}
	}
}

func iterations(short, long int) int {
	if testing.Short() {
		return short
	}
	return long
}

// TestEthereumVsGeth signs random hashes with random keys both ways and
// checks byte-identical 65-byte signatures, recovery (Ecrecover, SigToPub),
// go-ethereum's verification, the address of the recovered key, and the
// key conversions with go-ethereum's own crypto/ecdsa keys.
func TestEthereumVsGeth(t *testing.T) {
	r := newRand(t)
	for range iterations(20, 300) {
		sk, hash := randSeckey(r), randBytes(r, 32)
		gk, err := gethcrypto.ToECDSA(sk)
		if err != nil {
			t.Fatal(err)
		}
		priv, err := secp.PrivateKeyFromECDSA(gk) // go-ethereum's curve, same parameters
		if err != nil {
			t.Fatalf("PrivateKeyFromECDSA(go-ethereum key): %v", err)
		}
		if !bytes.Equal(priv.Bytes(), sk) {
			t.Fatal("PrivateKeyFromECDSA: another key")
		}
		want, err := gethcrypto.Sign(hash, gk)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ecdsa.SignEthereum(priv, hash)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("SignEthereum = %x, %v; go-ethereum crypto.Sign = %x", got, err, want)
		}
		pub, err := ecdsa.RecoverEthereum(hash, want)
		if err != nil {
			t.Fatal(err)
		}
		ecrec, err := gethcrypto.Ecrecover(hash, got)
		if err != nil || !bytes.Equal(ecrec, pub.BytesUncompressed()) {
			t.Fatalf("Ecrecover = %x, %v; RecoverEthereum = %x", ecrec, err, pub.BytesUncompressed())
		}
		gpub, err := gethcrypto.SigToPub(hash, got)
		if err != nil || gpub.X.Cmp(pub.ToECDSA().X) != 0 || gpub.Y.Cmp(pub.ToECDSA().Y) != 0 {
			t.Fatalf("SigToPub: %v", err)
		}
		if back, err := secp.PublicKeyFromECDSA(gpub); err != nil || !back.Equal(pub) {
			t.Fatalf("PublicKeyFromECDSA(go-ethereum key): %v", err)
		}
		if gethcrypto.PubkeyToAddress(*pub.ToECDSA()) != gethcrypto.PubkeyToAddress(gk.PublicKey) {
			t.Fatal("the recovered key has another address")
		}
		if !gethcrypto.VerifySignature(pub.BytesCompressed(), hash, got[:64]) {
			t.Fatal("go-ethereum's VerifySignature rejects SignEthereum's signature")
		}
		// The chain-aware parser on go-ethereum's v + 27 and EIP-155 forms.
		chainID := uint64(1 + r.IntN(100))
		for _, v := range []uint64{uint64(want[64]) + 27, uint64(want[64]) + 35 + 2*chainID} {
			b := bytes.Clone(want)
			b[64] = byte(v)
			s, id, err := ecdsa.ParseEthereumSignatureChainID(b, chainID)
			if err != nil || id != want[64] || !bytes.Equal(s.BytesEthereum(id), want) {
				t.Fatalf("v = %d, chain %d: %v", v, chainID, err)
			}
		}
		// Mutations of one byte: both sides accept the same inputs and
		// recover the same key. go-ethereum accepts v = 2 and 3, which this
		// library rejects (Ethereum's v is 0 or 1); those recoveries fail
		// on both sides unless r < p - n, which random bytes never hit.
		b := bytes.Clone(want)
		pos := r.IntN(65)
		b[pos] ^= byte(1 + r.IntN(255))
		ours, ourErr := ecdsa.RecoverEthereum(hash, b)
		theirs, theirErr := gethcrypto.Ecrecover(hash, b)
		if (ourErr == nil) != (theirErr == nil) {
			t.Fatalf("mutated %x (byte %d): RecoverEthereum %v, Ecrecover %v", b, pos, ourErr, theirErr)
		}
		if ourErr == nil && !bytes.Equal(ours.BytesUncompressed(), theirs) {
			t.Fatalf("mutated %x: recovered keys differ", b)
		}
	}
}

// FuzzEthereumRecoverVsGeth compares RecoverEthereum with go-ethereum's
// Ecrecover on arbitrary 65 bytes and hashes.
func FuzzEthereumRecoverVsGeth(f *testing.F) {
	for _, it := range items(f)[:4] {
		b := append(append([]byte(nil), it.SigCompact[:]...), it.RecID)
		f.Add(b, append([]byte(nil), it.Hash[:]...))
	}
	f.Fuzz(func(t *testing.T, sig, hash []byte) {
		if len(hash) != 32 || len(sig) != 65 {
			return // go-ethereum rejects these too; checked by the unit tests
		}
		ours, ourErr := ecdsa.RecoverEthereum(hash, sig)
		theirs, theirErr := gethcrypto.Ecrecover(hash, sig)
		if sig[64] >= 2 {
			// v = 2, 3: go-ethereum (cgo) tries R's x = r + n; this library
			// rejects the v. Both must fail unless r + n < p.
			if ourErr == nil {
				t.Fatalf("RecoverEthereum accepts v = %d", sig[64])
			}
			if theirErr == nil && new(big.Int).Add(new(big.Int).SetBytes(sig[:32]), curveN).Cmp(fieldP) >= 0 {
				t.Fatalf("Ecrecover accepts v = %d with r + n >= p", sig[64])
			}
			return
		}
		if (ourErr == nil) != (theirErr == nil) {
			t.Fatalf("%x over %x: RecoverEthereum %v, Ecrecover %v", sig, hash, ourErr, theirErr)
		}
		if ourErr == nil && !bytes.Equal(ours.BytesUncompressed(), theirs) {
			t.Fatalf("%x over %x: recovered keys differ", sig, hash)
		}
	})
}

// TestBIP137VsBtcec checks SignBIP137 against btcec's SignCompact (headers
// 27–34), recovery both ways, and that the segwit headers 35–42, which
// btcec rejects, recover the same key here.
func TestBIP137VsBtcec(t *testing.T) {
	r := newRand(t)
	for i := range iterations(20, 300) {
		sk := randSeckey(r)
		bk, _ := btcec.PrivKeyFromBytes(sk)
		priv, err := secp.NewPrivateKey(sk)
		if err != nil {
			t.Fatal(err)
		}
		msg := randBytes(r, r.IntN(300))
		hash := ecdsa.BitcoinMessageHash(msg)
		for _, typ := range []ecdsa.AddressType{ecdsa.AddressP2PKHUncompressed, ecdsa.AddressP2PKH, ecdsa.AddressP2SHP2WPKH, ecdsa.AddressP2WPKH} {
			got, err := ecdsa.SignMessage(priv, msg, typ)
			if err != nil {
				t.Fatal(err)
			}
			want := btcecdsa.SignCompact(bk, hash[:], typ != ecdsa.AddressP2PKHUncompressed)
			// The same r, s and recovery id; the header differs by 4·(typ-2)
			// for the segwit types.
			if typ <= ecdsa.AddressP2PKH {
				if !bytes.Equal(got, want) {
					t.Fatalf("%v: SignMessage = %x, btcec SignCompact = %x", typ, got, want)
				}
			} else if !bytes.Equal(got[1:], want[1:]) || got[0] != want[0]+4*byte(typ-ecdsa.AddressP2PKH) {
				t.Fatalf("%v: SignMessage = %x, btcec SignCompact (compressed) = %x", typ, got, want)
			}
			pub, rtyp, err := ecdsa.RecoverMessage(msg, got)
			if err != nil || rtyp != typ || !bytes.Equal(pub.BytesCompressed(), bk.PubKey().SerializeCompressed()) {
				t.Fatalf("%v: RecoverMessage: %v, %v", typ, rtyp, err)
			}
			bpub, compressed, err := btcecdsa.RecoverCompact(got, hash[:])
			if typ <= ecdsa.AddressP2PKH {
				if err != nil || compressed != (typ == ecdsa.AddressP2PKH) || !bpub.IsEqual(bk.PubKey()) {
					t.Fatalf("%v: btcec RecoverCompact: %v", typ, err)
				}
			} else if err == nil {
				t.Fatalf("%v: btcec now accepts header %d; update the documentation", typ, got[0])
			}
		}
		// One mutated byte in a P2PKH signature: the same verdict and key.
		sig := btcecdsa.SignCompact(bk, hash[:], i%2 == 0)
		pos := r.IntN(65)
		sig[pos] ^= byte(1 + r.IntN(255))
		ours, _, ourErr := ecdsa.RecoverBIP137(hash[:], sig)
		theirs, _, theirErr := btcecdsa.RecoverCompact(sig, hash[:])
		if sig[0] >= 35 && sig[0] <= 42 {
			theirErr = nil // btcec's range ends at 34; recover as the P2PKH header 16 below
			theirs, _, err = btcecdsa.RecoverCompact(append([]byte{sig[0] - 8}, sig[1:]...), hash[:])
			if err != nil {
				theirErr = err
			}
		}
		if (ourErr == nil) != (theirErr == nil) {
			t.Fatalf("mutated %x: RecoverBIP137 %v, btcec %v", sig, ourErr, theirErr)
		}
		if ourErr == nil && !bytes.Equal(ours.BytesCompressed(), theirs.SerializeCompressed()) {
			t.Fatalf("mutated %x: recovered keys differ", sig)
		}
	}
}

// FuzzBIP137RecoverVsBtcec compares RecoverBIP137 with btcec's
// RecoverCompact on arbitrary 65 bytes (headers 27–34, the range both read).
func FuzzBIP137RecoverVsBtcec(f *testing.F) {
	for _, it := range items(f)[:4] {
		f.Add(append([]byte{31 + it.RecID}, it.SigCompact[:]...), append([]byte(nil), it.Hash[:]...))
	}
	f.Fuzz(func(t *testing.T, sig, hash []byte) {
		if len(hash) != 32 || len(sig) != 65 || sig[0] < 27 || sig[0] > 34 {
			return
		}
		ours, typ, ourErr := ecdsa.RecoverBIP137(hash, sig)
		theirs, compressed, theirErr := btcecdsa.RecoverCompact(sig, hash)
		if (ourErr == nil) != (theirErr == nil) {
			t.Fatalf("%x: RecoverBIP137 %v, btcec %v", sig, ourErr, theirErr)
		}
		if ourErr == nil && (!bytes.Equal(ours.BytesCompressed(), theirs.SerializeCompressed()) || compressed != (typ == ecdsa.AddressP2PKH)) {
			t.Fatalf("%x: recovered keys or compression differ", sig)
		}
	})
}

// TestS256VsGeth compares secp256k1.S256 with go-ethereum's S256 on random
// points and scalars in [1, n) (go-ethereum's cgo ScalarMult refuses
// others), and ECIES's GenerateShared, which runs ScalarMult with the
// private D, on keys of both curves.
func TestS256VsGeth(t *testing.T) {
	r := newRand(t)
	ours, theirs := secp.S256(), gethcrypto.S256()
	for range iterations(10, 100) {
		a, b := randSeckey(r), randSeckey(r)
		ax, ay := ours.ScalarBaseMult(a)
		tx, ty := theirs.ScalarBaseMult(a)
		if ax.Cmp(tx) != 0 || ay.Cmp(ty) != 0 {
			t.Fatal("ScalarBaseMult differs")
		}
		bx, by := ours.ScalarBaseMult(b)
		x1, y1 := ours.ScalarMult(ax, ay, b)
		x2, y2 := theirs.ScalarMult(ax, ay, b)
		if x1.Cmp(x2) != 0 || y1.Cmp(y2) != 0 {
			t.Fatal("ScalarMult differs")
		}
		x1, y1 = ours.Add(ax, ay, bx, by)
		x2, y2 = theirs.Add(ax, ay, bx, by)
		if x1.Cmp(x2) != 0 || y1.Cmp(y2) != 0 {
			t.Fatal("Add differs")
		}
		x1, y1 = ours.Double(ax, ay)
		x2, y2 = theirs.Double(ax, ay)
		if x1.Cmp(x2) != 0 || y1.Cmp(y2) != 0 {
			t.Fatal("Double differs")
		}
		if !theirs.IsOnCurve(x1, y1) || ours.IsOnCurve(ax, new(big.Int).Add(ay, big.NewInt(1))) {
			t.Fatal("IsOnCurve")
		}

		// ECIES key agreement with keys on S256 against our ECDH.
		pa, _ := secp.NewPrivateKey(a)
		pb, _ := secp.NewPrivateKey(b)
		shared, err := ecies.ImportECDSA(pa.ToECDSA()).GenerateShared(ecies.ImportECDSAPublic(pb.PublicKey().ToECDSA()), 16, 16)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := pa.ECDH(pb.PublicKey())
		if !bytes.Equal(shared, want) {
			t.Fatalf("ECIES GenerateShared on S256 = %x, ECDH = %x", shared, want)
		}
	}
}

// TestSignerVsBtcec checks PrivateKey.Sign (crypto.Signer) against btcec's
// DER signatures, which are RFC 6979 and low-S as well.
func TestSignerVsBtcec(t *testing.T) {
	r := newRand(t)
	for range iterations(10, 100) {
		sk := randSeckey(r)
		bk, _ := btcec.PrivKeyFromBytes(sk)
		priv, _ := secp.NewPrivateKey(sk)
		d := sha256.Sum256(randBytes(r, 40))
		got, err := priv.Sign(nil, d[:], nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := btcecdsa.Sign(bk, d[:]).Serialize(); !bytes.Equal(got, want) {
			t.Fatalf("Sign = %x, btcec = %x", got, want)
		}
		// btcec's key through crypto/ecdsa (decred's S256 curve).
		if back, err := secp.PrivateKeyFromECDSA(bk.ToECDSA()); err != nil || !back.Equal(priv) {
			t.Fatalf("PrivateKeyFromECDSA(btcec key): %v", err)
		}
	}
}
