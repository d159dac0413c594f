package providers

import h "github.com/p256k1/secp256k1/bench/internal/harness"

// ethSigs returns the dataset's signatures in Ethereum's 65-byte form
// r||s||v with v the recovery id (0 or 1), the input of the
// ecdsa_recover_ethereum case.
func ethSigs(items []h.Item) [][65]byte {
	sigs := make([][65]byte, len(items))
	for i := range sigs {
		copy(sigs[i][:64], items[i].SigCompact[:])
		sigs[i][64] = items[i].RecID
	}
	return sigs
}
