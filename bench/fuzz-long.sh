#!/usr/bin/env bash
# Long differential fuzzing of bench/difftest against libsecp256k1 0.8: runs
# each fuzz target in turn for a given time, at low priority, with its corpus
# in a directory of its own, and writes a summary (executions, new corpus
# entries, crashers) per target. See "Long fuzzing" in bench/README.md.
#
#   bash bench/fuzz-long.sh [-d DURATION] [-p PARALLEL] [-o OUTDIR] [-t REGEX] [-n NICE]
#
#   -d  go test -fuzztime per target (default 6m; a duration, or Nx)
#   -p  fuzzing workers per target, go test -parallel (default 1)
#   -o  output directory (default ./fuzz-long-<date>): the corpus cache
#       (cache/<Target>/, kept between runs: give the same -o to resume),
#       one log per target, summary.tsv and summary.md (both rewritten
#       after each target: a partial summary while the run goes on)
#   -t  regular expression selecting the targets (default: every target of
#       bench/difftest that compares with libsecp256k1 0.8)
#   -n  nice level (default 19)
#
# A crasher is written by go test to bench/difftest/testdata/fuzz/<Target>/
# (where plain `go test` replays it); the summary names each new file. The
# run goes on with the next target. Exit status: 1 if any target failed.
set -euo pipefail

cd "$(dirname "$0")"
duration=6m
parallel=1
out=""
nicelevel=19
# The targets that compare with libsecp256k1 0.8 (the others compare with
# go-ethereum, btcec and btcutil only).
targets_re='^Fuzz(Seckey|Pubkey|CombineSort|XOnly|ECDSASign|ECDSACompact|DERLax|SchnorrSign|TaggedHash|SchnorrBatchSeq|ECDSABatchSeq|EventVerifierSeq|MSMSeq|HalfAggSeq|MuSig2Seq|ECDSAVerify|SchnorrVerify|ParsePubKey|ParseDER|ECDH|TweakAdd|MuSig2|SilentPayments|Signer|EllSwift|MuSig2Parse|SilentPaymentsSeq)$'
while getopts "d:p:o:t:n:" opt; do
	case $opt in
	d) duration=$OPTARG ;;
	p) parallel=$OPTARG ;;
	o) out=$OPTARG ;;
	t) targets_re=$OPTARG ;;
	n) nicelevel=$OPTARG ;;
	*) sed -n '2,21p' "$0"; exit 2 ;;
	esac
done
[ -n "$out" ] || out="$PWD/../fuzz-long-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out/cache"
out=$(cd "$out" && pwd)
unset GOWORK # the bench module is built through the go.work at the root, as in CI

targets=$(go test -list '^Fuzz' ./difftest | grep -E "$targets_re" || true)
if [ -z "$targets" ]; then
	echo "no fuzz target matches $targets_re" >&2
	exit 2
fi
summary="$out/summary.tsv"
printf 'target\tfuzztime\twall_s\texecs\tnew_interesting\tcorpus_total\tcrashers\tresult\n' >"$summary"
echo "fuzzing $(wc -w <<<"$targets") targets for $duration each, -parallel $parallel, nice $(($(nice) + nicelevel)); output in $out"
# summary.md is rewritten after every target, so that it is a partial
# summary while the run goes on (its first line says which).
n_targets=$(wc -w <<<"$targets")
done_n=0
write_summary() {
	{
		echo "Differential fuzzing against libsecp256k1 0.8, $1 (started $started, updated $(date -u '+%Y-%m-%d %H:%M:%S UTC'))."
		echo
		echo "| target | fuzztime | wall s | executions | new corpus entries | corpus | crashers | result |"
		echo "|---|---|--:|--:|--:|--:|---|---|"
		tail -n +2 "$summary" | awk -F'\t' '{printf "| `%s` | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8}'
		awk -F'\t' 'NR > 1 {e += $4; w += $3; c += ($7 != "none")} END {printf "\nTotal: %d executions in %.2f hours; %d target(s) with crashers.\n", e, w / 3600, c}' "$summary"
	} >"$out/summary.md.tmp"
	mv "$out/summary.md.tmp" "$out/summary.md"
}
started=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
failed=0
for t in $targets; do
	done_n=$((done_n + 1))
	log="$out/$t.log"
	crashdir="difftest/testdata/fuzz/$t"
	before=$(ls "$crashdir" 2>/dev/null | sort || true)
	start=$(date +%s)
	set +e
	nice -n "$nicelevel" go test -run '^$' -fuzz "^${t}\$" -fuzztime "$duration" -parallel "$parallel" ./difftest \
		-args -test.fuzzcachedir="$out/cache" >"$log" 2>&1
	rc=$?
	set -e
	wall=$(($(date +%s) - start))
	after=$(ls "$crashdir" 2>/dev/null | sort || true)
	crashers=$(comm -13 <(echo "$before") <(echo "$after") | grep . | sed "s|^|$crashdir/|" | tr '\n' ' ' || true)
	last=$(grep -E '^fuzz: elapsed: .*execs: ' "$log" | tail -n 1 || true)
	execs=$(sed -nE 's/.*execs: ([0-9]+).*/\1/p' <<<"$last")
	newi=$(sed -nE 's/.*new interesting: ([0-9]+).*/\1/p' <<<"$last")
	total=$(sed -nE 's/.*\(total: ([0-9]+)\).*/\1/p' <<<"$last")
	result=PASS
	if [ $rc -ne 0 ]; then
		if [ -z "$crashers" ] && grep -q 'context deadline exceeded' "$log"; then
			# Go 1.26's fuzztime race (golang/go#75804): no failing input.
			result="PASS (fuzztime race at the end, no failing input)"
		else
			result=FAIL
			failed=1
		fi
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$duration" "$wall" "${execs:-0}" "${newi:-0}" "${total:-0}" "${crashers:-none}" "$result" >>"$summary"
	echo "$t: $result, ${execs:-0} execs in ${wall}s, ${newi:-0} new interesting (corpus ${total:-0}); crashers: ${crashers:-none}"
	write_summary "partial: $done_n of $n_targets targets done"
done
write_summary "complete: $n_targets targets"
cat "$out/summary.md"
exit $failed
