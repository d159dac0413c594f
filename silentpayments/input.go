package silentpayments

import (
	"bytes"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ripemd160"
)

// numsH is the x coordinate of BIP-341's NUMS point H, the internal key
// of taproot outputs without a key path: a script-path spend with H as
// internal key contributes no key to the shared secret.
var numsH = [32]byte{
	0x50, 0x92, 0x9b, 0x74, 0xc1, 0xa0, 0x49, 0x54, 0xb7, 0x8b, 0x4b, 0x60, 0x35, 0xe9, 0x7a, 0x5e,
	0x07, 0x8a, 0x5a, 0x0f, 0x28, 0xec, 0x96, 0xd5, 0x47, 0xbf, 0xee, 0x9a, 0xce, 0x80, 0x3a, 0xc0,
}

// The output script templates of BIP-352's eligible inputs.
func isP2TR(s []byte) bool   { return len(s) == 34 && s[0] == 0x51 && s[1] == 0x20 }
func isP2WPKH(s []byte) bool { return len(s) == 22 && s[0] == 0x00 && s[1] == 0x14 }
func isP2SH(s []byte) bool   { return len(s) == 23 && s[0] == 0xa9 && s[1] == 0x14 && s[22] == 0x87 }
func isP2PKH(s []byte) bool {
	return len(s) == 25 && s[0] == 0x76 && s[1] == 0xa9 && s[2] == 0x14 && s[23] == 0x88 && s[24] == 0xac
}

// witnessVersion returns the version of a BIP-141 witness program (a push
// of 0 to 16 followed by one direct push of 2 to 40 bytes), or -1 if s is
// not one.
func witnessVersion(s []byte) int {
	if len(s) < 4 || len(s) > 42 || int(s[1]) != len(s)-2 {
		return -1
	}
	switch {
	case s[0] == 0x00:
		return 0
	case s[0] >= 0x51 && s[0] <= 0x60:
		return int(s[0]) - 0x50
	}
	return -1
}

// InputPublicKey returns the public key that a transaction input
// contributes to BIP-352's shared secret, from the script of the output it
// spends (prevoutScript), its scriptSig and its witness stack:
//
//   - P2TR: the output key of the script (x-only, as the point with even
//     y), unless the input is a script-path spend whose control block
//     names the NUMS point H as internal key (an annex, a last witness item
//     starting with 0x50, is ignored);
//   - P2WPKH: the last witness item;
//   - P2SH-P2WPKH (a scriptSig of exactly the push of 0x0014 and a 20-byte
//     hash): the last witness item;
//   - P2PKH: the compressed key in the scriptSig whose HASH160 is the
//     script's hash, searched from the end of the scriptSig byte by byte so
//     that malleated scriptSigs are read too.
//
// The key must be a valid compressed key (a valid x-only key for P2TR).
// An input without an eligible key returns an error wrapping
// ErrNotEligible (leave it out); an input that spends a segwit output of
// version 2 or higher returns one wrapping ErrSegwitVersion (the whole
// transaction must be skipped). Like BIP-352's reference, it trusts the
// transaction to be valid: it does not check the P2SH and P2WPKH hashes.
// The inputs are public; execution time depends on them.
func InputPublicKey(prevoutScript, scriptSig []byte, witness [][]byte) (*secp256k1.PublicKey, error) {
	switch {
	case isP2PKH(prevoutScript):
		if k := p2pkhKey(prevoutScript[3:23], scriptSig); k != nil {
			return k, nil
		}
		return nil, fmt.Errorf("%w: no compressed key in the P2PKH scriptSig matches the key hash", ErrNotEligible)
	case isP2SH(prevoutScript):
		if len(scriptSig) != 23 || scriptSig[0] != 22 || !isP2WPKH(scriptSig[1:]) {
			return nil, fmt.Errorf("%w: P2SH input that is not P2SH-P2WPKH", ErrNotEligible)
		}
		return lastWitnessKey(witness)
	case isP2WPKH(prevoutScript):
		return lastWitnessKey(witness)
	case isP2TR(prevoutScript):
		return taprootKey(prevoutScript[2:], witness)
	case witnessVersion(prevoutScript) > 1:
		return nil, fmt.Errorf("%w: version %d", ErrSegwitVersion, witnessVersion(prevoutScript))
	}
	return nil, fmt.Errorf("%w: not a P2TR, P2WPKH, P2SH-P2WPKH or P2PKH output", ErrNotEligible)
}

// p2pkhKey returns the valid compressed key among the 33-byte windows of
// scriptSig whose HASH160 is hash, the last such window first, or nil.
func p2pkhKey(hash, scriptSig []byte) *secp256k1.PublicKey {
	for end := len(scriptSig); end >= 33; end-- {
		w := scriptSig[end-33 : end]
		if w[0] != 2 && w[0] != 3 {
			continue // no compressed key starts here
		}
		if h := ripemd160.Hash160(w); !bytes.Equal(h[:], hash) {
			continue
		}
		if k, err := secp256k1.NewPublicKey(w); err == nil {
			return k
		}
	}
	return nil
}

// lastWitnessKey returns the last witness item as a compressed key.
func lastWitnessKey(witness [][]byte) (*secp256k1.PublicKey, error) {
	if len(witness) == 0 {
		return nil, fmt.Errorf("%w: empty witness", ErrNotEligible)
	}
	k, err := compressedKey(witness[len(witness)-1])
	if err != nil {
		return nil, fmt.Errorf("%w: the last witness item is not a compressed key: %w", ErrNotEligible, err)
	}
	return k, nil
}

// taprootKey returns the output key x of a P2TR input with the given
// witness, unless it is a script-path spend with H as internal key.
func taprootKey(x []byte, witness [][]byte) (*secp256k1.PublicKey, error) {
	if len(witness) == 0 {
		return nil, fmt.Errorf("%w: empty witness", ErrNotEligible)
	}
	stack := witness
	if len(stack) > 1 && len(stack[len(stack)-1]) > 0 && stack[len(stack)-1][0] == 0x50 {
		stack = stack[:len(stack)-1] // the annex
	}
	if len(stack) > 1 { // a script-path spend: the last item is the control block
		if cb := stack[len(stack)-1]; len(cb) >= 33 && [32]byte(cb[1:33]) == numsH {
			return nil, fmt.Errorf("%w: script-path spend with the NUMS point H as internal key", ErrNotEligible)
		}
	}
	xo, err := secp256k1.NewXOnlyPublicKey(x)
	if err != nil {
		return nil, fmt.Errorf("%w: the output key is not on the curve: %w", ErrNotEligible, err)
	}
	return xo.PublicKey(), nil
}
