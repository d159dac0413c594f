#!/usr/bin/env bash
# Statistical timing test ("dudect") of the operations on secrets:
# internal/cmd/dudect times key generation, ECDSA and Schnorr signing,
# ECDH, TweakAdd, BIP-32 hardened and normal private derivation and MuSig2
# partial signing on a fixed secret and on random secrets, interleaved at
# random, and compares the classes with Welch's t-test (uncropped, cropped
# at 100 percentiles, second order), as dudect does.
#
# The gate: N measurements per operation (N below; about 1 minute on 2
# cores), each operation must end with max |t| < 10; an operation that does
# not is measured once more from scratch (a noisy neighbour can push one
# run over), and fails if it fails again. Then the canary, key generation
# with a planted leak (one more loop iteration when bit 0 of the key is
# set), must fail the same test, or the gate is blind.
#
# Long mode: any arguments are handed to the harness instead, and the
# canary is skipped, e.g.
#
#	bash .ci/dudect.sh -duration 2h -report 10m
#	bash .ci/dudect.sh -duration 30m -targets all -fixed <64 hex digits>
#
# Needs amd64 (the time-stamp counter; under an emulator timings mean
# nothing). Run from anywhere. See doc/constant-time.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# Measurements per operation in the gate (doc/constant-time.md says why).
N=${DUDECT_N:-200000}

if [ "$(go env GOARCH)" != "amd64" ]; then
  echo "dudect: skipped: needs amd64, this is $(go env GOARCH)"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/dudect" ./internal/cmd/dudect

if [ $# -gt 0 ]; then
  exec "$tmp/dudect" "$@"
fi

status=0
echo "dudect: the gate: $N measurements per operation, |t| < 10, one retry"
if ! "$tmp/dudect" -n "$N" -retry 1; then
  status=1
fi

echo "dudect: checking that the gate fails on a planted leak (-canary)"
set +e
"$tmp/dudect" -canary -n "$N" -retry 0
rc=$?
set -e
case $rc in
  1) echo "dudect: the canary's leak was detected, as it must be" ;;
  0)
    echo "dudect: FAIL: the canary's planted leak was not detected: the gate is blind"
    status=1
    ;;
  *)
    echo "dudect: FAIL: the canary run failed (exit $rc)"
    status=1
    ;;
esac

if [ "$status" != 0 ]; then
  echo "dudect: FAIL"
  exit 1
fi
echo "dudect: ok"
