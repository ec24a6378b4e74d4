package web_test

import (
	"archive/zip"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pageCase is one run of the page: files chosen through the file input
// (or a folder through the folder input), the analysis and its options.
type pageCase struct {
	name    string
	files   []string // relative to the module's root
	folder  bool     // files[0] is a folder, chosen with "Choose a folder"
	command string   // "" is auto
	options string
	why     string
}

var root = filepath.Join("..")

var screenshot = flag.String("screenshot", "", "also write the page's screenshot as web.png to this directory (the picture of docs/web.md: -screenshot ../docs)")

// readerCases are the readers' own fixtures (the testdata of the formats
// packages) and the command line's examples, each as a user would give
// them to the page; their results (or errors) must be the command
// line's.
var readerCases = []pageCase{
	{name: "table/transposed", files: []string{"formats/table/testdata/krippendorff-transposed.csv"}, why: "a coding table, auto: agree coding"},
	{name: "table/counts", files: []string{"formats/table/testdata/fleiss1971-counts.csv"}, why: "the counts layout"},
	{name: "table/contingency", files: []string{"formats/table/testdata/sas-contingency.csv"}, why: "a contingency table"},
	{name: "table/numpy", files: []string{"formats/table/testdata/krippendorff-numpy.txt"}, command: "coding", options: "--metric interval", why: "a text matrix, by hand, with an option"},
	{name: "bio", files: []string{"formats/bio/testdata/alice.bio", "formats/bio/testdata/bob.bio", "formats/bio/testdata/碧.bio"}, why: "BIO files, a name outside the BMP's scripts"},
	{name: "bio/iob1", files: []string{"formats/bio/testdata/iob1.tsv"}, command: "spans", why: "IOB1 in a TSV"},
	{name: "brat/folder", files: []string{"formats/brat/testdata/common"}, folder: true, options: "--layer entity", why: "a brat collection chosen as a folder (a folder per annotator)"},
	{name: "coref/conll", files: []string{"cmd/agree/testdata/coref/key.conll", "cmd/agree/testdata/coref/response.conll"}, why: "coreference: CoNLL-2012 key and response"},
	{name: "coref/nested", files: []string{"formats/coref/testdata/nested.conll"}, why: "one annotator: the command line's error"},
	{name: "coref/passonneau", files: []string{"cmd/agree/testdata/coref/passonneau.csv"}, command: "coref", why: "coreference chains as a CSV"},
	{name: "doccano/classification", files: []string{"formats/doccano/testdata/classification/alice.jsonl", "formats/doccano/testdata/classification/bob.jsonl", "formats/doccano/testdata/classification/碧.jsonl"}, why: "doccano document labels"},
	{name: "doccano/sequence", files: []string{"formats/doccano/testdata/sequence/alice.jsonl", "formats/doccano/testdata/sequence/bob.jsonl", "formats/doccano/testdata/sequence/碧.jsonl"}, why: "doccano spans"},
	{name: "doccano/json", files: []string{"formats/doccano/testdata/json/alice.json", "formats/doccano/testdata/json/bob.json"}, why: "doccano JSON exports"},
	{name: "doccano/relations", files: []string{"formats/doccano/testdata/relations/alice.jsonl", "formats/doccano/testdata/relations/bob.jsonl"}, command: "relations", why: "doccano relations"},
	{name: "doccano/collaborative", files: []string{"formats/doccano/testdata/collaborative/all.jsonl"}, why: "one collaborative export"},
	{name: "elan", files: []string{"formats/elan/testdata/gesture.eaf"}, why: "ELAN tiers as annotators"},
	{name: "labelstudio", files: []string{"formats/labelstudio/testdata/export.json"}, why: "a Label Studio export"},
	{name: "labelstudio/utf16", files: []string{"formats/labelstudio/testdata/export-utf16.json"}, why: "UTF-16 with a byte order mark"},
	{name: "labelstudio/audio", files: []string{"formats/labelstudio/testdata/audio.json"}, why: "audio regions"},
	{name: "labelstudio/min", files: []string{"formats/labelstudio/testdata/min/rotating-min.json"}, why: "the JSON-MIN export"},
	{name: "labelstudio/csv", files: []string{"formats/labelstudio/testdata/min/rotating.csv"}, why: "the CSV export"},
	{name: "prodigy/cat", files: []string{"formats/prodigy/testdata/news_cat.jsonl"}, why: "Prodigy text classification"},
	{name: "prodigy/ner", files: []string{"formats/prodigy/testdata/news_ner.jsonl"}, why: "Prodigy spans"},
	{name: "prodigy/rel", files: []string{"formats/prodigy/testdata/news_rel.jsonl"}, command: "relations", why: "Prodigy relations"},
	{name: "prodigy/binary", files: []string{"formats/prodigy/testdata/binary/ner_teach.jsonl"}, why: "accept/reject answers"},
	{name: "segeval/hearst", files: []string{"formats/segeval/testdata/hearst1997.json"}, why: "segmentation: SegEval JSON"},
	{name: "segeval/types", files: []string{"formats/segeval/testdata/multiple_types.json"}, why: "several boundary types"},
	{name: "segeval/csv", files: []string{"formats/segeval/testdata/g5_ch1.csv"}, command: "segmentation", why: "segment masses as a CSV"},
	{name: "textgrid", files: []string{"formats/textgrid/testdata/dialogue.TextGrid"}, why: "Praat tiers as annotators"},
	{name: "textgrid/utf16", files: []string{"formats/textgrid/testdata/dialogue-utf16.TextGrid"}, why: "a UTF-16 TextGrid"},
	{name: "uima", files: []string{"formats/uima/testdata/common/alice/d1.xmi", "formats/uima/testdata/common/bob/d1.xmi"}, options: "--layer custom.Span", why: "UIMA XMI of two annotators"},
	{name: "units/csv", files: []string{"formats/units/testdata/three_annotators.csv"}, why: "γ from a unit CSV (auto)"},
	{name: "units/rttm", files: []string{"formats/units/testdata/two_speakers.rttm"}, command: "unitizing", why: "unitizing from RTTM"},
	{name: "units/semicolon", files: []string{"formats/units/testdata/semicolon_header.csv"}, command: "gamma", why: "a semicolon separator"},
	{name: "webanno/folder", files: []string{"formats/webanno/testdata/project"}, folder: true, options: "--layer NamedEntity", why: "a WebAnno project folder"},
	{name: "pair/eaf", files: []string{"formats/testdata/pair/coders.eaf"}, why: "ELAN, γ by auto"},
	{name: "examples/coding", files: []string{"cmd/agree/examples/krippendorff.csv"}, command: "coding", options: "--metric ordinal", why: "coding with a metric"},
	{name: "examples/ratings", files: []string{"cmd/agree/examples/ratings.csv"}, command: "ratings", why: "ratings (ICC)"},
	{name: "examples/spans", files: []string{"cmd/agree/examples/entities.csv"}, why: "spans from the span CSV"},
	{name: "examples/relations", files: []string{"cmd/agree/examples/relations.csv"}, command: "relations", why: "relations from the relation CSV"},
	{name: "examples/gamma", files: []string{"cmd/agree/examples/continuum.csv"}, command: "gamma", options: "--samples 20 --seed 7", why: "γ with its sampled expectation, seeded"},
	{name: "examples/unitizing", files: []string{"cmd/agree/examples/continuum.csv"}, command: "unitizing", why: "the unitizing alphas"},
	{name: "examples/segmentation", files: []string{"cmd/agree/testdata/segmentation/g5_ch3.json"}, command: "segmentation", why: "segmentation by hand"},
	{name: "compare", files: []string{"cmd/agree/testdata/rounds-early.csv", "cmd/agree/testdata/rounds-late.csv"}, command: "compare", options: "--bootstrap 200 --seed 3", why: "two tables compared, seeded bootstrap"},
	{name: "alttest", files: []string{"cmd/agree/examples/krippendorff.csv"}, command: "alttest", options: "--model D --min-items 5", why: "the alternative annotator test, a column as the model"},
	{name: "plan/pilot", files: []string{"cmd/agree/examples/krippendorff.csv"}, command: "plan", options: "--width 0.1", why: "plan from a pilot"},
	{name: "error/bad-flag", files: []string{"cmd/agree/examples/krippendorff.csv"}, command: "coding", options: "--metric nope", why: "a usage error is the command line's message"},
}

func TestPage(t *testing.T) {
	s := startSite(t, false)
	for _, c := range readerCases {
		t.Run(c.name, func(t *testing.T) {
			files := make([]string, len(c.files))
			for i, f := range c.files {
				files[i] = filepath.Join(root, filepath.FromSlash(f))
			}
			input := "#files"
			if c.folder {
				input = "#folder"
			}
			command := c.command
			if command == "" {
				command = "auto"
			}
			s.check(t, input, files, command, c.options)
		})
	}
	if *screenshot != "" {
		// the picture of docs/web.md: the coding example with a bootstrap
		s.check(t, "#files", []string{filepath.Join(root, "cmd", "agree", "examples", "krippendorff.csv")}, "auto", "--bootstrap 200 --seed 4")
		if err := s.page.Eval(s.ctx, `document.activeElement.blur(), window.scrollTo(0, 0)`, nil); err != nil {
			t.Fatal(err)
		}
		shot, err := s.page.ViewportScreenshot(s.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshot, "web.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("zip", func(t *testing.T) {
		// a brat collection as a project ZIP
		z := filepath.Join(t.TempDir(), "brat.zip")
		writeZip(t, z, filepath.Join(root, "formats", "brat", "testdata", "common"))
		s.check(t, "#files", []string{z}, "auto", "--layer entity")
	})
	t.Run("drop", func(t *testing.T) {
		// files and a folder dropped on the drop zone: a brat collection's
		// annotator folders dropped together, and a WebAnno project folder
		for _, c := range []struct {
			name    string
			paths   []string
			options string
		}{
			{"brat annotator folders", []string{"formats/brat/testdata/common/alice", "formats/brat/testdata/common/bob"}, "--layer entity"},
			{"files", []string{"formats/bio/testdata/alice.bio", "formats/bio/testdata/bob.bio"}, ""},
		} {
			abs := make([]string, len(c.paths))
			for i, p := range c.paths {
				abs[i], _ = filepath.Abs(filepath.Join(root, filepath.FromSlash(p)))
			}
			if err := s.page.Eval(s.ctx, `document.getElementById("clear").click()`, nil); err != nil {
				t.Fatal(err)
			}
			var box struct{ X, Y float64 }
			if err := s.page.Eval(s.ctx, `(() => { const r = document.getElementById("drop").getBoundingClientRect(); return {X: r.x + r.width - 20, Y: r.y + 10}; })()`, &box); err != nil {
				t.Fatal(err)
			}
			if err := s.page.DropFiles(s.ctx, box.X, box.Y, abs); err != nil {
				t.Fatal(err)
			}
			if err := s.page.Eval(s.ctx, `new Promise(ok => { const f = () => document.getElementById("filelist").children.length ? ok() : setTimeout(f, 10); f(); })`, nil); err != nil {
				t.Fatal(err)
			}
			s.start(t, "auto", c.options)
			got := s.result(t)
			stdout, stderr, _, code := s.nativeRun(t, abs, "auto", c.options)
			if code != 0 || got.Error != "" {
				t.Fatalf("%s: native %d %s; page %s", c.name, code, stderr, got.Error)
			}
			sameJSON(t, "$", decode(t, "page JSON", got.JSON), decode(t, "native JSON", stdout))
		}
	})
	t.Run("downloads", func(t *testing.T) {
		// the JSON and the report offered for download are those shown;
		// the CSV (a second run, on request) is the command line's
		file := filepath.Join(root, "cmd", "agree", "examples", "krippendorff.csv")
		got := s.check(t, "#files", []string{file}, "coding", "--metric ordinal")
		var dl struct{ JSON, Report, CSV, Name string }
		err := s.page.Eval(s.ctx, `(async () => {
			const text = id => document.getElementById(id).blob.text();
			const out = {JSON: await text("download-json"), Report: await text("download-report")};
			document.getElementById("download-csv").click();
			await new Promise(ok => { const f = () => document.getElementById("download-csv").tagName === "A" ? ok() : setTimeout(f, 10); f(); });
			out.CSV = await text("download-csv");
			out.Name = document.getElementById("download-csv").download;
			return out;
		})()`, &dl)
		if err != nil {
			t.Fatal(err)
		}
		if dl.JSON != got.JSON || dl.Report != got.ReportText {
			t.Errorf("the downloads differ from what the page shows (JSON %d/%d bytes, report %d/%d)", len(dl.JSON), len(got.JSON), len(dl.Report), len(got.ReportText))
		}
		cmd := exec.Command(s.native, "coding", "--format", "csv", "--metric", "ordinal", "krippendorff.csv")
		cmd.Dir = filepath.Dir(file)
		want, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if dl.CSV != string(want) || dl.Name != "agree-coding.csv" {
			t.Errorf("CSV download %q:\n%s\nwant:\n%s", dl.Name, dl.CSV, want)
		}
		// the CSV button downloads it at once: the browser saved it
		var saved []byte
		for range 200 {
			if saved, err = os.ReadFile(filepath.Join(s.downloads, "agree-coding.csv")); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if string(saved) != string(want) {
			t.Errorf("the browser saved %q (%v), want the CSV", saved, err)
		}
	})
	t.Run("plan/a-priori", func(t *testing.T) {
		// no file: plan on its options alone (Run is enabled for plan)
		if err := s.page.Eval(s.ctx, `document.getElementById("clear").click()`, nil); err != nil {
			t.Fatal(err)
		}
		s.start(t, "plan", "--rates 0.4,0.6 --value 0.6 --min 0.4")
		got := s.result(t)
		stdout, stderr, _, code := s.nativeRun(t, nil, "plan", "--rates 0.4,0.6 --value 0.6 --min 0.4")
		if code != 0 || got.Error != "" {
			t.Fatalf("native %d %s; page %s", code, stderr, got.Error)
		}
		sameJSON(t, "$", decode(t, "page JSON", got.JSON), decode(t, "native JSON", stdout))
	})
	t.Run("accessible", func(t *testing.T) {
		// every control has an accessible name (a label, aria-label or
		// aria-labelledby, or its text) and is reachable with the keyboard
		// (not taken out of the tab order); the status is a live region;
		// the report's frame has a title
		var problems []string
		err := s.page.Eval(s.ctx, `(() => {
			const out = [];
			for (const el of document.querySelectorAll("input, select, button, a, iframe, progress")) {
				if (el.hidden || el.closest("[hidden]")) continue;
				const named = (el.labels && el.labels.length) || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || el.title || (el.tagName !== "INPUT" && el.tagName !== "SELECT" && el.textContent.trim());
				if (!named) out.push("no accessible name: " + el.outerHTML.slice(0, 80));
				if (el.tabIndex < 0 && el.tagName !== "PROGRESS" && el.tagName !== "IFRAME") out.push("not reachable with Tab: " + el.outerHTML.slice(0, 80));
			}
			if (document.getElementById("status").getAttribute("aria-live") !== "polite") out.push("the status is not a live region");
			return out;
		})()`, &problems)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Error(p)
		}
	})
	if errs := s.page.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	if r := s.requests(); len(r) > 0 {
		t.Errorf("the page sent requests after it had loaded: %q", r)
	}
}

// writeZip writes the files under dir into a ZIP archive.
func writeZip(t *testing.T, name, dir string) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	w := zip.NewWriter(f)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		zw, err := w.Create(strings.ReplaceAll(rel, string(filepath.Separator), "/"))
		if err != nil {
			return err
		}
		_, err = zw.Write(b)
		return err
	})
	if err == nil {
		err = w.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}
