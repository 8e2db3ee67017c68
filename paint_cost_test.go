package viceroy

import "testing"

// TestSectorsNotCountsOneByOne holds sectorsNot, which counts the sectors of a circle that are not
// a colour as the bytes of one word, to counting them one by one, for every circle of four sectors
// drawn from the colours and from values no card has (the top bit set, the largest), and every colour.
func TestSectorsNotCountsOneByOne(t *testing.T) {
	values := []Color{Blue, Red, Green, Yellow, NumColors, 0x7f, 0x80, 0x81, 0xff}
	for _, a := range values {
		for _, b := range values {
			for _, c := range values {
				for _, d := range values {
					s := [4]Color{a, b, c, d}
					for _, k := range values {
						var want uint8
						for _, x := range s {
							if x != k {
								want++
							}
						}
						if got := sectorsNot(s, k); got != want {
							t.Fatalf("sectorsNot(%v, %v) = %d, want %d", s, k, got, want)
						}
					}
				}
			}
		}
	}
}
