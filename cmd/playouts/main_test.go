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
