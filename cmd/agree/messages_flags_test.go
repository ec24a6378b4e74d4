package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestFlagNames: the library names its options in its messages (the
// field of an Options, as a Go caller sets it), and the CLI prints the
// flag that sets it.
func TestFlagNames(t *testing.T) {
	for _, c := range []struct{ lib, cli string }{
		{"the spans are in 2 layers (a, b): choose one with Options.Layer", "the spans are in 2 layers (a, b): choose one with --layer"},
		{`a.csv:2: 1 field, but the line holds ";": is ";" the separator? (agree: Reader.Comma ";")`, `a.csv:2: 1 field, but the line holds ";": is ";" the separator? (agree: --sep ";")`},
		{"read it with Options.Layout columns Options.Header Options.Columns 1-3", "read it with --layout columns --header --columns 1-3"},
		{"the tag in column 4 (Options.Column)", "the tag in column 4 (--column)"},
		{`value "x": not among the ordered categories (ParseOptions.Categories)`, `value "x": not among the ordered categories (--order or --categories)`},
		{`not a number; text categories need their order (ParseOptions.Categories a,b,c)`, `not a number; text categories need their order (--order a,b,c)`},
		{`value "x": not among the categories of ParseOptions.Categories`, `value "x": not among the categories of --order`},
		{"no text-bound annotation of the types T (BratOptions.Types)", "no text-bound annotation of the types T (--brat-types)"},
		{"Options.Tiers \"x\": annotator \"a\" is given two tiers", "--tiers \"x\": annotator \"a\" is given two tiers"},
		{"is the offset unit right? try Options.OffsetUnit)", "is the offset unit right? try --offset-unit)"},
	} {
		if got := flagNames(c.lib); got != c.cli {
			t.Errorf("flagNames(%q) = %q, want %q", c.lib, got, c.cli)
		}
	}
}

// TestLibraryMessagesNameOptions: no error message of the library names a
// flag of the CLI (it names the Options field; flagNames maps it), except
// where it names another command.
func TestLibraryMessagesNameOptions(t *testing.T) {
	root := filepath.Join("..", "..")
	flag := regexp.MustCompile(`(^|[\s(])--[a-z][a-z-]+`)
	allowed := map[string]bool{"agree convert --to jsonl": true}
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			switch {
			case rel == "cmd", rel == "internal/view", rel == "internal/chrome", rel == "bench", rel == "python", rel == "web", d.Name() == "testdata", strings.HasPrefix(d.Name(), ".") && p != root:
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			// messages: errors, and the formats of the readers' errorf
			// helpers (notes and warnings are not errors)
			x, _ := sel.X.(*ast.Ident)
			isErr := x != nil && (x.Name == "fmt" && sel.Sel.Name == "Errorf" || x.Name == "errors" && sel.Sel.Name == "New" || x.Name == "position" && sel.Sel.Name == "Errorf")
			if !isErr && sel.Sel.Name != "errorf" {
				return true
			}
			for _, a := range call.Args {
				lit, ok := a.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				s, _ := strconv.Unquote(lit.Value)
				for a := range allowed {
					s = strings.ReplaceAll(s, a, "")
				}
				if m := flag.FindString(s); m != "" {
					t.Errorf("%s: the message names the flag %s; name the Options field (cmd/agree's flagNames maps it)", fset.Position(lit.Pos()), strings.TrimSpace(m))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked %d files", checked)
	}
}
