package coding

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// close12 reports whether got equals want to 1e-12 (relative for large
// values), NaN matching NaN.
func close12(got, want float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return math.IsNaN(got) && math.IsNaN(want)
	}
	return math.Abs(got-want) <= 1e-12*math.Max(1, math.Abs(want))
}

// randomSparse returns data in which each of items items is coded by a
// random subset of coders (crowd-like when coders is large), values 1..k.
func randomSparse(t testing.TB, seed uint64, items, coders, perItem, k int) *Data {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	b := NewBuilder()
	for c := range coders {
		b.Coder(fmt.Sprintf("w%d", c))
	}
	for i := range items {
		it := b.NewItem(fmt.Sprintf("i%d", i))
		truth := 1 + rng.IntN(k)
		for _, c := range rng.Perm(coders)[:min(coders, 1+rng.IntN(perItem))] {
			v := truth
			if rng.Float64() < 0.35 {
				v = 1 + rng.IntN(k)
			}
			if err := b.Set(it, c, fmt.Sprint(v), Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var equivalenceMetrics = []string{"nominal", "ordinal", "interval", "ratio", "linear", "circular:7", "bipolar"}

// TestPatternsMatchItemEngine checks the pattern engine against the former
// item-by-item engine (reference_test.go) on random data: every
// coefficient with its parts, reasons and counts, for every metric (with
// and without closed forms), both weightings and both treatments of
// incomplete items.
func TestPatternsMatchItemEngine(t *testing.T) {
	var datasets []*Data
	for seed := range uint64(4) {
		datasets = append(datasets,
			randomData(t, seed, 40+int(seed)*30, 2+int(seed), 3+int(seed), 0.3),
			randomSparse(t, seed, 60, 12, 4, 4))
	}
	datasets = append(datasets, wide(t, krippendorffData), wide(t, "a a|a a|a a"), wide(t, "a . .|. b .|. . c"))
	for di, d := range datasets {
		for _, metric := range equivalenceMetrics {
			for _, generic := range []bool{false, true} {
				for _, w := range []Weighting{ByJudgment, ByItem} {
					for _, inc := range []Incomplete{DropIncomplete, RefuseIncomplete} {
						sp := mustSpec(t, metric)
						if generic {
							sp = plainSpec{sp}
						}
						opt := Options{Distance: sp, Missing: w, Incomplete: inc}
						name := fmt.Sprintf("data %d, %s (generic %v), %v, incomplete %d", di, metric, generic, w, inc)
						got, err := Analyze(d, opt)
						ref, rerr := refAnalyze(d, opt)
						if (err == nil) != (rerr == nil) {
							t.Fatalf("%s: errors %v vs %v", name, err, rerr)
						}
						if err != nil {
							continue
						}
						if got.Counts() != ref.counts {
							t.Errorf("%s: counts %+v, want %+v", name, got.Counts(), ref.counts)
						}
						for _, c := range All() {
							g, r := got.Coefficient(c), ref.coefficient(c)
							if !close12(g.Value, r.Value) || !close12(g.ObservedDisagreement, r.ObservedDisagreement) ||
								!close12(g.ExpectedDisagreement, r.ExpectedDisagreement) || !close12(g.ObservedAgreement, r.ObservedAgreement) ||
								!close12(g.ExpectedAgreement, r.ExpectedAgreement) || g.Items != r.Items || g.Values != r.Values ||
								g.Dropped != r.Dropped || g.Reason != r.Reason || g.Distance != r.Distance {
								t.Errorf("%s: %v\n got %+v\nwant %+v", name, c, g, r)
							}
						}
					}
				}
			}
		}
	}
}

// refCoincidences is the coincidence matrix item by item (Krippendorff
// 2004, §11.3.1), over the values used, in value-table order.
func refCoincidences(d *Data) [][]float64 {
	var used []int
	for v := range d.labels {
		for _, col := range d.cols {
			if slices.Contains(col, int32(v)) {
				used = append(used, v)
				break
			}
		}
	}
	pos := map[int]int{}
	for i, v := range used {
		pos[v] = i
	}
	m := make([][]float64, len(used))
	for i := range m {
		m[i] = make([]float64, len(used))
	}
	for i := range d.n {
		var vs []int
		for _, col := range d.cols {
			if col[i] != Missing {
				vs = append(vs, int(col[i]))
			}
		}
		for j, x := range vs {
			for l, y := range vs {
				if j != l {
					m[pos[x]][pos[y]] += 1 / float64(len(vs)-1)
				}
			}
		}
	}
	return m
}

// refPairwise is the pairwise table as it was computed before: each pair's
// complete items analysed from scratch by the item engine (pairs without a
// shared item omitted, as the pattern engine does).
func refPairwise(t *testing.T, d *Data, opt Options) []PairStats {
	var out []PairStats
	for x := range d.cols {
		for y := x + 1; y < len(d.cols); y++ {
			cx, cy := d.cols[x], d.cols[y]
			sub := d.subset([]int{x, y}, func(i int) bool { return cx[i] != Missing && cy[i] != Missing }, false)
			if sub.n == 0 {
				continue
			}
			ra, err := refAnalyze(sub, opt)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, PairStats{A: d.coders[x], B: d.coders[y], Items: sub.n,
				Kappa: ra.coefficient(CohenKappa), Alpha: ra.coefficient(KrippendorffAlpha)})
		}
	}
	return out
}

func TestDiagnosticsMatchItemEngine(t *testing.T) {
	for seed := range uint64(6) {
		d := randomData(t, seed, 50, 2+int(seed)%4, 4, 0.25)
		if seed%2 == 1 {
			d = randomSparse(t, seed, 80, 9, 4, 3)
		}
		for _, metric := range []string{"nominal", "ordinal", "interval"} {
			opt := Options{Distance: mustSpec(t, metric)}
			a := analyze(t, d, opt)
			co, err := a.Coincidences()
			if err != nil {
				t.Fatal(err)
			}
			want := refCoincidences(d)
			for r := range want {
				for c := range want[r] {
					if !close12(co.Cells[r][c], want[r][c]) {
						t.Fatalf("seed %d: coincidence [%d][%d] = %v, want %v", seed, r, c, co.Cells[r][c], want[r][c])
					}
				}
			}
			pw, err := a.Pairwise()
			if err != nil {
				t.Fatal(err)
			}
			rp := refPairwise(t, d, opt)
			if len(pw) != len(rp) {
				t.Fatalf("seed %d %s: %d pairs, want %d", seed, metric, len(pw), len(rp))
			}
			for i := range rp {
				g, r := pw[i], rp[i]
				if g.A != r.A || g.B != r.B || g.Items != r.Items || !close12(g.Kappa.Value, r.Kappa.Value) ||
					!close12(g.Alpha.Value, r.Alpha.Value) || g.Kappa.Reason != r.Kappa.Reason || g.Alpha.Reason != r.Alpha.Reason {
					t.Errorf("seed %d %s pair %d: got %s/%s %d κ %v α %v, want %s/%s %d κ %v α %v", seed, metric, i,
						g.A, g.B, g.Items, g.Kappa.Value, g.Alpha.Value, r.A, r.B, r.Items, r.Kappa.Value, r.Alpha.Value)
				}
			}
		}
	}
}

// shuffled returns d with its items in another order and its coders
// added in another order (same names and values).
func shuffled(t testing.TB, d *Data, seed uint64) *Data {
	rng := rand.New(rand.NewPCG(seed, 5))
	b := NewBuilder()
	cperm := rng.Perm(len(d.coders))
	for _, c := range cperm {
		b.Coder(d.coders[c])
	}
	for _, i := range rng.Perm(d.n) {
		it := b.NewItem(d.items[i])
		for nc, c := range cperm {
			if v := d.cols[c][i]; v != Missing {
				if err := b.Set(it, nc, d.labels[v], Pos{}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	b.SortCoders()
	out, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShardsMergeBitIdentical: the data cut into shards, the shards'
// statistics merged in any order, give bit for bit the results of one run
// over all the data (issue 13), for every coefficient and diagnostic.
func TestShardsMergeBitIdentical(t *testing.T) {
	for seed := range uint64(5) {
		d := shuffled(t, randomSparse(t, seed, 300, 7, 5, 5), seed)
		one := d.Stats(3)
		for _, k := range []int{1, 2, 5} {
			// Cut the items into k shards of random sizes.
			rng := rand.New(rand.NewPCG(seed, uint64(k)))
			owner := make([]int, d.n)
			for i := range owner {
				owner[i] = rng.IntN(k)
			}
			var shards []*Stats
			for s := range k {
				shard := d.Subset(nil, func(i int) bool { return owner[i] == s })
				shard.coders, shard.cols = d.coders, nil
				for c := range d.cols {
					var col []int32
					for i := range d.n {
						if owner[i] == s {
							col = append(col, d.cols[c][i])
						}
					}
					shard.cols = append(shard.cols, col)
				}
				// Each shard sees only its own values, in its own order.
				sh := shuffled(t, shard, seed+uint64(s))
				shards = append(shards, sh.Stats(3))
			}
			for trial := range 3 {
				order := rng.Perm(k)
				ordered := make([]*Stats, k)
				for i, o := range order {
					ordered[i] = shards[o]
				}
				merged, err := Merge(ordered...)
				if err != nil {
					t.Fatal(err)
				}
				sameStats(t, fmt.Sprintf("seed %d, %d shards, trial %d", seed, k, trial), merged, one)
				for _, metric := range equivalenceMetrics {
					opt := Options{Distance: mustSpec(t, metric)}
					want, err := AnalyzeStats(one, opt)
					if err != nil {
						t.Fatal(err)
					}
					got, err := AnalyzeStats(merged, opt)
					if err != nil {
						t.Fatal(err)
					}
					for _, c := range All() {
						g, w := got.Coefficient(c), want.Coefficient(c)
						if math.Float64bits(g.Value) != math.Float64bits(w.Value) ||
							math.Float64bits(g.ExpectedDisagreement) != math.Float64bits(w.ExpectedDisagreement) {
							t.Errorf("%s: %v %v differs: %v vs %v", metric, c, k, g.Value, w.Value)
						}
					}
					gp, _ := got.Pairwise()
					wp, _ := want.Pairwise()
					if fmt.Sprint(gp) != fmt.Sprint(wp) {
						t.Errorf("%s: pairwise differs", metric)
					}
				}
			}
		}
	}
}

func sameStats(t *testing.T, name string, got, want *Stats) {
	t.Helper()
	if !slices.Equal(got.coders, want.coders) || !slices.Equal(got.labels, want.labels) || got.empty != want.empty ||
		!slices.Equal(got.cv, want.cv) || !slices.Equal(got.start, want.start) || !slices.Equal(got.count, want.count) {
		t.Fatalf("%s: stats differ\n got coders %v labels %v patterns %d\nwant coders %v labels %v patterns %d",
			name, got.coders, got.labels, got.NumPatterns(), want.coders, want.labels, want.NumPatterns())
	}
	for p := range want.NumPatterns() {
		gi, gp := got.PatternItems(p)
		wi, wp := want.PatternItems(p)
		if !slices.Equal(gi, wi) || gp != wp {
			t.Fatalf("%s: pattern %d ids %v (pruned %v), want %v (%v)", name, p, gi, gp, wi, wp)
		}
	}
}

func TestStatsDoNotDependOnInputOrder(t *testing.T) {
	d := randomSparse(t, 3, 200, 6, 4, 6)
	want := d.Stats(2)
	for seed := range uint64(4) {
		sameStats(t, fmt.Sprint("seed ", seed), shuffled(t, d, seed).Stats(2), want)
	}
}

// TestLeaveOneCoderOutMatchesReanalysis: α without each coder from the
// per-coder statistics equals the item engine on the data without the
// coder, for every metric (the ordinal one rebinds its ranks) and both
// weightings.
func TestLeaveOneCoderOutMatchesReanalysis(t *testing.T) {
	datasets := []*Data{wide(t, krippendorffData), wide(t, "1 2|1 1|2 2|1 .|. 2")}
	for seed := range uint64(4) {
		datasets = append(datasets, randomData(t, seed, 40, 3+int(seed), 4, 0.3), randomSparse(t, seed, 70, 8, 4, 3))
	}
	for di, d := range datasets {
		for _, metric := range equivalenceMetrics {
			for _, w := range []Weighting{ByJudgment, ByItem} {
				opt := Options{Distance: mustSpec(t, metric), Missing: w}
				loo, err := analyze(t, d, opt).LeaveOneCoderOut()
				if err != nil {
					t.Fatal(err)
				}
				for c := range d.coders {
					var keep []int
					for o := range d.coders {
						if o != c {
							keep = append(keep, o)
						}
					}
					ref, err := refAnalyze(d.Subset(keep, nil), opt)
					if err != nil {
						t.Fatal(err)
					}
					want := ref.coefficient(KrippendorffAlpha)
					got := loo[c].Alpha
					values := 0
					for _, v := range d.cols[c] {
						if v != Missing {
							values++
						}
					}
					if loo[c].Coder != d.coders[c] || loo[c].Values != values || !close12(got.Value, want.Value) ||
						!close12(got.ObservedDisagreement, want.ObservedDisagreement) || !close12(got.ExpectedDisagreement, want.ExpectedDisagreement) ||
						!close12(got.ObservedAgreement, want.ObservedAgreement) || got.Reason != want.Reason ||
						got.Items != want.Items || got.Values != want.Values {
						t.Errorf("data %d %s %v without %s: got %+v (%d values)\nwant %+v (%d)", di, metric, w, d.coders[c], got, loo[c].Values, want, values)
					}
				}
			}
		}
	}
}

// TestPruningKeepsTheFirstItems: dropping the ids of patterns that cannot
// rank (often, here) leaves the first k items of the ranking — computed as
// inference.Rank does, from the analysis' pattern disagreements — as they
// are with every id kept, for the nominal and the interval distance.
func TestPruningKeepsTheFirstItems(t *testing.T) {
	top := func(s *Stats, metric string, w Weighting, k int) []string {
		a, err := AnalyzeStats(s, Options{Distance: mustSpec(t, metric), Missing: w})
		if err != nil {
			t.Fatal(err)
		}
		type cand struct {
			key float64
			id  string
		}
		var cands []cand
		for p := range s.NumPatterns() {
			cv, _ := s.Pattern(p)
			ids, _ := s.PatternItems(p)
			m := len(cv) / 2
			tt := a.PatternDisagreement(p, true)
			if tt == 0 {
				continue
			}
			dis := 2 * tt / float64(m*(m-1))
			key := float64(m) * dis
			if w == ByItem {
				key = dis
			}
			for _, id := range ids {
				cands = append(cands, cand{key, id})
			}
		}
		slices.SortFunc(cands, func(x, y cand) int {
			if x.key != y.key {
				if x.key > y.key {
					return -1
				}
				return 1
			}
			return CompareNatural(x.id, y.id)
		})
		var out []string
		for _, c := range cands[:min(k, len(cands))] {
			out = append(out, fmt.Sprintf("%s:%g", c.id, c.key))
		}
		return out
	}
	for seed := range uint64(5) {
		d := randomSparse(t, seed, 2000, 7, 5, 3+5*int(seed%2))
		for _, metric := range []string{"nominal", "interval"} {
			for _, w := range []Weighting{ByJudgment, ByItem} {
				for _, k := range []int{1, 3, 20} {
					pruned, err := NewAccumulator(StatsOptions{Coders: d.coders, KeepItems: k, Rank: &Ranking{Missing: w, Interval: metric == "interval"}})
					if err != nil {
						t.Fatal(err)
					}
					pruned.pruneAfter, pruned.pruneBase = 5, 5
					all, _ := NewAccumulator(StatsOptions{Coders: d.coders, KeepItems: k})
					for _, acc := range []*Accumulator{pruned, all} {
						for v, l := range d.labels {
							if x, _ := acc.Value(l, Pos{}); x != v {
								t.Fatal("value order")
							}
						}
						var cv []int32
						for i := range d.n {
							cv = cv[:0]
							for c, col := range d.cols {
								if v := col[i]; v != Missing {
									cv = append(cv, int32(c), v)
								}
							}
							if err := acc.Add(d.items[i], cv); err != nil {
								t.Fatal(err)
							}
						}
					}
					ps, as := pruned.Stats(), all.Stats()
					dropped := 0
					for p := range ps.NumPatterns() {
						if _, pr := ps.PatternItems(p); pr {
							dropped++
						}
					}
					if dropped == 0 {
						t.Errorf("seed %d %s k %d: nothing was pruned", seed, metric, k)
					}
					if g, wnt := top(ps, metric, w, k), top(as, metric, w, k); fmt.Sprint(g) != fmt.Sprint(wnt) {
						t.Errorf("seed %d %s %v k %d: first items %v, want %v", seed, metric, w, k, g, wnt)
					}
				}
			}
		}
	}
}

// TestDistinctItemsSkipThePatternTable: on large data whose items are
// mostly distinct, Analyze works on one pattern per item; every result
// agrees with the analysis of the statistics to 1e-12, the kept ids and
// the item patterns are consistent, and the statistics written are the
// canonical ones.
func TestDistinctItemsSkipThePatternTable(t *testing.T) {
	d := randomSparse(t, 5, 70_000, 4, 4, 50_000)
	a := analyze(t, d, Options{Distance: mustSpec(t, "interval")})
	if !a.stats.identity {
		t.Fatal("the pattern table was not skipped")
	}
	want, err := AnalyzeStats(d.Stats(0), Options{Distance: mustSpec(t, "interval")})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range All() {
		g, w := a.Coefficient(c), want.Coefficient(c)
		if !close12(g.Value, w.Value) || !close12(g.ExpectedDisagreement, w.ExpectedDisagreement) || g.Reason != w.Reason {
			t.Errorf("%v: %v, want %v", c, g.Value, w.Value)
		}
	}
	gl, err := a.LeaveOneCoderOut()
	if err != nil {
		t.Fatal(err)
	}
	wl, _ := want.LeaveOneCoderOut()
	for c := range gl {
		if !close12(gl[c].Alpha.Value, wl[c].Alpha.Value) {
			t.Errorf("α without %s: %v, want %v", gl[c].Coder, gl[c].Alpha.Value, wl[c].Alpha.Value)
		}
	}
	ids, err := a.ItemIDs(0)
	if err != nil {
		t.Fatal(err)
	}
	pats := a.ItemPatterns()
	for i, p := range pats {
		if p >= 0 && ids[p][0] != d.items[i] {
			t.Fatalf("item %d: pattern %d holds %v", i, p, ids[p])
		}
	}
	counts := make([]int64, a.stats.NumPatterns())
	for _, p := range pats {
		if p >= 0 {
			counts[p]++
		}
	}
	r, err := a.Reweighted(counts, a.stats.empty)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := r.Coefficient(KrippendorffAlpha).Value, a.Coefficient(KrippendorffAlpha).Value; g != w {
		t.Errorf("reweighted by the items' own counts: α %v, want %v", g, w)
	}
	var buf bytes.Buffer
	if err := a.Stats().WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadStats(&buf, "s.json")
	if err != nil {
		t.Fatal(err)
	}
	sameStats(t, "written", back, d.Stats(0))
}

// Pruning the kept ids reads every pattern, so it must not run every few
// thousand items when the patterns are many: crowd data whose items each
// have their own pair of coders, all with the same disagreement, cannot
// be pruned at all, and 5·10⁶ such items took 287 s (quadratic). The work
// of all prunings together must stay proportional to the patterns.
func TestPruningWorkIsLinear(t *testing.T) {
	cases := []struct {
		name     string
		interval bool
		items    int
	}{
		{"nominal, every item its own coders, all tied", false, 200_000},
		{"interval, every item its own coders, all tied", true, 200_000},
	}
	for _, c := range cases {
		a, err := NewAccumulator(StatsOptions{KeepItems: 10, Rank: &Ranking{Interval: c.interval}})
		if err != nil {
			t.Fatal(err)
		}
		x, _ := a.Value("1", Pos{})
		y, _ := a.Value("2", Pos{})
		for i := range c.items {
			c0, _ := a.Coder("c" + strconv.Itoa(2*i))
			c1, _ := a.Coder("c" + strconv.Itoa(2*i+1))
			if err := a.Add("i"+strconv.Itoa(i), []int32{int32(c0), int32(x), int32(c1), int32(y)}); err != nil {
				t.Fatal(err)
			}
		}
		if a.pruneWork > 6*c.items {
			t.Errorf("%s: prunings read %d patterns for %d items (want ≤ 6 per item)", c.name, a.pruneWork, c.items)
		}
		if got := a.Stats(); got.NumItems() != int64(c.items) {
			t.Errorf("%s: %d items", c.name, got.NumItems())
		}
	}
}

// Pairwise analyses each pair from its cells without building the pair's
// Stats (pairAnalysis); the result must be that of analyzeStats on the
// pair's Stats, bit for bit, every field of both coefficients, for every
// distance bound once (all but ordinal), both weightings, with declared
// categories and sparse (crowd) data.
func TestPairAnalysisMatchesPairStats(t *testing.T) {
	for seed := range uint64(4) {
		d := randomData(t, seed, 60, 2+int(seed)%4, 5, 0.3)
		if seed%2 == 1 {
			d = randomSparse(t, seed, 90, 8, 4, 4)
		}
		for _, metric := range equivalenceMetrics {
			if metric == "ordinal" {
				continue // bound to each pair's frequencies: the Stats path
			}
			for _, w := range []Weighting{ByJudgment, ByItem} {
				opt := Options{Distance: mustSpec(t, metric), Missing: w}
				a := analyze(t, d, opt)
				got, err := a.Pairwise()
				if err != nil {
					t.Fatal(err)
				}
				s := a.stats
				i := 0
				for x := range s.coders {
					for y := x + 1; y < len(s.coders); y++ {
						var cells [][3]int64
						for p := range s.NumPatterns() {
							cv, n := s.Pattern(p)
							var vx, vy int32 = -1, -1
							for j := 0; j < len(cv); j += 2 {
								switch int(cv[j]) {
								case x:
									vx = cv[j+1]
								case y:
									vy = cv[j+1]
								}
							}
							if vx >= 0 && vy >= 0 {
								cells = append(cells, [3]int64{int64(vx), int64(vy), n})
							}
						}
						if len(cells) == 0 {
							continue
						}
						slices.SortFunc(cells, func(a, b [3]int64) int { return slices.Compare(a[:2], b[:2]) })
						ps := s.pairStats([2]int32{int32(x), int32(y)}, true, func(yield func(v, w int32, n int64)) {
							for k := 0; k < len(cells); {
								c := cells[k]
								for k++; k < len(cells) && cells[k][0] == c[0] && cells[k][1] == c[1]; k++ {
									c[2] += cells[k][2]
								}
								yield(int32(c[0]), int32(c[1]), c[2])
							}
						})
						want, err := analyzeStats(ps, opt, a.metric[1])
						if err != nil {
							t.Fatal(err)
						}
						g := got[i]
						i++
						wk, wa := want.Coefficient(CohenKappa), want.Coefficient(KrippendorffAlpha)
						if g.Items != int(ps.NumItems()) || !sameResult(g.Kappa, wk) || !sameResult(g.Alpha, wa) {
							t.Errorf("seed %d %s %s pair %s/%s: got %+v %+v, want %+v %+v", seed, metric, w, g.A, g.B, g.Kappa, g.Alpha, wk, wa)
						}
					}
				}
				if i != len(got) {
					t.Errorf("seed %d %s: %d pairs, want %d", seed, metric, len(got), i)
				}
			}
		}
	}
}

// sameResult reports whether two results are equal bit for bit (NaN
// equal to NaN).
func sameResult(x, y Result) bool {
	eq := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	return x.Coefficient == y.Coefficient && eq(x.Value, y.Value) && x.Reason == y.Reason && x.Distance == y.Distance &&
		eq(x.ObservedDisagreement, y.ObservedDisagreement) && eq(x.ExpectedDisagreement, y.ExpectedDisagreement) &&
		eq(x.ObservedAgreement, y.ObservedAgreement) && eq(x.ExpectedAgreement, y.ExpectedAgreement) &&
		x.Items == y.Items && x.Values == y.Values && x.Dropped == y.Dropped
}

// PairwiseTop(n) is Pairwise sorted by decreasing shared items (ties in
// coder order) and cut to n, with the others counted, for few coders
// (dense pair table) and many (sorted pair keys); with many coders the
// whole table also matches the item engine.
func TestPairwiseTop(t *testing.T) {
	cases := []struct {
		name                   string
		items, coders, perItem int
	}{
		{"few coders, dense pair table", 120, 7, 4},
		{"many coders (> 256), sorted pair keys", 400, 300, 4},
		{"crowd: almost every pair shares one item", 300, 600, 2},
	}
	for _, c := range cases {
		d := randomSparse(t, 7, c.items, c.coders, c.perItem, 3)
		a := analyze(t, d, Options{Distance: mustSpec(t, "interval")})
		all, err := a.Pairwise()
		if err != nil {
			t.Fatal(err)
		}
		if c.coders > 256 {
			rp := refPairwise(t, d, Options{Distance: mustSpec(t, "interval")})
			if len(rp) != len(all) {
				t.Fatalf("%s: %d pairs, item engine %d", c.name, len(all), len(rp))
			}
			for i := range rp {
				if all[i].A != rp[i].A || all[i].B != rp[i].B || all[i].Items != rp[i].Items || !close12(all[i].Alpha.Value, rp[i].Alpha.Value) || !close12(all[i].Kappa.Value, rp[i].Kappa.Value) {
					t.Fatalf("%s: pair %d = %+v, item engine %+v", c.name, i, all[i], rp[i])
				}
			}
		}
		byItems := slices.Clone(all)
		slices.SortStableFunc(byItems, func(x, y PairStats) int { return y.Items - x.Items })
		for _, n := range []int{1, 5, len(all) - 1, len(all), len(all) + 3, 0} {
			got, omitted, err := a.PairwiseTop(n)
			if err != nil {
				t.Fatal(err)
			}
			want, wantOmitted := all, 0
			if n > 0 && n < len(all) {
				want, wantOmitted = byItems[:n], len(all)-n
			}
			if omitted != wantOmitted || len(got) != len(want) {
				t.Fatalf("%s n=%d: %d pairs, %d omitted; want %d, %d", c.name, n, len(got), omitted, len(want), wantOmitted)
			}
			for i := range want {
				if got[i].A != want[i].A || got[i].B != want[i].B || got[i].Items != want[i].Items || !sameResult(got[i].Alpha, want[i].Alpha) || !sameResult(got[i].Kappa, want[i].Kappa) {
					t.Errorf("%s n=%d: pair %d = %s/%s %d, want %s/%s %d", c.name, n, i, got[i].A, got[i].B, got[i].Items, want[i].A, want[i].B, want[i].Items)
				}
			}
		}
	}
}

// LeaveOneCoderOutTop(n) is LeaveOneCoderOut sorted by decreasing |change
// of α| (undefined last, ties in coder order) and cut to n, with the others
// counted; crowd data include coders whose values disappear with them.
func TestLeaveOneCoderOutTop(t *testing.T) {
	cases := []struct {
		name                   string
		items, coders, perItem int
		metric                 string
	}{
		{"few coders, nominal", 80, 6, 4, "nominal"},
		{"crowd, interval", 200, 150, 3, "interval"},
		{"crowd, ordinal (rebound per coder)", 60, 40, 3, "ordinal"},
	}
	for _, c := range cases {
		d := randomSparse(t, 11, c.items, c.coders, c.perItem, 6)
		a := analyze(t, d, Options{Distance: mustSpec(t, c.metric)})
		all, err := a.LeaveOneCoderOut()
		if err != nil {
			t.Fatal(err)
		}
		alpha := a.Coefficient(KrippendorffAlpha).Value
		size := func(co CoderOut) float64 {
			if x := math.Abs(co.Alpha.Value - alpha); !math.IsNaN(x) {
				return x
			}
			return -1
		}
		sorted := slices.Clone(all)
		slices.SortStableFunc(sorted, func(x, y CoderOut) int {
			switch sx, sy := size(x), size(y); {
			case sx > sy:
				return -1
			case sx < sy:
				return 1
			}
			return 0
		})
		for _, n := range []int{1, 3, len(all) - 1, len(all), len(all) + 2, 0} {
			got, omitted, err := a.LeaveOneCoderOutTop(n)
			if err != nil {
				t.Fatal(err)
			}
			want, wantOmitted := all, 0
			if n > 0 && n < len(all) {
				want, wantOmitted = sorted[:n], len(all)-n
			}
			if omitted != wantOmitted || len(got) != len(want) {
				t.Fatalf("%s n=%d: %d coders, %d omitted; want %d, %d", c.name, n, len(got), omitted, len(want), wantOmitted)
			}
			for i := range want {
				if got[i].Coder != want[i].Coder || got[i].Values != want[i].Values || !sameResult(got[i].Alpha, want[i].Alpha) {
					t.Errorf("%s n=%d: row %d = %s %v, want %s %v", c.name, n, i, got[i].Coder, got[i].Alpha.Value, want[i].Coder, want[i].Alpha.Value)
				}
			}
		}
	}
}
