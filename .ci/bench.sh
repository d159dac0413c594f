#!/usr/bin/env bash
# CI for the benchmark module (bench/): builds secp256k1-bench, runs it in
# quick mode, fails unless every available provider passes the correctness
# gate, runs the bench module's tests and each differential fuzz target for
# a few seconds. Called by .ci/run as `bash .ci/bench.sh`.
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

# The system libsecp256k1 is optional for the tool (the provider is then
# reported unavailable), but CI should compare against it: the tool loads it
# at run time, so ask the tool whether it finds it, and install it when
# apt-get is there. No sudo: CI runs as root.
providers=$("$OUT/secp256k1-bench" --list)
if ! grep -q '^libsecp256k1 .* available$' <<<"$providers"; then
	if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
		log "installing libsecp256k1-dev"
		if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsecp256k1-dev >/dev/null 2>&1; then
			apt-get update -q >/dev/null 2>&1 || true
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsecp256k1-dev >/dev/null 2>&1 ||
				echo "warning: could not install libsecp256k1-dev; the libsecp256k1 provider will be unavailable"
		fi
	else
		echo "note: libsecp256k1 not found and apt-get unavailable (or not root); its provider will be unavailable"
	fi
fi
"$OUT/secp256k1-bench" --list

log "quick run (--measure=100ms --n=500); exits non-zero on any gate FAIL"
"$OUT/secp256k1-bench" --measure=100ms --warmup=50ms --n=500 --quiet \
	--json="$OUT/bench.json" --svg="$OUT/bench.svg"
test -s "$OUT/bench.json" && test -s "$OUT/bench.svg"

log "bench module tests"
(cd bench && go test -count=1 ./...)

log "differential fuzzing ($FUZZTIME per target)"
for target in $(cd bench && go test -list '^Fuzz' ./difftest | grep '^Fuzz'); do
	echo "-- $target"
	fuzz_one bench ./difftest "$target" "$FUZZTIME" -fuzzminimizetime 1s -parallel 2
done

log "bench CI passed (reports in $OUT)"
