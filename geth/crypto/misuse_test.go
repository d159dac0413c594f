package crypto

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table: every exported function called with nil, zero-value
// and out-of-range keys, coordinates and slices, where go-ethereum panics
// or returns garbage. None may panic; each returns an error, nil, false or
// a zero value, as its documentation says. TestMisuseTableComplete fails
// when an exported function has no entry.

func misuseTable(t *testing.T) map[string]func(t *testing.T) {
	hash := Keccak256([]byte("misuse"))
	key, err := HexToECDSA(testPrivHex)
	if err != nil {
		t.Fatal(err)
	}
	neg := big.NewInt(-1)
	huge := new(big.Int).Lsh(big.NewInt(1), 300)
	badPrivs := []*ecdsa.PrivateKey{
		nil, {}, {PublicKey: ecdsa.PublicKey{Curve: S256()}},
		{D: big.NewInt(1)}, {PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}, D: big.NewInt(1)},
		{PublicKey: ecdsa.PublicKey{Curve: S256()}, D: neg},
		{PublicKey: ecdsa.PublicKey{Curve: S256()}, D: huge},
		{PublicKey: ecdsa.PublicKey{Curve: S256()}, D: new(big.Int)},
		{PublicKey: ecdsa.PublicKey{Curve: S256()}, D: new(big.Int).Set(secp256k1N)},
	}
	badPubs := []*ecdsa.PublicKey{
		nil, {}, {X: big.NewInt(1)}, {Y: big.NewInt(1)}, {Curve: S256(), X: neg, Y: big.NewInt(1)},
		{Curve: S256(), X: big.NewInt(1), Y: huge}, {Curve: S256(), X: big.NewInt(1), Y: big.NewInt(2)},
		{Curve: S256(), X: new(big.Int), Y: new(big.Int)},
	}
	zero65, zero64, zero33 := make([]byte, 65), make([]byte, 64), make([]byte, 33)
	mustErr := func(t *testing.T, what string, v any, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error (%v)", what, v)
		}
	}
	return map[string]func(t *testing.T){
		"crypto.Sign": func(t *testing.T) {
			for _, k := range badPrivs {
				sig, err := Sign(hash, k)
				mustErr(t, "Sign", sig, err)
				if sig != nil {
					t.Error("Sign returned a signature with its error")
				}
			}
			sig, err := Sign(nil, key)
			mustErr(t, "Sign(nil hash)", sig, err)
		},
		"crypto.Ecrecover": func(t *testing.T) {
			for _, c := range [][2][]byte{{nil, nil}, {hash, nil}, {nil, zero65}, {hash, zero65}} {
				pub, err := Ecrecover(c[0], c[1])
				mustErr(t, "Ecrecover", pub, err)
			}
		},
		"crypto.SigToPub": func(t *testing.T) {
			for _, c := range [][2][]byte{{nil, nil}, {hash, nil}, {hash, zero65}} {
				pub, err := SigToPub(c[0], c[1])
				mustErr(t, "SigToPub", pub, err)
			}
		},
		"crypto.VerifySignature": func(t *testing.T) {
			sig, _ := Sign(hash, key)
			pub := CompressPubkey(&key.PublicKey)
			for _, c := range [][3][]byte{{nil, nil, nil}, {pub, hash, zero64}, {zero33, hash, sig[:64]}, {zero65, hash, sig[:64]}, {pub, nil, sig[:64]}} {
				if VerifySignature(c[0], c[1], c[2]) {
					t.Errorf("VerifySignature(%x, %x, %x) = true", c[0], c[1], c[2])
				}
			}
		},
		"crypto.DecompressPubkey": func(t *testing.T) {
			for _, b := range [][]byte{nil, zero33, zero65} {
				k, err := DecompressPubkey(b)
				mustErr(t, "DecompressPubkey", k, err)
			}
		},
		"crypto.CompressPubkey": func(t *testing.T) {
			for _, k := range badPubs {
				if b := CompressPubkey(k); b != nil {
					t.Errorf("CompressPubkey(%v) = %x", k, b)
				}
			}
		},
		"crypto.UnmarshalPubkey": func(t *testing.T) {
			for _, b := range [][]byte{nil, zero65, zero33, append([]byte{4}, zero64...)} {
				k, err := UnmarshalPubkey(b)
				mustErr(t, "UnmarshalPubkey", k, err)
			}
		},
		"crypto.FromECDSAPub": func(t *testing.T) {
			for _, k := range badPubs[:6] {
				if b := FromECDSAPub(k); b != nil {
					t.Errorf("FromECDSAPub(%v) = %x", k, b)
				}
			}
		},
		"crypto.PubkeyToAddress": func(t *testing.T) {
			for _, k := range badPubs[1:6] {
				if a := PubkeyToAddress(*k); a != (common.Address{}) {
					t.Errorf("PubkeyToAddress(%v) = %x", k, a)
				}
			}
		},
		"crypto.FromECDSA": func(t *testing.T) {
			for _, k := range badPrivs[:3] {
				if b := FromECDSA(k); b != nil {
					t.Errorf("FromECDSA(%v) = %x", k, b)
				}
			}
		},
		"crypto.ToECDSA": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 32), secp256k1N.Bytes(), make([]byte, 33)} {
				k, err := ToECDSA(b)
				mustErr(t, "ToECDSA", k, err)
			}
		},
		"crypto.ToECDSAUnsafe": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 40), secp256k1N.Bytes()} {
				if k := ToECDSAUnsafe(b); k != nil {
					t.Errorf("ToECDSAUnsafe(%x) = %v", b, k)
				}
			}
		},
		"crypto.HexToECDSA": func(t *testing.T) {
			for _, s := range []string{"", "0x", "00"} {
				k, err := HexToECDSA(s)
				mustErr(t, "HexToECDSA", k, err)
			}
		},
		"crypto.LoadECDSA": func(t *testing.T) {
			empty := filepath.Join(t.TempDir(), "empty")
			if err := os.WriteFile(empty, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"", filepath.Join(t.TempDir(), "missing"), empty} {
				k, err := LoadECDSA(f)
				mustErr(t, "LoadECDSA", k, err)
			}
		},
		"crypto.SaveECDSA": func(t *testing.T) {
			for _, k := range badPrivs[:3] {
				f := filepath.Join(t.TempDir(), "key")
				mustErr(t, "SaveECDSA", k, SaveECDSA(f, k))
				if _, err := os.Stat(f); !os.IsNotExist(err) {
					t.Errorf("SaveECDSA(%v) wrote a file", k)
				}
			}
			mustErr(t, "SaveECDSA to an empty path", nil, SaveECDSA("", key))
		},
		"crypto.ValidateSignatureValues": func(t *testing.T) {
			one := big.NewInt(1)
			for _, c := range [][2]*big.Int{{nil, nil}, {nil, one}, {one, nil}, {neg, one}, {huge, one}} {
				for _, h := range []bool{false, true} {
					if ValidateSignatureValues(0, c[0], c[1], h) {
						t.Errorf("ValidateSignatureValues(0, %v, %v, %v) = true", c[0], c[1], h)
					}
				}
			}
		},
		"crypto.HashData": func(t *testing.T) {
			if h := HashData(nil, []byte("x")); h != (common.Hash{}) {
				t.Errorf("HashData(nil) = %x", h)
			}
		},
		"crypto.S256": func(t *testing.T) {
			c := S256()
			if c.Marshal(nil, nil) != nil || c.Marshal(neg, big.NewInt(1)) != nil || c.Marshal(big.NewInt(1), huge) != nil {
				t.Error("Marshal of invalid coordinates")
			}
			if x, y := c.Unmarshal(nil); x != nil || y != nil {
				t.Error("Unmarshal(nil)")
			}
			if c.IsOnCurve(nil, nil) || c.IsOnCurve(neg, neg) {
				t.Error("IsOnCurve of invalid coordinates")
			}
			isZero := func(x, y *big.Int) bool { return x != nil && y != nil && x.Sign() == 0 && y.Sign() == 0 }
			if !isZero(c.ScalarMult(nil, nil, []byte{1})) || !isZero(c.ScalarBaseMult(nil)) ||
				!isZero(c.Add(nil, nil, nil, nil)) || !isZero(c.Double(nil, nil)) ||
				!isZero(c.ScalarMult(big.NewInt(1), big.NewInt(2), []byte{1})) {
				t.Error("the curve's arithmetic on invalid input is not (0, 0)")
			}
		},
		// Functions without inputs that can be invalid: called once.
		"crypto.GenerateKey": func(t *testing.T) {
			if k, err := GenerateKey(); err != nil || !S256().IsOnCurve(k.X, k.Y) {
				t.Errorf("GenerateKey: %v", err)
			}
		},
		"crypto.NewKeccakState": func(t *testing.T) { NewKeccakState().Write(nil) },
		"crypto.Keccak256":      func(t *testing.T) { Keccak256(); Keccak256(nil, nil) },
		"crypto.Keccak256Hash":  func(t *testing.T) { Keccak256Hash(); Keccak256Hash(nil) },
		"crypto.CreateAddress":  func(t *testing.T) { CreateAddress(common.Address{}, 0) },
		"crypto.CreateAddress2": func(t *testing.T) { CreateAddress2(common.Address{}, [32]byte{}, nil) },
	}
}

func TestMisuse(t *testing.T) {
	for name, f := range misuseTable(t) {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("panic: %v", p)
				}
			}()
			f(t)
		})
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable(t)
	exported := testutil.ExportedFuncs(t, ".")
	if len(exported) < 20 {
		t.Fatalf("only %d exported functions found", len(exported))
	}
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("%s has no misuse entry", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse entry %s names no exported function", name)
		}
	}
}
