package bip32_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package bip32: every exported function and method
// with nil, zero-value, wiped and otherwise broken inputs. None may panic,
// and none may return a value with an error or a value for invalid input
// (methods without an error result return their zero value).
// TestMisuseTableComplete fails when an exported function has no entry.

// badKeys returns a nil key, the zero value and a wiped key.
func badKeys(t *testing.T) map[string]*bip32.ExtendedKey {
	wiped, err := bip32.NewMaster(make([]byte, 32), bip32.Xprv)
	if err != nil {
		t.Fatal(err)
	}
	wiped.Zero()
	wipedPub, _ := bip32.NewMaster(make([]byte, 32), bip32.Xprv)
	wipedPub, _ = wipedPub.Neuter()
	wipedPub.Zero()
	return map[string]*bip32.ExtendedKey{"nil": nil, "zero value": new(bip32.ExtendedKey), "wiped": wiped, "wiped public": wipedPub}
}

// wantNoKey checks a (key, error) result for an invalid input.
func wantNoKey(t *testing.T, what string, k *bip32.ExtendedKey, err, sentinel error) {
	t.Helper()
	if k != nil || !errors.Is(err, sentinel) {
		t.Errorf("%s = %v, %v; want nil and %v", what, k, err, sentinel)
	}
}

func validKeys(t *testing.T) (prv, pub *bip32.ExtendedKey) {
	prv, err := bip32.NewMaster(make([]byte, 32), bip32.Xprv)
	if err != nil {
		t.Fatal(err)
	}
	pub, err = prv.Neuter()
	if err != nil {
		t.Fatal(err)
	}
	return prv, pub
}

func misuseTable() map[string]func(t *testing.T) {
	// onBad runs f on every invalid key.
	onBad := func(t *testing.T, f func(name string, k *bip32.ExtendedKey)) {
		for name, k := range badKeys(t) {
			f(name, k)
		}
	}
	return map[string]func(t *testing.T){
		"bip32.NewMaster": func(t *testing.T) {
			for _, s := range [][]byte{nil, {}, make([]byte, 15), make([]byte, 65), make([]byte, 1000)} {
				k, err := bip32.NewMaster(s, bip32.Xprv)
				wantNoKey(t, "NewMaster(bad seed)", k, err, bip32.ErrInvalidSeed)
			}
			for _, v := range []bip32.Version{0, bip32.Xpub, 0x01010101} {
				k, err := bip32.NewMaster(make([]byte, 16), v)
				wantNoKey(t, "NewMaster(bad version)", k, err, bip32.ErrInvalidVersion)
			}
		},
		"bip32.NewPrivate": func(t *testing.T) {
			prv, _ := validKeys(t)
			sk, _ := prv.PrivateKey()
			cc := make([]byte, 32)
			for _, key := range []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)} {
				k, err := bip32.NewPrivate(bip32.Xprv, key, cc, 0, 0, 0)
				wantNoKey(t, "NewPrivate(bad key)", k, err, secp256k1.ErrInvalidPrivateKey)
				if !errors.Is(err, bip32.ErrInvalidKey) {
					t.Errorf("NewPrivate(bad key): %v does not wrap ErrInvalidKey", err)
				}
			}
			for _, c := range [][]byte{nil, {}, make([]byte, 31), make([]byte, 33)} {
				k, err := bip32.NewPrivate(bip32.Xprv, sk, c, 1, 0, 0)
				wantNoKey(t, "NewPrivate(bad chain code)", k, err, bip32.ErrInvalidKey)
			}
			for _, v := range []bip32.Version{0, bip32.Xpub, 0x01010101} {
				k, err := bip32.NewPrivate(v, sk, cc, 1, 0, 0)
				wantNoKey(t, "NewPrivate(bad version)", k, err, bip32.ErrInvalidVersion)
			}
			k, err := bip32.NewPrivate(bip32.Xprv, sk, cc, 0, 1, 0)
			wantNoKey(t, "NewPrivate(depth 0, fingerprint 1)", k, err, bip32.ErrInvalidKey)
			k, err = bip32.NewPrivate(bip32.Xprv, sk, cc, 0, 0, 1)
			wantNoKey(t, "NewPrivate(depth 0, child 1)", k, err, bip32.ErrInvalidKey)
		},
		"bip32.NewPublic": func(t *testing.T) {
			_, pub := validKeys(t)
			pk, _ := pub.PublicKey()
			cc := make([]byte, 32)
			for _, key := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
				k, err := bip32.NewPublic(bip32.Xpub, key, cc, 0, 0, 0)
				wantNoKey(t, "NewPublic(bad key)", k, err, secp256k1.ErrInvalidPublicKey)
			}
			for _, c := range [][]byte{nil, make([]byte, 31)} {
				k, err := bip32.NewPublic(bip32.Xpub, pk, c, 1, 0, 0)
				wantNoKey(t, "NewPublic(bad chain code)", k, err, bip32.ErrInvalidKey)
			}
			for _, v := range []bip32.Version{0, bip32.Xprv} {
				k, err := bip32.NewPublic(v, pk, cc, 1, 0, 0)
				wantNoKey(t, "NewPublic(bad version)", k, err, bip32.ErrInvalidVersion)
			}
			k, err := bip32.NewPublic(bip32.Xpub, pk, cc, 0, 0, 1)
			wantNoKey(t, "NewPublic(depth 0, child 1)", k, err, bip32.ErrInvalidKey)
		},
		"bip32.Parse": func(t *testing.T) {
			prv, pub := validKeys(t)
			good := prv.String()
			for _, s := range []string{"", " ", "\x00", "xprv", good[:110], good + "1", " " + good, good + "\n",
				strings.Repeat("1", 111), strings.Repeat("z", 10000), pub.String()[:50]} {
				k, err := bip32.Parse(s)
				wantNoKey(t, "Parse(garbage)", k, err, bip32.ErrInvalidKey)
			}
		},
		"bip32.ParsePath": func(t *testing.T) {
			for _, s := range []string{"", "/", "m/", "\x00", "m/x"} {
				p, err := bip32.ParsePath(s)
				if p != nil || !errors.Is(err, bip32.ErrInvalidPath) {
					t.Errorf("ParsePath(%q) = %v, %v", s, p, err)
				}
			}
		},
		"bip32.Path.String": func(t *testing.T) {
			if s := bip32.Path(nil).String(); s != "m" {
				t.Errorf("nil Path: %q", s)
			}
		},
		"bip32.ExtendedKey.Child": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				for _, i := range []uint32{0, bip32.HardenedOffset} {
					c, err := k.Child(i)
					wantNoKey(t, name+".Child", c, err, bip32.ErrInvalidKey)
				}
			})
			_, pub := validKeys(t)
			c, err := pub.Child(bip32.HardenedOffset)
			wantNoKey(t, "public Child(hardened)", c, err, bip32.ErrHardenedFromPublic)
		},
		"bip32.ExtendedKey.Derive": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				for _, p := range []string{"m", "m/0", "", "x"} {
					c, err := k.Derive(p)
					wantNoKey(t, name+".Derive", c, err, bip32.ErrInvalidKey)
				}
			})
			prv, _ := validKeys(t)
			c, err := prv.Derive("")
			wantNoKey(t, "Derive(\"\")", c, err, bip32.ErrInvalidPath)
		},
		"bip32.ExtendedKey.DerivePath": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				for _, p := range []bip32.Path{nil, {}, {1}} {
					c, err := k.DerivePath(p)
					wantNoKey(t, name+".DerivePath", c, err, bip32.ErrInvalidKey)
				}
			})
			prv, pub := validKeys(t)
			c, err := pub.DerivePath(bip32.Path{1, bip32.HardenedOffset})
			wantNoKey(t, "public DerivePath(hardened)", c, err, bip32.ErrHardenedFromPublic)
			c, err = prv.DerivePath(make(bip32.Path, 256))
			wantNoKey(t, "DerivePath(256 levels)", c, err, bip32.ErrMaxDepth)
		},
		"bip32.ExtendedKey.Neuter": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				c, err := k.Neuter()
				wantNoKey(t, name+".Neuter", c, err, bip32.ErrInvalidKey)
			})
		},
		"bip32.ExtendedKey.WithVersion": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				c, err := k.WithVersion(bip32.Xprv)
				wantNoKey(t, name+".WithVersion", c, err, bip32.ErrInvalidKey)
			})
			prv, pub := validKeys(t)
			for _, v := range []bip32.Version{0, 0x01010101, bip32.Xpub} {
				c, err := prv.WithVersion(v)
				wantNoKey(t, "WithVersion(bad)", c, err, bip32.ErrInvalidVersion)
			}
			c, err := pub.WithVersion(bip32.Xprv)
			wantNoKey(t, "public WithVersion(xprv)", c, err, bip32.ErrInvalidVersion)
		},
		"bip32.ExtendedKey.PrivateKey": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				sk, err := k.PrivateKey()
				if sk != nil || !errors.Is(err, bip32.ErrInvalidKey) {
					t.Errorf("%s.PrivateKey = %v, %v", name, sk, err)
				}
			})
			_, pub := validKeys(t)
			if sk, err := pub.PrivateKey(); sk != nil || !errors.Is(err, bip32.ErrNotPrivate) {
				t.Errorf("public PrivateKey = %v, %v", sk, err)
			}
		},
		"bip32.ExtendedKey.PublicKey": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				pk, err := k.PublicKey()
				if pk != nil || !errors.Is(err, bip32.ErrInvalidKey) {
					t.Errorf("%s.PublicKey = %v, %v", name, pk, err)
				}
			})
		},
		"bip32.ExtendedKey.AppendText": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				b, err := k.AppendText([]byte("x"))
				if string(b) != "x" || !errors.Is(err, bip32.ErrInvalidKey) {
					t.Errorf("%s.AppendText = %q, %v", name, b, err)
				}
			})
		},
		"bip32.ExtendedKey.String": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if s := k.String(); s != "" {
					t.Errorf("%s.String = %q", name, s)
				}
			})
		},
		"bip32.ExtendedKey.ChainCode": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if c := k.ChainCode(); c != nil {
					t.Errorf("%s.ChainCode = %x", name, c)
				}
			})
		},
		"bip32.ExtendedKey.Version": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if v := k.Version(); v != 0 || v.Known() {
					t.Errorf("%s.Version = %v", name, v)
				}
			})
		},
		"bip32.ExtendedKey.Depth": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if d := k.Depth(); d != 0 {
					t.Errorf("%s.Depth = %d", name, d)
				}
			})
		},
		"bip32.ExtendedKey.ParentFingerprint": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if d := k.ParentFingerprint(); d != 0 {
					t.Errorf("%s.ParentFingerprint = %d", name, d)
				}
			})
		},
		"bip32.ExtendedKey.ChildNumber": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if d := k.ChildNumber(); d != 0 {
					t.Errorf("%s.ChildNumber = %d", name, d)
				}
			})
		},
		"bip32.ExtendedKey.Fingerprint": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if d := k.Fingerprint(); d != 0 {
					t.Errorf("%s.Fingerprint = %d", name, d)
				}
			})
		},
		"bip32.ExtendedKey.IsPrivate": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				if k.IsPrivate() {
					t.Errorf("%s.IsPrivate = true", name)
				}
			})
		},
		"bip32.ExtendedKey.Zero": func(t *testing.T) {
			onBad(t, func(name string, k *bip32.ExtendedKey) {
				k.Zero()
				k.Zero()
			})
			// A wiped key wipes the private key PrivateKey returned.
			prv, _ := validKeys(t)
			sk, _ := prv.PrivateKey()
			prv.Zero()
			if sk.Bytes() != nil || sk.PublicKey() != nil {
				t.Error("the private key survived Zero")
			}
		},
		"bip32.Version.Known": func(t *testing.T) {
			if bip32.Version(0).Known() {
				t.Error("Version(0) is known")
			}
		},
		"bip32.Version.IsPrivate": func(t *testing.T) {
			if bip32.Version(0).IsPrivate() {
				t.Error("Version(0) is private")
			}
		},
		"bip32.Version.IsTestnet": func(t *testing.T) {
			if bip32.Version(0).IsTestnet() {
				t.Error("Version(0) is testnet")
			}
		},
		"bip32.Version.PublicVersion": func(t *testing.T) {
			if v, err := bip32.Version(0).PublicVersion(); v != 0 || !errors.Is(err, bip32.ErrInvalidVersion) {
				t.Errorf("Version(0).PublicVersion = %v, %v", v, err)
			}
		},
		"bip32.Version.PrivateVersion": func(t *testing.T) {
			if v, err := bip32.Version(0).PrivateVersion(); v != 0 || !errors.Is(err, bip32.ErrInvalidVersion) {
				t.Errorf("Version(0).PrivateVersion = %v, %v", v, err)
			}
		},
		"bip32.Version.String": func(t *testing.T) {
			if s := bip32.Version(0).String(); s != "Version(0x00000000)" {
				t.Errorf("Version(0).String = %q", s)
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	for name, f := range misuseTable() {
		t.Run(name, f)
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable()
	funcs := testutil.ExportedFuncs(t, ".")
	for _, name := range funcs {
		if _, ok := table[name]; !ok {
			t.Errorf("%s has no misuse entry", name)
		}
	}
	for name := range table {
		if !slices.Contains(funcs, name) {
			t.Errorf("misuse entry %s names no exported function", name)
		}
	}
}
