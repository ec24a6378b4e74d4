package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestLine(t *testing.T) {
	tests := []struct {
		name   string
		delay  time.Duration
		steps  []time.Duration // clock at each update
		want   string
		erased bool
	}{
		{"short runs print nothing", 2 * time.Second, []time.Duration{0, time.Second, 1900 * time.Millisecond}, "", false},
		{"after the delay the line appears", 2 * time.Second, []time.Duration{time.Second, 2 * time.Second}, "\rx: 1", true},
		{"redraws are throttled", 0, []time.Duration{0, 50 * time.Millisecond, 200 * time.Millisecond}, "\rx: 0\rx: 2", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			l := NewDelay(&buf, "x", tc.delay)
			base := l.start
			for i, s := range tc.steps {
				now := base.Add(s)
				l.now = func() time.Time { return now }
				l.Update("%d", i)
			}
			l.Done()
			got := buf.String()
			if tc.erased {
				if !strings.HasSuffix(got, "\r\033[K") {
					t.Fatalf("line not erased: %q", got)
				}
				got = strings.TrimSuffix(got, "\r\033[K")
			}
			if got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestShorterTextIsPadded(t *testing.T) {
	var buf bytes.Buffer
	l := NewDelay(&buf, "g", 0)
	l.Update("long text")
	l.last = l.last.Add(-time.Second)
	l.Update("ab")
	if want := "\rg: long text\rg: ab       "; buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
}

func TestNilLine(t *testing.T) {
	var l *Line = New(nil, "x")
	l.Update("%d", 1) // must not panic
	l.Done()
	if Terminal(&bytes.Buffer{}) != nil {
		t.Fatal("a buffer is not a terminal")
	}
}
