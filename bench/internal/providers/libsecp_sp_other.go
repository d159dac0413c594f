//go:build !cgo || !unix

package providers

// SilentPaymentsRef is libsecp256k1's silentpayments module; it cannot be
// loaded in this build.
type SilentPaymentsRef struct{}

// LibsecpSilentPayments returns an error in this build.
func LibsecpSilentPayments() (*SilentPaymentsRef, error) { return nil, errNoLibsecp }

// Describe is empty in this build.
func (r *SilentPaymentsRef) Describe() string { return "" }

// SPSend is unavailable in this build.
type SPSend struct{}

// NewSend returns an error in this build.
func (r *SilentPaymentsRef) NewSend(recipients [][2][]byte, outpointL []byte, taproot, plain [][]byte) (*SPSend, error) {
	return nil, errNoLibsecp
}

// Run is unavailable in this build.
func (b *SPSend) Run() bool { return false }

// Outputs is unavailable in this build.
func (b *SPSend) Outputs() [][]byte { return nil }

// CreateOutputs is unavailable in this build.
func (r *SilentPaymentsRef) CreateOutputs(recipients [][2][]byte, outpointL []byte, taproot, plain [][]byte) ([][]byte, bool) {
	return nil, false
}

// LabeledSpendKey is unavailable in this build.
func (r *SilentPaymentsRef) LabeledSpendKey(spend, scan []byte, m uint32) ([]byte, bool) {
	return nil, false
}

// SPFound is a found output of scan_outputs.
type SPFound struct {
	Output  [32]byte
	Tweak   [32]byte
	Labeled bool
	Label   [33]byte
}

// SPScan is unavailable in this build.
type SPScan struct{}

// NewScan returns an error in this build.
func (r *SilentPaymentsRef) NewScan(outputs [][]byte, scan, outpointL []byte, xonlyInputs, inputs [][]byte, spend []byte, labels []uint32) (*SPScan, error) {
	return nil, errNoLibsecp
}

// Run is unavailable in this build.
func (b *SPScan) Run() int { return -1 }

// Found is unavailable in this build.
func (b *SPScan) Found(n int) []SPFound { return nil }
