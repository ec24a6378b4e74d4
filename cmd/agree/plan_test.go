package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPlanCommand: the published plans through the command line, and the
// flags checked before any work.
func TestPlanCommand(t *testing.T) {
	cases := []struct {
		args  []string
		items int
		why   string
	}{
		{[]string{"--rates", "0.5,0.5", "--value", "0.7", "--min", "0.85"}, 96, "irr manual's N.cohen.kappa example"},
		{[]string{"--pc", "0.25", "--min", "0.8"}, 139, "Krippendorff's table: α_min .800, p .05, four equal values"},
		{[]string{"--pc", "0.25", "--min", "0.667"}, 81, "Krippendorff's table: α_min .667"},
	}
	for _, c := range cases {
		out, errs, code := agree(t, "", append(append([]string{"plan"}, c.args...), "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		var v struct{ Items int }
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		if v.Items != c.items {
			t.Errorf("%v: %d items, want %d (%s)", c.args, v.Items, c.items, c.why)
		}
	}
	// A wider interval needs fewer items.
	prev := 1 << 30
	for _, w := range []string{"0.03", "0.06", "0.12"} {
		out, errs, code := agree(t, "", "plan", "--prevalence", "0.6,0.4", "--value", "0.75", "--width", w, "--simulate", "3000", "--format", "json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var v struct{ Items int }
		json.Unmarshal([]byte(out), &v)
		if v.Items >= prev {
			t.Errorf("--width %s: %d items, not fewer than %d", w, v.Items, prev)
		}
		prev = v.Items
	}
	out, errs, code := agree(t, "", "plan", "--width", "0.05", "--max-items", "200", "--bootstrap", "100", "examples/krippendorff.csv", "--format", "json")
	if code != 0 {
		t.Fatalf("pilot: exit %d: %s", code, errs)
	}
	var p struct {
		Sequential struct {
			Stop      bool
			MoreItems int `json:"more_items"`
		}
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.Sequential.Stop || p.Sequential.MoreItems < 1 {
		t.Errorf("a 12-item pilot with a 0.05 target: %s", out)
	}
	// Structured pilots: span F1 (documents resampled) and γ (continua).
	dir := t.TempDir()
	var units []string
	for k, body := range []string{"A,x,0,10\nA,y,12,20\nB,x,1,10\nB,y,12,19\n", "A,x,0,10\nB,x,0,9\nB,y,30,40\n", "A,y,5,15\nB,y,5,15\nA,x,20,30\nB,x,21,30\n"} {
		p := filepath.Join(dir, "u"+strconv.Itoa(k)+".csv")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		units = append(units, p)
	}
	chains := filepath.Join(dir, "chains.csv")
	if err := os.WriteFile(chains, []byte("document,annotator,mention,chain\nd1,A,m1,1\nd1,A,m2,1\nd1,B,m1,1\nd1,B,m2,2\nd2,A,m3,1\nd2,A,m4,1\nd2,B,m3,1\nd2,B,m4,1\nd3,A,m5,1\nd3,A,m6,2\nd3,B,m5,1\nd3,B,m6,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--measure", "conll_f1", chains},
		{"--measure", "average_f1", "examples/entities.jsonl"},
		append([]string{"--measure", "gamma"}, units...),
	} {
		out, errs, code := agree(t, "", append(append([]string{"plan", "--width", "0.1", "--bootstrap", "50"}, args...), "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v struct {
			Pilot struct {
				Estimate, SE float64
				Items        int
			}
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		if v.Pilot.Items != 3 || !(v.Pilot.SE > 0) {
			t.Errorf("%v: pilot %+v", args, v.Pilot)
		}
	}
	for _, bad := range [][]string{
		{},                 // no mode
		{"--rates", "0.5"}, // one rate
		{"--pc", "0.25"},   // no --min
		{"--rates", "0.5,0.5", "--pc", "0.2", "--min", "0.8", "--value", "0.9"}, // two modes
		{"--prevalence", "0.5,0.6", "--value", "0.8", "--width", "0.1"},         // not summing to 1
		{"--width", "-1", "examples/krippendorff.csv"},
		{"--looks", "5", "--width", "0.1", "examples/krippendorff.csv"}, // --looks without --max-items
	} {
		_, errs, code := agree(t, "", append([]string{"plan"}, bad...)...)
		if code != 2 || !strings.Contains(errs, "plan") {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errs)
		}
	}
}
