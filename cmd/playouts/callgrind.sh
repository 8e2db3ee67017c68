#!/usr/bin/env bash
# Instructions a game: runs the playouts command under valgrind's callgrind with N games and with
# 0, for both loops (Apply by value, Play in place), each with the first player to move deciding
# and with a random one of them in a loop of for !g.Over() (the loop a user writes), and prints the
# difference divided by N. The
# fixed cost of starting the program cancels out; what is left is what the games cost.
#
#	cmd/playouts/callgrind.sh [N]    # N defaults to 200
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-200}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/playouts" ./cmd/playouts

# instructions runs the command under callgrind and prints the instructions it executed.
instructions() {
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file="$dir/out" "$dir/playouts" "$@" 2>"$dir/log" >/dev/null
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/log"
}

for who in first random; do
	for loop in apply play; do
		base=$(instructions -games 0 -loop "$loop" -who "$who")
		full=$(instructions -games "$n" -loop "$loop" -who "$who")
		"$dir/playouts" -games "$n" -loop "$loop" -who "$who" | tr '\n' ' '
		echo "loop $loop, who $who: $(( (full - base) / n )) instructions a game"
	done
done
