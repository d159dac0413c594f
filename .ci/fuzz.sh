#!/usr/bin/env bash
# Smoke-fuzzes every native fuzz target of the library module, one target per
# `go test` run (go test -fuzz takes exactly one target): FUZZTIME each
# (default 5s). Targets are found by reading the test files of every package
# of the module (nested modules such as bench/ are not part of it). New
# crashers are written to the package's testdata/fuzz/FuzzX/ by go test;
# commit them so that they run as regression tests in plain `go test`.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOWORK=off
fuzztime=${FUZZTIME:-5s}
# shellcheck source=.ci/fuzzone.sh
. .ci/fuzzone.sh

# "importpath FuzzName" for every target of every package.
list_targets() {
  local pkg dir files f
  go list -f '{{.ImportPath}} {{.Dir}} {{join .TestGoFiles " "}} {{join .XTestGoFiles " "}}' ./... |
    while read -r pkg dir files; do
      for f in $files; do
        sed -nE 's/^func (Fuzz[A-Za-z0-9_]*)\([A-Za-z_][A-Za-z0-9_]* \*testing\.F\).*/\1/p' "$dir/$f"
      done | sort -u | sed "s|^|$pkg |"
    done
}
go list ./... >/dev/null # fail here, not with an empty list, if the module is broken
mapfile -t targets < <(list_targets)

if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz: no fuzz targets found"
  exit 0
fi
echo "fuzz: ${#targets[@]} targets, $fuzztime each"
for t in "${targets[@]}"; do
  read -r pkg name <<<"$t"
  echo "fuzz: $pkg $name"
  fuzz_one . "$pkg" "$name" "$fuzztime"
done
