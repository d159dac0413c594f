package silentpayments

import "github.com/p256k1/secp256k1"

// CreateOutputsTrace is CreateOutputs that also returns the input key sum
// and the shared secret of each recipient group (in order of first
// appearance), for the vector tests.
func CreateOutputsTrace(inputs []SenderInput, outpoints []Outpoint, recipients []*Address) ([]*secp256k1.XOnlyPublicKey, [32]byte, [][33]byte, error) {
	var tr senderTrace
	out, err := createOutputs(inputs, outpoints, recipients, &tr)
	return out, tr.sum, tr.secrets, err
}

// ScanTrace is Receiver.Scan that also returns ser_P(A) and the shared
// secret, for the vector tests.
func ScanTrace(r *Receiver, inputKeys []*secp256k1.PublicKey, outpoints []Outpoint, outputs [][]byte) ([]FoundOutput, [33]byte, [33]byte, error) {
	var tr receiverTrace
	found, err := r.scanTx(inputKeys, outpoints, outputs, &tr)
	return found, tr.sum, tr.secret, err
}
