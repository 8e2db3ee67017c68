package measure

import (
	"runtime"
	"syscall"
	"time"
)

// Clock measures the processor time of the calling goroutine between Start and Stop, by locking
// it to its thread and reading the thread's time: what a decision costs whatever else the machine
// runs.
type Clock struct{ t0 time.Duration }

// Start locks the goroutine to its thread and notes the thread's time.
func (c *Clock) Start() {
	runtime.LockOSThread()
	c.t0 = threadTime()
}

// Stop returns the processor time since Start, and true: the system can tell. It unlocks the
// goroutine from its thread.
func (c *Clock) Stop() (d time.Duration, ok bool) {
	d = threadTime() - c.t0
	runtime.UnlockOSThread()
	return d, true
}

// threadTime is the processor time (user and system) the calling thread has used.
func threadTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
