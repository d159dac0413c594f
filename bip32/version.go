package bip32

import "fmt"

// Version is the 4-byte version prefix of a serialised extended key. It
// says whether the key is private or public, for which network, and, for
// the SLIP-132 variants, which script type the wallet derives addresses
// for. Only the versions listed below are known; Parse, NewMaster,
// NewPrivate, NewPublic and ExtendedKey.WithVersion reject any other.
type Version uint32

// The known versions: BIP-32's own, and the SLIP-132 prefixes that wallets
// use for BIP-49 (y/Y: P2WPKH or P2WSH nested in P2SH) and BIP-84 (z/Z:
// native P2WPKH or P2WSH) accounts. The capital letters are the multisig
// (P2WSH) variants. BIP-86 (taproot) accounts use the plain xprv/xpub
// and tprv/tpub.
const (
	// Mainnet.
	Xprv         Version = 0x0488ade4 // BIP-32, P2PKH or P2SH
	Xpub         Version = 0x0488b21e
	Yprv         Version = 0x049d7878 // SLIP-132, P2WPKH in P2SH
	Ypub         Version = 0x049d7cb2
	YprvMultisig Version = 0x0295b005 // SLIP-132 "Yprv", P2WSH in P2SH
	YpubMultisig Version = 0x0295b43f // SLIP-132 "Ypub"
	Zprv         Version = 0x04b2430c // SLIP-132, P2WPKH
	Zpub         Version = 0x04b24746
	ZprvMultisig Version = 0x02aa7a99 // SLIP-132 "Zprv", P2WSH
	ZpubMultisig Version = 0x02aa7ed3 // SLIP-132 "Zpub"

	// Testnet (also signet and regtest).
	Tprv         Version = 0x04358394 // BIP-32, P2PKH or P2SH
	Tpub         Version = 0x043587cf
	Uprv         Version = 0x044a4e28 // SLIP-132, P2WPKH in P2SH
	Upub         Version = 0x044a5262
	UprvMultisig Version = 0x024285b5 // SLIP-132 "Uprv", P2WSH in P2SH
	UpubMultisig Version = 0x024289ef // SLIP-132 "Upub"
	Vprv         Version = 0x045f18bc // SLIP-132, P2WPKH
	Vpub         Version = 0x045f1cf6
	VprvMultisig Version = 0x02575048 // SLIP-132 "Vprv", P2WSH
	VpubMultisig Version = 0x02575483 // SLIP-132 "Vpub"
)

// versionInfo describes a known version.
type versionInfo struct {
	v       Version
	name    string  // the first four characters of its keys
	pair    Version // the public version of a private one, and back
	private bool
	testnet bool
}

// versions lists every known version, private before public in each pair.
var versions = [...]versionInfo{
	{Xprv, "xprv", Xpub, true, false}, {Xpub, "xpub", Xprv, false, false},
	{Yprv, "yprv", Ypub, true, false}, {Ypub, "ypub", Yprv, false, false},
	{YprvMultisig, "Yprv", YpubMultisig, true, false}, {YpubMultisig, "Ypub", YprvMultisig, false, false},
	{Zprv, "zprv", Zpub, true, false}, {Zpub, "zpub", Zprv, false, false},
	{ZprvMultisig, "Zprv", ZpubMultisig, true, false}, {ZpubMultisig, "Zpub", ZprvMultisig, false, false},
	{Tprv, "tprv", Tpub, true, true}, {Tpub, "tpub", Tprv, false, true},
	{Uprv, "uprv", Upub, true, true}, {Upub, "upub", Uprv, false, true},
	{UprvMultisig, "Uprv", UpubMultisig, true, true}, {UpubMultisig, "Upub", UprvMultisig, false, true},
	{Vprv, "vprv", Vpub, true, true}, {Vpub, "vpub", Vprv, false, true},
	{VprvMultisig, "Vprv", VpubMultisig, true, true}, {VpubMultisig, "Vpub", VprvMultisig, false, true},
}

// info returns the description of v, or nil for an unknown version.
func (v Version) info() *versionInfo {
	for i := range versions {
		if versions[i].v == v {
			return &versions[i]
		}
	}
	return nil
}

// Known reports whether v is one of the versions this package knows.
func (v Version) Known() bool { return v.info() != nil }

// IsPrivate reports whether v is a known version of private keys.
func (v Version) IsPrivate() bool {
	i := v.info()
	return i != nil && i.private
}

// IsTestnet reports whether v is a known version of testnet keys (tprv,
// tpub and the SLIP-132 u, U, v and V variants).
func (v Version) IsTestnet() bool {
	i := v.info()
	return i != nil && i.testnet
}

// PublicVersion returns the public version that goes with v: Xpub for
// Xprv, Zpub for Zprv and so on, and v itself for a public version. It
// returns an error wrapping ErrInvalidVersion for an unknown version.
func (v Version) PublicVersion() (Version, error) {
	i := v.info()
	if i == nil {
		return 0, unknownVersion(v)
	}
	if i.private {
		return i.pair, nil
	}
	return v, nil
}

// PrivateVersion returns the private version that goes with v: Xprv for
// Xpub, Zprv for Zpub and so on, and v itself for a private version. It
// returns an error wrapping ErrInvalidVersion for an unknown version.
func (v Version) PrivateVersion() (Version, error) {
	i := v.info()
	if i == nil {
		return 0, unknownVersion(v)
	}
	if i.private {
		return v, nil
	}
	return i.pair, nil
}

// String returns the four-character prefix of v's keys ("xprv", "zpub",
// "Ypub", ...) for a known version, and "Version(0x........)" otherwise.
func (v Version) String() string {
	if i := v.info(); i != nil {
		return i.name
	}
	return fmt.Sprintf("Version(%#08x)", uint32(v))
}

func unknownVersion(v Version) error {
	return fmt.Errorf("%w: unknown version %#08x", ErrInvalidVersion, uint32(v))
}
