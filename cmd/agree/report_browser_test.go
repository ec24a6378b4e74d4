package main

import (
	"context"
	"encoding/json"
	"flag"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agree/internal/chrome"
	"agree/report"
)

var screenshots = flag.String("screenshots", "", "also write each report's screenshot as report-KIND.png to this directory (the pictures of README.md and docs/reports.md: -screenshots ../../docs)")

// startBrowser starts headless Chromium, or skips the test with the
// reason when none is installed (.ci/run installs Debian's chromium).
func startBrowser(t *testing.T) (*chrome.Browser, context.Context) {
	t.Helper()
	path := chrome.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	b, err := chrome.Start(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, ctx
}

// plotBox is a plot's place on the page and its text alternative.
type plotBox struct {
	chrome.Rect
	Title string
	Desc  string
}

const plotsJS = `[...document.querySelectorAll("figure svg")].map(e => { const r = e.getBoundingClientRect();
  const t = e.querySelector(":scope > title"), d = e.querySelector(":scope > desc");
  return {X: r.x + window.scrollX, Y: r.y + window.scrollY, Width: r.width, Height: r.height,
          Title: t ? t.textContent : "", Desc: d ? d.textContent : ""} })`

// jsonNumbers walks decoded JSON along a path of keys ("*" for every
// element or value) and returns the numbers found.
func jsonNumbers(v any, path ...string) []float64 {
	if len(path) == 0 {
		if f, ok := v.(float64); ok {
			return []float64{f}
		}
		return nil
	}
	var out []float64
	switch x := v.(type) {
	case map[string]any:
		if path[0] == "*" {
			for _, e := range x {
				out = append(out, jsonNumbers(e, path[1:]...)...)
			}
		} else if e, ok := x[path[0]]; ok {
			out = append(out, jsonNumbers(e, path[1:]...)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, jsonNumbers(e, path...)...)
		}
	}
	return out
}

// TestReportsInBrowser renders each kind of report in headless Chromium and
// checks what a reader sees: no console error, every plot drawn (ink and
// colours in its box), a text alternative on every plot, and the numbers
// of the JSON output in the page's text.
func TestReportsInBrowser(t *testing.T) {
	b, ctx := startBrowser(t)
	dir := t.TempDir()
	cases := []struct {
		kind    string
		args    []string
		plots   int
		numbers [][]string // JSON paths whose numbers the page must show (4 decimals)
		colours []string   // colours some plot must show (palette meanings)
		check   string     // a JavaScript expression that must be true on the page
	}{
		{"coding", []string{"coding", "--bootstrap", "500", "examples/krippendorff.csv"}, 8,
			[][]string{{"coefficients", "*", "value"}, {"coefficients", "krippendorff_alpha", "ci", "low"}, {"per_category", "alpha"}, {"pairwise", "cohen_kappa"}, {"leave_one_coder_out", "alpha_without"}},
			[]string{"#0072B2", "#D55E00"}, ""},
		{"spans-semeval", []string{"spans", "--schema", "semeval", "--reference", "ana", "examples/entities.csv"}, 3,
			[][]string{{"semeval", "schemas", "*", "f1"}, {"reference", "annotators", "f1"}},
			[]string{"#0072B2"}, `document.body.innerText.includes("SemEval-2013 Task 9.1 schemas") && document.body.innerText.includes("against ana")`},
		{"ratings-trend", []string{"ratings", "--by", "batch", "testdata/ratings-batches.csv"}, 2,
			[][]string{{"per_group", "icc", "icc_a1"}},
			[]string{"#0072B2"}, `document.querySelector("#trend figure svg") !== null`},
		{"plan", []string{"plan", "--width", "0.1", "--min", "0.5", "--max-items", "100", "--bootstrap", "200", "examples/krippendorff.csv"}, 1,
			[][]string{{"pilot", "estimate"}, {"pilot", "se"}, {"sequential", "low"}, {"projection", "half_width"}},
			[]string{"#0072B2"}, `document.body.innerText.includes("sequential verdict")`},
		{"alttest", []string{"alttest", "--score", "neg_rmse", "--epsilon", "0.15", "--model", "model", "../../alttest/testdata/scores.csv"}, 1,
			[][]string{{"layers", "runs", "winning_rate"}, {"layers", "runs", "rho"}, {"layers", "runs", "annotators", "rho_model"}, {"layers", "runs", "annotators", "rho_human"}, {"layers", "cross_replication", "kappa_x"}},
			[]string{"#0072B2"}, `document.body.innerText.includes("passes")`},
		{"budget", []string{"budget", "examples/krippendorff.csv"}, 1,
			[][]string{{"value"}, {"whole"}, {"fix_first", "share"}, {"fix_first", "counterfactual"}, {"coders", "share"}},
			[]string{"#0072B2"},
			// Each ranked part links to its first row to adjudicate.
			`[...document.querySelectorAll("#budget table a")].length === 6 && [...document.querySelectorAll("#budget table a")].every(a => document.getElementById(a.getAttribute("href").slice(1)) !== null)`},
		{"budget-gamma", []string{"budget", "--measure", "gamma", "--samples", "10", "examples/continuum.csv"}, 1,
			[][]string{{"value"}, {"errors", "share"}, {"errors", "counterfactual"}},
			[]string{"#0072B2"}, `document.body.innerText.includes("unaligned")`},
		{"budget-spans", []string{"budget", "--measure", "spans", "examples/entities.csv"}, 1,
			[][]string{{"value"}, {"errors", "share"}},
			[]string{"#0072B2"}, `document.querySelector("#adjudicate") !== null`},
		{"plan-krippendorff", []string{"plan", "--pc", "0.25", "--min", "0.8"}, 1,
			[][]string{{"min"}},
			[]string{"#0072B2", "#E69F00"}, `["49", "81", "139", "283", "695"].every(n => [...document.querySelectorAll("table td")].some(td => td.innerText === n))`},
		{"compare", []string{"compare", "--bootstrap", "300", "testdata/rounds-early.csv", "testdata/rounds-late.csv"}, 1,
			[][]string{{"difference", "value"}, {"a", "value"}, {"b", "value"}, {"per_label", "value"}},
			[]string{"#0072B2"}, ""},
		{"coding-trend", []string{"coding", "--by", "round", "testdata/rounds.csv"}, 2,
			[][]string{{"per_group", "coefficients", "krippendorff_alpha"}, {"corpus", "coefficients", "krippendorff_alpha"}},
			[]string{"#0072B2"}, `document.querySelector("#trend figure svg") !== null`},
		{"ratings", []string{"ratings", "examples/ratings.csv"}, 3,
			[][]string{{"icc", "forms", "value"}, {"icc", "forms", "ci", "low"}, {"pairs", "pearson", "value"}, {"pairs", "ccc", "value"}, {"kendall_w", "value"}},
			[]string{"#0072B2"}, ""},
		{"gamma", []string{"gamma", "--seed", "3", "examples/continuum.csv"}, 3,
			[][]string{{"gamma"}, {"observed_disorder"}, {"expected_disorder"}, {"gamma_cat"}, {"gamma_k", "*"}},
			[]string{"#0072B2", "#E69F00", "#D55E00"}, `document.querySelectorAll("figure svg path[stroke='#D55E00']").length > 0`},
		{"segmentation", []string{"segmentation", "testdata/segmentation/g5_ch1.csv"}, 3,
			[][]string{{"agreement", "actual"}, {"agreement", "pi"}, {"agreement", "kappa"}, {"summary", "*", "mean"}, {"pairs", "b"}},
			[]string{"#D55E00", "#0072B2"}, ""},
		{"unitizing", []string{"unitizing", "examples/continuum.csv"}, 3,
			[][]string{{"alpha_u"}, {"cu_alpha"}, {"kappa_d"}, {"ser"}},
			[]string{"#0072B2"}, ""},
		{"coref", []string{"coref", "--missing", "singletons", "testdata/coref/passonneau.csv"}, 1,
			[][]string{{"pairs", "conll_f1"}, {"pairs", "muc", "f1"}, {"pairs", "link_kappa"}, {"chains_as_sets", "masi"}},
			[]string{"#0072B2"}, ""},
		{"shuffle", []string{"shuffle", "--sets", "4", "--step", "0.25", "--measures", "gamma,alpha_u,cu_alpha", "--errors", "position,category"}, 2,
			[][]string{{"points", "mean"}},
			[]string{"#0072B2", "#E69F00", "#009E73"}, ""},
		{"spans", []string{"spans", "examples/entities.jsonl"}, 3,
			[][]string{{"average_f1"}, {"micro", "f1"}, {"macro", "f1"}, {"pairs", "f1"}, {"per_label", "*", "f1"}},
			[]string{"#0072B2", "#009E73"},
			// The texts with every annotator's spans, the disagreements outlined.
			`document.querySelectorAll(".textspans").length === 3 && document.querySelectorAll("mark.dis").length >= 6 && document.querySelector(".textspans").innerText.includes("Lovelace met Charles Babbage")`},
		{"spans-passages", []string{"spans", "testdata/report/long.jsonl"}, 3,
			[][]string{{"average_f1"}, {"pairs", "f1"}},
			[]string{"#0072B2"},
			// A long document with spans in its first and last lines: two
			// passages, each with the three annotators' rows one under the
			// other, the 38 lines between folded — not three copies of the
			// whole text (issue 18 §6).
			`document.querySelectorAll("#documents .passage").length === 2 && [...document.querySelectorAll("#documents .passage")].every(p => p.querySelectorAll(".who").length === 3) && document.querySelector("#documents .quiet") !== null && document.querySelector("#documents").getBoundingClientRect().height < 700 && !document.querySelector("#documents").innerText.includes("no entity at all")`},
		{"relations", []string{"relations", "examples/relations.csv"}, 3,
			[][]string{{"average_f1"}, {"micro", "f1"}, {"macro", "f1"}, {"pairs", "f1"}, {"per_type", "*", "f1"}},
			[]string{"#0072B2", "#009E73"},
			// The relations to adjudicate, with both ends.
			`document.querySelector("#adjudicate h3").innerText.includes("disagreements on relations") && document.querySelector("#adjudicate table").innerText.includes("→")`},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) {
			out, errs, code := agree(t, "", append(c.args, "--format", "json")...)
			if code != 0 {
				t.Fatalf("json: exit %d: %s", code, errs)
			}
			var js any
			if err := json.Unmarshal([]byte(out), &js); err != nil {
				t.Fatal(err)
			}
			page := filepath.Join(dir, c.kind+".html")
			if _, errs, code := agree(t, "", append(c.args, "--report", page)...); code != 0 {
				t.Fatalf("report: exit %d: %s", code, errs)
			}
			html, _ := os.ReadFile(page)
			for _, bad := range []string{"<script", "http://", "https://", "<link", "@import", "url("} {
				if strings.Contains(string(html), bad) && !(bad == "http://" && strings.Count(string(html), bad) == strings.Count(string(html), `xmlns="http://www.w3.org/2000/svg"`)) {
					t.Errorf("the report is not self-contained: it contains %q", bad)
				}
			}
			p, err := b.NewPage(ctx, 1100, 900)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Navigate(ctx, (&url.URL{Scheme: "file", Path: page}).String()); err != nil {
				t.Fatal(err)
			}
			var plots []plotBox
			if err := p.Eval(ctx, plotsJS, &plots); err != nil {
				t.Fatal(err)
			}
			if len(plots) < c.plots {
				t.Errorf("%d plots, want at least %d", len(plots), c.plots)
			}
			shot, err := p.Screenshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			img, err := chrome.DecodePNG(shot)
			if err != nil {
				t.Fatal(err)
			}
			for i, pl := range plots {
				if pl.Title == "" || pl.Desc == "" {
					t.Errorf("plot %d has no text alternative (title %q, desc %q)", i, pl.Title, pl.Desc)
				}
				if pl.Width < 100 || pl.Height < 60 {
					t.Errorf("plot %d (%s) is %gx%g px", i, pl.Title, pl.Width, pl.Height)
				}
				share, colours := chrome.Ink(img, pl.Rect)
				if share < 0.02 || colours < 3 {
					t.Errorf("plot %d (%s) looks empty: ink on %.3f of its box, %d colours", i, pl.Title, share, colours)
				}
				// Nothing is drawn outside the plots' column: the right
				// margin of the page stays blank.
			}
			if margin, _ := chrome.Ink(img, chrome.Rect{X: 1090, Y: 0, Width: 10, Height: float64(img.Bounds().Dy())}); margin > 0 {
				t.Errorf("something is drawn in the page's right margin (ink %.4f)", margin)
			}
			for _, col := range c.colours {
				found := false
				for _, pl := range plots {
					if chrome.Has(img, pl.Rect, col, 6) {
						found = true
						break
					}
				}
				if !found {
					t.Errorf("no plot shows the palette colour %s", col)
				}
			}
			var text string
			if err := p.Eval(ctx, `document.body.innerText`, &text); err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, path := range c.numbers {
				vals := jsonNumbers(js, path...)
				if len(vals) == 0 {
					t.Errorf("JSON has no number at %v", path)
				}
				for _, v := range vals {
					if math.IsNaN(v) {
						continue
					}
					if s := report.Float(v, 4); !strings.Contains(text, s) {
						t.Errorf("the page does not show %s (JSON %v = %v)", s, path, v)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Error("no number checked")
			}
			if c.check != "" {
				var ok bool
				if err := p.Eval(ctx, c.check, &ok); err != nil || !ok {
					t.Errorf("the page fails %s (%v)", c.check, err)
				}
			}
			if errs := p.ConsoleErrors(); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
			if _, inREADME := os.Stat(filepath.Join(*screenshots, "report-"+c.kind+".png")); *screenshots != "" && inREADME == nil {
				// only the pictures the README shows (docs/report-KIND.png)
				top, err := p.ScreenshotTop(ctx, 1250)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(*screenshots, "report-"+c.kind+".png"), top, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s: %d plots, %d numbers checked, %d bytes of HTML", c.kind, len(plots), checked, len(html))
		})
	}
}
