#!/usr/bin/env bash
# Constant-time check with valgrind memcheck ("ctgrind"), the Go counterpart of
# libsecp256k1's ctime_tests: internal/cmd/ctgrind marks private keys, signing
# randomness and curve's scalars and points undefined (internal/ctcheck) and
# runs key generation, ECDSA and BIP-340 signing, ECDH, the nostr signer and
# every constant-time function of package curve; memcheck then reports every
# branch and memory address that depends on a secret.
# internal/cmd/ctgrind/vgreport reads the XML report and fails on any error
# traced to our secrets, raised in this module's code (library or harness),
# caused by a value our code never wrote, or raised in the standard library
# below library code; only the Go runtime's own errors and leak reports are
# ignored (doc/constant-time.md). A second run with -canary executes a
# deliberately leaky function and must be reported, or the harness is broken.
#
# Needs linux/amd64 (the client-request stub is amd64 assembly) and valgrind;
# installs valgrind with apt-get when it is missing. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ "$(go env GOOS)/$(go env GOARCH)" != "linux/amd64" ]; then
  echo "ctgrind: skipped: needs linux/amd64, this is $(go env GOOS)/$(go env GOARCH)"
  exit 0
fi

if ! command -v valgrind >/dev/null 2>&1; then
  echo "ctgrind: installing valgrind"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  if [ "${CI_APT_UPDATED:-}" != 1 ]; then
    $sudo apt-get update -qq
    export CI_APT_UPDATED=1
  fi
  $sudo apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi
valgrind --version

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Go >= 1.25 writes DWARF 5, which valgrind < 3.20 reads only in part
# ("unhandled DW_FORM_addrx"); DWARF 4 gives complete file:line information.
# Fall back to the default if the toolchain no longer knows the experiment.
if ! GOEXPERIMENT=nodwarf5 go build -tags valgrind -o "$tmp/ctgrind" ./internal/cmd/ctgrind 2>"$tmp/build.log"; then
  go build -tags valgrind -o "$tmp/ctgrind" ./internal/cmd/ctgrind
fi
go build -o "$tmp/vgreport" ./internal/cmd/ctgrind/vgreport

# GOMAXPROCS=1 and no asynchronous preemption keep the runtime's own
# (ignored) reports few and the run deterministic. --error-limit=no: memcheck
# otherwise stops reporting new errors after 1000 contexts, and the runtime
# alone produces about 500.
memcheck() {
  local xml=$1
  shift
  GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=memcheck \
    --leak-check=no --track-origins=yes --error-limit=no --num-callers=50 \
    --xml=yes --xml-file="$xml" --log-file="$xml.log" \
    "$tmp/ctgrind" "$@"
}

# judge NAME [VGREPORT FLAGS] -- [HARNESS FLAGS] runs the harness under
# memcheck and judges its report. A run is inconclusive when valgrind itself
# aborts ("the 'impossible' happened": valgrind 3.19's leak check at exit now
# and then trips over the Go runtime's heap annotations, after the harness
# has finished) or when vgreport exits 3 (every failure an invalid read or
# write, which those annotations produce now and then, never a secret's);
# such a run is repeated, three runs at most. Any other failure fails at
# once: a secret-dependent branch or address is never retried.
judge() {
  local name=$1
  shift
  local vgflags=()
  while [ "$1" != "--" ]; do
    vgflags+=("$1")
    shift
  done
  shift
  local attempt rc
  for attempt in 1 2 3; do
    rc=0
    if ! memcheck "$tmp/$name.xml" "$@"; then
      if grep -q "the 'impossible' happened" "$tmp/$name.xml.log"; then
        echo "ctgrind: $name: run $attempt inconclusive: valgrind aborted:"
        head -4 "$tmp/$name.xml.log"
        continue
      fi
      echo "ctgrind: FAIL: the harness itself failed under valgrind:"
      tail -20 "$tmp/$name.xml.log"
      return 1
    fi
    "$tmp/vgreport" "${vgflags[@]}" -root "$root" "$tmp/$name.xml" || rc=$?
    case $rc in
    0) return 0 ;;
    3) echo "ctgrind: $name: run $attempt inconclusive (invalid reads or writes only)" ;;
    *) return 1 ;;
    esac
  done
  echo "ctgrind: FAIL: $name: three inconclusive runs"
  return 1
}

status=0
echo "ctgrind: checking the library"
judge report -- || status=1

echo "ctgrind: checking that the harness detects a planted leak (-canary)"
judge canary -canary -- -canary || status=1

if [ "$status" != 0 ]; then
  echo "ctgrind: FAIL"
  exit 1
fi
echo "ctgrind: ok"
