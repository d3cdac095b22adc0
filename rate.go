package robotstxt

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// This file reads the values of the Request-rate and Visit-time records of a
// group: a rate of requests, and a daily window of time. RFC 9309 section
// 2.2.4 lets such records exist and says they never change how rules match.

// A RequestRate asks for at most Requests requests every Per, during
// Window when HasWindow is set (Request-rate: 1/10s 0600-0845).
type RequestRate struct {
	Requests  int
	Per       time.Duration
	Window    Window
	HasWindow bool
}

// slower reports whether r allows fewer requests per time than o.
func (r RequestRate) slower(o RequestRate) bool {
	// r.Requests/r.Per < o.Requests/o.Per, without division.
	return float64(r.Requests)*o.Per.Seconds() < float64(o.Requests)*r.Per.Seconds()
}

func (r RequestRate) String() string {
	s := strconv.Itoa(r.Requests) + "/" + durationUnit(r.Per)
	if r.HasWindow {
		s += " " + r.Window.String()
	}
	return s
}

func durationUnit(d time.Duration) string {
	for _, u := range []struct {
		unit string
		d    time.Duration
	}{{"d", 24 * time.Hour}, {"h", time.Hour}, {"m", time.Minute}} {
		if d%u.d == 0 {
			return strconv.FormatInt(int64(d/u.d), 10) + u.unit
		}
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + "s"
}

// A Window is a daily time window in UTC, as offsets from midnight. End
// may be before Start for a window across midnight (2200-0600).
type Window struct {
	Start, End time.Duration
}

// Contains reports whether t falls in the window.
func (w Window) Contains(t time.Time) bool {
	t = t.UTC()
	d := time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute + time.Duration(t.Second())*time.Second
	if w.Start <= w.End {
		return w.Start <= d && d < w.End
	}
	return d >= w.Start || d < w.End
}

func (w Window) length() time.Duration {
	if w.Start <= w.End {
		return w.End - w.Start
	}
	return 24*time.Hour - w.Start + w.End
}

func (w Window) String() string {
	b := make([]byte, 0, len("0000-0000"))
	b = appendHHMM(b, w.Start)
	b = append(b, '-')
	b = appendHHMM(b, w.End)
	return string(b)
}

// appendHHMM appends d's hours and minutes as "%02d%02d" formats them.
func appendHHMM(b []byte, d time.Duration) []byte {
	b = appendTwoDigits(b, int(d/time.Hour))
	return appendTwoDigits(b, int(d%time.Hour/time.Minute))
}

// appendTwoDigits appends n as "%02d" formats it: zero-padded to two
// digits, a sign counting as one.
func appendTwoDigits(b []byte, n int) []byte {
	if 0 <= n && n < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// parseRequestRate reads "n/d", "n/dU" with U one of s, m, h, d (bare d is
// seconds), optionally followed by a window.
func parseRequestRate(v string) (RequestRate, error) {
	rate, window, hasWindow := strings.Cut(strings.TrimSpace(v), " ")
	ns, ds, ok := strings.Cut(rate, "/")
	if !ok {
		return RequestRate{}, errors.New(`not "requests/period"`)
	}
	n, err := strconv.Atoi(ns)
	if err != nil || n < 1 {
		return RequestRate{}, errors.New("the number of requests is not a positive integer")
	}
	unit := time.Second
	if ds != "" {
		switch ds[len(ds)-1] {
		case 's', 'S':
			ds = ds[:len(ds)-1]
		case 'm', 'M':
			unit, ds = time.Minute, ds[:len(ds)-1]
		case 'h', 'H':
			unit, ds = time.Hour, ds[:len(ds)-1]
		case 'd', 'D':
			unit, ds = 24*time.Hour, ds[:len(ds)-1]
		}
	}
	d, err := strconv.Atoi(ds)
	if err != nil || d < 1 || d > 366 {
		return RequestRate{}, errors.New("the period is not a positive whole number of seconds, minutes, hours or days")
	}
	r := RequestRate{Requests: n, Per: time.Duration(d) * unit}
	if hasWindow {
		w, err := parseWindow(window)
		if err != nil {
			return RequestRate{}, err
		}
		r.Window, r.HasWindow = w, true
	}
	return r, nil
}

// parseWindow reads "HHMM-HHMM" (also "HHMM HHMM" and "HH:MM-HH:MM"), UTC.
func parseWindow(v string) (Window, error) {
	v = strings.TrimSpace(v)
	a, b, ok := strings.Cut(v, "-")
	if !ok {
		a, b, _ = strings.Cut(v, " ") // without either, b is "", no clock
	}
	start, err1 := parseClock(a)
	end, err2 := parseClock(b)
	if err1 != nil || err2 != nil {
		return Window{}, errors.New(`not a "HHMM-HHMM" window`)
	}
	return Window{Start: start, End: end}, nil
}

func parseClock(s string) (time.Duration, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ":", "")
	if len(s) != 4 {
		return 0, errors.New("bad clock")
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[2:])
	if err1 != nil || err2 != nil || h < 0 || m < 0 || m > 59 || h > 24 || h == 24 && m != 0 {
		return 0, errors.New("bad clock")
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute, nil
}
