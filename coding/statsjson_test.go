package coding

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func TestStatsJSONRoundTrip(t *testing.T) {
	for seed := range uint64(4) {
		d := shuffled(t, randomSparse(t, seed, 200, 5, 4, 4), seed)
		for _, s := range []*Stats{d.Stats(0), d.Stats(3)} {
			var buf bytes.Buffer
			if err := s.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := ReadStats(&buf, "s.json")
			if err != nil {
				t.Fatal(err)
			}
			sameStats(t, fmt.Sprint("seed ", seed), back, s)
			if back.source != s.source || back.fixed != s.fixed || back.keep != s.keep {
				t.Errorf("seed %d: source/fixed/keep %q %v %d, want %q %v %d", seed, back.source, back.fixed, back.keep, s.source, s.fixed, s.keep)
			}
		}
	}
}

func TestReadStatsErrors(t *testing.T) {
	good := `{"format":"agree-coding-stats","version":1,"coders":["a","b"],"coders_fixed":true,"labels":["x","y"],"declared":0,"closed":false,"empty_items":0,"keep_items":0,"patterns":[{"n":2,"cv":[0,0,1,1]}]}`
	if _, err := ReadStats(strings.NewReader(good), "s.json"); err != nil {
		t.Fatalf("valid statistics: %v", err)
	}
	cases := []struct{ name, in, want string }{
		{"empty", "", "empty file"},
		{"not JSON", "item,a,b\n", "s.json:1:1: invalid JSON"},
		{"another format", strings.Replace(good, "agree-coding-stats", "other", 1), "not agree coding statistics"},
		{"future version", strings.Replace(good, `"version":1`, `"version":2`, 1), "version 2"},
		{"index out of range", strings.Replace(good, "[0,0,1,1]", "[0,0,1,7]", 1), "out of range"},
		{"coders out of order", strings.Replace(good, "[0,0,1,1]", "[1,0,0,1]", 1), "increasing order"},
		{"odd pairs", strings.Replace(good, "[0,0,1,1]", "[0,0,1]", 1), "pairs"},
		{"no items", strings.Replace(good, `"n":2`, `"n":0`, 1), "0 items"},
		{"repeated label", strings.Replace(good, `["x","y"]`, `["x","x"]`, 1), "appears twice"},
		{"repeated coder", strings.Replace(good, `["a","b"]`, `["a","a"]`, 1), "appears twice"},
		{"unknown key", strings.Replace(good, `"closed":false`, `"closed":false,"extra":1`, 1), `unknown field "extra"`},
		{"wrong type", strings.Replace(good, `"n":2`, `"n":"2"`, 1), `s.json:1:181: "patterns.n": want a whole number, got a string`},
		{"too many ids", strings.Replace(good, `"n":2,`, `"n":2,"ids":["a"],`, 1), "ids kept"},
		{"trailing data", good + "\n {}", "s.json:2:2: unexpected data after the statistics"},
		// Counts past 2⁵³ judgments: int64 sums of items and values
		// overflowed (negative item counts) and float sums were inexact.
		{"items overflowing int64", strings.Replace(good, `"n":2`, `"n":9000000000000000000`, 1), "more than 2⁵³ judgments"},
		{"judgments past 2⁵³", strings.Replace(good, `"n":2`, `"n":4503599627370497`, 1), "more than 2⁵³ judgments"},
		{"empty items past 2⁵³", strings.Replace(good, `"empty_items":0`, `"empty_items":9007199254740993`, 1), "more than 2⁵³"},
		{"negative first_seen", strings.Replace(good, `"declared"`, `"first_seen":[[-1,2],[3,4]],"declared"`, 1), "negative line"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadStats(strings.NewReader(c.in), "s.json")
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "s.json:") {
				t.Errorf("error %v, want s.json: …%s…", err, c.want)
			}
		})
	}
}

// Shards each within the bound may not exceed it together: Merge refuses
// them (before, the item count wrapped to a negative number).
func TestMergeRefusesOverflowingCounts(t *testing.T) {
	big := `{"format":"agree-coding-stats","version":1,"coders":["a","b"],"coders_fixed":true,"labels":["x","y"],"declared":0,"closed":false,"empty_items":0,"keep_items":0,"patterns":[{"n":3000000000000000,"cv":[0,0,1,1]}]}`
	var shards []*Stats
	for range 2 {
		s, err := ReadStats(strings.NewReader(big), "big.json")
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
	}
	if _, err := Merge(shards...); err == nil || !strings.Contains(err.Error(), "more than 2⁵³ judgments") {
		t.Errorf("two shards of 6·10¹⁵ judgments merged: %v", err)
	}
	if _, err := Merge(shards[0]); err != nil {
		t.Errorf("one shard: %v", err)
	}
}

func FuzzReadStats(f *testing.F) {
	f.Add(`{"format":"agree-coding-stats","version":1,"coders":["a","b"],"coders_fixed":true,"labels":["x","y"],"declared":1,"closed":false,"empty_items":1,"keep_items":2,"rank":{"distance":"nominal","missing":"item"},"patterns":[{"n":2,"cv":[0,0,1,1],"ids":["i1","i2"]},{"n":1,"cv":[1,0]}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ReadStats(strings.NewReader(in), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz: ") {
				t.Errorf("error without the name: %v", err)
			}
			return
		}
		// Whatever is accepted can be analysed, written and read back.
		if _, err := AnalyzeStats(s, Options{}); err != nil {
			t.Errorf("analysis failed: %v", err)
		}
		var buf bytes.Buffer
		if err := s.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadStats(&buf, "again"); err != nil {
			t.Errorf("written statistics not read back: %v", err)
		}
	})
}
