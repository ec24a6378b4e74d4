package coding

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"agree/internal/jsonerr"
	"agree/internal/limits"
	"agree/position"
)

// StatsFormat and StatsVersion identify the JSON form of Stats written by
// WriteJSON (a contract: `agree coding --emit-stats` writes it, shards made
// by any program that writes it can be merged).
const (
	StatsFormat  = "agree-coding-stats"
	StatsVersion = 1
)

// statsJSON is the JSON form of Stats (see WriteJSON).
type statsJSON struct {
	Format      string        `json:"format"`
	Version     int           `json:"version"`
	Source      string        `json:"source,omitempty"`
	Coders      []string      `json:"coders"`
	CodersFixed bool          `json:"coders_fixed"`
	Labels      []string      `json:"labels"`
	Declared    int           `json:"declared"`
	Closed      bool          `json:"closed"`
	Anonymous   string        `json:"coders_anonymous,omitempty"`
	FirstSeen   [][2]int32    `json:"first_seen,omitempty"`
	Empty       int64         `json:"empty_items"`
	Keep        int           `json:"keep_items"`
	Rank        *rankJSON     `json:"rank,omitempty"`
	Patterns    []patternJSON `json:"patterns"`
}

type rankJSON struct {
	Distance string `json:"distance"`
	Missing  string `json:"missing"`
}

type patternJSON struct {
	N      int64    `json:"n"`
	CV     []int32  `json:"cv"`
	IDs    []string `json:"ids,omitempty"`
	Pruned bool     `json:"pruned,omitempty"`
}

// WriteJSON writes s in its versioned JSON form (StatsFormat, StatsVersion):
//
//	{"format": "agree-coding-stats", "version": 1, "source": "shard.csv",
//	 "coders": ["ann", "bob"], "coders_fixed": true,
//	 "labels": ["x", "y"], "declared": 0, "closed": false,
//	 "first_seen": [[2, 5], [3, 7]], "empty_items": 0,
//	 "keep_items": 10, "rank": {"distance": "nominal", "missing": "judgment"},
//	 "patterns": [{"n": 41, "cv": [0, 0, 1, 1], "ids": ["i3", "i17"]}, …]}
//
// A pattern lists its (coder, value) index pairs flat, by increasing coder;
// "n" is its number of items; "ids" are the smallest ids (natural order)
// of its items kept for ranking, and "pruned" says they were dropped
// because the pattern cannot rank among the first keep_items items under
// the "rank" ("distance" nominal or interval, "missing" judgment or item).
// "coders_anonymous" says why the coders are anonymous, when they are
// (Data.SetAnonymousCoders). ReadStats reads it back.
func (s *Stats) WriteJSON(w io.Writer) error {
	if s.ordered > s.declared {
		return errors.New("the statistics of a contingency table (labels in a given order) cannot be written")
	}
	if s.identity { // one pattern per item: merge equal ones, canonical order
		c, err := Merge(s)
		if err != nil {
			return err
		}
		s = c
	}
	j := statsJSON{Format: StatsFormat, Version: StatsVersion, Source: s.source, Coders: s.coders, CodersFixed: s.fixed,
		Labels: s.labels, Declared: s.declared, Closed: s.closed, Anonymous: s.anonymous, Empty: s.empty, Keep: s.keep,
		Patterns: make([]patternJSON, s.NumPatterns())}
	if j.Coders == nil {
		j.Coders = []string{}
	}
	if j.Labels == nil {
		j.Labels = []string{}
	}
	for _, p := range s.firstSeen {
		if p != (Pos{}) {
			j.FirstSeen = make([][2]int32, len(s.labels))
			for v, q := range s.firstSeen {
				j.FirstSeen[v] = [2]int32{q.Line, q.Col}
			}
			break
		}
	}
	if s.rankBy != nil {
		j.Rank = &rankJSON{s.rankBy.distance(), s.rankBy.Missing.String()}
	}
	for p := range j.Patterns {
		cv, n := s.Pattern(p)
		j.Patterns[p] = patternJSON{N: n, CV: cv}
		if ids, pruned := s.PatternItems(p); len(ids) > 0 || pruned {
			j.Patterns[p].IDs, j.Patterns[p].Pruned = ids, pruned
		}
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	if err := enc.Encode(j); err != nil {
		return err
	}
	return bw.Flush()
}

// ReadStats reads Stats in their JSON form (see WriteJSON); name is used
// in messages. Everything is checked (format and version, indices, the
// order of each pattern's pairs, counts, the kept ids), and the result is
// put in canonical order, so that statistics written by another program
// are accepted if they are consistent.
func ReadStats(r io.Reader, name string) (*Stats, error) {
	// The statistics are one JSON value, which a decoder would hold whole
	// anyway: read them, so that an error can give its line and column.
	data, err := limits.ReadAll(r, name, "file", limits.MaxFile, 0)
	if err != nil {
		if limits.IsLimit(err) {
			return nil, err // it names the file
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: empty file; want agree coding statistics (JSON)", name)
	}
	var j statsJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, jsonerr.At(name, 1, data, err)
	}
	if dec.More() {
		off := dec.InputOffset()
		off += int64(len(data[off:]) - len(bytes.TrimLeft(data[off:], " \t\r\n")))
		line, col := jsonerr.LineCol(data, off)
		return nil, position.Errorf(name, line, col, "unexpected data after the statistics")
	}
	fail := func(format string, args ...any) (*Stats, error) {
		return nil, fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
	}
	if j.Format != StatsFormat {
		return fail("not agree coding statistics (format %q, want %q)", j.Format, StatsFormat)
	}
	if j.Version != StatsVersion {
		return fail("statistics version %d; this program reads version %d", j.Version, StatsVersion)
	}
	if j.Declared < 0 || j.Declared > len(j.Labels) {
		return fail("declared %d of %d labels", j.Declared, len(j.Labels))
	}
	if j.Keep < 0 || j.Empty < 0 {
		return fail("negative keep_items or empty_items")
	}
	if j.FirstSeen != nil && len(j.FirstSeen) != len(j.Labels) {
		return fail("first_seen has %d positions for %d labels", len(j.FirstSeen), len(j.Labels))
	}
	for v, at := range j.FirstSeen {
		if at[0] < 0 || at[1] < 0 {
			return fail("first_seen of label %d: negative line or column", v+1)
		}
	}
	if j.Empty > MaxJudgments {
		return fail("%d empty items: more than 2⁵³ in all", j.Empty)
	}
	total := j.Empty // judgments, and the items without any
	opt := StatsOptions{Source: j.Source, Categories: j.Labels[:j.Declared], Closed: j.Closed, KeepItems: j.Keep}
	if j.CodersFixed {
		opt.Coders = j.Coders
	}
	if j.Rank != nil {
		opt.Rank = &Ranking{}
		switch j.Rank.Distance {
		case "nominal":
		case "interval":
			opt.Rank.Interval = true
		default:
			return fail("rank: distance %q (want nominal or interval)", j.Rank.Distance)
		}
		switch j.Rank.Missing {
		case ByJudgment.String():
		case ByItem.String():
			opt.Rank.Missing = ByItem
		default:
			return fail("rank: missing %q (want judgment or item)", j.Rank.Missing)
		}
	}
	a, err := NewAccumulator(opt)
	if err != nil {
		return fail("%v", err)
	}
	cmap := make([]int32, len(j.Coders))
	for c, n := range j.Coders {
		x, err := a.Coder(n)
		if err != nil {
			return fail("%v", err)
		}
		if x != c {
			return fail("coder %q appears twice", n)
		}
		cmap[c] = int32(x)
	}
	vmap := make([]int32, len(j.Labels))
	for v, l := range j.Labels {
		var at Pos
		if j.FirstSeen != nil {
			at = Pos{Line: j.FirstSeen[v][0], Col: j.FirstSeen[v][1]}
		}
		x, err := a.Value(l, at)
		if err != nil {
			return fail("%v", err)
		}
		if x != v {
			return fail("label %q appears twice", l)
		}
		vmap[v] = int32(x)
	}
	seen := newPatternTable()
	buf := make([]int32, 0, 16)
	for p, pj := range j.Patterns {
		if pj.N <= 0 {
			return fail("pattern %d: %d items", p+1, pj.N)
		}
		if len(pj.CV) == 0 || len(pj.CV)%2 != 0 {
			return fail("pattern %d: want (coder, value) pairs, got %d numbers", p+1, len(pj.CV))
		}
		if m := int64(len(pj.CV) / 2); pj.N > (MaxJudgments-total)/m {
			return fail("pattern %d: %d items: more than 2⁵³ judgments in all", p+1, pj.N)
		} else {
			total += pj.N * m
		}
		for i := 0; i < len(pj.CV); i += 2 {
			c, v := pj.CV[i], pj.CV[i+1]
			if c < 0 || int(c) >= len(j.Coders) || v < 0 || int(v) >= len(j.Labels) {
				return fail("pattern %d: index out of range", p+1)
			}
			if i > 0 && c <= pj.CV[i-2] {
				return fail("pattern %d: coders not in increasing order", p+1)
			}
		}
		if seen.find(pj.CV) >= 0 {
			return fail("pattern %d appears twice", p+1)
		}
		seen.add(pj.CV, 1)
		if len(pj.IDs) > j.Keep || (pj.Pruned && len(pj.IDs) > 0) {
			return fail("pattern %d: %d ids kept (at most %d, none when pruned)", p+1, len(pj.IDs), j.Keep)
		}
		if !slices.IsSortedFunc(pj.IDs, CompareNatural) || slices.Contains(pj.IDs, "") || int64(len(pj.IDs)) > pj.N {
			return fail("pattern %d: ids must be distinct, non-empty, in natural order, at most n", p+1)
		}
		for i := 1; i < len(pj.IDs); i++ {
			if pj.IDs[i] == pj.IDs[i-1] {
				return fail("pattern %d: id %q repeated", p+1, pj.IDs[i])
			}
		}
		a.addPattern(remap(buf, pj.CV, cmap, vmap), pj.N, pj.IDs, pj.Pruned)
		a.items += pj.N
	}
	a.empty += j.Empty
	a.items += j.Empty
	s := a.Stats()
	s.anonymous = j.Anonymous
	return s, nil
}
