module github.com/p256k1/secp256k1

go 1.26
