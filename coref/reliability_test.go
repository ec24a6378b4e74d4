package coref

import (
	"agree/position"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"agree/coding"
	"agree/distance"
)

// codings builds a one-document corpus from per-annotator chain columns:
// markables[i] is coded chains[a][i] by annotator a ("-" = not marked).
func codings(t *testing.T, markables []string, anns []string, chains ...string) *Corpus {
	t.Helper()
	b := NewBuilder(RejectDuplicates)
	for a, col := range chains {
		b.Annotator(anns[a])
		for i, ch := range strings.Fields(col) {
			if ch == "-" {
				continue
			}
			if err := b.Add(anns[a], "sample2", markables[i], ch, position.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var sample2 = strings.Fields("A B C D E F G H I J")

// TestPassonneauCA1CA2: seed 001 (Passonneau 1997), Figure 1, sample 2:
// taking CA1 as the target, MUC recall of CA2 is (5−2 + 3−1 + 2−1)/(4+2+1)
// = 6/7 ≈ .86 (eq. 12) and precision (4−1 + 4−2 + 2−1)/(3+3+1) = 6/7
// (eq. 15).
func TestPassonneauCA1CA2(t *testing.T) {
	c := codings(t, sample2, []string{"CA1", "CA2"}, "1 1 2 1 2 2 1 3 1 3", "1 1 2 2 2 2 1 3 1 3")
	s := c.Compare(0, 1)
	if math.Abs(s.MUC.Recall-6.0/7) > 1e-12 || math.Abs(s.MUC.Precision-6.0/7) > 1e-12 {
		t.Errorf("MUC R/P = %v/%v, want 6/7 both (paper: .86)", s.MUC.Recall, s.MUC.Precision)
	}
	back := c.Compare(1, 0)
	if back.MUC.Recall != s.MUC.Precision || back.MUC.Precision != s.MUC.Recall {
		t.Errorf("MUC the other way: %+v", back.MUC)
	}
}

// TestPassonneauCA1CA3: seed 001, Figure 2 and Table 2. CA1 did not mark D′;
// the paper adds it as a singleton (index 4). Table: a = 6, b = c = 1, d = 2;
// R = P = 6/7 (eqs. 18–19); κ = (.8 − .58)/(1 − .58) = 11/21 ≈ .52 (eqs.
// 20–23) and the paper's α (eqs. 24–27, 1 − .2/.42) is the same 11/21,
// which is Scott's π here (both coders' marginals are .7/.3). Krippendorff's
// α with the small-sample correction is 1 − (n−1)·o_{+−}/(n₊n₋) =
// 1 − 19·2/(14·6) = 23/42 ≈ .548 (n = 20 values, n₊ = 14, n₋ = 6).
func TestPassonneauCA1CA3(t *testing.T) {
	marks := strings.Fields("A B C D D' E F G H I J")
	withoutDp := codings(t, marks, []string{"CA1", "CA3"}, "1 1 2 1 - 2 2 1 3 1 3", "1 1 2 3 3 2 2 1 4 1 4")
	_, err := withoutDp.LinkTable(0, 1)
	var me *MarkableError
	if !errors.As(err, &me) || len(me.OnlyB) != 1 || me.OnlyB[0] != "sample2: D'" || len(me.OnlyA) != 0 {
		t.Fatalf("different markables: err = %v, want a MarkableError listing D' for CA3", err)
	}
	c, added := withoutDp.WithSingletons()
	if len(added) != 1 || !strings.Contains(added[0], "D'") {
		t.Errorf("added = %v", added)
	}
	// the same as coding D′ explicitly with index 4 in CA1
	explicit := codings(t, marks, []string{"CA1", "CA3"}, "1 1 2 1 4 2 2 1 3 1 3", "1 1 2 3 3 2 2 1 4 1 4")
	for _, corp := range []*Corpus{c, explicit} {
		tab, err := corp.LinkTable(0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if tab != (LinkTable{A: 6, B: 1, C: 1, D: 2}) {
			t.Fatalf("table = %+v, want a=6 b=1 c=1 d=2", tab)
		}
		if tab.Recall() != 6.0/7 || tab.Precision() != 6.0/7 {
			t.Errorf("R/P = %v/%v, want 6/7", tab.Recall(), tab.Precision())
		}
		ag, err := tab.Agreement()
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			what      string
			got, want float64
		}{{"κ", ag.Kappa, 11.0 / 21}, {"π", ag.Pi, 11.0 / 21}, {"the paper's α (1 − .2/.42)", ag.PassonneauAlpha, 11.0 / 21}, {"Krippendorff's α", ag.KrippendorffAlpha, 23.0 / 42}} {
			if math.Abs(x.got-x.want) > 1e-12 {
				t.Errorf("%s = %v, want %v", x.what, x.got, x.want)
			}
		}
		// The paper rounds to two decimals: κ = α = .52.
		if math.Abs(ag.Kappa-0.52) > 0.005 {
			t.Errorf("κ = %v, paper .52", ag.Kappa)
		}
	}
}

// TestPassonneauTables: seed 001 Table 1 (47 14 / 10 29, κ = α = .50) and
// Table 3 (166 19 / 13 44, κ = .65), at the paper's two decimals; exact
// values by hand: Table 1 κ = (.76 − .5154)/(1 − .5154), π = (.76 −
// .5162)/(1 − .5162), Krippendorff's α = 1 − 199·24/(118·82) ≈ .506 (the
// paper's α is the κ-style one, equal to κ, and rounds to .50; Krippendorff's
// α rounds to .51).
func TestPassonneauTables(t *testing.T) {
	t1, err := LinkTable{A: 47, C: 14, B: 10, D: 29}.Agreement()
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		what      string
		got, want float64
	}{
		{"Table 1 κ", t1.Kappa, (0.76 - 0.5154) / (1 - 0.5154)},
		{"Table 1 π", t1.Pi, (0.76 - 0.5162) / (1 - 0.5162)},
		{"Table 1 Krippendorff's α", t1.KrippendorffAlpha, 1 - 199.0*24/(118*82)},
		// The paper's α takes chance from each judge's marginals (.61 × .57
		// and .61 × .43 in the text), so it equals κ.
		{"Table 1 the paper's α", t1.PassonneauAlpha, (0.76 - 0.5154) / (1 - 0.5154)},
	} {
		if math.Abs(x.got-x.want) > 1e-12 {
			t.Errorf("%s = %v, want %v", x.what, x.got, x.want)
		}
	}
	if math.Abs(t1.Kappa-0.50) > 0.005 || math.Abs(t1.PassonneauAlpha-0.50) > 0.005 {
		t.Errorf("Table 1: κ = %v, α = %v, paper .50", t1.Kappa, t1.PassonneauAlpha)
	}
	t3, err := LinkTable{A: 166, B: 19, C: 13, D: 44}.Agreement()
	if err != nil {
		t.Fatal(err)
	}
	// by hand: p_o = 210/242, p_e = (179·185 + 63·57)/242²
	po, pe := 210.0/242, (179.0*185+63*57)/(242*242)
	if want := (po - pe) / (1 - pe); math.Abs(t3.Kappa-want) > 1e-12 || math.Abs(t3.Kappa-0.65) > 0.005 {
		t.Errorf("Table 3 κ = %v, want %v (paper .65)", t3.Kappa, want)
	}
	// The paper prints recall .90 and precision .93 (eqs. 29–30). With its
	// own definitions (Figure 3: recall a/(a+c), precision a/(a+b)) and the
	// table as printed (rows R2, columns R1: b = 19, c = 13) they are
	// 166/179 = .93 and 166/185 = .90: the two labels are swapped in the
	// paper (or R2 is the target). The pair {.90, .93} is reproduced.
	tab := t3.Table
	if math.Abs(tab.Recall()-166.0/179) > 1e-12 || math.Abs(tab.Precision()-166.0/185) > 1e-12 ||
		math.Abs(tab.Recall()-0.93) > 0.005 || math.Abs(tab.Precision()-0.90) > 0.005 {
		t.Errorf("Table 3 R/P = %v/%v", tab.Recall(), tab.Precision())
	}
}

// TestLinkTableCrossing: partitions that cross give a negative d: an error,
// not a made-up table.
func TestLinkTableCrossing(t *testing.T) {
	c := codings(t, strings.Fields("1 2 3 4"), []string{"x", "y"}, "a a b b", "a b a b")
	if _, err := c.LinkTable(0, 1); err == nil || !strings.Contains(err.Error(), "not defined") {
		t.Errorf("crossing partitions: err = %v", err)
	}
}

// TestChainsAsSetsVector: the NLTK AnnotationTask vector of
// shared/reference/coreference.md §7 (2 coders, 5 mentions, label = whole
// chain): c1 {m1,m2},{m3},{m4,m5}; c2 {m1,m2,m3},{m4,m5}. α(MASI, exact
// thirds) = 0.4631578947368421, α(Jaccard) = 0.6, α(binary) =
// 0.22857142857142865.
func TestChainsAsSetsVector(t *testing.T) {
	ms := strings.Fields("m1 m2 m3 m4 m5")
	c := codings(t, ms, []string{"c1", "c2"}, "1 1 2 3 3", "1 1 1 2 2")
	al, err := c.ChainSetAlphas(WholeChain)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		what      string
		got, want float64
	}{{"MASI", al.MASI, 0.4631578947368421}, {"Jaccard", al.Jaccard, 0.6}, {"nominal", al.Nominal, 0.22857142857142865}} {
		if math.Abs(x.got-x.want) > 1e-12 {
			t.Errorf("α %s = %v, want %v", x.what, x.got, x.want)
		}
	}
	// Invariances: annotator order and renaming the chains or the mentions.
	c2 := codings(t, strings.Fields("z y x w v"), []string{"c2", "c1"}, "7 7 7 9 9", "a a b c c")
	al2, err := c2.ChainSetAlphas(WholeChain)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(al2.MASI-al.MASI) > 1e-12 || math.Abs(al2.Dice-al.Dice) > 1e-12 || math.Abs(al2.Passonneau-al.Passonneau) > 1e-12 {
		t.Errorf("not invariant: %+v vs %+v", al, al2)
	}
	// Identical codings → α = 1 under every distance.
	same := codings(t, ms, []string{"c1", "c2"}, "1 1 2 3 3", "5 5 6 7 7")
	for _, mode := range []ChainSets{WholeChain, OtherMembers} {
		as, err := same.ChainSetAlphas(mode)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []float64{as.MASI, as.Jaccard, as.Dice, as.Passonneau, as.Nominal} {
			if math.Abs(v-1) > 1e-12 {
				t.Errorf("mode %d: identical codings give %+v", mode, as)
				break
			}
		}
	}
}

// TestChainsAsSetsOtherMembers checks the labels with the mention removed
// (seed 003's prescription): m3 is {m1,m2} for c2 and ∅ for c1.
func TestChainsAsSetsOtherMembers(t *testing.T) {
	c := codings(t, strings.Fields("m1 m2 m3"), []string{"c1", "c2"}, "1 1 2", "1 1 1")
	d, err := c.ChainsAsSets(OtherMembers)
	if err != nil {
		t.Fatal(err)
	}
	items := d.Items()
	for i, it := range items {
		if strings.HasSuffix(it, "m3") {
			got1, got2 := d.Labels()[d.Value(i, 0)], d.Labels()[d.Value(i, 1)]
			if got1 != "" || got2 != "0:m1"+SetSeparator+"0:m2" {
				t.Errorf("m3 labels %q, %q", got1, got2)
			}
		}
	}
}

// TestChainSetAlphaTwoPaths: α on chains as sets through the coding engine
// equals α computed here directly from Krippendorff's coincidence
// definition (every ordered pair of values of an item, weight 1/(m_u − 1);
// D_e over all pairs of pairable values), on a generated corpus with
// missing mentions, for every set distance.
func TestChainSetAlphaTwoPaths(t *testing.T) {
	c := genCorpus(t, 150, 8, false)
	for _, mode := range []ChainSets{OtherMembers, WholeChain} {
		d, err := c.ChainsAsSets(mode)
		if err != nil {
			t.Fatal(err)
		}
		al, err := c.ChainSetAlphas(mode)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			name string
			got  float64
		}{{"masi", al.MASI}, {"jaccard", al.Jaccard}, {"dice", al.Dice}, {"passonneau", al.Passonneau}} {
			sp, _ := distance.SetDistance(x.name, SetSeparator)
			m, err := sp.Bind(d.Labels(), nil)
			if err != nil {
				t.Fatal(err)
			}
			var vals []int // pairable values
			do := 0.0
			for i := range d.NumItems() {
				var v []int
				for k := range d.NumCoders() {
					if x := d.Value(i, k); x != coding.Missing {
						v = append(v, x)
					}
				}
				if len(v) < 2 {
					continue
				}
				for a := range v {
					for b := range v {
						if a != b {
							do += m.Distance(v[a], v[b]) / float64(len(v)-1)
						}
					}
				}
				vals = append(vals, v...)
			}
			n := float64(len(vals))
			de := 0.0
			for a := range vals {
				for b := range vals {
					if a != b {
						de += m.Distance(vals[a], vals[b])
					}
				}
			}
			want := 1 - (do/n)/(de/(n*(n-1)))
			if math.Abs(x.got-want) > 1e-9 {
				t.Errorf("mode %d %s: engine α = %v, direct %v", mode, x.name, x.got, want)
			}
		}
	}
}

// TestScoreInvariances: renaming chains and mentions and reordering the
// documents leave every score unchanged.
func TestScoreInvariances(t *testing.T) {
	build := func(rename func(string) string, docs []string) *Corpus {
		b := NewBuilder(KeepFirst)
		b.Annotator("k")
		b.Annotator("r")
		for _, doc := range docs {
			src := map[string][2]string{
				"d1": {"0:{0-1} 1:{3-6,9-9} 2:{11-12,14-14,16-18}", "0:{0-1} 1:{3-6,9-9,10-10} 2:{11-12,15-15} 3:{13-13}"},
				"d2": {"1:{1-1,3-3,5-5} 2:{7-7,9-9,11-11,13-13}", "1:{1-1,3-3} 2:{5-5,7-7} 3:{11-11,13-13,15-15}"},
			}[doc]
			for a, spec := range src {
				for _, cm := range parseChains(t, spec) {
					b.Add([]string{"k", "r"}[a], doc, rename(cm[1]), rename("c"+cm[0]), position.Pos{})
				}
			}
		}
		c, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	id := func(s string) string { return s }
	ren := func(s string) string { return "x" + s + "y" }
	a := build(id, []string{"d1", "d2"}).Compare(0, 1)
	b := build(ren, []string{"d2", "d1"}).Compare(0, 1)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("scores changed:\n%+v\n%+v", a, b)
	}
}
