package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"agree/internal/version"
	"agree/report"
)

// The contract tests of the documentation (README.md and docs/*.md, read
// together by docs): packages, JSON keys, flag limits, input limits.

// TestREADMEListsEveryPackage: the table of packages (docs/library.md)
// names every package of the module (issue 14: "the README lists every
// package").
func TestREADMEListsEveryPackage(t *testing.T) {
	doc := docs(t)
	pkgs := map[string]bool{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			if rel != "." {
				pkgs[filepath.ToSlash(rel)] = true
			}
		}
		return nil
	})
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages", len(pkgs))
	}
	for p := range pkgs {
		if !strings.Contains(doc, "`"+p+"`") {
			t.Errorf("package %s is not in the table of packages of docs/library.md: add it (`%s`, what it holds)", p, p)
		}
	}
}

// jsonKeys collects the keys of every object in v, except keys that are
// data (numbers such as the thresholds of "p_below", and names taken from
// the input, given in data).
func jsonKeys(v any, data map[string]bool, keys map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			_, num := strconv.ParseFloat(k, 64)
			if !data[k] && num != nil && !strings.Contains(k, ".") {
				keys[k] = true
			}
			jsonKeys(e, data, keys)
		}
	case []any:
		for _, e := range x {
			jsonKeys(e, data, keys)
		}
	}
}

// TestREADMEDocumentsJSONKeys runs every command with --format json on
// inputs that bring out its optional parts and checks that the docs name
// each key that appears (as "key" or `key`): the JSON keys are a contract,
// documented on the command's page (docs/CMD.md) when they are added.
func TestREADMEDocumentsJSONKeys(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	twoCoders := write("two.csv", "item,C1,C2\n1,Kx,Kx\n2,Kx,Ky\n3,Ky,Ky\n4,Kz,Kz\n5,Kx,Kx\n6,Ky,Kz\n")
	units := write("units.csv", "C1,Kx,0,10\nC1,Ky,12,20\nC2,Kx,1,10\nC2,Ky,11,19\nC3,Kx,0,9\n")
	units2 := write("units2.csv", "C1,Kx,0,10\nC2,Kx,2,10\nC3,Kx,1,9\n")
	units3 := write("units3.csv", "C1,Ky,0,10\nC2,Ky,2,9\nC3,Kx,1,9\n")
	shared := write("shared.csv", sharedCSV) // pairs_omitted, unshared_pairs, matrix_omitted
	corefDocs := write("coref.csv", "document,annotator,mention,chain\nd1,C1,m1,1\nd1,C1,m2,1\nd1,C2,m1,1\nd1,C2,m2,2\nd2,C1,m3,1\nd2,C2,m3,1\nd2,C2,m4,1\n")
	// Names that come from the data, not from the program.
	data := map[string]bool{"Kx": true, "Ky": true, "Kz": true, "C1": true, "C2": true, "C3": true,
		"PER": true, "LOC": true, "ORG": true, "MISC": true, "DATE": true, "date": true, "X": true, "Y": true, // examples/entities.csv, sharedCSV
		"round": true, "batch": true, "met": true, "works_for": true, "located_in": true, "affiliated_with": true} // examples/relations.csv
	runs := [][]string{
		{"coding", "examples/krippendorff.csv"},
		{"coding", "--metric", "interval", "--bootstrap", "20", "examples/krippendorff.csv"},
		{"coding", "--bootstrap", "20", "--alpha-bootstrap", "krippendorff", "--dawid-skene", twoCoders},
		{"coding", "examples/table6.csv"},
		{"ratings", "examples/ratings.csv"},
		{"ratings", "--by", "batch", "testdata/ratings-batches.csv"},
		{"spans", "--schema", "semeval", "examples/entities.csv"},
		{"coding", "--reference", "majority", "examples/krippendorff.csv"},
		{"coding", "--by", "round", "testdata/rounds.csv"},
		{"segmentation", "--reference", "an1", "testdata/segmentation/g5_ch1.csv"},
		{"compare", "--bootstrap", "50", "examples/krippendorff.csv", "examples/krippendorff.csv"},
		{"coding", "--compare", "round=1,2", "--bootstrap", "20", "testdata/rounds.csv"},
		{"spans", "--reference", "ana", "--bootstrap", "20", "examples/entities.csv"},
		{"coref", "--missing", "singletons", "testdata/coref/passonneau.csv"},
		{"coref", "--bootstrap", "20", corefDocs},
		{"coref", "--bootstrap", "20", "--reference", "C2", corefDocs},
		{"unitizing", units},
		{"unitizing", units, units2},
		{"segmentation", "testdata/segmentation/g5_ch1.csv"},
		{"shuffle", "--sets", "1", "--step", "0.5", "--units", "5", "--measures", "u_alpha,gamma", "--errors", "position"},
		{"gamma", "--samples", "5", units},
		{"gamma", "--samples", "5", "--reference", "C1", units},
		{"gamma", "--samples", "5", "--bootstrap", "5", units, units2, units3},
		{"spans", "--bootstrap", "20", "examples/entities.csv"},
		{"relations", "--bootstrap", "20", "examples/relations.csv"},
		{"spans", "--max-rows", "1", shared},
		// --by document (breakdowns)
		{"coding", "--by", "document", "examples/entities.jsonl"},
		{"spans", "--by", "document", "--average", "macro", "examples/entities.csv"},
		{"relations", "--by", "document", "examples/relations.csv"},
		{"coref", "--by", "document", corefDocs},
		{"unitizing", "--by", "document", units, units2},
		{"gamma", "--by", "document", "--samples", "5", units, units2, units3},
		{"plan", "--rates", "0.5,0.5", "--value", "0.7", "--min", "0.85"},
		{"plan", "--pc", "0.25", "--min", "0.8"},
		{"plan", "--prevalence", "0.5,0.5", "--value", "0.8", "--width", "0.1", "--simulate", "2000"},
		{"plan", "--width", "0.1", "--max-items", "100", "--looks", "5", "--bootstrap", "50", "examples/krippendorff.csv"},
		{"alttest", "--model", "model,h4", "../../alttest/testdata/labels.csv"},
		{"alttest", "--score", "span_f1", "--model", "r1,r2", "--min-items", "2", "testdata/alttest-runs.csv"},
		{"budget", "examples/krippendorff.csv"},
		{"budget", "--measure", "spans", "examples/entities.csv"},
		{"budget", "--measure", "gamma", "--samples", "5", "examples/continuum.csv"},
		{"version"},
	}
	keys := map[string]bool{}
	byCommand := map[string]map[string]bool{} // the keys of each command
	for _, args := range runs {
		out, errs, code := agree(t, "", append(args, "--format", "json")...)
		if code != 0 {
			t.Errorf("agree %s: exit %d: %s", strings.Join(args, " "), code, errs)
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("agree %s: %v", strings.Join(args, " "), err)
			continue
		}
		jsonKeys(v, data, keys)
		if byCommand[args[0]] == nil {
			byCommand[args[0]] = map[string]bool{}
		}
		jsonKeys(v, data, byCommand[args[0]])
		// Every JSON document opens with the version that wrote it.
		if first, _ := json.NewDecoder(strings.NewReader(out)).Token(); first != json.Delim('{') {
			t.Errorf("agree %s: the output is not a JSON object", strings.Join(args, " "))
		} else if key, _ := json.NewDecoder(strings.NewReader(out[1:])).Token(); key != version.Key || v.(map[string]any)[version.Key] != version.Version {
			t.Errorf("agree %s: the first key is %v, want %q: %q", strings.Join(args, " "), key, version.Key, version.Version)
		}
	}
	doc := docs(t)
	word := regexp.MustCompile("[\"`]([a-z0-9_]+)[\"`]")
	documented := map[string]bool{}
	for _, m := range word.FindAllStringSubmatch(doc, -1) {
		documented[m[1]] = true
	}
	var missing []string
	for k := range keys {
		if !documented[k] {
			missing = append(missing, k)
		}
	}
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	for k := range keys {
		if !snake.MatchString(k) {
			t.Errorf("JSON key %q is not lower-case snake_case (docs/cli.md: the JSON's conventions)", k)
		}
	}
	// Each command's keys on its page, or on a page it links to (a
	// command's JSON description may say "as in agree coding").
	for name, ks := range byCommand {
		if name == "version" {
			continue // docs/cli.md
		}
		text := pageWithLinks(t, commandPageOf(name))
		on := map[string]bool{}
		for _, m := range word.FindAllStringSubmatch(text, -1) {
			on[m[1]] = true
		}
		var off []string
		for k := range ks {
			if documented[k] && !on[k] {
				off = append(off, k)
			}
		}
		sort.Strings(off)
		if len(off) > 0 {
			t.Errorf("agree %s's JSON keys %s are documented, but not on %s or the pages it links to", name, strings.Join(off, ", "), commandPageOf(name))
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("JSON keys not documented in README.md or docs/*.md (write them as \"key\" in the command's JSON description): %s", strings.Join(missing, ", "))
	}
	if len(keys) < 100 {
		t.Errorf("only %d keys found: the runs do not exercise the commands", len(keys))
	}
}

// TestREADMEListsFlagLimits: every flag with a limit (bound, shown in -h
// as "(0 ≤ N ≤ 100)") has a row in the table of limits (docs/cli.md) that names
// its command and the flag.
func TestREADMEListsFlagLimits(t *testing.T) {
	var rows []string
	for _, l := range strings.Split(docs(t), "\n") {
		if strings.HasPrefix(l, "| `") {
			rows = append(rows, l)
		}
	}
	flagLine := regexp.MustCompile(`^  -([a-z0-9-]+) `)
	limited := regexp.MustCompile(`\((?:[-0-9.e+]+ [<≤] )?[Nx] [<≤≥>]`)
	for _, c := range commands() {
		help, _, code := agree(t, "", c.name, "-h")
		if code != 0 {
			t.Fatalf("%s -h: exit %d", c.name, code)
		}
		lines := strings.Split(help, "\n")
		for i := 0; i+1 < len(lines); i++ {
			m := flagLine.FindStringSubmatch(lines[i])
			if m == nil || !limited.MatchString(lines[i+1]) {
				continue
			}
			found := false
			for _, r := range rows {
				if strings.Contains(r, "`"+c.name+"`") && strings.Contains(r, "`--"+m[1]+"`") {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("agree %s --%s has a limit (%s) but no row in the table of limits of docs/cli.md", c.name, m[1], strings.TrimSpace(lines[i+1]))
			}
		}
	}
}

// TestTextOutputFitsWidth: every text output of the golden files (and the
// demonstration) fits in report.Width columns (issue 14: "table lines fit
// 100 columns").
func TestTextOutputFitsWidth(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden text files: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(b), "\n") {
			if n := utf8.RuneCountInString(l); n > report.Width {
				t.Errorf("%s:%d: %d characters (> %d): %q", f, i+1, n, report.Width, l)
			}
		}
	}
}

// TestREADMEFlagLimitsValues: the table of limits (docs/cli.md) states the
// bounds agree CMD -h shows: the lower and upper bound of each limited
// flag are numbers of its row (1 000 000, 10⁶ and 2³¹ − 1 read as numbers;
// the largest float64 as "finite").
func TestREADMEFlagLimitsValues(t *testing.T) {
	var rows []string
	for _, l := range strings.Split(readDoc(t, "docs/cli.md"), "\n") {
		if strings.HasPrefix(l, "| `") {
			rows = append(rows, l)
		}
	}
	flagLine := regexp.MustCompile(`^  -([a-z0-9-]+) `)
	bounds := regexp.MustCompile(`\((?:([-0-9.e+]+) [<≤] )?[Nx] ([<≤≥>]) ([-0-9.e+]+)\)`)
	grouped := regexp.MustCompile(`(\d) (\d{3})\b`)
	number := regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)
	powers := strings.NewReplacer("2³¹ − 1", "2147483647", "10⁶", "1000000", "10⁹", "1000000000", "10¹⁰⁰", "1e100")
	checked := 0
	for _, c := range commands() {
		help, _, _ := agree(t, "", c.name, "-h")
		lines := strings.Split(help, "\n")
		for i := 0; i+1 < len(lines); i++ {
			m := flagLine.FindStringSubmatch(lines[i])
			b := bounds.FindStringSubmatch(lines[i+1])
			if m == nil || b == nil {
				continue
			}
			var row, cell string
			for _, r := range rows {
				cells := strings.Split(r, " | ")
				if len(cells) >= 3 && strings.Contains(cells[0], "`"+c.name+"`") && strings.Contains(cells[1], "`--"+m[1]+"`") {
					row, cell = r, strings.Join(cells[2:], " | ")
					break
				}
			}
			if row == "" {
				continue // TestREADMEListsFlagLimits says so
			}
			cell = powers.Replace(cell)
			for grouped.MatchString(cell) {
				cell = grouped.ReplaceAllString(cell, "$1$2")
			}
			stated := map[float64]bool{}
			for _, n := range number.FindAllString(cell, -1) {
				v, _ := strconv.ParseFloat(n, 64)
				stated[v] = true
			}
			want := []string{b[3]}
			if b[1] != "" {
				want = append(want, b[1])
			}
			for _, w := range want {
				v, err := strconv.ParseFloat(w, 64)
				if err != nil {
					t.Errorf("agree %s --%s: bound %q", c.name, m[1], w)
					continue
				}
				switch {
				case v >= 1.7e308 || v <= -1.7e308:
					if !strings.Contains(cell, "finite") {
						t.Errorf("docs/cli.md's row of agree %s --%s does not say the bound is any finite number: %s", c.name, m[1], row)
					}
				case v < 0 && stated[-v], stated[v]:
				default:
					t.Errorf("docs/cli.md's row of agree %s --%s does not state the bound %s of agree %s -h (%s): %s", c.name, m[1], w, c.name, strings.TrimSpace(lines[i+1]), row)
				}
				checked++
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d bounds checked", checked)
	}
	t.Logf("%d bounds checked", checked)
}
