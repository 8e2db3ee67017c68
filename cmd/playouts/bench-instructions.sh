#!/usr/bin/env bash
# Instructions an op of the package's benchmarks: runs each named benchmark under valgrind's
# callgrind for N ops and for 10 ops, and prints the difference divided by N-10, so that the
# test binary's start and the benchmark's setup cancel out.
#
#	cmd/playouts/bench-instructions.sh [-n N] Benchmark...   # N defaults to 1000
set -euo pipefail
cd "$(dirname "$0")/../.."
n=1000
if [ "${1:-}" = "-n" ]; then
	n=$2
	shift 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go test -c -o "$dir/viceroy.test" .

# instructions runs one benchmark for the given ops under callgrind and prints the instructions.
instructions() {
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file="$dir/out" "$dir/viceroy.test" -test.run '^$' \
		-test.bench "^$1\$" -test.benchtime "$2x" -test.count 1 2>"$dir/log" >/dev/null
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/log"
}

for b in "$@"; do
	few=$(instructions "$b" 10)
	many=$(instructions "$b" "$n")
	echo "$b: $(( (many - few) / (n - 10) )) instructions an op"
done
