package viceroy

import (
	"testing"
	"unsafe"
)

// TestPyramidTalliesCostNoRoom checks that the tallies a Pyramid keeps of its counts (start, n)
// lie in what would otherwise be padding: the pyramid is as large as its cards, levels and covered
// set alone make it, so the four pyramids of a Game cost no more for them.
func TestPyramidTalliesCostNoRoom(t *testing.T) {
	var p Pyramid
	align := unsafe.Alignof(p.covered)
	without := unsafe.Sizeof(p.first) + unsafe.Sizeof(p.count) + unsafe.Sizeof(p.cells)
	without = (without+align-1)/align*align + unsafe.Sizeof(p.covered)
	if got := unsafe.Sizeof(p); got != without {
		t.Errorf("a Pyramid takes %d bytes; without its tallies it would take %d", got, without)
	}
}
