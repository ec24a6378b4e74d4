package coding

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// LabelStats is agreement on one label of set-valued (multi-label) data:
// the data recoded as present (1) or absent (0) of the label, per item and
// coder, a coder without a value staying missing.
type LabelStats struct {
	Label string
	// Present counts the values (item, coder) whose set holds the label;
	// Values counts every value.
	Present, Values int
	// Alpha is Krippendorff's α, Kappa Cohen's κ (two coders; undefined
	// otherwise) and AC1 Gwet's AC1 on the binary data, all through the
	// engine (their Reason says why one is undefined).
	Alpha, Kappa, AC1 Result
	// PositiveAgreement is the specific agreement on "present",
	// o_11/n_1 (for two coders 2a/(2a + b + c), Hripcsak & Rothschild
	// 2005's positive specific agreement, which F1 equals); NaN with
	// PositiveReason when the label is never present.
	PositiveAgreement float64
	PositiveReason    string
}

// SetValued reports whether some value of d is a set written with sep
// ("a|b" for sep "|").
func SetValued(d *Data, sep string) bool {
	if sep == "" {
		return false
	}
	for _, l := range d.Labels() {
		if strings.Contains(l, sep) {
			return true
		}
	}
	return false
}

// SetElements returns the elements of a set-valued label: split at sep,
// trimmed, without empty or repeated elements, sorted.
func SetElements(label, sep string) []string {
	var out []string
	for _, e := range strings.Split(label, sep) {
		if e = strings.TrimSpace(e); e != "" && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	slices.Sort(out)
	return out
}

// PerLabel decomposes set-valued data label by label (the labels are the
// elements of the sets, split at sep, in sorted order): for each, the
// binary data "label present / absent" per item and coder is analysed by
// the engine, giving α, κ, AC1 and the positive specific agreement. This
// is the multi-label treatment of fast-krippendorff's and NLTK's users:
// one binary reliability question per label, next to α with a set
// distance (MASI, Jaccard) on the whole sets.
func PerLabel(d *Data, sep string) ([]LabelStats, error) { return PerLabelStats(d.Stats(0), sep) }

// PerLabelStats is PerLabel on the statistics of the data: each label's
// binary data are made pattern by pattern (the counts carry over), so the
// cost does not grow with the items.
func PerLabelStats(s *Stats, sep string) ([]LabelStats, error) {
	if sep == "" {
		return nil, fmt.Errorf("per-label agreement needs a set separator")
	}
	values := s.Labels()
	elems := make([][]int, len(values)) // value → element indexes
	index := map[string]int{}
	var names []string
	for _, l := range values {
		for _, e := range SetElements(l, sep) {
			if _, ok := index[e]; !ok {
				index[e] = len(names)
				names = append(names, e)
			}
		}
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	for k, n := range sorted {
		index[n] = k
	}
	for v, l := range values {
		for _, e := range SetElements(l, sep) {
			elems[v] = append(elems[v], index[e])
		}
	}
	out := make([]LabelStats, len(sorted))
	buf := make([]int32, 0, 16)
	for k, name := range sorted {
		a, err := NewAccumulator(StatsOptions{Source: s.source, Categories: []string{"0", "1"}, Closed: true, Coders: s.coders})
		if err != nil {
			return nil, err
		}
		st := LabelStats{Label: name}
		for p := range s.NumPatterns() {
			cv, n := s.Pattern(p)
			buf = buf[:0]
			for i := 0; i < len(cv); i += 2 {
				x := int32(0)
				if slices.Contains(elems[cv[i+1]], k) {
					x = 1
					st.Present += int(n)
				}
				st.Values += int(n)
				buf = append(buf, cv[i], x)
			}
			a.addPattern(buf, n, nil, false)
		}
		a.empty += s.empty
		an, err := AnalyzeStats(a.Stats(), Options{})
		if err != nil {
			return nil, err
		}
		st.Alpha = an.Coefficient(KrippendorffAlpha)
		st.Kappa = an.Coefficient(CohenKappa)
		st.AC1 = an.Coefficient(GwetAC)
		st.PositiveAgreement = math.NaN()
		cats, err := an.PerCategory()
		switch {
		case err != nil:
			st.PositiveReason = err.Error()
		default:
			st.PositiveReason = "the label is present in no pairable value"
			for _, cs := range cats {
				if cs.Label == "1" && cs.Count > 0 {
					st.PositiveAgreement, st.PositiveReason = cs.Specific, ""
				}
			}
		}
		out[k] = st
	}
	return out, nil
}

// SetValued reports whether some value is a set written with sep ("a|b"
// for sep "|").
func (s *Stats) SetValued(sep string) bool {
	if sep == "" {
		return false
	}
	for _, l := range s.labels {
		if strings.Contains(l, sep) {
			return true
		}
	}
	return false
}
