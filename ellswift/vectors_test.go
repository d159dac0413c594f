package ellswift_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"math/big"
	"os"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The BIP-324 test vectors (bitcoin/bips bip-0324/*.csv; see
// ../testdata/README.md for their origin and license).

// readCSV returns the rows of a vector file after checking its header.
func readCSV(t *testing.T, path string, header []string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) == 0 || !slices.Equal(records[0], header) {
		t.Fatalf("%s: unexpected header %q", path, records[0])
	}
	return records[1:]
}

// TestDecodeVectors runs ellswift_decode_test_vectors.csv: every row's
// encoding must decode (with Decode and XSwiftEC) to its x, with y of the
// parity of t mod p.
func TestDecodeVectors(t *testing.T) {
	rows := readCSV(t, "testdata/bip-0324/ellswift_decode_test_vectors.csv", []string{"ellswift", "x", "comment"})
	const wantRows = 76
	if len(rows) != wantRows {
		t.Fatalf("%d rows, want %d", len(rows), wantRows)
	}
	for i, r := range rows {
		enc, x, comment := testutil.MustHex(t, r[0]), testutil.MustHex(t, r[1]), r[2]
		pub, err := ellswift.Decode(enc)
		if err != nil {
			t.Errorf("row %d (%s): Decode: %v", i, comment, err)
			continue
		}
		c := pub.BytesCompressed()
		if !bytes.Equal(c[1:], x) {
			t.Errorf("row %d (%s): Decode x = %x, want %x", i, comment, c[1:], x)
		}
		tOdd := new(big.Int).Mod(new(big.Int).SetBytes(enc[32:]), refP).Bit(0)
		if c[0] != 0x02+byte(tOdd) {
			t.Errorf("row %d (%s): Decode prefix %#x, t mod p has parity %d", i, comment, c[0], tOdd)
		}
		got, err := ellswift.XSwiftEC(enc[:32], enc[32:])
		if err != nil || !bytes.Equal(got, x) {
			t.Errorf("row %d (%s): XSwiftEC = %x, %v; want %x", i, comment, got, err, x)
		}
	}
}

// TestXSwiftECInvVectors runs xswiftec_inv_test_vectors.csv: for each (u,
// x) and each of the eight cases, XSwiftECInv must return the row's t, or
// ErrNoPreimage where the cell is empty; each t must map back to x.
func TestXSwiftECInvVectors(t *testing.T) {
	header := []string{"u", "x", "case0_t", "case1_t", "case2_t", "case3_t", "case4_t", "case5_t", "case6_t", "case7_t", "comment"}
	rows := readCSV(t, "testdata/bip-0324/xswiftec_inv_test_vectors.csv", header)
	const wantRows, wantFound = 32, 98
	if len(rows) != wantRows {
		t.Fatalf("%d rows, want %d", len(rows), wantRows)
	}
	found, cases := 0, 0
	for i, r := range rows {
		u, x, comment := testutil.MustHex(t, r[0]), testutil.MustHex(t, r[1]), r[10]
		for c := range 8 {
			cases++
			got, err := ellswift.XSwiftECInv(x, u, c)
			if r[2+c] == "" {
				if !errors.Is(err, ellswift.ErrNoPreimage) {
					t.Errorf("row %d case %d (%s): got %x, %v; want ErrNoPreimage", i, c, comment, got, err)
				}
				continue
			}
			found++
			want := testutil.MustHex(t, r[2+c])
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("row %d case %d (%s): got %x, %v; want %x", i, c, comment, got, err, want)
				continue
			}
			back, err := ellswift.XSwiftEC(u, got)
			if err != nil || !bytes.Equal(back, x) {
				t.Errorf("row %d case %d: XSwiftEC(u, t) = %x, %v; want x = %x", i, c, back, err, x)
			}
		}
	}
	if cases != 8*wantRows || found != wantFound {
		t.Errorf("ran %d cases with %d preimages, want %d and %d", cases, found, 8*wantRows, wantFound)
	}
}

// TestPacketEncodingVectors runs the key-exchange columns of
// packet_encoding_test_vectors.csv (the columns after mid_shared_secret
// test the v2 transport cipher, which is not in this package): our key's
// x from in_priv_ours and from decoding in_ellswift_ours (mid_x_ours), the
// peer's from in_ellswift_theirs (mid_x_theirs), the x-only ECDH
// (mid_x_shared) and XDH in the role in_initiating gives
// (mid_shared_secret).
func TestPacketEncodingVectors(t *testing.T) {
	header := []string{"in_idx", "in_priv_ours", "in_ellswift_ours", "in_ellswift_theirs", "in_initiating",
		"in_contents", "in_multiply", "in_aad", "in_ignore", "mid_x_ours", "mid_x_theirs", "mid_x_shared",
		"mid_shared_secret", "mid_initiator_l", "mid_initiator_p", "mid_responder_l", "mid_responder_p",
		"mid_send_garbage_terminator", "mid_recv_garbage_terminator", "out_session_id", "out_ciphertext",
		"out_ciphertext_endswith"}
	rows := readCSV(t, "testdata/bip-0324/packet_encoding_test_vectors.csv", header)
	const wantRows = 7
	if len(rows) != wantRows {
		t.Fatalf("%d rows, want %d", len(rows), wantRows)
	}
	initiators := 0
	for i, r := range rows {
		name := fmt.Sprintf("row %d (in_idx %s)", i, r[0])
		priv, err := secp256k1.NewPrivateKey(testutil.MustHex(t, r[1]))
		if err != nil {
			t.Fatalf("%s: in_priv_ours: %v", name, err)
		}
		ours, theirs := testutil.MustHex(t, r[2]), testutil.MustHex(t, r[3])
		xOurs, xTheirs := testutil.MustHex(t, r[9]), testutil.MustHex(t, r[10])
		xShared, secret := testutil.MustHex(t, r[11]), testutil.MustHex(t, r[12])
		var role ellswift.Role
		switch r[4] {
		case "1":
			role = ellswift.Initiator
			initiators++
		case "0":
			role = ellswift.Responder
		default:
			t.Fatalf("%s: in_initiating %q", name, r[4])
		}

		if x := priv.PublicKey().BytesCompressed()[1:]; !bytes.Equal(x, xOurs) {
			t.Errorf("%s: public key x = %x, want mid_x_ours %x", name, x, xOurs)
		}
		pubOurs, err := ellswift.Decode(ours)
		if err != nil {
			t.Fatalf("%s: Decode(in_ellswift_ours): %v", name, err)
		}
		if x := pubOurs.BytesCompressed()[1:]; !bytes.Equal(x, xOurs) {
			t.Errorf("%s: Decode(in_ellswift_ours) x = %x, want mid_x_ours %x", name, x, xOurs)
		}
		pubTheirs, err := ellswift.Decode(theirs)
		if err != nil {
			t.Fatalf("%s: Decode(in_ellswift_theirs): %v", name, err)
		}
		if x := pubTheirs.BytesCompressed()[1:]; !bytes.Equal(x, xTheirs) {
			t.Errorf("%s: Decode(in_ellswift_theirs) x = %x, want mid_x_theirs %x", name, x, xTheirs)
		}
		if x, err := priv.ECDH(pubTheirs); err != nil || !bytes.Equal(x, xShared) {
			t.Errorf("%s: ECDH = %x, %v; want mid_x_shared %x", name, x, err, xShared)
		}
		got, err := ellswift.XDH(priv, ours, theirs, role)
		if err != nil || !bytes.Equal(got, secret) {
			t.Errorf("%s: XDH = %x, %v; want mid_shared_secret %x", name, got, err, secret)
		}
	}
	if initiators == 0 || initiators == wantRows {
		t.Errorf("%d of %d rows are initiators: both roles should be tested", initiators, wantRows)
	}
}
