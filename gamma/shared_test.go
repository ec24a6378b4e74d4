package gamma

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"agree/formats/units"
	"agree/unitizing"
)

// sharedFile reads ../../shared/data/unitizing/name, skipping when absent.
func sharedFile(tb testing.TB, name string) *unitizing.Continuum {
	tb.Helper()
	p := filepath.Join("..", "..", "shared", "data", "unitizing", name)
	if _, err := os.Stat(p); err != nil {
		tb.Skip("shared data absent: ", p)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		tb.Fatal(err)
	}
	// 2by5000.csv holds two zero-length units (lines 1249 and 3890-ish),
	// which the reader rightly rejects; drop them here.
	var kept []string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ",")
		if len(f) == 4 {
			s, e1 := strconv.ParseFloat(f[2], 64)
			e, e2 := strconv.ParseFloat(f[3], 64)
			if e1 == nil && e2 == nil && s >= e {
				continue
			}
		}
		kept = append(kept, line)
	}
	c, err := units.ReadCSV(strings.NewReader(strings.Join(kept, "\n")), name)
	if err != nil {
		tb.Fatal(err)
	}
	return &c
}

func TestSharedFilesTiming(t *testing.T) {
	for _, f := range []string{"2by1000.csv", "2by5000.csv", "3by100.csv", "3by500.csv", "5by100.csv"} {
		for _, alpha := range []float64{1, 3} {
			c := sharedFile(t, f)
			d := combinedFor(t, c, alpha, 1, 1)
			al, err := BestAlignment(c, d)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s α=%v: disorder %.6f, %d candidates, %d components, largest %d", f, alpha, al.Disorder, al.Candidates, al.Components, al.Largest)
		}
	}
}
