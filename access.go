package secp256k1

import (
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keyaccess"
	"github.com/p256k1/secp256k1/internal/scalar"
)

func init() {
	keyaccess.PrivateScalar = func(k any) *scalar.Scalar { return &k.(*PrivateKey).d }
	keyaccess.PrivatePublicPoint = func(k any) *group.Affine { return &k.(*PrivateKey).pub.p }
	keyaccess.PublicPoint = func(k any) *group.Affine { return &k.(*PublicKey).p }
	keyaccess.XOnlyPoint = func(k any) *group.Affine { return &k.(*XOnlyPublicKey).p }
	keyaccess.NewPublicKey = func(p *group.Affine) any { return &PublicKey{p: *p} }
	keyaccess.NewPrivateKey = func(d *scalar.Scalar) any { return newPrivateKey(d) }
}
