package curve

import (
	"math/big"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The RFC 9380 vectors of the two secp256k1 suites (the values of its
// appendix J.8), from testdata/hash-to-curve (see testdata/README.md at the
// repository root). The test is internal to reach the intermediate values
// the files give: every u, Q0 and Q1 (RO) or Q (NU), and P through the
// exported HashToCurve and EncodeToCurve.

type h2cPoint struct{ X, Y string }

type h2cSuite struct {
	Ciphersuite  string
	Curve        string
	DST          string
	Expand       string
	Hash         string
	K            string
	L            string
	Z            string
	RandomOracle bool
	Field        struct{ M, P string }
	Map          struct{ Name string }
	Vectors      []struct {
		Msg    string
		U      []string
		P, Q   h2cPoint
		Q0, Q1 h2cPoint
	}
}

func h2cBig(t *testing.T, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(strings.TrimPrefix(s, "0x"), 16)
	if !ok {
		t.Fatalf("bad number %q", s)
	}
	return v
}

func loadH2CSuite(t *testing.T, name, suite string, ro bool) *h2cSuite {
	t.Helper()
	var s h2cSuite
	testutil.LoadJSON(t, "testdata/hash-to-curve/"+name, &s)
	if s.Ciphersuite != suite || s.Curve != "secp256k1" || s.Expand != "XMD" || s.Hash != "sha256" ||
		s.Map.Name != "SSWU" || s.RandomOracle != ro || s.Field.M != "0x1" {
		t.Fatalf("%s: unexpected suite parameters %+v", name, s)
	}
	if s.DST != "QUUX-V01-CS02-with-"+suite {
		t.Fatalf("%s: DST %q", name, s.DST)
	}
	// The parameters this package hard-codes.
	if h2cBig(t, s.Field.P).Cmp(testutil.P) != 0 || h2cBig(t, s.L).Int64() != hashLen ||
		h2cBig(t, s.K).Int64() != 128 || h2cBig(t, s.Z).Cmp(bigFromField(&sswuZ)) != 0 {
		t.Fatalf("%s: p, L, k or Z differ from the package's", name)
	}
	if len(s.Vectors) != 5 {
		t.Fatalf("%s: %d vectors, want 5", name, len(s.Vectors))
	}
	return &s
}

func checkH2CPoint(t *testing.T, what string, got *group.Projective, want h2cPoint) {
	t.Helper()
	g := projectiveToRef(got)
	if g == nil || g.X.Cmp(h2cBig(t, want.X)) != 0 || g.Y.Cmp(h2cBig(t, want.Y)) != 0 {
		t.Errorf("%s = %v, want (%s, %s)", what, g, want.X, want.Y)
	}
}

func checkH2CU(t *testing.T, msg string, got []field.Element, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("msg %q: %d field elements in the file, want %d", msg, len(want), len(got))
	}
	for i := range got {
		if bigFromField(&got[i]).Cmp(h2cBig(t, want[i])) != 0 {
			t.Errorf("msg %q: u[%d] = %x, want %s", msg, i, bigFromField(&got[i]), want[i])
		}
	}
}

func TestVectorsHashToCurveRO(t *testing.T) {
	s := loadH2CSuite(t, "secp256k1_XMD_SHA-256_SSWU_RO_.json", HashToCurveSuite, true)
	dst := []byte(s.DST)
	n := 0
	for _, v := range s.Vectors {
		msg := []byte(v.Msg)
		var u [2]field.Element
		hashToField(u[:], msg, dst)
		checkH2CU(t, v.Msg, u[:], v.U)
		var q0, q1 group.Projective
		mapToCurve(&q0, &u[0])
		mapToCurve(&q1, &u[1])
		checkH2CPoint(t, "Q0 of "+v.Msg, &q0, v.Q0)
		checkH2CPoint(t, "Q1 of "+v.Msg, &q1, v.Q1)
		p, err := new(Point).HashToCurve(msg, dst)
		if err != nil {
			t.Fatal(err)
		}
		checkH2CPoint(t, "P of "+v.Msg, &p.p, v.P)
		n++
	}
	if n != 5 {
		t.Fatalf("ran %d vectors, want 5", n)
	}
}

func TestVectorsEncodeToCurveNU(t *testing.T) {
	s := loadH2CSuite(t, "secp256k1_XMD_SHA-256_SSWU_NU_.json", EncodeToCurveSuite, false)
	dst := []byte(s.DST)
	n := 0
	for _, v := range s.Vectors {
		msg := []byte(v.Msg)
		var u [1]field.Element
		hashToField(u[:], msg, dst)
		checkH2CU(t, v.Msg, u[:], v.U)
		var q group.Projective
		mapToCurve(&q, &u[0])
		checkH2CPoint(t, "Q of "+v.Msg, &q, v.Q)
		p, err := new(Point).EncodeToCurve(msg, dst)
		if err != nil {
			t.Fatal(err)
		}
		checkH2CPoint(t, "P of "+v.Msg, &p.p, v.P)
		n++
	}
	if n != 5 {
		t.Fatalf("ran %d vectors, want 5", n)
	}
}
