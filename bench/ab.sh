#!/usr/bin/env bash
# bench/ab.sh PKG BENCHREGEX [ROUNDS] [BENCHTIME] [BASE]: interleaved A/B benchmark of the
# library package PKG in the working tree against the revision BASE (default HEAD): both test
# binaries run alternately ROUNDS times, then benchstat compares them. Run from anywhere in the repository.
set -euo pipefail
pkg=$1; re=$2; rounds=${3:-6}; bt=${4:-1s}; base=${5:-HEAD}
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
(cd "$top" && go test -c -o "$tmp/new.test" "./$pkg")
git -C "$top" worktree add -q --detach "$tmp/base" "$base"
(cd "$tmp/base" && GOWORK=off go test -c -o "$tmp/old.test" "./$pkg")
git -C "$top" worktree remove --force "$tmp/base"
for i in $(seq "$rounds"); do
  (cd "$top/$pkg" && "$tmp/old.test" -test.run XXX -test.bench "$re" -test.benchtime "$bt" -test.benchmem >>"$tmp/old.txt")
  (cd "$top/$pkg" && "$tmp/new.test" -test.run XXX -test.bench "$re" -test.benchtime "$bt" -test.benchmem >>"$tmp/new.txt")
done
go run golang.org/x/perf/cmd/benchstat@latest "$tmp/old.txt" "$tmp/new.txt"
