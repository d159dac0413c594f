#!/usr/bin/env bash
# Machine-code check of the constant-time functions: builds the ctgrind
# harness (which links every secret-handling path of the library) three
# ways -- the default amd64 build (assembly kernels), -tags purego (the Go
# kernels) and GOAMD64=v3 (the compiler's other instruction choices) --
# and lets internal/cmd/ctobjdump disassemble every function of
# internal/field, internal/scalar, internal/modinv, internal/group and
# internal/ecmult with GNU objdump (Go's own objdump mis-decodes MULX, ADCX
# and ADOX). It fails on a division, a bounds/shift/division check, a
# conditional branch that is not on the allow-list (loop back-edges over
# public counts and documented public checks, each named by function and
# source line), a call to a function that is not checked, and on allow-list
# entries that no longer match anything. Variable-time functions (VarTime
# in the name) and the public-data multi-scalar multiplication are listed
# and skipped (internal/cmd/ctobjdump/rules.go, doc/constant-time.md).
# Then -canary checks a package of planted leaks (a loop on a secret, a
# division, a bounds check, a call out), each of which must be reported.
#
# Needs linux/amd64; installs binutils with apt-get when GNU objdump is
# missing. Run from anywhere; takes about 15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ "$(go env GOOS)/$(go env GOARCH)" != "linux/amd64" ]; then
  echo "objdump: skipped: needs linux/amd64, this is $(go env GOOS)/$(go env GOARCH)"
  exit 0
fi

if ! objdump --version 2>/dev/null | grep -q "GNU objdump"; then
  echo "objdump: installing binutils"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  if [ "${CI_APT_UPDATED:-}" != 1 ]; then
    $sudo apt-get update -qq
    export CI_APT_UPDATED=1
  fi
  $sudo apt-get install -y -qq --no-install-recommends binutils >/dev/null
fi
objdump --version | head -1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The binaries keep their DWARF (the allow-list matches source lines) and
# absolute file names (no -trimpath; -root covers it otherwise).
GOOS=linux GOARCH=amd64 go build -o "$tmp/ctgrind" ./internal/cmd/ctgrind
GOOS=linux GOARCH=amd64 go build -tags purego -o "$tmp/ctgrind-purego" ./internal/cmd/ctgrind
GOOS=linux GOARCH=amd64 GOAMD64=v3 go build -o "$tmp/ctgrind-v3" ./internal/cmd/ctgrind
go build -o "$tmp/canary" ./internal/cmd/ctobjdump/testdata/canary
go build -o "$tmp/ctobjdump" ./internal/cmd/ctobjdump

status=0
echo "objdump: checking the constant-time functions (default, purego, GOAMD64=v3 builds)"
if ! "$tmp/ctobjdump" -root "$root" "$tmp/ctgrind" "$tmp/ctgrind-purego" "$tmp/ctgrind-v3"; then
  status=1
fi
echo "objdump: checking that the check reports planted leaks (-canary)"
if ! "$tmp/ctobjdump" -root "$root" -canary "$tmp/canary"; then
  status=1
fi

if [ "$status" != 0 ]; then
  echo "objdump: FAIL"
  exit 1
fi
echo "objdump: ok"
