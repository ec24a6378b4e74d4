package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"agree/annotation"
	"agree/formats"
)

// The documentation: README.md and the pages of docs/. Every output a page
// shows is a "console" block that starts with the command line ("$ agree
// ARGS" or "$ go run ./cmd/agree ARGS", run from the repository's root) and
// is followed by what the command printed; TestDocsOutput runs each command
// and compares, and rewrites the blocks with -update, so that the pages
// cannot drift from the program.

// root is the repository's root, relative to the package's directory.
var root = filepath.Join("..", "..")

// docFiles lists README.md and docs/*.md, relative to root.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(pages) < 10 {
		t.Fatalf("docs/*.md: %d pages (%v)", len(pages), err)
	}
	files := []string{"README.md"}
	for _, p := range pages {
		rel, _ := filepath.Rel(root, p)
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}

// readDoc reads one documentation file (a path relative to root).
func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docs is the whole documentation, README.md and docs/*.md, in one text:
// what the contract tests (TestREADME*) search.
func docs(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, f := range docFiles(t) {
		b.WriteString(readDoc(t, f))
		b.WriteString("\n")
	}
	return b.String()
}

// consoleBlock is a block of a page that shows a command and its output.
type consoleBlock struct {
	start, end int    // the block's content: text[start:end] (after the opening fence's line, before the closing fence)
	line       int    // line of the opening fence, 1-based
	head       int    // lines of output shown (0: all), from the fence's "head=N"
	section    string // the fence's "section=TEXT": show the lines from the first that starts with TEXT to the next empty line
	prompt     string // the command line as shown, without "$ "
	args       []string
}

var fence = regexp.MustCompile("(?m)^```console( head=([0-9]+)| section=([^\n`]+))?\n")

// consoleBlocks finds the console blocks of a page.
func consoleBlocks(text string) ([]consoleBlock, error) {
	var blocks []consoleBlock
	for _, m := range fence.FindAllStringSubmatchIndex(text, -1) {
		b := consoleBlock{start: m[1], line: strings.Count(text[:m[0]], "\n") + 1}
		if m[4] >= 0 {
			b.head, _ = strconv.Atoi(text[m[4]:m[5]])
		}
		if m[6] >= 0 {
			b.section = text[m[6]:m[7]]
		}
		rest := text[b.start:]
		if strings.HasPrefix(rest, "```\n") {
			return nil, fmt.Errorf("line %d: an empty console block", b.line)
		}
		end := strings.Index(rest+"\n", "\n```\n")
		if end < 0 {
			return nil, fmt.Errorf("line %d: the console block is not closed", b.line)
		}
		b.end = b.start + end + 1
		first, _, _ := strings.Cut(text[b.start:b.end], "\n")
		cmd, ok := strings.CutPrefix(first, "$ ")
		if !ok {
			return nil, fmt.Errorf("line %d: a console block starts with \"$ \" and the command", b.line)
		}
		b.prompt = cmd
		words, err := shellWords(cmd)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", b.line, err)
		}
		switch {
		case len(words) >= 1 && words[0] == "agree":
			b.args = words[1:]
		case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/agree":
			b.args = words[3:]
		default:
			return nil, fmt.Errorf("line %d: %q: a console block runs agree (or go run ./cmd/agree)", b.line, cmd)
		}
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// shellWords splits a command line as a shell would, for the plain command
// lines of the docs: words, single and double quotes; no pipes, redirections
// or variables.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in := false // inside a word
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed %c in %q", c, s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case strings.IndexByte("|<>;&$`\\*?", c) >= 0:
			return nil, fmt.Errorf("%q: only plain command lines are run (no %c)", s, c)
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// docsOutput runs a command line of the docs in a child process (the test
// binary as agree, in the repository's root) and gives the block's content:
// the command line, what it wrote to standard output and standard error (in
// the order written, as a terminal shows them), then its exit status when
// not 0.
func docsOutput(t *testing.T, b consoleBlock) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, b.args...)
	cmd.Dir = root
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "AGREE_") {
			continue
		}
		env = append(env, kv)
	}
	cmd.Env = append(env, "AGREE_TEST_AS_AGREE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out // one pipe: in the order written, as on a terminal
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s: %v", b.prompt, err)
		}
		code = ee.ExitCode()
	}
	body := out.String()
	if body != "" && !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	if code != 0 {
		body += fmt.Sprintf("[exit status %d]\n", code)
	}
	lines := strings.SplitAfter(body, "\n")
	lines = lines[:len(lines)-1] // after the last "\n"
	switch {
	case b.head > 0 && len(lines) > b.head:
		body = strings.Join(lines[:b.head], "") + fmt.Sprintf("… (%s)\n", moreLines(len(lines)-b.head, "more"))
	case b.section != "":
		from := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, b.section) })
		if from < 0 {
			t.Errorf("%s: no line of the output starts with %q (the fence's section=)", b.prompt, b.section)
			break
		}
		to := from + slices.Index(lines[from:], "\n")
		if to < from {
			to = len(lines)
		}
		body = ""
		if from > 0 {
			body = fmt.Sprintf("… (%s)\n", moreLines(from, "before"))
		}
		body += strings.Join(lines[from:to], "")
		if to < len(lines) {
			body += fmt.Sprintf("… (%s)\n", moreLines(len(lines)-to, "after"))
		}
	}
	return "$ " + b.prompt + "\n" + body
}

// moreLines says how many lines were left out.
func moreLines(n int, where string) string {
	if where == "more" {
		if n == 1 {
			return "1 more line"
		}
		return fmt.Sprintf("%d more lines", n)
	}
	if n == 1 {
		return "1 line " + where
	}
	return fmt.Sprintf("%d lines %s", n, where)
}

// TestDocsOutput: every output shown in the docs is what the command
// prints (go test ./cmd/agree -run TestDocs -update rewrites them).
func TestDocsOutput(t *testing.T) {
	n := 0
	for _, name := range docFiles(t) {
		text := readDoc(t, name)
		blocks, err := consoleBlocks(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var fixed strings.Builder
		last := 0
		for _, b := range blocks {
			n++
			got := docsOutput(t, b)
			if want := text[b.start:b.end]; got != want {
				if !*update {
					t.Errorf("%s:%d: the output of %q differs from the page (go test ./cmd/agree -run TestDocs -update rewrites it): %s", name, b.line, b.prompt, firstDifference(want, got))
				}
			}
			fixed.WriteString(text[last:b.start])
			fixed.WriteString(got)
			last = b.end
		}
		fixed.WriteString(text[last:])
		if *update && fixed.String() != text {
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(fixed.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 2 {
		t.Errorf("only %d console blocks in the docs", n)
	}
}

// TestDocsConsoleBlocks: the parsing of console blocks and command lines.
func TestDocsConsoleBlocks(t *testing.T) {
	for _, c := range []struct {
		text, want, err string
	}{
		{"```console\n$ agree coding x.csv\nold\n```\n", "coding x.csv", ""},
		{"```console head=3\n$ go run ./cmd/agree\nx\n```", "", ""},
		{"```console section=per round\n$ agree coding --by round r.csv\n```\n", "coding --by round r.csv", ""},
		{"```console\n$ agree coding --require 'krippendorff_alpha>=0.8' \"a b.csv\"\n```\n", "coding --require krippendorff_alpha>=0.8 a b.csv", ""},
		{"```console\n$ agree coding x.csv | head\n```\n", "", "only plain command lines"},
		{"```console\n$ ls\n```\n", "", "runs agree"},
		{"```console\nagree coding\n```\n", "", "starts with"},
		{"```console\n$ agree coding\n", "", "not closed"},
		{"```sh\n$ ls\n```\n", "", ""}, // not a console block
	} {
		blocks, err := consoleBlocks(c.text)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		var got []string
		for _, b := range blocks {
			got = append(got, strings.Join(b.args, " "))
		}
		if want := strings.Join(got, ";"); want != c.want {
			t.Errorf("%q: args %q, want %q", c.text, want, c.want)
		}
	}
}

// commandPage is the page that documents each command.
var commandPage = map[string]string{
	"demo": "docs/cli.md", "version": "docs/cli.md",
	"report": "docs/reports.md", "serve": "docs/reports.md",
}

// TestDocsPagePerCommand: every command has its page, which shows its flags
// (agree CMD -h, a console block) and its output on an input (a console
// block), and explains each flag in its text or in a page it links to
// (docs/cli.md, the conventions, is always one).
func TestDocsPagePerCommand(t *testing.T) {
	flagLine := regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`)
	for _, c := range commands() {
		page := commandPageOf(c.name)
		text := readDoc(t, page)
		if !strings.Contains(text, "\n$ agree "+c.name+" -h\n") {
			t.Errorf("%s: no console block of agree %s -h (its flags)", page, c.name)
		}
		// and its real output on some input (version's depends on the
		// build; report writes HTML, serve listens; demo's is in the README)
		if c.name != "version" && c.name != "report" && c.name != "serve" {
			shown := false
			all := text
			if c.name == "demo" {
				all = readDoc(t, "README.md")
			}
			blocks, _ := consoleBlocks(all)
			for _, b := range blocks {
				if c.name == "demo" && len(b.args) == 0 || len(b.args) > 0 && b.args[0] == c.name && !slices.Contains(b.args, "-h") {
					shown = true
				}
			}
			if !shown {
				t.Errorf("%s: no console block shows agree %s's output on an input", page, c.name)
			}
		}
		// The text without its console blocks, and the pages it links to:
		// where the flags are explained.
		prose := pageWithLinks(t, page)
		help, _, _ := agree(t, "", c.name, "-h")
		var missing []string
		for _, m := range flagLine.FindAllStringSubmatch(help, -1) {
			if !strings.Contains(prose, "--"+m[1]) {
				missing = append(missing, "--"+m[1])
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: agree %s's flags %s are not explained (only in agree %s -h)", page, c.name, strings.Join(missing, ", "), c.name)
		}
	}
}

// commandPageOf is the page of a command.
func commandPageOf(name string) string {
	if p, ok := commandPage[name]; ok {
		return p
	}
	return "docs/" + name + ".md"
}

var pageLink = regexp.MustCompile(`\]\(([a-z]+\.md)[)#]`)

// pageWithLinks is the text of a page (docs/NAME.md) and of the pages it
// links to, and docs/cli.md, without their console blocks: where what the
// page documents is explained.
func pageWithLinks(t *testing.T, page string) string {
	t.Helper()
	text := readDoc(t, page)
	linked := map[string]bool{"cli.md": true}
	for _, m := range pageLink.FindAllStringSubmatch(text, -1) {
		linked[m[1]] = true
	}
	all := withoutOutput(text)
	for p := range linked {
		if "docs/"+p != page {
			all += "\n" + withoutOutput(readDoc(t, "docs/"+p))
		}
	}
	return all
}

// withoutOutput is a page without its console blocks.
func withoutOutput(text string) string {
	blocks, _ := consoleBlocks(text)
	for i := len(blocks) - 1; i >= 0; i-- {
		text = text[:blocks[i].start] + text[blocks[i].end:]
	}
	return text
}

// TestREADMETestCommandInCI: the README's test command (the line of its
// first sh block marked "# the test suite") is a command .ci/run runs.
func TestREADMETestCommandInCI(t *testing.T) {
	readme := readDoc(t, "README.md")
	i := strings.Index(readme, "```sh\n")
	if i < 0 {
		t.Fatal("README.md has no sh block")
	}
	block, _, _ := strings.Cut(readme[i+len("```sh\n"):], "```")
	var cmd string
	for _, l := range strings.Split(block, "\n") {
		if c, _, ok := strings.Cut(l, "# the test suite"); ok {
			cmd = strings.TrimSpace(c)
		}
	}
	if cmd == "" {
		t.Fatalf("README.md's first sh block has no line marked \"# the test suite\":\n%s", block)
	}
	ci := readDoc(t, ".ci/run")
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(cmd) + `$`).MatchString(ci) {
		t.Errorf(".ci/run does not run the README's test command %q on a line of its own", cmd)
	}
}

// firstDifference shows the first line where the page and the command part.
func firstDifference(page, command string) string {
	return firstDifferenceOf(page, command, "command")
}

// firstDifferenceOf names the other side other.
func firstDifferenceOf(page, command, other string) string {
	p, c := strings.Split(page, "\n"), strings.Split(command, "\n")
	for i := 0; ; i++ {
		switch {
		case i >= len(p) || i >= len(c):
			return fmt.Sprintf("the page has %d lines, the %s %d", len(p), other, len(c))
		case p[i] != c[i]:
			return fmt.Sprintf("line %d of the block:\n--- page\n%s\n--- %s\n%s", i+1, p[i], other, c[i])
		}
	}
}

// The Go code of the docs is the module's Example functions, shown whole: a
// ```go block after a line "<!-- example PACKAGE NAME -->" (PACKAGE the
// import path, NAME the function) is the function's source with its doc
// comment; TestDocsGoExamples compares them (-update rewrites them), and
// docs/library.md names every Example function of the module.

var exampleMarker = regexp.MustCompile("(?m)^<!-- example (agree(?:/[a-z0-9/]+)?) (Example[A-Za-z0-9_]*) -->\n```go\n")

// exampleSource is the source of the function name in the package's test
// files, from its doc comment to its closing brace.
func exampleSource(t *testing.T, pkg, name string) (string, error) {
	t.Helper()
	dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(pkg, "agree"), "/")))
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		af, err := parser.ParseFile(fset, f, src, parser.ParseComments)
		if err != nil {
			return "", err
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Name.Name != name {
				continue
			}
			start := fd.Pos()
			if fd.Doc != nil {
				start = fd.Doc.Pos()
			}
			return string(src[fset.Position(start).Offset:fset.Position(fd.End()).Offset]) + "\n", nil
		}
	}
	return "", fmt.Errorf("no function %s in the tests of %s", name, pkg)
}

// TestDocsGoExamples: the Go blocks of the docs are Example functions of
// the module, as they are in the source.
func TestDocsGoExamples(t *testing.T) {
	for _, name := range docFiles(t) {
		text := readDoc(t, name)
		if n, m := strings.Count(text, "\n```go\n"), len(exampleMarker.FindAllString(text, -1)); n != m {
			t.Errorf("%s: %d Go blocks, %d of them Example functions marked <!-- example PACKAGE NAME -->: show Example functions, which are compiled and run", name, n, m)
		}
		var fixed strings.Builder
		last := 0
		for _, m := range exampleMarker.FindAllStringSubmatchIndex(text, -1) {
			pkg, fn := text[m[2]:m[3]], text[m[4]:m[5]]
			end := strings.Index(text[m[1]:], "```\n")
			if end < 0 {
				t.Errorf("%s: the block of %s.%s is not closed", name, pkg, fn)
				break
			}
			src, err := exampleSource(t, pkg, fn)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if got := text[m[1] : m[1]+end]; got != src && !*update {
				t.Errorf("%s: the block of %s.%s differs from the source (go test ./cmd/agree -run TestDocs -update rewrites it): %s", name, pkg, fn, firstDifferenceOf(got, src, "source"))
			}
			fixed.WriteString(text[last:m[1]])
			fixed.WriteString(src)
			last = m[1] + end
		}
		fixed.WriteString(text[last:])
		if *update && fixed.String() != text {
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(fixed.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Every Example function of the module is named on the library page.
	lib := strings.Join(strings.Fields(readDoc(t, "docs/library.md")), " ")
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := "agree/" + filepath.ToSlash(rel)
		for _, m := range regexp.MustCompile(`(?m)^func (Example[A-Za-z0-9_]*)\(\)`).FindAllStringSubmatch(string(src), -1) {
			if !strings.Contains(lib, "`"+pkg+"` `"+m[1]+"`") && !strings.Contains(lib, "<!-- example "+pkg+" "+m[1]+" -->") {
				t.Errorf("docs/library.md does not name the example %s.%s (show it, or list it as `%s` `%s`)", pkg, m[1], pkg, m[1])
			}
		}
		return nil
	})
}

// TestREADMEIsShort: the README stays an introduction (what agree is, the
// two commands, one example, where to go next; issue 24 §5: about 150
// lines); the reference goes to the pages of docs/.
func TestREADMEIsShort(t *testing.T) {
	if n := strings.Count(readDoc(t, "README.md"), "\n"); n > 180 {
		t.Errorf("README.md has %d lines (at most 180): put reference text in the page of docs/ where it belongs (docs/README.md lists them) and link to it", n)
	}
}

// TestDocsCommandLines: the command lines the pages give as examples (the
// lines of sh blocks that start with "agree ") name a command and its
// flags as they are, and are accepted: run with AGREE_CHECK=1 in an empty
// directory, where their input files do not exist, none is a usage error
// (exit 2; a missing file is exit 1).
func TestDocsCommandLines(t *testing.T) {
	sh := regexp.MustCompile("(?s)```sh\n(.*?)```")
	flagName := regexp.MustCompile(`^--?([a-z0-9-]+)`)
	known := map[string]map[string]bool{} // command → its flags
	for _, c := range commands() {
		help, _, _ := agree(t, "", c.name, "-h")
		known[c.name] = map[string]bool{"h": true, "help": true}
		for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(help, -1) {
			known[c.name][m[1]] = true
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	checked := 0
	for _, name := range docFiles(t) {
		for _, block := range sh.FindAllStringSubmatch(readDoc(t, name), -1) {
			for _, line := range strings.Split(block[1], "\n") {
				if !strings.HasPrefix(line, "agree ") {
					continue
				}
				if i := strings.Index(line, " # "); i >= 0 {
					line = line[:i]
				}
				words, err := shellWords(strings.TrimSpace(line))
				if err != nil {
					continue // a pipe, a glob, a redirection: not run
				}
				cmd := words[1]
				if cmd == "help" {
					continue
				}
				flags, ok := known[cmd]
				if !ok {
					t.Errorf("%s: %q: no command %q", name, line, cmd)
					continue
				}
				if cmd != "report" { // report passes the other flags to the command it runs
					for _, w := range words[2:] {
						if m := flagName.FindStringSubmatch(w); m != nil && w != "-" && !flags[m[1]] {
							t.Errorf("%s: %q: agree %s has no flag --%s", name, line, cmd, m[1])
						}
					}
				}
				switch cmd {
				case "serve", "shuffle", "plan", "version", "demo":
					continue // no input to stop at: they would run
				case "report":
					continue // it needs its first input to know which command's flags it passes on
				}
				c := exec.Command(exe, words[1:]...)
				c.Dir = empty
				c.Env = append(os.Environ(), "AGREE_TEST_AS_AGREE=1", "AGREE_CHECK=1")
				c.Stdin = strings.NewReader("")
				out, _ := c.CombinedOutput()
				if c.ProcessState.ExitCode() == 2 {
					t.Errorf("%s: %q is refused as a usage error: %s", name, line, out)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d command lines checked", checked)
	}
}

// TestDocsIndex: docs/README.md, the index of the pages, links to every
// page of docs/.
func TestDocsIndex(t *testing.T) {
	index := readDoc(t, "docs/README.md")
	for _, f := range docFiles(t) {
		page := strings.TrimPrefix(f, "docs/")
		if page == f || page == "README.md" {
			continue
		}
		if !strings.Contains(index, "]("+page+")") {
			t.Errorf("docs/README.md does not link to %s: add it to the index", page)
		}
	}
}

// TestREADMEListsEveryCommand: the README's table of commands names every
// command, with a link to its page.
func TestREADMEListsEveryCommand(t *testing.T) {
	readme := readDoc(t, "README.md")
	for _, c := range commands() {
		row := ""
		for _, l := range strings.Split(readme, "\n") {
			if strings.HasPrefix(l, "| ") && strings.Contains(l, "`agree "+c.name+"`") {
				row = l
				break
			}
		}
		if row == "" {
			t.Errorf("README.md's table of commands has no row for `agree %s`", c.name)
		} else if page := commandPageOf(c.name); !strings.Contains(row, "]("+page+")") {
			t.Errorf("README.md's row of agree %s does not link to %s", c.name, page)
		}
	}
}

// TestDocsInputNames: docs/formats.md's table of --input names (a
// contract) has a row for every reader's name.
func TestDocsInputNames(t *testing.T) {
	var rows []string
	for _, l := range strings.Split(readDoc(t, "docs/formats.md"), "\n") {
		if strings.HasPrefix(l, "| `") {
			first, _, _ := strings.Cut(l[2:], " |")
			rows = append(rows, first)
		}
	}
	names := formats.Names()
	if len(names) < 10 {
		t.Fatalf("formats.Names: %v", names)
	}
	for _, n := range names {
		found := false
		for _, r := range rows {
			if strings.Contains(r, "`"+n+"`") {
				found = true
			}
		}
		if !found {
			t.Errorf("docs/formats.md's table of --input names has no row for %q", n)
		}
	}
}

// TestDocsSpanCSVHeader: the span CSV header the docs state (a contract:
// docs/cli.md's contracts and docs/spans.md's input), and the relation
// CSV's, are the ones package annotation writes and reads.
func TestDocsSpanCSVHeader(t *testing.T) {
	want := strings.Join(annotation.CSVHeader, ",") + "[," + strings.Join(annotation.CSVOptional, ",") + "]"
	for _, page := range []string{"docs/cli.md", "docs/spans.md"} {
		if !strings.Contains(readDoc(t, page), "`"+want+"`") {
			t.Errorf("%s does not state the span CSV header `%s`", page, want)
		}
	}
	// and the relation CSV's, in docs/relations.md's example
	if rel := strings.Join(annotation.RelationCSVHeader, ","); !strings.Contains(readDoc(t, "docs/relations.md"), "\n"+rel+"\n") {
		t.Errorf("docs/relations.md does not show the relation CSV header %s", rel)
	}
}

// TestDocsLinks: the links between the pages (and to files of the
// repository) lead somewhere: the file exists and, for a link with
// #anchor, a heading of that page has that anchor (GitHub's rule:
// lower case, punctuation dropped, spaces to hyphens). Code blocks are
// balanced.
func TestDocsLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(name string) map[string]bool {
		if a, ok := anchors[name]; ok {
			return a
		}
		a := map[string]bool{}
		for _, l := range strings.Split(withoutCode(readDoc(t, name)), "\n") {
			if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") {
				a[slug(h)] = true
			}
		}
		anchors[name] = a
		return a
	}
	for _, name := range docFiles(t) {
		text := readDoc(t, name)
		if n := len(regexp.MustCompile("(?m)^```").FindAllString(text, -1)); n%2 != 0 {
			t.Errorf("%s: %d lines open or close a code block: one is not closed", name, n)
		}
		for _, m := range link.FindAllStringSubmatch(withoutCode(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			if file == "" {
				file = name
			} else {
				file = filepath.ToSlash(filepath.Join(filepath.Dir(name), file))
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(file))); err != nil {
					t.Errorf("%s: the link %s leads nowhere: %v", name, target, err)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(file, ".md") && !anchorsOf(file)[anchor] {
				t.Errorf("%s: the link %s: %s has no heading with the anchor #%s", name, target, file, anchor)
			}
		}
	}
}

// slug is GitHub's anchor of a heading.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutCode is a page without its fenced code blocks.
func withoutCode(text string) string {
	return regexp.MustCompile("(?ms)^```.*?^```$").ReplaceAllString(text, "")
}

// TestDocsPythonKeywords: the keyword arguments of the Python examples
// (agree.CMD(…, key=value) in python blocks) are flags of the command, as
// the package passes them on (key → --key, underscores to hyphens, a
// trailing underscore dropped).
func TestDocsPythonKeywords(t *testing.T) {
	py := regexp.MustCompile("(?s)```python\n(.*?)```")
	call := regexp.MustCompile(`agree\.([a-z]+)\(`)
	kw := regexp.MustCompile(`[(,]\s*([a-z_]+)=`)
	flags := map[string]map[string]bool{}
	for _, c := range commands() {
		help, _, _ := agree(t, "", c.name, "-h")
		flags[c.name] = map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(help, -1) {
			flags[c.name][m[1]] = true
		}
	}
	checked := 0
	for _, name := range docFiles(t) {
		for _, block := range py.FindAllStringSubmatch(readDoc(t, name), -1) {
			for _, line := range strings.Split(block[1], "\n") {
				m := call.FindStringSubmatchIndex(line)
				if m == nil {
					continue
				}
				cmd := line[m[2]:m[3]]
				f, ok := flags[cmd]
				if !ok || cmd == "report" { // report passes flags on; agree.run is not a command
					continue
				}
				// the call's arguments: up to its closing parenthesis
				args, depth := line[m[1]:], 1
				for i, r := range args {
					if r == '(' {
						depth++
					} else if r == ')' {
						if depth--; depth == 0 {
							args = args[:i]
							break
						}
					}
				}
				for _, k := range kw.FindAllStringSubmatch("("+args, -1) {
					flag := strings.ReplaceAll(strings.TrimSuffix(k[1], "_"), "_", "-")
					if !f[flag] {
						t.Errorf("%s: %q: agree %s has no flag --%s (from %s=)", name, strings.TrimSpace(line), cmd, flag, k[1])
					}
					checked++
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d keyword arguments checked", checked)
	}
}
