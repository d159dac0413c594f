package musig2_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
)

// xpubVersion is the BIP-32 version of mainnet extended public keys.
const xpubVersion = 0x0488B21E

// encodeXpub serializes k as a BIP-32 xpub string (the test's own
// encoder: the package leaves the string form to a BIP-32 package).
func encodeXpub(k *musig2.ExtendedKey) string {
	b := binary.BigEndian.AppendUint32(nil, xpubVersion)
	b = append(b, k.Depth)
	b = append(b, k.ParentFingerprint[:]...)
	b = binary.BigEndian.AppendUint32(b, k.ChildNumber)
	b = append(b, k.ChainCode[:]...)
	b = append(b, k.Key[:]...)
	return base58.CheckEncode(b)
}

func decodeXpub(t *testing.T, s string) *musig2.ExtendedKey {
	t.Helper()
	b, err := base58.CheckDecode(s)
	if err != nil || len(b) != 78 || binary.BigEndian.Uint32(b) != xpubVersion {
		t.Fatalf("bad xpub %s: %v", s, err)
	}
	k := &musig2.ExtendedKey{Depth: b[4], ChildNumber: binary.BigEndian.Uint32(b[9:13])}
	copy(k.ParentFingerprint[:], b[5:9])
	copy(k.ChainCode[:], b[13:45])
	copy(k.Key[:], b[45:])
	return k
}

// TestBIP328Vectors runs testdata/bip-0328/vectors.json (CC0-1.0): for
// each case the keys aggregate to aggregate_pubkey, and the synthetic xpub
// of the cache encodes to xpub.
func TestBIP328Vectors(t *testing.T) {
	var v []struct {
		AggregatePubkey string   `json:"aggregate_pubkey"`
		Keys            []string `json:"keys"`
		Xpub            string   `json:"xpub"`
	}
	testutil.LoadJSON(t, "testdata/bip-0328/vectors.json", &v)
	n := 0
	for i, tc := range v {
		c, err := musig2.KeyAgg(hexAll(t, tc.Keys))
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got := hex.EncodeToString(c.PublicKey().BytesCompressed()); !strings.EqualFold(got, tc.AggregatePubkey) {
			t.Errorf("case %d: aggregate key %s, want %s", i, got, tc.AggregatePubkey)
		}
		xk, err := c.ExtendedKey()
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if xk.ChainCode != musig2.SyntheticChainCode() || xk.Depth != 0 || xk.ChildNumber != 0 || xk.ParentFingerprint != [4]byte{} {
			t.Errorf("case %d: extended key %+v is not BIP-328's synthetic form", i, xk)
		}
		if got := encodeXpub(xk); got != tc.Xpub {
			t.Errorf("case %d: xpub %s, want %s", i, got, tc.Xpub)
		}
		// And back: the decoded xpub is the cache's extended key.
		if *decodeXpub(t, tc.Xpub) != *xk {
			t.Errorf("case %d: the decoded xpub differs from ExtendedKey", i)
		}
		n++
	}
	countCases(t, "bip-0328", n, 3)
}

// TestSyntheticChainCode checks BIP-328's footnote: the chain code is the
// SHA-256 of "MuSig2MuSig2MuSig2".
func TestSyntheticChainCode(t *testing.T) {
	want := testutil.MustHex(t, "868087ca02a6f974c4598924c36b57762d32cb45717167e300622c7167e38965")
	cc := musig2.SyntheticChainCode()
	if !bytes.Equal(cc[:], want) {
		t.Fatalf("chain code %x", cc)
	}
	if h := sha256Sum([]byte("MuSig2MuSig2MuSig2")); !bytes.Equal(h[:], want) {
		t.Fatalf("SHA-256(MuSig2MuSig2MuSig2) = %x", h)
	}
}

// The unhardened steps of the BIP-32 test vectors 1 and 2 (parent xpub,
// index, child xpub), from bip-0032.mediawiki (BSD-2-Clause): CKDpub as
// ExtendedKey.Child computes it.
var bip32PublicSteps = []struct {
	parent string
	index  uint32
	child  string
}{
	{"xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw", 1,
		"xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ"},
	{"xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5", 2,
		"xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV"},
	{"xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV", 1000000000,
		"xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy"},
	{"xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB", 0,
		"xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH"},
	{"xpub6ASAVgeehLbnwdqV6UKMHVzgqAG8Gr6riv3Fxxpj8ksbH9ebxaEyBLZ85ySDhKiLDBrQSARLq1uNRts8RuJiHjaDMBU4Zn9h8LZNnBC5y4a", 1,
		"xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon"},
	{"xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL", 2,
		"xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt"},
}

func TestExtendedKeyChildBIP32(t *testing.T) {
	for _, st := range bip32PublicSteps {
		parent := decodeXpub(t, st.parent)
		child, tweak, err := parent.Child(st.index)
		if err != nil {
			t.Fatalf("%d: %v", st.index, err)
		}
		if got := encodeXpub(child); got != st.child {
			t.Errorf("child %d of %s…: %s, want %s", st.index, st.parent[:16], got, st.child)
		}
		if len(tweak) != 32 {
			t.Errorf("tweak of %d bytes", len(tweak))
		}
	}
	// Hardened indices have no public derivation.
	parent := decodeXpub(t, bip32PublicSteps[0].parent)
	if _, _, err := parent.Child(1 << 31); err == nil {
		t.Error("Child(2^31) succeeded")
	}
}
