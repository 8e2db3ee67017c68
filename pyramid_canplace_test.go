package viceroy

import "testing"

// TestPyramidCanPlaceFull checks that a full pyramid offers no place to CanPlace either: not
// beside its run on level 1, where a pyramid with room would take a card, nor on two of its cards.
func TestPyramidCanPlaceFull(t *testing.T) {
	full := fullPyramid(t)
	row, first := full.Row(1)
	roomy, err := pyramidFrom(row[:len(row)-1], placesOfRow(1, first, len(row)-1))
	if err != nil {
		t.Fatal(err)
	}
	n := len(row)
	for _, law := range []bool{false, true} {
		for _, at := range []Place{plc(1, first-1), plc(1, first+n), plc(2, first)} {
			if full.CanPlace(at, law) {
				t.Errorf("full pyramid: CanPlace(%v, %v) is true", at, law)
			}
		}
		for _, at := range []Place{plc(1, first-1), plc(1, first+n-1), plc(2, first)} {
			if !roomy.CanPlace(at, law) {
				t.Errorf("pyramid of %d cards: CanPlace(%v, %v) is false", roomy.Len(), at, law)
			}
		}
	}
}

// placesOfRow returns the places of n cards side by side on level l from column first.
func placesOfRow(l, first, n int) []Place {
	out := make([]Place, n)
	for k := range out {
		out[k] = plc(l, first+k)
	}
	return out
}
