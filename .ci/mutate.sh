#!/usr/bin/env bash
# Mutation smoke test: builds and runs the tests of each mutant listed in
# internal/cmd/mutate/testdata/known.txt (a few per package, chosen among
# those the full run killed) and fails unless every one is killed, or if the
# code changed under one of them. The full run, and how to read it, is in
# doc/assurance.md ("Mutation testing").
set -euo pipefail
cd "$(dirname "$0")/.."
export GOWORK=off
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/mutate" ./internal/cmd/mutate
"$bin/mutate" -jobs 2 -timeout "${MUTATE_TIMEOUT:-60s}" -known internal/cmd/mutate/testdata/known.txt
