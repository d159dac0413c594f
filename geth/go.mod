module github.com/p256k1/secp256k1/geth

go 1.26.0

require (
	github.com/ethereum/go-ethereum v1.17.10
	github.com/p256k1/secp256k1 v0.0.0
)

require (
	github.com/holiman/uint256 v1.3.2 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace github.com/p256k1/secp256k1 => ../
