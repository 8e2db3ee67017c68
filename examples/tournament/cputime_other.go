//go:build !linux

package main

import "time"

// threadClock measures the processor time of a decision where the system can tell; here it cannot.
type threadClock struct{}

func (c *threadClock) start() {}

func (c *threadClock) stop() (time.Duration, bool) { return 0, false }
