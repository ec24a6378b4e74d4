package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"agree/annotation"
	"agree/coding"
	"agree/formats/table"
	"agree/internal/csvio"
	"agree/internal/plural"
	"agree/internal/view/codingview"
)

// agree coding on any amount of data (issue 13): a table is read into its
// sufficient statistics as it is parsed (table.Stream), never kept, unless
// an option needs the items themselves; statistics of shards are written
// (--emit-stats) and merged (--merge-stats).

// streamFlags are agree coding's flags for large data.
type streamFlags struct {
	sorted     bool
	emitStats  string
	mergeStats bool
}

func (f *codingFlags) registerStream(fs *flag.FlagSet) {
	s := &f.stream
	fs.BoolVar(&s.sorted, "sorted", false, "long layout: the records of each item are contiguous, in item order (LC_ALL=C sort -t, -k1,1 or sort -V); checked; memory then stays O(1) per item, whatever the size of the input")
	fs.StringVar(&s.emitStats, "emit-stats", "", "write the sufficient statistics of FILE (one shard of the data) as JSON to this file (\"-\": standard output) and stop; merge shards with --merge-stats")
	fs.BoolVar(&s.mergeStats, "merge-stats", false, "the FILEs are statistics written by --emit-stats for shards holding disjoint items: merge them (the same result as one run over all the data, in any order)")
	maxRowsFlag(fs, &f.inf.maxRows, "most rows of the pairs-of-coders and α-without-each-coder tables, in every format (a note counts the others); 0: all")
}

// needsItems names the option that needs the items themselves (not only
// their statistics), or "".
func (f *codingFlags) needsItems() string {
	switch {
	case f.inf.bootstrap > 0:
		return "--bootstrap"
	case f.inf.dawidSkene:
		return "--dawid-skene"
	case f.inf.consensus != "":
		return "--consensus"
	case f.ref.active():
		return "--reference"
	case f.cmp.active():
		return "--compare"
	}
	return ""
}

// validateStream checks the large-data flags against the others, before
// any work.
func (f *codingFlags) validateStream(e env, fs *flag.FlagSet, files []string, model, report bool) error {
	s := f.stream
	if s.mergeStats {
		for _, name := range []string{"layout", "sep", "columns", "header", "na", "categories", "closed", "sorted", "emit-stats", "input"} {
			if flagSet(fs, name) {
				return usagef("coding: --%s does not apply to --merge-stats (the statistics were read with it)", name)
			}
		}
		if opt := f.needsItems(); opt != "" {
			return usagef("coding: %s needs the items, and merged statistics hold only the distinct patterns of values: run it on the data", opt)
		}
		if f.by.columns() != nil {
			return usagef("coding: --by %s reads the column from the table; merged statistics have none: run it on the data", f.by.by)
		}
		return nil
	}
	if len(files) != 1 && !model {
		return usagef("coding: want one FILE (a table), got %d", len(files))
	}
	if s.emitStats != "" {
		if opt := f.needsItems(); opt != "" {
			return usagef("coding: --emit-stats writes the statistics and stops; %s would not be used", opt)
		}
		if f.by.columns() != nil {
			return usagef("coding: --emit-stats writes the statistics and stops; --by %s would not be used", f.by.by)
		}
		if report {
			return usagef("coding: --emit-stats writes the statistics and stops; --report would not be written")
		}
		if s.emitStats != "-" {
			if err := checkOutput(e, s.emitStats, "--emit-stats", f.inf.force, files); err != nil {
				return err
			}
		}
	}
	if s.sorted {
		if l := strings.ToLower(f.layout); l == "wide" || l == "columns" || f.columns != "" {
			return usagef("coding: --sorted is for the long layout (item,coder,value records)")
		}
	}
	return nil
}

// codingAnalysis reads the input and analyses it: from merged statistics,
// from statistics streamed from a table, or from the data in memory when
// an option needs the items or the input is not a table. It returns nil
// when the statistics were emitted instead (--emit-stats).
// The notes are those of the input (annotation files).
func (f *codingFlags) codingAnalysis(e env, fs *flag.FlagSet, files []string, model bool, topt table.Options, copt coding.Options) (an *coding.Analysis, name string, notes []string, err error) {
	name = files[0]
	if name == "-" {
		name = "<stdin>"
	}
	if f.stream.mergeStats {
		an, name, err = mergeCodingStats(e, files, copt)
		return an, name, nil, err
	}
	var d *coding.Data
	switch {
	case model:
		name = strings.Join(files, ", ")
		c, err := readCorpus(e, "coding", files, f.in.options(e, "coding", false))
		if err != nil {
			return nil, name, nil, err
		}
		if len(c.Labels) == 0 && len(c.Spans) == 0 {
			return nil, name, nil, missingContent("coding", "document labels or spans", c)
		}
		if documentLabels(c) && f.needsItems() == "" {
			// the statistics from the labels: memory in the labels, not
			// in documents × annotators (crowd data)
			if err := f.tok.forLabels(fs, c); err != nil {
				return nil, name, nil, err
			}
			sopt := coding.StatsOptions{Source: name, KeepItems: f.inf.top, Rank: f.ranking(copt)}
			s, err := c.CodingStats(f.in.layer, f.setSep, sopt)
			if err != nil {
				return nil, name, nil, err
			}
			an, err := f.analyzeStats(e, s, copt)
			return an, name, nil, err
		}
		if documentLabels(c) {
			if err := denseLimit(c, f.needsItems()); err != nil {
				return nil, name, nil, err
			}
		}
		if d, notes, err = codingCorpusData(c, &f.in, &f.tok, fs, f.setSep, f.inf.maxRows); err != nil {
			return nil, name, nil, err
		}
	default:
		in, err := openInput(e, files[0])
		if err != nil {
			return nil, name, nil, err
		}
		defer in.Close()
		info := &table.Info{}
		topt.Info = info
		cols := f.by.columns()
		if tableBy(topt, cols) {
			// the reader counts each group's items as it reads (the
			// columns are no coders)
			topt.By = cols
		}
		if f.needsItems() == "" {
			topt.Sorted = f.stream.sorted
			topt.KeepItems = f.inf.top
			topt.Workers = f.inf.workers
			topt.Rank = f.ranking(copt)
			if in.CanRewind() {
				// a regular file: read again (not opened again) to name a
				// repeated item id
				topt.Reopen = in.Rewind
			}
			s, err := table.Stream(in, name, topt)
			if err != nil {
				return nil, name, nil, tableByError("coding", cols, err)
			}
			switch {
			case topt.By != nil:
				f.by.groups = codingview.StatsGroups(s, cols)
			case cols != nil: // a transposed table: the columns were read as coders
				if s, f.by.groups, err = codingview.SplitStatsByColumns(s, cols, topt); err != nil {
					return nil, name, nil, byColumnError(err)
				}
			}
			an, err := f.analyzeStats(e, s, copt)
			return an, name, tableNotes(e, info, s.Labels()), err
		}
		if d, err = table.Read(in, name, topt); err != nil {
			return nil, name, nil, tableByError("coding", cols, err)
		}
		switch {
		case topt.By != nil:
			f.by.groups = codingview.InfoGroups(info, cols)
		case cols != nil: // a transposed table: the columns were read as coders
			if d, f.by.groups, err = codingview.SplitByColumns(d, cols); err != nil {
				return nil, name, nil, byColumnError(err)
			}
		}
		if f.cmp.active() { // compare.go
			if d, f.cmp.groups, err = codingview.SplitByColumns(d, []string{f.cmp.column}); err != nil {
				return nil, name, nil, byColumnError(err)
			}
		}
		notes = tableNotes(e, info, d.Labels())
	}
	if f.stream.emitStats != "" {
		return nil, name, nil, emitCodingStats(e, f.stream.emitStats, f.inf.force, d.Stats(f.inf.top))
	}
	an, err = coding.Analyze(d, copt)
	return an, name, notes, err
}

// tableNotes are the notes of a table's reader: the cells read as missing
// by marker, values (labels) that look like markers of missing values but
// were read as categories, what the reader decided, and its warnings (also
// printed on standard error).
func tableNotes(e env, info *table.Info, labels []string) []string {
	var notes []string
	if n := info.MissingNote("--na"); n != "" {
		notes = append(notes, n)
	}
	var odd []string
	for _, l := range labels {
		if table.LooksMissing(l) {
			odd = append(odd, csvio.Quote(l))
		}
	}
	if len(odd) > 0 {
		notes = append(notes, fmt.Sprintf("%s %s read as %s: if %s \"no value\", list %s in --na (which replaces the default markers)",
			strings.Join(odd, ", "), plural.Verb(len(odd), "is", "are"), plural.Verb(len(odd), "a category", "categories"), plural.Verb(len(odd), "it means", "they mean"), plural.Verb(len(odd), "it", "them")))
	}
	notes = append(notes, info.Notes...)
	for _, w := range info.Warnings {
		w = flagNames(w)
		fmt.Fprintf(e.stderr, "agree coding: warning: %s\n", w)
		notes = append(notes, "warning: "+w)
	}
	return notes
}

// maxDenseCells bounds the documents × annotators table that the options
// needing the items (--bootstrap, --dawid-skene, --consensus) build from
// document labels: 2^28 cells take 1 GiB.
const maxDenseCells = 1 << 28

// denseLimit refuses to build a table of documents × annotators past
// maxDenseCells for opt (the option that needs it).
func denseLimit(c *annotation.Corpus, opt string) error {
	if cells := int64(len(c.Documents)) * int64(len(c.Annotators)); cells > maxDenseCells {
		return fmt.Errorf("coding: %s needs the labels as a table of %d documents × %d annotators (%d cells, %.1f GiB), more than the %d cells agree builds; without %s the coefficients are computed from the labels alone",
			opt, len(c.Documents), len(c.Annotators), cells, float64(cells)*4/(1<<30), maxDenseCells, opt)
	}
	return nil
}

// documentLabels reports whether agree coding compares the document
// labels of c (codingCorpusData), not its tokens.
func documentLabels(c *annotation.Corpus) bool { return len(c.Labels) > 0 }

// emitCodingStats writes statistics to path ("-": standard output).
// ranking is what the statistics keep to rank the items while they are
// read: only for the distances ranked that way (nominal, interval), and
// not when the statistics are only written (--emit-stats).
func (f *codingFlags) ranking(copt coding.Options) *coding.Ranking {
	dn := copt.Distance.Name()
	if f.stream.emitStats != "" || (dn != "nominal" && dn != "interval") {
		return nil
	}
	return &coding.Ranking{Missing: copt.Missing, Interval: dn == "interval"}
}

// analyzeStats analyses statistics read from the input, or writes them
// with --emit-stats (then the analysis is nil).
func (f *codingFlags) analyzeStats(e env, s *coding.Stats, copt coding.Options) (*coding.Analysis, error) {
	if f.stream.emitStats != "" {
		return nil, emitCodingStats(e, f.stream.emitStats, f.inf.force, s)
	}
	return coding.AnalyzeStats(s, copt)
}

func emitCodingStats(e env, path string, force bool, s *coding.Stats) error {
	if path == "-" {
		return s.WriteJSON(e.stdout)
	}
	return writeOutput(e, path, force, s.WriteJSON)
}

// mergeCodingStats reads the statistics of shards and analyses their merge.
// A shard given twice (the same file, or the same statistics in two files)
// or two shards holding one item (among the item ids the statistics keep)
// are refused: the merge would count their items twice.
func mergeCodingStats(e env, files []string, copt coding.Options) (*coding.Analysis, string, error) {
	var shards []*coding.Stats
	type seen struct {
		name string
		info fs.FileInfo
	}
	var read []seen
	digests := map[[sha256.Size]byte]string{}
	itemFrom := map[string]string{}
	for _, name := range files {
		in, err := openInput(e, name)
		if err != nil {
			return nil, name, err
		}
		if name == "-" {
			name = "<stdin>"
		}
		if info := in.Info(); info != nil && in.Regular() {
			for _, r := range read {
				if os.SameFile(r.info, info) {
					in.Close()
					return nil, name, usagef("--merge-stats: %s and %s are the same file: each shard is merged once", r.name, name)
				}
			}
			read = append(read, seen{name, info})
		}
		h := sha256.New()
		s, err := coding.ReadStats(io.TeeReader(in, h), name)
		in.Close()
		if err != nil {
			return nil, name, err
		}
		var sum [sha256.Size]byte
		h.Sum(sum[:0])
		if prev, dup := digests[sum]; dup {
			return nil, name, fmt.Errorf("--merge-stats: %s holds the same statistics as %s: the same shard twice would count its items twice", name, prev)
		}
		digests[sum] = name
		for p := range s.NumPatterns() {
			ids, _ := s.PatternItems(p)
			for _, id := range ids {
				if prev, dup := itemFrom[id]; dup && prev != name {
					return nil, name, fmt.Errorf("--merge-stats: item %s is in %s and in %s: shards must hold different items (it would count twice)", csvio.Quote(id), prev, name)
				}
				itemFrom[id] = name
			}
		}
		shards = append(shards, s)
	}
	m, err := coding.Merge(shards...)
	if err != nil {
		return nil, strings.Join(files, ", "), fmt.Errorf("--merge-stats: %w", err)
	}
	an, err := coding.AnalyzeStats(m, copt)
	return an, m.Source(), err
}

// tableBy reports whether the table reader finds the --by columns cols
// (table.Options.By): in a headed wide or long table; the other layouts
// read the columns as coders, taken out afterwards.
func tableBy(topt table.Options, cols []string) bool {
	return cols != nil && (topt.Layout == table.Auto || topt.Layout == table.Wide || topt.Layout == table.Long)
}

// tableByError makes a --by column that the table reader did not find a
// usage error (exit 2) of command cmd.
func tableByError(cmd string, cols []string, err error) error {
	var nc *table.NoColumnError
	if errors.As(err, &nc) {
		return usageError{&codingview.NoColumnError{Command: cmd, By: cols, Column: nc.Column, Columns: nc.Columns}}
	}
	return err
}

// byColumnError makes a --by (or --compare) column that the table does not
// have a usage error (exit 2).
func byColumnError(err error) error {
	var nc *codingview.NoColumnError
	if errors.As(err, &nc) {
		return usageError{err}
	}
	return err
}
