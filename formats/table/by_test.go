package table

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"agree/coding"
)

// byTables writes the same random data (items in groups of two columns,
// batch and round, with missing values and missing batches) as a wide
// table, a long table sorted by item and a shuffled long table, and each
// group's rows alone as a wide table without the group columns.
func byTables(seed uint64, items int) (wide, sorted, shuffled string, alone map[string]string) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var w, l []string
	rows := map[string][]string{}
	for i := range items {
		batch := fmt.Sprint(rng.IntN(7))
		if rng.IntN(20) == 0 {
			batch = "NA"
		}
		round := []string{"a", "b"}[rng.IntN(2)]
		truth := rng.IntN(4)
		vals := make([]string, 4)
		for c := range vals {
			switch r := rng.IntN(10); {
			case r == 0:
				vals[c] = ""
			case r < 4:
				vals[c] = fmt.Sprint(rng.IntN(4))
			default:
				vals[c] = fmt.Sprint(truth)
			}
		}
		id := fmt.Sprintf("u%05d", i)
		// the batch column sits between the coders
		w = append(w, strings.Join([]string{id, vals[0], batch, vals[1], vals[2], round, vals[3]}, ","))
		key := batch + GroupSep + round
		if batch == "NA" {
			key = NoGroup + GroupSep + round
		}
		rows[key] = append(rows[key], id+","+strings.Join(vals, ","))
		for c, v := range vals {
			if v != "" || c == 0 { // an empty value on a record of its own, once
				l = append(l, fmt.Sprintf("%s,c%d,%s,%s,%s", id, c, v, round, batch))
			}
		}
	}
	wide = "item,c0,batch,c1,c2,round,c3\n" + strings.Join(w, "\n") + "\n"
	sorted = "item,coder,value,round,batch\n" + strings.Join(l, "\n") + "\n"
	rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	shuffled = "item,coder,value,round,batch\n" + strings.Join(l, "\n") + "\n"
	alone = map[string]string{}
	for k, r := range rows {
		alone[k] = "item,c0,c1,c2,c3\n" + strings.Join(r, "\n") + "\n"
	}
	return
}

// patternsOf renders statistics' patterns (or a group's) by name, with
// their counts and the empty items, for comparing statistics read apart.
func patternsOf(s *coding.Stats, w map[int]int64, empty int64) map[string]int64 {
	out := map[string]int64{"(empty)": empty}
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		if w != nil {
			n = w[p]
		}
		if n == 0 {
			continue
		}
		var b strings.Builder
		for i := 0; i < len(cv); i += 2 {
			fmt.Fprintf(&b, "%s=%s;", s.Coders()[cv[i]], s.Labels()[cv[i+1]])
		}
		out[b.String()] += n
	}
	return out
}

// TestByGroupsCountTheirRows: with Options.By, each group's items per
// pattern are those of its rows read alone, the whole statistics are those
// of the table without the columns, for a wide table (the columns among the
// coders), a long table sorted (blocks cut anywhere, parsed concurrently)
// and shuffled, and Read names each item's group.
func TestByGroupsCountTheirRows(t *testing.T) {
	wide, sorted, shuffled, alone := byTables(1, 2000)
	by := []string{"batch", " round "}
	want := map[string]map[string]int64{}
	for k, in := range alone {
		s, err := stream(t, in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want[k] = patternsOf(s, nil, s.NumItems()-sumCounts(s))
	}
	check := func(what string, s *coding.Stats) {
		t.Helper()
		if got := s.Coders(); !slices.Equal(got, []string{"c0", "c1", "c2", "c3"}) {
			t.Errorf("%s: coders %v", what, got)
		}
		names := s.Groups()
		if !slices.Equal(names, slices.SortedFunc(maps.Keys(want), coding.CompareNatural)) {
			t.Fatalf("%s: groups %q, want %q", what, names, slices.Collect(maps.Keys(want)))
		}
		for g, name := range names {
			w := s.GroupItems(g)
			weights := map[int]int64{}
			for i, p := range w.Patterns {
				weights[p] = w.Counts[i]
			}
			if got := patternsOf(s, weights, w.Empty); !maps.Equal(got, want[name]) {
				t.Errorf("%s: group %q: %v, its rows alone %v", what, name, got, want[name])
			}
		}
	}
	for _, c := range []struct {
		what, in string
		opt      Options
	}{
		{"wide", wide, Options{}},
		{"wide, small blocks, 3 workers", wide, Options{blockSize: 500, Workers: 3}},
		{"wide, encoding/csv", wide, Options{noFastPath: true}},
		{"long", shuffled, Options{}},
		{"long sorted", sorted, Options{Sorted: true}},
		{"long sorted, small blocks, 3 workers", sorted, Options{Sorted: true, blockSize: 300, Workers: 3}},
	} {
		c.opt.By = by
		s, err := stream(t, c.in, c.opt)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		check(c.what, s)
		// Read: each item's group
		info := &Info{}
		d, err := Read(strings.NewReader(c.in), "f.csv", Options{By: by, Info: info})
		if err != nil {
			t.Fatal(err)
		}
		if len(info.ItemGroups) != d.NumItems() {
			t.Fatalf("%s: %d items, %d groups given", c.what, d.NumItems(), len(info.ItemGroups))
		}
		for i, id := range d.Items() {
			g := info.Groups[info.ItemGroups[i]]
			if !strings.Contains(alone[g], "\n"+id+",") {
				t.Errorf("%s: Read puts item %s in group %q", c.what, id, g)
				break
			}
		}
	}
}

func sumCounts(s *coding.Stats) int64 {
	var n int64
	for p := range s.NumPatterns() {
		_, c := s.Pattern(p)
		n += c
	}
	return n
}

// TestByErrors: a column the header lacks, an item whose records disagree
// on its group (also across a block boundary of a sorted file), a layout
// without named columns.
func TestByErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		opt  Options
		want string
		col  bool // a NoColumnError
	}{
		{"item,a,b\n1,x,y\n", Options{By: []string{"batch"}}, `no column "batch" among a, b`, true},
		{"item,coder,value,batch\n1,a,x,1\n", Options{By: []string{"value"}}, `no column "value" among batch`, true},
		{"item,a,b\n1,x,y\n", Options{By: []string{"a", "b"}}, "no coder column", false},
		{"item,coder,value,batch\n1,a,x,1\n1,b,y,2\n", Options{By: []string{"batch"}}, `f.csv:3: item "1" is in batch "2" here and "1" on an earlier record`, false},
		{"item,coder,value,batch\n1,a,x,1\n1,b,y,2\n", Options{By: []string{"batch"}, Sorted: true}, `f.csv:3: item "1" is in batch "2"`, false},
		{"item,coder,value,batch\n1,a,x,1\n1,b,y,2\n", Options{By: []string{"batch"}, Sorted: true, blockSize: 10, Workers: 2}, `f.csv:3: item "1" is in batch "2"`, false},
		{"a,b\nx,y\n", Options{By: []string{"a"}, Layout: Columns, Columns: []int{1, 2}}, "headed wide or long table", false},
	} {
		_, err := stream(t, c.in, c.opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q by %v: %v, want %q", c.in, c.opt.By, err, c.want)
		}
		var nc *NoColumnError
		if errors.As(err, &nc) != c.col {
			t.Errorf("%q: %v is a NoColumnError: %v", c.in, err, !c.col)
		}
	}
}

// TestByWithBlankColumn: a wide table's empty column (dropped after
// reading, which puts the patterns in a new order) keeps each group's
// counts with their patterns.
func TestByWithBlankColumn(t *testing.T) {
	wide, _, _, alone := byTables(2, 500)
	lines := strings.Split(strings.TrimSpace(wide), "\n")
	for i, l := range lines { // the empty column second: the coders after it move
		id, rest, _ := strings.Cut(l, ",")
		lines[i] = id + ",," + rest
	}
	s, err := stream(t, strings.Join(lines, "\n")+"\n", Options{By: []string{"batch", "round"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Coders()) != 4 {
		t.Fatalf("coders %v: the empty column is not dropped", s.Coders())
	}
	for g, name := range s.Groups() {
		a, err := stream(t, alone[name], Options{})
		if err != nil {
			t.Fatal(err)
		}
		w := s.GroupItems(g)
		weights := map[int]int64{}
		for i, p := range w.Patterns {
			weights[p] = w.Counts[i]
		}
		if got, want := patternsOf(s, weights, w.Empty), patternsOf(a, nil, a.NumItems()-sumCounts(a)); !maps.Equal(got, want) {
			t.Errorf("group %q: %v, its rows alone %v", name, got, want)
		}
	}
}
