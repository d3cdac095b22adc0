package robotstxt

import (
	"syscall"
	"time"
	"unsafe"
)

// processCPU returns the CPU time the process has used, on all its
// threads: a benchmark weighing two ways of doing one thing on a busy
// machine counts the collections each causes, which run on other
// threads, and not the time other processes take.
func processCPU() time.Duration { return clockTime(2) } // CLOCK_PROCESS_CPUTIME_ID

func clockTime(id uintptr) time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
