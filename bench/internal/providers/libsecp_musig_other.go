//go:build !cgo || !unix

package providers

// MuSigRef is libsecp256k1's musig module; it cannot be loaded in this
// build.
type MuSigRef struct{}

// MuSig returns an error in this build.
func (r *LibsecpRef) MuSig() (*MuSigRef, error) { return nil, errNoLibsecp }

// Name is empty in this build.
func (m *MuSigRef) Name() string { return "" }

// MuSigCache is libsecp256k1's secp256k1_musig_keyagg_cache.
type MuSigCache [197]byte

// MuSigSecNonce is libsecp256k1's secp256k1_musig_secnonce.
type MuSigSecNonce [132]byte

// MuSigSession is libsecp256k1's secp256k1_musig_session.
type MuSigSession [133]byte

// KeyAgg is unavailable in this build.
func (m *MuSigRef) KeyAgg(pks, tweaks [][]byte, xonly []bool) (*MuSigCache, []byte, bool) {
	return nil, nil, false
}

// KeyAggX is unavailable in this build.
func (m *MuSigRef) KeyAggX(flatKeys []byte, n int, out *[32]byte) bool { return false }

// NonceGen is unavailable in this build.
func (m *MuSigRef) NonceGen(rand, sk, pk, msg []byte, cache *MuSigCache, extra []byte) (*MuSigSecNonce, []byte, bool) {
	return nil, nil, false
}

// NonceAgg is unavailable in this build.
func (m *MuSigRef) NonceAgg(pubnonces [][]byte) ([]byte, bool) { return nil, false }

// Session is unavailable in this build.
func (m *MuSigRef) Session(cache *MuSigCache, aggnonce, msg []byte) (*MuSigSession, bool) {
	return nil, false
}

// Sign is unavailable in this build.
func (m *MuSigRef) Sign(sn *MuSigSecNonce, sk []byte, cache *MuSigCache, s *MuSigSession) ([]byte, bool) {
	return nil, false
}

// Verify is unavailable in this build.
func (m *MuSigRef) Verify(psig, pubnonce, pk []byte, cache *MuSigCache, s *MuSigSession) bool {
	return false
}

// Aggregate is unavailable in this build.
func (m *MuSigRef) Aggregate(s *MuSigSession, psigs [][]byte) ([]byte, bool) { return nil, false }

// MuSigBench is unavailable in this build.
type MuSigBench struct{}

// NewBench is unavailable in this build.
func (m *MuSigRef) NewBench(sk, pk, msg, pubnonce []byte, psigs [2][]byte, cache *MuSigCache, s *MuSigSession) (*MuSigBench, error) {
	return nil, errNoLibsecp
}

// NonceGen is unavailable in this build.
func (b *MuSigBench) NonceGen(rand []byte, out *[66]byte) bool { return false }

// Sign is unavailable in this build.
func (b *MuSigBench) Sign(sn *MuSigSecNonce, out *[32]byte) bool { return false }

// Verify is unavailable in this build.
func (b *MuSigBench) Verify() bool { return false }

// Aggregate is unavailable in this build.
func (b *MuSigBench) Aggregate(out *[64]byte) bool { return false }
