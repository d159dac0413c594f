module github.com/p256k1/secp256k1/geth

go 1.26.0

require (
	github.com/ethereum/go-ethereum v1.17.10
	github.com/p256k1/secp256k1 v0.0.0
)

require (
	github.com/ProjectZKM/Ziren/crates/go-runtime/zkvm_runtime v0.0.0-20251001021608-1fe7b43fc4d6 // indirect
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1 // indirect
	github.com/holiman/uint256 v1.3.2 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace github.com/p256k1/secp256k1 => ../
