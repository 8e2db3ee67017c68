package viceroy

import (
	"strconv"
	"testing"
)

// benchPyramidSizes are the numbers of cards in the benchmarked pyramids. A pyramid of
// MaxPyramidCards (40) is full, so it has no places.
var benchPyramidSizes = []int{5, 10, 20, 40}

// benchPyramid builds a pyramid of n characters (1..n) deterministically: each card goes to the
// last place Places offers, the highest and rightmost, so the pyramid grows to five levels and
// has many circles.
func benchPyramid(b *testing.B, n int) Pyramid {
	b.Helper()
	var p Pyramid
	for i := 1; i <= n; i++ {
		places := p.Places(false)
		var err error
		if p, err = p.Place(CardID(i), places[len(places)-1]); err != nil {
			b.Fatal(err)
		}
	}
	if err := checkPyramidLegal(p); err != nil || p.Len() != n {
		b.Fatalf("bench pyramid of %d: %v\n%v", n, err, p)
	}
	return p
}

func BenchmarkPlaces(b *testing.B) {
	for _, n := range benchPyramidSizes {
		b.Run("cards="+strconv.Itoa(n), func(b *testing.B) {
			p := benchPyramid(b, n)
			b.ReportAllocs()
			found := 0
			for b.Loop() {
				var buf [maxPlaces]Place
				found += len(p.appendPlaces(buf[:0], false))
			}
			if found == 0 && n < MaxPyramidCards {
				b.Fatal("no places")
			}
		})
	}
}

func BenchmarkCircles(b *testing.B) {
	for _, n := range benchPyramidSizes {
		b.Run("cards="+strconv.Itoa(n), func(b *testing.B) {
			p := benchPyramid(b, n)
			b.ReportAllocs()
			for b.Loop() {
				p.Circles()
			}
		})
	}
}

// BenchmarkCircleGems asks circleGems for every card of the pyramid in one operation.
func BenchmarkCircleGems(b *testing.B) {
	for _, n := range benchPyramidSizes {
		b.Run("cards="+strconv.Itoa(n), func(b *testing.B) {
			p := benchPyramid(b, n)
			var places []Place
			for _, id := range p.Cards() {
				at, _ := p.Find(id)
				places = append(places, at)
			}
			b.ReportAllocs()
			gems := 0
			for b.Loop() {
				for _, at := range places {
					gems += p.circleGems(at).Total()
				}
			}
			_ = gems
		})
	}
}
