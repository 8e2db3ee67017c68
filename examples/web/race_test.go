//go:build race

package main

// raceDetector reports whether the tests run under the race detector, which gives goroutines
// larger stacks.
const raceDetector = true
