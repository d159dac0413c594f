# Sourced by .ci/fuzz.sh and .ci/bench.sh.
#
# fuzz_one DIR PKG TARGET FUZZTIME [go test flags...] runs one native fuzz
# target for FUZZTIME in DIR. Go 1.26's fuzzing coordinator has a race
# (golang/go#75804, fixed in Go 1.27) that can fail a run with a bare
# "context deadline exceeded" exactly when a duration -fuzztime expires,
# without any failing input. Such a run is repeated once with a count-based
# limit (-fuzztime=Nx), which has no deadline and cannot hit the race; any
# other failure, or a new file under testdata/fuzz/TARGET (a crasher), fails.
fuzz_one() {
  local dir=$1 pkg=$2 target=$3 fuzztime=$4
  shift 4
  local log corpus before after
  log=$(mktemp)
  corpus="$(cd "$dir" && go list -f '{{.Dir}}' "$pkg")/testdata/fuzz/$target"
  before=$(ls "$corpus" 2>/dev/null | sort | sha256sum || true)
  if (cd "$dir" && go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$@" "$pkg") >"$log" 2>&1; then
    tail -n 3 "$log"
    rm -f "$log"
    return 0
  fi
  after=$(ls "$corpus" 2>/dev/null | sort | sha256sum || true)
  if grep -q 'context deadline exceeded' "$log" && [ "$before" = "$after" ]; then
    tail -n 3 "$log"
    echo "fuzz: $target hit the Go 1.26 fuzztime race (golang/go#75804, no failing input); rerunning with a count limit"
    rm -f "$log"
    (cd "$dir" && go test -run '^$' -fuzz "^${target}\$" -fuzztime 2000x "$@" "$pkg")
    return
  fi
  cat "$log"
  rm -f "$log"
  return 1
}
