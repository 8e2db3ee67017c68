package main

import (
	"os/exec"
	"strings"
	"testing"
)

// yardstick is the commit whose search the issue of four-player strength measures against: the
// release before it (docs/bots.md).
const yardstick = "cac109f"

// TestReleaseYardstickPlays: release/release.sh builds today's search beside the yardstick
// commit's, and a few quick games of three players run in both engines in lockstep to their end
// (a move one engine refuses, or scores on which they differ, would stop it) and are reported.
// It needs git and the repository's history, and skips without them.
func TestReleaseYardstickPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an old release of the library")
	}
	if err := exec.Command("git", "cat-file", "-e", yardstick+"^{commit}").Run(); err != nil {
		t.Skipf("no commit %s here (git: %v)", yardstick, err)
	}
	out, err := exec.Command("bash", "release/release.sh", yardstick,
		"-games", "3", "-players", "3", "-single", "-playouts", "6").CombinedOutput()
	if err != nil {
		t.Fatalf("release.sh: %v\n%s", err, out)
	}
	for _, want := range []string{"3 games of 3 players", "A (today's search", "B the release's search"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}
