package codingview

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"agree/annotation"
	"agree/coding"
	"agree/report"
)

// Document is one document of agree coding --by document: its items
// and every coefficient on them.
type Document struct {
	Document string `json:"document,omitempty"`
	// Group is the value of the --by column(s) (several joined by ", "),
	// and Values each column's, for --by COLUMN[,COLUMN] (coding_by.go).
	Group           string                   `json:"group,omitempty"`
	Values          map[string]string        `json:"values,omitempty"`
	Items           int                      `json:"items"`
	PairableItems   int                      `json:"pairable_items"`
	Coefficients    map[string]report.Number `json:"coefficients"`
	UndefinedReason map[string]string        `json:"undefined_reason,omitempty"`
}

// Corpus is the corpus value of --by document: every coefficient
// on the pooled items (pooled) or the mean of the documents' (macro).
type Corpus struct {
	Average      string                   `json:"average"`
	Description  string                   `json:"description"`
	Coefficients map[string]report.Number `json:"coefficients"`
	// Documents counts, per coefficient, the documents whose value it
	// averages (macro) — those where it is defined.
	Documents map[string]int `json:"documents"`
}

// DocumentMatrix is the coder × coder matrix of Cohen's κ and α (the
// pairwise table as matrices; 1 on the diagonal).
type DocumentMatrix struct {
	Coders []string          `json:"coders"`
	Kappa  [][]report.Number `json:"kappa"`
	Alpha  [][]report.Number `json:"alpha"`
}

// AddDocuments gives token data their per-document table, the corpus value
// under avg (pooled or macro) and, for three or more coders, the matrix.
func (res *Result) AddDocuments(an *coding.Analysis, docs []annotation.DocumentItems, avg string) error {
	groups := make([]Group, len(docs))
	for g, doc := range docs {
		items := make([]int, doc.End-doc.First)
		for k := range items {
			items[k] = doc.First + k
		}
		groups[g] = Group{Name: doc.Document, ItemGroup: coding.ItemGroup{Items: items}}
	}
	return res.AddGroups(an, groups, avg, "document")
}

// Group is a document's, or a --by column value's, items.
type Group struct {
	Name   string
	Values map[string]string // each --by column's value (columns only)
	// ItemGroup are the group's items: their indices or, from statistics
	// (a streamed table), the items of each pattern of the whole analysis
	// in the group and the items without values.
	coding.ItemGroup
	Counted int // the items counted from statistics
}

// AddGroups analyses each group of items alone (the rows of per_document,
// what = "document", or per_group) and gives the corpus value under avg.
// A group's analysis is the whole analysis reweighted to the group's items
// (coding.Analysis.Reweighted: its patterns of values counted over the
// group), equal bit for bit to the analysis of the group's items and
// O(patterns) per group once every item's pattern is known.
func (res *Result) AddGroups(whole *coding.Analysis, groups []Group, avg, what string) error {
	keys := coding.All()
	results := make([][]coding.Result, len(keys)) // per coefficient, the groups'
	// The groups' analyses, concurrently (each stored at its index: the
	// results do not depend on the workers).
	rs := make([][]coding.Result, len(groups))
	pairable := make([]int, len(groups))
	errs := make([]error, len(groups))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(groups)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(groups); i = int(next.Add(1) - 1) {
				an, err := whole.Group(groups[i].ItemGroup)
				if errs[i] = err; err != nil {
					continue
				}
				pairable[i] = an.Counts().PairableItems
				rs[i] = make([]coding.Result, len(keys))
				for x, k := range keys {
					rs[i][x] = an.Coefficient(k)
				}
			}
		}()
	}
	wg.Wait()
	for gi, g := range groups {
		if err := errs[gi]; err != nil {
			return fmt.Errorf("%s %q: %w", what, g.Name, err)
		}
		j := Document{Items: len(g.Items) + g.Counted, PairableItems: pairable[gi], Coefficients: map[string]report.Number{}}
		if what == "document" {
			j.Document = g.Name
		} else {
			j.Group, j.Values = g.Name, g.Values
		}
		for x, k := range keys {
			r := rs[gi][x]
			results[x] = append(results[x], r)
			j.Coefficients[k.Key()] = report.Number(r.Value)
			if !r.Defined() {
				if j.UndefinedReason == nil {
					j.UndefinedReason = map[string]string{}
				}
				j.UndefinedReason[k.Key()] = r.Reason
			}
		}
		if what == "document" {
			res.PerDocument = append(res.PerDocument, j)
		} else {
			res.PerGroup = append(res.PerGroup, j)
		}
	}
	c := &Corpus{Average: avg, Coefficients: map[string]report.Number{}, Documents: map[string]int{}}
	switch avg {
	case "macro":
		c.Description = "macro: the mean of the " + what + "s' values (each " + what + " weighs the same; " + what + "s where a coefficient is undefined are left out of its mean)"
		for x, k := range keys {
			v, n := coding.Macro(results[x])
			c.Coefficients[k.Key()] = report.Number(v)
			c.Documents[k.Key()] = n
		}
	default:
		c.Description = "pooled: every coefficient on the items of all " + what + "s together (as above; each item weighs the same)"
		for _, k := range keys {
			c.Coefficients[k.Key()] = res.Coefficients[k.Key()].Value
			c.Documents[k.Key()] = len(groups)
		}
	}
	res.Corpus = c
	if len(res.Pairwise) > 0 {
		names := res.CoderNames
		idx := map[string]int{}
		for i, n := range names {
			idx[n] = i
		}
		m := &DocumentMatrix{Coders: names}
		for range names {
			m.Kappa = append(m.Kappa, make([]report.Number, len(names)))
			m.Alpha = append(m.Alpha, make([]report.Number, len(names)))
		}
		for i := range names {
			m.Kappa[i][i], m.Alpha[i][i] = 1, 1
		}
		for _, p := range res.Pairwise {
			a, b := idx[p.Coders[0]], idx[p.Coders[1]]
			m.Kappa[a][b], m.Kappa[b][a] = p.Kappa, p.Kappa
			m.Alpha[a][b], m.Alpha[b][a] = p.Alpha, p.Alpha
		}
		res.Matrix = m
	}
	return nil
}

// documentTable is the table of --by document: Krippendorff's α, Fleiss's
// κ and Gwet's AC on each document.
func (res *Result) documentTable() []report.Table {
	if res.Corpus == nil {
		return nil
	}
	t := report.Table{Title: "per document", Header: []string{"document", "items", "pairable items", "α", "Fleiss's κ", "Gwet's AC", "note"}}
	rows := res.PerDocument
	if len(res.By) > 0 {
		t.Title, t.Header[0], rows = "per "+strings.Join(res.By, ", "), strings.Join(res.By, ", "), res.PerGroup
	}
	shown := []string{"krippendorff_alpha", "fleiss_kappa", "gwet_ac"}
	for _, d := range rows {
		row := []string{d.Document + d.Group, strconv.Itoa(d.Items), strconv.Itoa(d.PairableItems)}
		note := ""
		for _, k := range shown {
			row = append(row, report.Float(float64(d.Coefficients[k]), 4))
			if why := d.UndefinedReason[k]; why != "" && note == "" {
				note = k + ": " + why
			}
		}
		t.Rows = append(t.Rows, append(row, note))
	}
	var vals []string
	for _, k := range shown {
		vals = append(vals, fmt.Sprintf("%s %s", k, report.Float(float64(res.Corpus.Coefficients[k]), 4)))
	}
	t.Notes = append(t.Notes, fmt.Sprintf("corpus (%s): %v", res.Corpus.Description, vals))
	return []report.Table{t}
}
