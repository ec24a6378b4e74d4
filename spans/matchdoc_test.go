package spans

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// withDuplicates copies some of the rows of a random corpus 1 to 5 times
// (an annotator marking a span several times): identical spans.
func withDuplicates(rng *rand.Rand, rows []string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r)
		if !strings.HasSuffix(r, ",") {
			continue // the parts of a discontinuous span share its id
		}
		if rng.IntN(3) == 0 {
			for range 1 + rng.IntN(5) {
				out = append(out, r)
			}
		}
	}
	return out
}

// counted is what a comparison's result is judged by when several optimal
// matchings are possible: every pair's counts (matched spans under the
// label mode: the size of an optimal matching) and per-label counts (the
// label matching, whose components are within a label, so the optimum's
// size decides them), and the number of pairs matched by extent and of
// those with equal labels (the first two criteria of the optimum).
func counted(r *Result) string {
	var b strings.Builder
	for k, p := range r.Pairs {
		la, err := r.LabelAgreement(k)
		if err != nil {
			panic(err)
		}
		fmt.Fprintf(&b, "%v %v %v %d/%d;", p.Annotators, p.Counts, p.PerLabel, la.Pairs, la.Agreeing)
	}
	return b.String()
}

// TestDuplicatesAsClasses: matching identical spans as one class (the
// transport solver) gives an optimal matching as the span-by-span
// matching did (groupDuplicates false): the same counts, per-label counts
// and pairs matched by extent with and without equal labels, on random
// corpora with duplicated spans, under every match rule and label mode;
// where the optimum is unique (κ and α on the labels equal), everything.
func TestDuplicatesAsClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 7))
	ctx := context.Background()
	same, all := 0, 0
	for trial := range 60 {
		rows := withDuplicates(rng, randomCorpus(rng, 1+rng.IntN(3), 2+rng.IntN(3), 1+rng.IntN(8)))
		for _, match := range []string{"exact", "overlap", "iou:0.5", "boundary-tolerance:2"} {
			for _, labels := range []LabelMode{Strict, Ignore} {
				m, _ := ParseMatch(match)
				opt := Options{Match: m, Labels: labels, Workers: 1}
				got, err := Compare(ctx, corpus(t, rows...), opt)
				if err != nil {
					t.Fatal(err)
				}
				groupDuplicates = false
				want, err := Compare(ctx, corpus(t, rows...), opt)
				groupDuplicates = true
				if err != nil {
					t.Fatal(err)
				}
				if counted(got) != counted(want) {
					t.Fatalf("trial %d %s %v:\n%s\nspan by span:\n%s", trial, match, labels, counted(got), counted(want))
				}
				all++
				if summary(got) == summary(want) {
					same++
				}
			}
		}
	}
	if same < all*9/10 {
		t.Errorf("only %d of %d comparisons identical in every number", same, all)
	}
	t.Logf("%d of %d comparisons identical in every number (the others chose another of the optimal matchings)", same, all)
}

// TestLargeDocumentPaths: the matchings of a document too large to keep
// its candidates (component by component: as edges, as adjacency lists,
// or computed at each visit) are those of the small path, number for
// number, with and without duplicates, under every match rule.
func TestLargeDocumentPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 8))
	ctx := context.Background()
	defer func(a, b, c int) { maxStoredCandidates, maxComponentEdges, maxAdjacency = a, b, c }(maxStoredCandidates, maxComponentEdges, maxAdjacency)
	for trial := range 40 {
		rows := randomCorpus(rng, 1+rng.IntN(3), 2+rng.IntN(3), 1+rng.IntN(10))
		if trial%2 == 0 {
			rows = withDuplicates(rng, rows)
		}
		for _, match := range []string{"exact", "overlap", "iou:0.5", "boundary-tolerance:2"} {
			for _, labels := range []LabelMode{Strict, Ignore} {
				m, _ := ParseMatch(match)
				opt := Options{Match: m, Labels: labels, Workers: 1}
				maxStoredCandidates, maxComponentEdges, maxAdjacency = 1<<16, 1<<16, 1<<23
				want, err := Compare(ctx, corpus(t, rows...), opt)
				if err != nil {
					t.Fatal(err)
				}
				for _, lim := range [][3]int{{0, 1 << 16, 1 << 23}, {1, 0, 1 << 23}, {1, 1, 0}, {2, 2, 2}} {
					maxStoredCandidates, maxComponentEdges, maxAdjacency = lim[0], lim[1], lim[2]
					got, err := Compare(ctx, corpus(t, rows...), opt)
					if err != nil {
						t.Fatal(err)
					}
					if summary(got) != summary(want) {
						t.Fatalf("trial %d %s %v limits %v:\n%s\nwant\n%s", trial, match, labels, lim, summary(got), summary(want))
					}
				}
			}
		}
	}
}
