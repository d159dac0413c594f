//go:build !cgo || !unix

package providers

// EllSwiftRef is libsecp256k1's ellswift module; it cannot be loaded in
// this build.
type EllSwiftRef struct{}

// EllSwift returns an error in this build.
func (r *LibsecpRef) EllSwift() (*EllSwiftRef, error) { return nil, errNoLibsecp }

// Name is empty in this build.
func (e *EllSwiftRef) Name() string { return "" }

// EllSwiftPubkey is libsecp256k1's parsed secp256k1_pubkey.
type EllSwiftPubkey [64]byte

// ParsePubkey is unavailable in this build.
func (e *EllSwiftRef) ParsePubkey(pub33 []byte) (*EllSwiftPubkey, bool) { return nil, false }

// Encode is unavailable in this build.
func (e *EllSwiftRef) Encode(pk *EllSwiftPubkey, rnd *[32]byte, out *[64]byte) bool { return false }

// Create is unavailable in this build.
func (e *EllSwiftRef) Create(sk *[32]byte, aux *[32]byte, out *[64]byte) bool { return false }

// Decode is unavailable in this build.
func (e *EllSwiftRef) Decode(enc *[64]byte, out *[33]byte) bool { return false }

// XDH is unavailable in this build.
func (e *EllSwiftRef) XDH(ellA, ellB *[64]byte, sk *[32]byte, responder bool, out *[32]byte) bool {
	return false
}
