package viceroy

import (
	"iter"
	"math/bits"
)

// cardSet is a set of card numbers (1-88) as a 128-bit bitmap: comparable, allocation-free, and
// ranged over in increasing card number.
type cardSet [2]uint64

func (s *cardSet) has(id CardID) bool { return s[id>>6]&(1<<(id&63)) != 0 }
func (s *cardSet) add(id CardID)      { s[id>>6] |= 1 << (id & 63) }
func (s *cardSet) remove(id CardID)   { s[id>>6] &^= 1 << (id & 63) }
func (s *cardSet) len() int           { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s *cardSet) empty() bool        { return s[0]|s[1] == 0 }

// The characters (1-64) and the laws (65-88), as sets.
var (
	characterCards = cardsWhere(CardID.IsCharacter)
	lawCards       = cardsWhere(CardID.IsLaw)
)

// and returns the cards in both s and t.
func (s *cardSet) and(t *cardSet) cardSet { return cardSet{s[0] & t[0], s[1] & t[1]} }

// first returns the lowest card in the set, or 0 if it is empty.
func (s *cardSet) first() CardID {
	if s[0] != 0 {
		return CardID(bits.TrailingZeros64(s[0]))
	}
	if s[1] != 0 {
		return CardID(64 + bits.TrailingZeros64(s[1]))
	}
	return 0
}

// all ranges over the cards in increasing number.
func (s cardSet) all() iter.Seq[CardID] {
	return func(yield func(CardID) bool) {
		for w := range s {
			for b := s[w]; b != 0; b &= b - 1 {
				if !yield(CardID(w*64 + bits.TrailingZeros64(b))) {
					return
				}
			}
		}
	}
}

// slice returns the cards in increasing number.
func (s cardSet) slice() []CardID {
	out := make([]CardID, 0, s.len())
	for id := range s.all() {
		out = append(out, id)
	}
	return out
}

// cardsWhere returns the cards (1-88) for which has reports true.
func cardsWhere(has func(CardID) bool) cardSet {
	var s cardSet
	for id := CardID(1); id <= NumCards; id++ {
		if has(id) {
			s.add(id)
		}
	}
	return s
}
