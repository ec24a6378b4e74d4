package coref

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"agree/coding"
)

// MarkableError reports that two annotators did not mark the same mentions,
// which Passonneau's (1997) link table requires.
type MarkableError struct {
	A, B         string
	OnlyA, OnlyB []string // "document: mention"
}

func (e *MarkableError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "annotators %q and %q marked different mentions (%d only by %q, %d only by %q); the link table needs the same markables (add the missing ones as singletons to proceed)",
		e.A, e.B, len(e.OnlyA), e.A, len(e.OnlyB), e.B)
	list := func(who string, ms []string) {
		const show = 20
		for i, m := range ms {
			if i == show {
				fmt.Fprintf(&b, "\n  … and %d more only by %q", len(ms)-show, who)
				break
			}
			fmt.Fprintf(&b, "\n  only %q: %s", who, m)
		}
	}
	list(e.A, e.OnlyA)
	list(e.B, e.OnlyB)
	return b.String()
}

// MarkableDifferences lists the mentions that only annotator a or only
// annotator b marked, as "document: mention", in document order and natural
// mention order. It returns nil when they marked the same mentions.
func (c *Corpus) MarkableDifferences(a, b int) *MarkableError {
	e := &MarkableError{A: c.annotators[a], B: c.annotators[b]}
	for d, doc := range c.docs {
		if !c.Shared(a, b, d) {
			continue
		}
		ha := marked(c.parts[a][d], len(doc.mentions))
		hb := marked(c.parts[b][d], len(doc.mentions))
		var oa, ob []string
		for m := range doc.mentions {
			switch {
			case ha[m] && !hb[m]:
				oa = append(oa, doc.mentions[m])
			case hb[m] && !ha[m]:
				ob = append(ob, doc.mentions[m])
			}
		}
		for _, x := range []*[]string{&oa, &ob} {
			sort.Slice(*x, func(i, j int) bool { return mentionLess((*x)[i], (*x)[j]) })
		}
		for _, m := range oa {
			e.OnlyA = append(e.OnlyA, doc.name+": "+m)
		}
		for _, m := range ob {
			e.OnlyB = append(e.OnlyB, doc.name+": "+m)
		}
	}
	if len(e.OnlyA) == 0 && len(e.OnlyB) == 0 {
		return nil
	}
	return e
}

func marked(p Partition, n int) []bool {
	h := make([]bool, n)
	for _, e := range p.Entities {
		for _, m := range e {
			h[m] = true
		}
	}
	return h
}

// LinkTable is Passonneau's (1997, §2.1, Figure 3 and Table 2) 2×2 table of
// coreference links between two codings of the same markables, A (CA₁, the
// target) and B (CA₃):
//
//	a = Σ_{C ∈ A} (|C| − |p(C)|)   links found by both (MUC recall numerator)
//	b = Σ_{C ∈ B} (|C| − 1) − a     links in B only
//	c = Σ_{C ∈ A} (|C| − 1) − a     links in A only
//	d = (N − 1) − a − b − c         possible links found by neither
//
// with N the number of markables of a document (the table total N − 1 is
// the number of links of a spanning tree over all markables). Documents are
// summed cell by cell.
type LinkTable struct {
	A, B, C, D int
}

// Total returns a + b + c + d.
func (t LinkTable) Total() int { return t.A + t.B + t.C + t.D }

// Recall returns a/(a+c), which equals MUC recall of B against A.
func (t LinkTable) Recall() float64 { return float64(t.A) / float64(t.A+t.C) }

// Precision returns a/(a+b), which equals MUC precision of B against A.
func (t LinkTable) Precision() float64 { return float64(t.A) / float64(t.A+t.B) }

// Data returns the table as two-coder coding data: one item per possible
// link, coded "+link" or "-link" by each annotator (coder A rows, coder B
// columns: a = (+,+), c = (+,−), b = (−,+), d = (−,−)).
func (t LinkTable) Data() (*coding.Data, error) {
	labels := []string{"+link", "-link"}
	return coding.FromContingency(labels, labels, [][]int{{t.A, t.C}, {t.B, t.D}})
}

// LinkTable builds Passonneau's link table for annotators a and b. It fails
// with a *MarkableError when they did not mark the same mentions (see
// WithSingletons), and when the construction gives a negative d, which
// happens when the two partitions cross so that the links of a spanning
// tree cannot be split into the four cells (e.g. {1,2},{3,4} against
// {1,3},{2,4}: a = 0, b = c = 2, N − 1 = 3); the paper does not cover that
// case.
func (c *Corpus) LinkTable(a, b int) (LinkTable, error) {
	if e := c.MarkableDifferences(a, b); e != nil {
		return LinkTable{}, e
	}
	var t LinkTable
	for d, doc := range c.docs {
		if !c.Shared(a, b, d) {
			continue
		}
		pa, pb := c.parts[a][d], c.parts[b][d]
		n := pa.Mentions()
		if n == 0 {
			continue
		}
		cnt := DocCounts(pa, pb, len(doc.mentions))
		ta := int(cnt.MUC[0])
		la, lb := int(cnt.MUC[1]), int(cnt.MUC[3])
		tb, tc := lb-ta, la-ta
		td := (n - 1) - ta - tb - tc
		if td < 0 {
			return LinkTable{}, fmt.Errorf("document %q: the link table of %q and %q is not defined: d = (N−1) − a − b − c = %d − %d − %d − %d < 0 (the partitions cross)",
				doc.name, c.annotators[a], c.annotators[b], n-1, ta, tb, tc)
		}
		t.A += ta
		t.B += tb
		t.C += tc
		t.D += td
	}
	return t, nil
}

// LinkAgreement is κ, π and α on a link table.
type LinkAgreement struct {
	Table LinkTable
	// Kappa is Cohen's κ and Pi Scott's π.
	//
	// PassonneauAlpha is the "α" of Passonneau (1997, eqs. 24–27 and the
	// text of Table 1): 1 − p_DO/p_DE with p_DE from each judge's own
	// marginals (".61 × .43"), which is the coding engine's α_κ and equals κ
	// on nominal data (her eqs. 5–8 show exactly this). KrippendorffAlpha
	// is Krippendorff's α (pooled marginals, expected disagreement with the
	// small-sample factor n/(n − 1)); on CA1/CA3 it is 23/42 ≈ .548 where the
	// paper's α is 11/21 ≈ .52. A value is NaN when undefined (see the
	// reasons).
	Kappa, Pi, PassonneauAlpha, KrippendorffAlpha          float64
	KappaReason, PiReason, AlphaReason, KrippendorffReason string
}

// Agreement computes κ, π and α on the table through the coding engine.
func (t LinkTable) Agreement() (LinkAgreement, error) {
	la := LinkAgreement{Table: t}
	d, err := t.Data()
	if err != nil {
		return la, err
	}
	an, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		return la, err
	}
	k := an.Coefficient(coding.CohenKappa)
	p := an.Coefficient(coding.ScottPi)
	pa := an.Coefficient(coding.AlphaKappa)
	al := an.Coefficient(coding.KrippendorffAlpha)
	la.Kappa, la.KappaReason = k.Value, k.Reason
	la.Pi, la.PiReason = p.Value, p.Reason
	la.PassonneauAlpha, la.AlphaReason = pa.Value, pa.Reason
	la.KrippendorffAlpha, la.KrippendorffReason = al.Value, al.Reason
	if t.Total() == 0 {
		r := "the link table is empty (no document has two markables)"
		la.Kappa, la.Pi, la.PassonneauAlpha, la.KrippendorffAlpha = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		la.KappaReason, la.PiReason, la.AlphaReason, la.KrippendorffReason = r, r, r, r
	}
	return la, nil
}
