#!/usr/bin/env bash
# Plays today's search against the search of an earlier commit (a release) at that commit's own
# speed: main.go, built beside a copy of the old commit whose module path becomes
# github.com/laar/viceroyold. The arguments after the commit go to the program:
#
#	examples/tournament/release/release.sh cac109f -games 200 -players 4 -single -seed 52
#	examples/tournament/release/release.sh cac109f -games 200 -seed 53 -a-times 1.2
#
# It needs git and the module cache of a build of this repository (go-cmp, rapid), no network.
set -euo pipefail
commit=${1:?usage: release.sh COMMIT [flags of main.go]}
shift
root=$(cd "$(dirname "$0")/../../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mkdir "$dir/old" "$dir/run"
git -C "$root" archive "$commit" | tar -x -C "$dir/old"
sed -i 's#^module github.com/laar/viceroy$#module github.com/laar/viceroyold#' "$dir/old/go.mod"
find "$dir/old" -name '*.go' -exec sed -i 's#"github.com/laar/viceroy\([/"]\)#"github.com/laar/viceroyold\1#' {} +

cp "$root/examples/tournament/release/main.go" "$dir/run/"
cat >"$dir/run/go.mod" <<EOF
module release

go 1.24

require (
	github.com/laar/viceroy v0.0.0
	github.com/laar/viceroyold v0.0.0
)

replace github.com/laar/viceroy => $root

replace github.com/laar/viceroyold => $dir/old
EOF
cp "$root/go.sum" "$dir/run/go.sum"
cd "$dir/run"
GOFLAGS=-mod=mod GOPROXY=off go build -tags release -o "$dir/release" .
"$dir/release" "$@"
