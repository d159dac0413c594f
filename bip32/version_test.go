package bip32_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/bip32"
)

var allVersions = []bip32.Version{
	bip32.Xprv, bip32.Xpub, bip32.Yprv, bip32.Ypub, bip32.YprvMultisig, bip32.YpubMultisig,
	bip32.Zprv, bip32.Zpub, bip32.ZprvMultisig, bip32.ZpubMultisig,
	bip32.Tprv, bip32.Tpub, bip32.Uprv, bip32.Upub, bip32.UprvMultisig, bip32.UpubMultisig,
	bip32.Vprv, bip32.Vpub, bip32.VprvMultisig, bip32.VpubMultisig,
}

// TestVersions checks each version's bytes against its name the way users
// meet them: a key serialised with the version starts with the name
// (SLIP-132 chose the bytes for that), for any key data. It also checks
// the pairing, the kind and the network.
func TestVersions(t *testing.T) {
	master, err := bip32.NewMaster([]byte("0123456789abcdef0123456789abcdef"), bip32.Xprv)
	if err != nil {
		t.Fatal(err)
	}
	keys := []*bip32.ExtendedKey{master}
	for _, p := range []string{"m/0'", "m/2147483647'/1/2/3", "m/44'/0'/0'/0/0"} {
		k, err := master.Derive(p)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	seen := map[string]bool{}
	for _, v := range allVersions {
		name := v.String()
		if !v.Known() || len(name) != 4 || seen[name] {
			t.Errorf("%#08x: Known %v, name %q", uint32(v), v.Known(), name)
		}
		seen[name] = true
		private := strings.HasSuffix(name, "prv")
		if v.IsPrivate() != private {
			t.Errorf("%s: IsPrivate = %v", name, v.IsPrivate())
		}
		if testnet := strings.ContainsAny(name[:1], "tuvUV"); v.IsTestnet() != testnet {
			t.Errorf("%s: IsTestnet = %v", name, v.IsTestnet())
		}
		pub, err1 := v.PublicVersion()
		prv, err2 := v.PrivateVersion()
		if err1 != nil || err2 != nil || pub.String() != name[:1]+"pub" || prv.String() != name[:1]+"prv" {
			t.Errorf("%s: PublicVersion %v (%v), PrivateVersion %v (%v)", name, pub, err1, prv, err2)
		}
		for _, k := range keys {
			if !private {
				if k, err = k.Neuter(); err != nil {
					t.Fatal(err)
				}
			}
			kv, err := k.WithVersion(v)
			if err != nil {
				t.Fatalf("%s: WithVersion: %v", name, err)
			}
			s := kv.String()
			if !strings.HasPrefix(s, name) || len(s) != 111 {
				t.Errorf("%s key serialises as %s", name, s)
			}
			parsed, err := bip32.Parse(s)
			if err != nil || parsed.Version() != v || parsed.String() != s {
				t.Errorf("Parse(%s) = %v, %v", s, parsed, err)
			}
			if nv, err := parsed.Neuter(); err != nil || nv.Version() != pub {
				t.Errorf("%s: Neuter gives %v, %v; want %v", name, nv.Version(), err, pub)
			}
		}
	}
	if len(seen) != 20 {
		t.Errorf("%d versions, want 20", len(seen))
	}
}

func TestVersionErrors(t *testing.T) {
	for _, v := range []bip32.Version{0, 1, 0x01010101, 0x0488ade5, 0xffffffff} {
		if v.Known() || v.IsPrivate() || v.IsTestnet() {
			t.Errorf("%v: known", v)
		}
		if _, err := v.PublicVersion(); !errors.Is(err, bip32.ErrInvalidVersion) {
			t.Errorf("%v.PublicVersion: %v", v, err)
		}
		if _, err := v.PrivateVersion(); !errors.Is(err, bip32.ErrInvalidVersion) {
			t.Errorf("%v.PrivateVersion: %v", v, err)
		}
		if !strings.HasPrefix(v.String(), "Version(0x") {
			t.Errorf("%#x.String() = %s", uint32(v), v)
		}
	}
	seed := make([]byte, 16)
	if _, err := bip32.NewMaster(seed, bip32.Xpub); !errors.Is(err, bip32.ErrInvalidVersion) {
		t.Errorf("NewMaster(xpub): %v", err)
	}
	master, _ := bip32.NewMaster(seed, bip32.Tprv)
	if _, err := master.WithVersion(bip32.Tpub); !errors.Is(err, bip32.ErrInvalidVersion) {
		t.Errorf("private key WithVersion(tpub): %v", err)
	}
	pub, _ := master.Neuter()
	if pub.Version() != bip32.Tpub {
		t.Errorf("Neuter of a tprv: %v", pub.Version())
	}
	if _, err := pub.WithVersion(bip32.Zprv); !errors.Is(err, bip32.ErrInvalidVersion) {
		t.Errorf("public key WithVersion(zprv): %v", err)
	}
}

// TestVersionBytes pins the version bytes to the values BIP-32 and
// SLIP-0132 register (TestVersions checks that each gives its prefix, which
// fixes the high bits only).
func TestVersionBytes(t *testing.T) {
	for v, want := range map[bip32.Version]uint32{
		bip32.Xprv: 0x0488ade4, bip32.Xpub: 0x0488b21e,
		bip32.Yprv: 0x049d7878, bip32.Ypub: 0x049d7cb2,
		bip32.YprvMultisig: 0x0295b005, bip32.YpubMultisig: 0x0295b43f,
		bip32.Zprv: 0x04b2430c, bip32.Zpub: 0x04b24746,
		bip32.ZprvMultisig: 0x02aa7a99, bip32.ZpubMultisig: 0x02aa7ed3,
		bip32.Tprv: 0x04358394, bip32.Tpub: 0x043587cf,
		bip32.Uprv: 0x044a4e28, bip32.Upub: 0x044a5262,
		bip32.UprvMultisig: 0x024285b5, bip32.UpubMultisig: 0x024289ef,
		bip32.Vprv: 0x045f18bc, bip32.Vpub: 0x045f1cf6,
		bip32.VprvMultisig: 0x02575048, bip32.VpubMultisig: 0x02575483,
	} {
		if uint32(v) != want {
			t.Errorf("%s = %#08x, want %#08x", v, uint32(v), want)
		}
	}
}
