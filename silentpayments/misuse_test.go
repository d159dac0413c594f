package silentpayments_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// The misuse table of package silentpayments: every exported function
// and method called with nil, zero values, empty lists and wrong lengths.
// None may panic, and none may return a value together with an error.
// TestMisuseTableComplete fails when an exported function has no entry.

func wantErr[T comparable](t *testing.T, what string, v T, err error, sentinels ...error) {
	t.Helper()
	var zero T
	if v != zero || err == nil || !slices.ContainsFunc(sentinels, func(s error) bool { return errors.Is(err, s) }) {
		t.Errorf("%s = %v, %v; want no value and one of %v", what, v, err, sentinels)
	}
}

func wantNoSlice[T any](t *testing.T, what string, v []T, err error, sentinels ...error) {
	t.Helper()
	if v != nil || err == nil || !slices.ContainsFunc(sentinels, func(s error) bool { return errors.Is(err, s) }) {
		t.Errorf("%s = %v, %v; want nil and one of %v", what, v, err, sentinels)
	}
}

var (
	errKey = secp256k1.ErrInvalidPrivateKey
	errPub = secp256k1.ErrInvalidPublicKey
)

func misuseTable(f *scanFixture) map[string]func(t *testing.T) {
	var nilR *sp.Receiver
	zeroR := new(sp.Receiver)
	zeroKey, zeroPub := new(secp256k1.PrivateKey), new(secp256k1.PublicKey)
	addr, _ := f.r.Address(sp.Mainnet)
	outputs := [][]byte{f.plain}
	tweak, _ := sp.TweakData(f.inKeys, f.outpoints)
	badOutputs := [][][]byte{nil, {}, {nil}, {f.plain[:31]}, {append(f.plain, 0)}, {f.plain, nil}}
	badAddrs := []*sp.Address{nil, {}, {ScanKey: addr.ScanKey}, {SpendKey: addr.SpendKey}, {ScanKey: zeroPub, SpendKey: addr.SpendKey}}
	return map[string]func(t *testing.T){
		"silentpayments.ParseAddress": func(t *testing.T) {
			for _, s := range []string{"", "sp1", "sp1qqqqqq", string(make([]byte, 2000))} {
				a, err := sp.ParseAddress(s)
				wantErr(t, "ParseAddress", a, err, sp.ErrInvalidAddress)
			}
		},
		"silentpayments.Address.Encode": func(t *testing.T) {
			for _, a := range badAddrs {
				s, err := a.Encode()
				wantErr(t, "Encode", s, err, sp.ErrInvalidAddress)
			}
		},
		"silentpayments.Network.String": func(t *testing.T) {
			if sp.Network(200).String() == "" {
				t.Error("empty String for an unknown network")
			}
		},
		"silentpayments.InputPublicKey": func(t *testing.T) {
			k, err := sp.InputPublicKey(nil, nil, nil)
			wantErr(t, "InputPublicKey(nil)", k, err, sp.ErrNotEligible)
			k, err = sp.InputPublicKey([]byte{0x00, 0x14}, nil, [][]byte{nil, nil})
			wantErr(t, "InputPublicKey(short P2WPKH)", k, err, sp.ErrNotEligible)
		},
		"silentpayments.CreateOutputs": func(t *testing.T) {
			recips := []*sp.Address{addr}
			outs, err := sp.CreateOutputs(nil, f.outpoints, recips)
			wantNoSlice(t, "CreateOutputs(no inputs)", outs, err, sp.ErrNoInputs)
			outs, err = sp.CreateOutputs(f.inputs, nil, recips)
			wantNoSlice(t, "CreateOutputs(no outpoints)", outs, err, sp.ErrNoOutpoints)
			outs, err = sp.CreateOutputs(f.inputs, f.outpoints, nil)
			wantNoSlice(t, "CreateOutputs(no recipients)", outs, err, sp.ErrNoRecipients)
			for _, k := range []*secp256k1.PrivateKey{nil, zeroKey} {
				for _, tr := range []bool{false, true} {
					outs, err = sp.CreateOutputs([]sp.SenderInput{f.inputs[0], {Key: k, Taproot: tr}}, f.outpoints, recips)
					wantNoSlice(t, "CreateOutputs(bad key)", outs, err, errKey)
				}
			}
			for _, a := range badAddrs {
				outs, err = sp.CreateOutputs(f.inputs, f.outpoints, []*sp.Address{addr, a})
				wantNoSlice(t, "CreateOutputs(bad address)", outs, err, sp.ErrInvalidAddress)
			}
			neg := f.inputs[0].Key.Negate()
			outs, err = sp.CreateOutputs([]sp.SenderInput{f.inputs[0], {Key: neg}}, f.outpoints, recips)
			wantNoSlice(t, "CreateOutputs(zero sum)", outs, err, sp.ErrZeroSum)
			many := make([]*sp.Address, sp.KMax+1)
			for i := range many {
				many[i] = addr
			}
			outs, err = sp.CreateOutputs(f.inputs, f.outpoints, many)
			wantNoSlice(t, "CreateOutputs(KMax+1)", outs, err, sp.ErrTooManyRecipients)
		},
		"silentpayments.TweakData": func(t *testing.T) {
			b, err := sp.TweakData(nil, f.outpoints)
			wantNoSlice(t, "TweakData(no keys)", b, err, sp.ErrNoInputs)
			b, err = sp.TweakData(f.inKeys, nil)
			wantNoSlice(t, "TweakData(no outpoints)", b, err, sp.ErrNoOutpoints)
			for _, k := range []*secp256k1.PublicKey{nil, zeroPub} {
				b, err = sp.TweakData([]*secp256k1.PublicKey{f.inKeys[0], k}, f.outpoints)
				wantNoSlice(t, "TweakData(bad key)", b, err, errPub)
			}
			b, err = sp.TweakData([]*secp256k1.PublicKey{f.inKeys[0], f.inKeys[0].Negate()}, f.outpoints)
			wantNoSlice(t, "TweakData(infinity)", b, err, sp.ErrZeroSum)
		},
		"silentpayments.NewReceiver": func(t *testing.T) {
			for _, k := range []*secp256k1.PrivateKey{nil, zeroKey} {
				r, err := sp.NewReceiver(k, f.spend)
				wantErr(t, "NewReceiver(bad scan key)", r, err, errKey)
			}
			for _, k := range []*secp256k1.PublicKey{nil, zeroPub} {
				r, err := sp.NewReceiver(f.scan, k)
				wantErr(t, "NewReceiver(bad spend key)", r, err, errPub)
			}
		},
		"silentpayments.Receiver.Wipe": func(t *testing.T) {
			nilR.Wipe()
			zeroR.Wipe()
		},
		"silentpayments.Receiver.Address": func(t *testing.T) {
			for _, r := range []*sp.Receiver{nilR, zeroR} {
				a, err := r.Address(sp.Mainnet)
				wantErr(t, "Address", a, err, errKey)
			}
			a, err := f.r.Address(5)
			wantErr(t, "Address(bad network)", a, err, sp.ErrInvalidAddress)
		},
		"silentpayments.Receiver.LabeledAddress": func(t *testing.T) {
			for _, r := range []*sp.Receiver{nilR, zeroR} {
				a, err := r.LabeledAddress(sp.Mainnet, 1)
				wantErr(t, "LabeledAddress", a, err, errKey)
			}
			a, err := f.r.LabeledAddress(5, 1)
			wantErr(t, "LabeledAddress(bad network)", a, err, sp.ErrInvalidAddress)
		},
		"silentpayments.Receiver.Scan": func(t *testing.T) {
			for _, r := range []*sp.Receiver{nilR, zeroR} {
				got, err := r.Scan(f.inKeys, f.outpoints, outputs)
				wantNoSlice(t, "Scan on a bad receiver", got, err, errKey)
			}
			got, err := f.r.Scan(nil, f.outpoints, outputs)
			wantNoSlice(t, "Scan(no keys)", got, err, sp.ErrNoInputs)
			got, err = f.r.Scan(f.inKeys, nil, outputs)
			wantNoSlice(t, "Scan(no outpoints)", got, err, sp.ErrNoOutpoints)
			for _, k := range []*secp256k1.PublicKey{nil, zeroPub} {
				got, err = f.r.Scan([]*secp256k1.PublicKey{k}, f.outpoints, outputs)
				wantNoSlice(t, "Scan(bad key)", got, err, errPub)
			}
			for _, o := range badOutputs {
				got, err = f.r.Scan(f.inKeys, f.outpoints, o)
				wantNoSlice(t, "Scan(bad outputs)", got, err, sp.ErrInvalidOutput)
			}
		},
		"silentpayments.Receiver.ScanTweak": func(t *testing.T) {
			for _, r := range []*sp.Receiver{nilR, zeroR} {
				got, err := r.ScanTweak(tweak, outputs)
				wantNoSlice(t, "ScanTweak on a bad receiver", got, err, errKey)
			}
			bad := slices.Clone(tweak)
			bad[0] = 4
			for _, tw := range [][]byte{nil, {}, tweak[:32], append(slices.Clone(tweak), 0), bad, make([]byte, 33)} {
				got, err := f.r.ScanTweak(tw, outputs)
				wantNoSlice(t, "ScanTweak(bad tweak)", got, err, sp.ErrInvalidTweakData)
			}
			for _, o := range badOutputs {
				got, err := f.r.ScanTweak(tweak, o)
				wantNoSlice(t, "ScanTweak(bad outputs)", got, err, sp.ErrInvalidOutput)
			}
		},
		"silentpayments.FoundOutput.PrivateKey": func(t *testing.T) {
			var nilF *sp.FoundOutput
			k, err := nilF.PrivateKey(f.inputs[0].Key)
			wantErr(t, "PrivateKey on nil", k, err, errKey)
			for _, s := range []*secp256k1.PrivateKey{nil, zeroKey} {
				k, err := (&sp.FoundOutput{}).PrivateKey(s)
				wantErr(t, "PrivateKey(bad key)", k, err, errKey)
			}
			// A tweak that takes the key to zero.
			var fo sp.FoundOutput
			copy(fo.Tweak[:], f.inputs[0].Key.Negate().Bytes())
			k, err = fo.PrivateKey(f.inputs[0].Key)
			wantErr(t, "PrivateKey to zero", k, err, secp256k1.ErrInvalidTweak, errKey)
			copy(fo.Tweak[:], testutil.N.FillBytes(make([]byte, 32)))
			k, err = fo.PrivateKey(f.inputs[0].Key)
			wantErr(t, "PrivateKey(tweak n)", k, err, secp256k1.ErrInvalidTweak, errKey)
		},
	}
}

func TestMisuse(t *testing.T) {
	for name, test := range misuseTable(newScanFixture(t)) {
		t.Run(name, test)
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable(newScanFixture(t))
	exported := testutil.ExportedFuncs(t, ".")
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse case for %s, which is not exported", name)
		}
	}
}
