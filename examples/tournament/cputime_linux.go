package main

import (
	"runtime"
	"syscall"
	"time"
)

// threadClock measures the processor time of the calling goroutine between start and stop, by
// locking it to its thread and reading the thread's time: what a decision costs whatever else the
// machine runs. ok is false where the system cannot tell.
type threadClock struct{ t0 time.Duration }

func (c *threadClock) start() {
	runtime.LockOSThread()
	c.t0 = threadTime()
}

func (c *threadClock) stop() (d time.Duration, ok bool) {
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
