package main

import "os"

// isTerminal reports whether v is a file open on a terminal: a character
// device other than the null device, which cron jobs, CI runners and
// "< /dev/null" hand a program and which no one reads. The standard
// library has no isatty; this test needs no system call of its own. A
// controlEscaper is the file underneath it.
func isTerminal(v any) bool {
	f, ok := rawWriter(v).(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		return false
	}
	return true
}
