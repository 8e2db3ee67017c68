//go:build !linux

package measure

import "time"

// Clock measures the processor time of a decision where the system can tell; here it cannot.
type Clock struct{}

// Start does nothing here.
func (c *Clock) Start() {}

// Stop returns 0 and false: the system cannot tell.
func (c *Clock) Stop() (time.Duration, bool) { return 0, false }
