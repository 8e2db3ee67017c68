#!/usr/bin/env bash
# Instructions by kind of decision: runs the loop a user writes (Play, a random one of the players
# to move) over N random 4-player games under valgrind's callgrind, once for each group of kinds
# below, with that group's decisions listed (AppendLegal) and played (Play, which runs the game on
# to the next decision that asks for a choice) through functions of their own (playouts -kind).
# For each group it prints the decisions a game, the instructions of a listing and of a play, and
# the group's instructions a game. The automatic steps a move sets off (revealing and resolving
# bids, rewards) are charged to the decision whose play set them off. What no group holds is the
# loop's own work, the asking of each decision's kind included; callgrind.sh gives the whole.
#
#	cmd/playouts/bykind.sh [N]    # N defaults to 200; about 15 s in all
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-200}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/playouts" ./cmd/playouts

groups=(gem development bid place auction-card claim painting start
	deck,payment,reward,law-option,infinite-color,tuck,patronage,park,put-back,token,gift,duel,auction-discard)

# inclusive prints the instructions charged to function $1 of the last run, with what it calls.
inclusive() {
	callgrind_annotate --inclusive=yes "$dir/out" 2>/dev/null |
		awk -v f="main.$1 " '!found && $0 ~ f {gsub(",", "", $1); print $1; found=1} END {if (!found) print 0}'
}

printf '%-28s %8s %10s %10s %14s\n' "decisions" "a game" "list each" "play each" "a game's total"
for kinds in "${groups[@]}"; do
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file="$dir/out" "$dir/playouts" -games "$n" -kind "$kinds" >"$dir/stdout" 2>"$dir/log"
	measured=$(sed -n 's/.* measured \([0-9]*\)/\1/p' "$dir/stdout")
	list=$(inclusive listKind)
	play=$(inclusive playKind)
	name=$kinds
	[[ $kinds == *,* ]] && name="the rest"
	if [ "$measured" -eq 0 ]; then
		printf '%-28s %8s\n' "$name" 0
		continue
	fi
	printf '%-28s %8.1f %10d %10d %14d\n' "$name" "$(echo "$measured / $n" | bc -l)" \
		$((list / measured)) $((play / measured)) $(((list + play) / n))
done
