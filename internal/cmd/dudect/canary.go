package main

import "crypto/sha256"

// canaryRounds is the cost of one iteration of the canary's leaky loop, in
// SHA-256 hashes of 32 bytes: one is about 130 cycles here, under 1 % of a
// key generation.
const canaryRounds = 1

// canary is keygen with a planted timing leak: after the key generation,
// a loop runs once more when bit 0 of the secret key is set. The fixed
// class (the key 1 by default) always takes the extra iteration, the
// random class half the time, so the gate must report it. It is the
// harness's own code, not the library's: -canary runs it to show that the
// gate can fail.
type canary struct {
	keygen
	sink [32]byte
}

func newCanary(n int) runner { return &canary{keygen: *newKeygen(n).(*keygen)} }

func (r *canary) run(i int) {
	r.keygen.run(i)
	iterations := 1 + int(r.in[i][31]&1) // a branch on a secret bit
	for range iterations {
		for range canaryRounds {
			r.sink = sha256.Sum256(r.sink[:])
		}
	}
}
