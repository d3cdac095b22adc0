package lint

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time the calling thread has used, so that a
// benchmark that locks its goroutine to its thread can weigh two of its
// steps against each other on a busy machine, where the wall clock
// counts the time other processes take.
func threadCPU() time.Duration { return clockTime(3) } // CLOCK_THREAD_CPUTIME_ID

func clockTime(id uintptr) time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
