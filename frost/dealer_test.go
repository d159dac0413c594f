package frost_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestDealerReference checks dealer splits against the math/big
// reference: any t shares interpolate to the secret, t-1 shares do not,
// every public share is its secret share times G, the commitment commits
// to the polynomial (VerifyShare and its first point), and a given secret
// is the one shared.
func TestDealerReference(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range [][2]int{{1, 1}, {1, 3}, {2, 3}, {3, 3}, {3, 5}, {4, 9}} {
		thr, n := c[0], c[1]
		var secret *secp256k1.PrivateKey
		if r.IntN(2) == 0 {
			var err error
			if secret, err = secp256k1.GenerateKey(rngReader{r}); err != nil {
				t.Fatal(err)
			}
		}
		d, err := frost.DealerKeyGen(thr, n, secret, rngReader{r})
		if err != nil {
			t.Fatal(err)
		}
		if d.T != thr || d.N != n || len(d.SecretShares) != n || len(d.PublicShares) != n || len(d.Commitment) != thr {
			t.Fatalf("%d-of-%d: wrong sizes", thr, n)
		}
		if !bytes.Equal(d.Commitment[0], d.ThresholdPublicKey) {
			t.Errorf("%d-of-%d: Commitment[0] is not the threshold key", thr, n)
		}
		ys := make([]*big.Int, n)
		for i, k := range d.SecretShares {
			ys[i] = refInt(k.Bytes())
			if !bytes.Equal(refCbytes(refMul(ys[i], testutil.G())), d.PublicShares[i]) {
				t.Errorf("%d-of-%d: public share %d is not its secret share times G", thr, n, i)
			}
			if !frost.VerifyShare(d.Commitment, i, k) {
				t.Errorf("%d-of-%d: VerifyShare(%d) = false", thr, n, i)
			}
			if frost.VerifyShare(d.Commitment, (i+1)%n, k) && n > 1 && thr > 1 {
				t.Errorf("%d-of-%d: share %d verifies as share %d", thr, n, i, (i+1)%n)
			}
		}
		ids := r.Perm(n)[:thr]
		sub := make([]*big.Int, thr)
		for i, id := range ids {
			sub[i] = ys[id]
		}
		sec := refInterpolate(ids, sub)
		if !bytes.Equal(refCbytes(refMul(sec, testutil.G())), d.ThresholdPublicKey) {
			t.Errorf("%d-of-%d: shares %v do not interpolate to the threshold key's secret", thr, n, ids)
		}
		if secret != nil && sec.Cmp(refInt(secret.Bytes())) != 0 {
			t.Errorf("%d-of-%d: the shared secret is not the given one", thr, n)
		}
		if thr > 1 && refInterpolate(ids[:thr-1], sub[:thr-1]).Cmp(sec) == 0 {
			t.Errorf("%d-of-%d: t-1 shares interpolate to the secret", thr, n)
		}
		// Every t-subset signs: the signers context validates.
		pubs := make([][]byte, thr)
		for i, id := range ids {
			pubs[i] = d.PublicShares[id]
		}
		if _, err := frost.NewSignersContext(n, thr, ids, pubs, d.ThresholdPublicKey); err != nil {
			t.Errorf("%d-of-%d: NewSignersContext: %v", thr, n, err)
		}
	}
}

// maxID is the largest identifier, MaxParticipants-1, where an int holds
// it, or the largest int.
var maxID = int(min(uint64(frost.MaxParticipants-1), math.MaxInt-1))

func TestDealerErrors(t *testing.T) {
	for _, c := range [][2]int{{0, 3}, {4, 3}, {-1, 2}, {1, 0}, {1, frost.MaxDealerParticipants + 1}} {
		if d, err := frost.DealerKeyGen(c[0], c[1], nil, nil); d != nil || !errors.Is(err, frost.ErrInvalidThreshold) {
			t.Errorf("DealerKeyGen(%d, %d) = %v, %v", c[0], c[1], d, err)
		}
	}
	if d, err := frost.DealerKeyGen(2, 3, new(secp256k1.PrivateKey), nil); d != nil || !errors.Is(err, frost.ErrInvalidSecretShare) {
		t.Errorf("DealerKeyGen(zero secret) = %v, %v", d, err)
	}
	d, err := frost.DealerKeyGen(2, 3, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := d.SecretShares[0]
	for _, tc := range []struct {
		com   [][]byte
		id    int
		share *secp256k1.PrivateKey
	}{
		{nil, 0, k}, {d.Commitment, -1, k}, {d.Commitment, maxID + 1, k},
		{d.Commitment, 0, nil}, {d.Commitment, 0, new(secp256k1.PrivateKey)},
		{[][]byte{d.Commitment[0], {2}}, 0, k}, {[][]byte{d.Commitment[0], make([]byte, 33)}, 0, k},
	} {
		if frost.VerifyShare(tc.com, tc.id, tc.share) {
			t.Errorf("VerifyShare(%x, %d) = true", tc.com, tc.id)
		}
	}
}
