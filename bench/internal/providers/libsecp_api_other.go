//go:build !cgo || !unix

package providers

// LibsecpAPI is the libsecp256k1 0.8 API for the differential fuzz targets;
// it cannot be loaded in this build.
type LibsecpAPI struct{}

// MaxCombineKeys is the largest number of keys PubkeyCombine and PubkeySort
// take.
const MaxCombineKeys = 64

// LibsecpAPI08 returns an error in this build.
func LibsecpAPI08() (*LibsecpAPI, error) { return nil, errNoLibsecp }

// Name is empty in this build.
func (a *LibsecpAPI) Name() string { return "" }

// SeckeyVerify is unavailable in this build.
func (a *LibsecpAPI) SeckeyVerify(sk []byte) bool { return false }

// PubkeyCreate is unavailable in this build.
func (a *LibsecpAPI) PubkeyCreate(sk []byte) ([]byte, bool) { return nil, false }

// SeckeyNegate is unavailable in this build.
func (a *LibsecpAPI) SeckeyNegate(sk []byte) ([]byte, bool) { return nil, false }

// SeckeyTweakAdd is unavailable in this build.
func (a *LibsecpAPI) SeckeyTweakAdd(sk, tweak []byte) ([]byte, bool) { return nil, false }

// SeckeyTweakMul is unavailable in this build.
func (a *LibsecpAPI) SeckeyTweakMul(sk, tweak []byte) ([]byte, bool) { return nil, false }

// PubkeyParse is unavailable in this build.
func (a *LibsecpAPI) PubkeyParse(in []byte) (comp, uncomp []byte, ok bool) { return nil, nil, false }

// PubkeyNegate is unavailable in this build.
func (a *LibsecpAPI) PubkeyNegate(in []byte) ([]byte, bool) { return nil, false }

// PubkeyTweakAdd is unavailable in this build.
func (a *LibsecpAPI) PubkeyTweakAdd(in, tweak []byte) ([]byte, bool) { return nil, false }

// PubkeyTweakMul is unavailable in this build.
func (a *LibsecpAPI) PubkeyTweakMul(in, tweak []byte) ([]byte, bool) { return nil, false }

// PubkeyCombine is unavailable in this build.
func (a *LibsecpAPI) PubkeyCombine(pubs [][]byte) ([]byte, bool) { return nil, false }

// PubkeySort is unavailable in this build.
func (a *LibsecpAPI) PubkeySort(pubs [][]byte) ([][]byte, bool) { return nil, false }

// PubkeyCmp is unavailable in this build.
func (a *LibsecpAPI) PubkeyCmp(x, y []byte) (int, bool) { return 0, false }

// XOnlyFromPubkey is unavailable in this build.
func (a *LibsecpAPI) XOnlyFromPubkey(in []byte) (x []byte, odd, ok bool) { return nil, false, false }

// XOnlyParse is unavailable in this build.
func (a *LibsecpAPI) XOnlyParse(x32 []byte) ([]byte, bool) { return nil, false }

// XOnlyTweakAdd is unavailable in this build.
func (a *LibsecpAPI) XOnlyTweakAdd(x32, tweak []byte) ([]byte, bool) { return nil, false }

// XOnlyTweakAddCheck is unavailable in this build.
func (a *LibsecpAPI) XOnlyTweakAddCheck(tweaked32 []byte, odd bool, x32, tweak []byte) (valid, ok bool) {
	return false, false
}

// XOnlyCmp is unavailable in this build.
func (a *LibsecpAPI) XOnlyCmp(x, y []byte) (int, bool) { return 0, false }

// Keypair is unavailable in this build.
func (a *LibsecpAPI) Keypair(sk []byte) (sec, pub, x []byte, odd, ok bool) {
	return nil, nil, nil, false, false
}

// KeypairXOnlyTweakAdd is unavailable in this build.
func (a *LibsecpAPI) KeypairXOnlyTweakAdd(sk, tweak []byte) (sec, pub, x []byte, odd, ok bool) {
	return nil, nil, nil, false, false
}

// ECDSASign is unavailable in this build.
func (a *LibsecpAPI) ECDSASign(sk, hash32, ndata []byte) (compact, der []byte, ok bool) {
	return nil, nil, false
}

// ECDSASignRecoverable is unavailable in this build.
func (a *LibsecpAPI) ECDSASignRecoverable(sk, hash32, ndata []byte) (compact []byte, recid int, converted []byte, ok bool) {
	return nil, 0, nil, false
}

// ECDSARecover is unavailable in this build.
func (a *LibsecpAPI) ECDSARecover(sig64 []byte, recid int, hash32 []byte) ([]byte, bool) {
	return nil, false
}

// SigParseCompact is unavailable in this build.
func (a *LibsecpAPI) SigParseCompact(in64 []byte) (compact, normalized []byte, high, ok bool) {
	return nil, nil, false, false
}

// SigSerializeDER is unavailable in this build.
func (a *LibsecpAPI) SigSerializeDER(compact64 []byte) ([]byte, bool) { return nil, false }

// SigParseDER is unavailable in this build.
func (a *LibsecpAPI) SigParseDER(der []byte) ([]byte, bool) { return nil, false }

// ECDSAVerify is unavailable in this build.
func (a *LibsecpAPI) ECDSAVerify(sig64, pub, hash32 []byte) bool { return false }

// SchnorrSign is unavailable in this build.
func (a *LibsecpAPI) SchnorrSign(sk, msg, aux []byte) ([]byte, bool) { return nil, false }

// SchnorrSign32 is unavailable in this build.
func (a *LibsecpAPI) SchnorrSign32(sk, msg32, aux []byte) ([]byte, bool) { return nil, false }

// SchnorrVerify is unavailable in this build.
func (a *LibsecpAPI) SchnorrVerify(x32, msg, sig64 []byte) bool { return false }

// TaggedSHA256 is unavailable in this build.
func (a *LibsecpAPI) TaggedSHA256(tag, msg []byte) ([]byte, bool) { return nil, false }

// LaxDERRef is libsecp256k1's lax DER parser; it cannot be loaded in this
// build.
type LaxDERRef struct{}

// LibsecpLaxDER returns an error in this build.
func LibsecpLaxDER() (*LaxDERRef, error) { return nil, errNoLibsecp }

// Parse is unavailable in this build.
func (r *LaxDERRef) Parse(der []byte) ([]byte, bool) { return nil, false }
