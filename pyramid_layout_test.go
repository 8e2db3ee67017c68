package viceroy

import (
	"testing"
	"unsafe"
)

// TestPyramidLayoutHasNoPadding checks the sizes of a pyramid's two forms: a layout (what a Game
// keeps for each player) is as large as its fields, with byte alignment, so the four of a Game lie
// side by side without padding; and a Pyramid is as large as its layout and covered set, so the
// tallies a layout keeps (start, n) lie in what would otherwise be padding before covered.
func TestPyramidLayoutHasNoPadding(t *testing.T) {
	var l layout
	fields := unsafe.Sizeof(l.first) + unsafe.Sizeof(l.count) + unsafe.Sizeof(l.start) +
		unsafe.Sizeof(l.n) + unsafe.Sizeof(l.cells)
	if got := unsafe.Sizeof(l); got != fields || unsafe.Alignof(l) != 1 {
		t.Errorf("a layout takes %d bytes aligned to %d; its fields take %d", got, unsafe.Alignof(l), fields)
	}
	var p Pyramid
	if got, want := unsafe.Sizeof(p), fields+unsafe.Sizeof(p.covered); got != want {
		t.Errorf("a Pyramid takes %d bytes; its layout and covered set take %d", got, want)
	}
	without := unsafe.Sizeof(l.first) + unsafe.Sizeof(l.count) + unsafe.Sizeof(l.cells)
	align := unsafe.Alignof(p.covered)
	if got := (without+align-1)/align*align + unsafe.Sizeof(p.covered); got != unsafe.Sizeof(p) {
		t.Errorf("a Pyramid takes %d bytes; without its tallies it would take %d", unsafe.Sizeof(p), got)
	}
}
