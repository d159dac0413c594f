module github.com/p256k1/secp256k1

go 1.26.0

require golang.org/x/sys v0.49.0
