package main

import (
	"errors"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/report"
)

// TestReportWriteBuildsOnRequest: reportOutput.write builds the page only
// when --report was given, once.
func TestReportWriteBuildsOnRequest(t *testing.T) {
	for _, tc := range []struct {
		why    string
		path   string
		builds int
	}{
		{"no --report: the page is not built", "", 0},
		{"--report -: built once, written to standard output", "-", 1},
	} {
		fs := flag.NewFlagSet("agree test", flag.ContinueOnError)
		r := reportFlag(fs)
		r.path = tc.path
		n := 0
		var out strings.Builder
		err := r.write(env{stdout: &out}, func() (*report.Page, error) { n++; return &report.Page{Kind: "test", Title: "t"}, nil }, nil)
		if err != nil || n != tc.builds {
			t.Errorf("%s: built %d times (%v), want %d", tc.why, n, err, tc.builds)
		}
	}
	fs := flag.NewFlagSet("agree test", flag.ContinueOnError)
	r := reportFlag(fs)
	r.path = "-"
	boom := errors.New("cannot draw")
	if err := r.write(env{stdout: &strings.Builder{}}, func() (*report.Page, error) { return nil, boom }, nil); err != boom {
		t.Errorf("a page that cannot be built: %v, want %v", err, boom)
	}
}

// TestReportPagesBuiltOnlyInWrite: every call of a page builder
// (codingPage, gammaPage, …) in the commands is inside the function given
// to rep.write, so that no command builds its page (plots, tables) when no
// --report is asked for.
func TestReportPagesBuiltOnlyInWrite(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	builders := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "report_cmd.go" || name == "serve.go" {
			continue // agree report and agree serve build pages by definition
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		// the function literals passed to rep.write
		lazy := map[*ast.FuncLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "write" && len(call.Args) == 3 {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "rep" {
						lit, ok := call.Args[1].(*ast.FuncLit)
						if !ok {
							t.Errorf("%s: rep.write is given %T, not a function literal that builds the page", fset.Position(call.Pos()), call.Args[1])
						}
						lazy[lit] = true
					}
				}
			}
			return true
		})
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			// a page builder: fooPage(…), or Page(…) of a view package
			// (gammaview.Page)
			var name string
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				if strings.HasSuffix(fn.Name, "Page") && fn.Name != "Page" {
					name = fn.Name
				}
			case *ast.SelectorExpr:
				if x, ok := fn.X.(*ast.Ident); ok && strings.HasSuffix(x.Name, "view") && fn.Sel.Name == "Page" {
					name = x.Name + ".Page"
				}
			}
			if name == "" {
				return true
			}
			builders++
			for _, s := range stack {
				if lit, ok := s.(*ast.FuncLit); ok && lazy[lit] {
					return true
				}
			}
			t.Errorf("%s: %s is called outside the function given to rep.write: the page would be built without --report", fset.Position(call.Pos()), name)
			return true
		})
	}
	if builders < 7 {
		t.Errorf("found %d calls of page builders, want one per command", builders)
	}
}

// TestReportDoesNotChangeOutput: each command prints the same with and
// without --report FILE (the page is built from the results, never
// changing them), and writes the file only when asked.
func TestReportDoesNotChangeOutput(t *testing.T) {
	dir := t.TempDir()
	units := filepath.Join(dir, "units.csv")
	os.WriteFile(units, []byte("C1,Kx,0,10\nC1,Ky,12,20\nC2,Kx,1,10\nC2,Ky,11,19\nC3,Kx,0,9\n"), 0o644)
	for _, tc := range []struct {
		why  string
		args []string
	}{
		{"coding: coefficients, per category, pairs", []string{"coding", "examples/krippendorff.csv"}},
		{"gamma: γ with its chance sample", []string{"gamma", "--samples", "5", "--seed", "3", units}},
		{"coref: the scorer's metrics", []string{"coref", "--missing", "singletons", "testdata/coref/passonneau.csv"}},
		{"unitizing: the unitizing measures", []string{"unitizing", units}},
		{"segmentation: the segmentation measures", []string{"segmentation", "testdata/segmentation/g5_ch1.csv"}},
		{"shuffle: the shuffling tool's curves", []string{"shuffle", "--sets", "1", "--step", "0.5", "--units", "5", "--measures", "u_alpha", "--errors", "position", "--seed", "2"}},
		{"spans: pairwise F1", []string{"spans", "examples/entities.csv"}},
		{"relations: pairwise F1 on relations", []string{"relations", "examples/relations.csv"}},
	} {
		for _, format := range []string{"text", "json"} {
			plain, errs, code := agree(t, "", append(tc.args, "--format", format)...)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", tc.why, code, errs)
			}
			page := filepath.Join(dir, strings.Fields(tc.why)[0]+"-"+format+".html")
			with, errs, code := agree(t, "", append(tc.args, "--format", format, "--report", page)...)
			if code != 0 {
				t.Fatalf("%s --report: exit %d: %s", tc.why, code, errs)
			}
			if with != plain {
				t.Errorf("%s (%s): the output changes with --report", tc.why, format)
			}
			if st, err := os.Stat(page); err != nil || st.Size() == 0 {
				t.Errorf("%s: no report written (%v)", tc.why, err)
			}
		}
	}
}
