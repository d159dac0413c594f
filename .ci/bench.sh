#!/usr/bin/env bash
# CI for the benchmark module (bench/): builds secp256k1-bench, runs it in
# quick mode (with the native anchor when cargo is there), fails unless
# every available provider passes the correctness gate, runs the bench
# module's tests and each differential fuzz target for a few seconds.
# Called by .ci/run as `bash .ci/bench.sh`.
set -euo pipefail

cd "$(dirname "$0")/.."
# .ci/run exports GOWORK=off to test the library module alone; the tool is
# built the way the README runs it, through the go.work at the root.
unset GOWORK
FUZZTIME=${BENCH_FUZZTIME:-3s}
# shellcheck source=.ci/fuzzone.sh
. .ci/fuzzone.sh
OUT=${BENCH_OUT:-$(mktemp -d)}

log() { printf '\n== %s\n' "$*"; }

log "go vet and gofmt (bench module)"
(cd bench && go vet ./...)
unformatted=$(gofmt -l bench)
if [ -n "$unformatted" ]; then
	echo "gofmt needed:"; echo "$unformatted"; exit 1
fi
(cd bench && go mod verify >/dev/null)

log "build secp256k1-bench"
go build -o "$OUT/secp256k1-bench" ./bench/cmd/secp256k1-bench

# Both libsecp256k1 copies are optional for the tool (a provider that
# cannot run is reported unavailable, with the reason), but CI should
# compare against them:
# - libsecp256k1 (the reference and baseline): libsecp256k1 0.8 built from
#   the sources of the Rust crate secp256k1-sys, fetched with cargo and
#   compiled with cc into a cached shared object on the first --list. With
#   cargo and cc present it must be available.
# - libsecp256k1-<version> (the system library, Debian 12: 0.2): the tool
#   loads it at run time, so ask the tool whether it finds it, and install
#   it when apt-get is there. No sudo: CI runs as root.
providers=$("$OUT/secp256k1-bench" --list)
if ! grep -q '(system shared library).* available$' <<<"$providers"; then
	if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		log "installing libsecp256k1-dev"
		if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsecp256k1-dev >/dev/null 2>&1; then
			apt-get update -q >/dev/null 2>&1 || true
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsecp256k1-dev >/dev/null 2>&1 ||
				echo "warning: could not install libsecp256k1-dev; the system libsecp256k1 provider will be unavailable"
		fi
	else
		echo "note: the system libsecp256k1 not found and apt-get unavailable (or not root); its provider will be unavailable"
	fi
fi
providers=$("$OUT/secp256k1-bench" --list)
echo "$providers"
native=()
: "${CC:=cc}"
if command -v cargo >/dev/null 2>&1 && command -v "${CC%% *}" >/dev/null 2>&1; then
	if ! grep -q '^libsecp256k1 .* available$' <<<"$providers"; then
		echo "cargo and a C compiler are installed, but the libsecp256k1 0.8 reference is unavailable (see above)"
		exit 1
	fi
	native=(--native)
else
	echo "note: no cargo or no C compiler: libsecp256k1 0.8 and the native anchor are not compared"
fi

log "quick run (--measure=100ms --n=500 ${native[*]}); exits non-zero on any gate FAIL"
"$OUT/secp256k1-bench" --measure=100ms --warmup=50ms --n=500 --quiet "${native[@]}" \
	--json="$OUT/bench.json" --svg="$OUT/bench.svg"
test -s "$OUT/bench.json" && test -s "$OUT/bench.svg"

log "bench module tests"
(cd bench && go test -count=1 ./...)

log "go-ethereum's backend without cgo (decred's code): the Ethereum, BIP-137 and crypto/elliptic differential tests"
(cd bench && CGO_ENABLED=0 go test -count=1 -run 'Ethereum|BIP137|S256VsGeth|SignerVsBtcec' ./difftest)

# Every Fuzz target of bench/difftest, the libsecp256k1 0.8 ones included
# (*_libsecp_test.go, sequence_*_test.go, musig2*_test.go, ellswift_test.go,
# silentpayments_test.go: about 3 minutes together); the long run is
# bench/fuzz-long.sh.
log "differential fuzzing ($FUZZTIME per target)"
for target in $(cd bench && go test -list '^Fuzz' ./difftest | grep '^Fuzz'); do
	echo "-- $target"
	fuzz_one bench ./difftest "$target" "$FUZZTIME" -fuzzminimizetime 1s -parallel 2
done

log "bench CI passed (reports in $OUT)"
