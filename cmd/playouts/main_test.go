package main

import "testing"

// TestLoopsPlayTheSameGames: the Apply loop and the Play loop make the same decisions and end in
// the same screens, so the instructions measured for the two are those of the same games.
func TestLoopsPlayTheSameGames(t *testing.T) {
	for _, anyPlayer := range []bool{false, true} {
		byValue, sumByValue, err := run(20, false, anyPlayer)
		if err != nil {
			t.Fatal(err)
		}
		inPlace, sumInPlace, err := run(20, true, anyPlayer)
		if err != nil {
			t.Fatal(err)
		}
		if byValue != inPlace || sumByValue != sumInPlace {
			t.Errorf("any player %v: Apply: %d decisions, checksum %d; Play: %d decisions, checksum %d",
				anyPlayer, byValue, sumByValue, inPlace, sumInPlace)
		}
		if byValue < 20*250 {
			t.Errorf("any player %v: %d decisions in 20 games of 4 players", anyPlayer, byValue)
		}
	}
}

// TestChecksumsArePinned pins what `go run ./cmd/playouts -games 200` prints, the figures the
// project quotes with its instruction counts: 57122 decisions and checksum 24443 with the first
// player to move deciding (-who first), 57528 and 24337 with a random one of them (-who random),
// by Apply and by Play alike. A change of the engine that keeps the games keeps them.
func TestChecksumsArePinned(t *testing.T) {
	for _, tc := range []struct {
		anyPlayer      bool
		decisions, sum int
	}{
		{false, 57122, 24443},
		{true, 57528, 24337},
	} {
		for _, inPlace := range []bool{false, true} {
			decisions, sum, err := run(200, inPlace, tc.anyPlayer)
			if err != nil {
				t.Fatal(err)
			}
			if decisions != tc.decisions || sum != tc.sum {
				t.Errorf("any player %v, in place %v: %d decisions, checksum %d; want %d and %d",
					tc.anyPlayer, inPlace, decisions, sum, tc.decisions, tc.sum)
			}
		}
	}
}

// TestByKindPlaysTheSameGames: with decisions listed and played apart (-kind), the loop makes the
// decisions of the loop a user writes (Play, a random player to move), so that bykind.sh measures
// the games callgrind.sh does; it measures the decisions of the kinds named, and only those.
func TestByKindPlaysTheSameGames(t *testing.T) {
	want, _, err := run(20, true, true)
	if err != nil {
		t.Fatal(err)
	}
	all, err := parseKinds("start,bid,claim,auction-card,gem,deck,development,place,payment,reward," +
		"painting,law-option,infinite-color,tuck,patronage,park,put-back,token,gift,duel,auction-discard")
	if err != nil {
		t.Fatal(err)
	}
	gems, err := parseKinds("gem")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		kinds         kindSet
		atLeast, most int
	}{
		{"gem", gems, 20 * 50, want / 2},
		{"all", all, want, want},
	} {
		decisions, measured, err := runByKind(20, &tc.kinds)
		if err != nil {
			t.Fatal(err)
		}
		if decisions != want || measured < tc.atLeast || measured > tc.most {
			t.Errorf("kinds %s: %d decisions, %d measured; want %d decisions, %d to %d measured",
				tc.name, decisions, measured, want, tc.atLeast, tc.most)
		}
	}
	for _, bad := range []string{"", "none", "gem,", "bids"} {
		if _, err := parseKinds(bad); err == nil {
			t.Errorf("parseKinds(%q) took it", bad)
		}
	}
}
