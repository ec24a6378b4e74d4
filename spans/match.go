package spans

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"agree/annotation"
)

// MatchKind is the rule by which two spans of different annotators may be
// paired.
type MatchKind int

const (
	// Exact pairs spans with the same parts: the same start and end, and for
	// discontinuous spans the same parts in the same order.
	Exact MatchKind = iota
	// Overlap pairs spans that share at least one character (a stretch of
	// positive length, for time offsets); identical spans always overlap,
	// even when empty.
	Overlap
	// IoU pairs spans whose intersection over union, |a ∩ b| / |a ∪ b| over
	// the characters they cover, is at least the threshold; identical spans
	// have IoU 1, even when empty.
	IoU
	// Tolerance pairs spans whose starts and ends each differ by at most
	// the tolerance; discontinuous spans need the same number of parts, and
	// each part's start and end within the tolerance of the other span's
	// corresponding part.
	Tolerance
)

// Match is a matching rule: a kind and, for IoU, its threshold T
// (0 < T ≤ 1) or, for Tolerance, its tolerance N (≥ 0, in the offsets'
// unit: code points or seconds).
type Match struct {
	Kind  MatchKind
	Param float64
}

// ParseMatch reads a rule as the command line writes it: "exact",
// "overlap", "iou:T" or "boundary-tolerance:N".
func ParseMatch(s string) (Match, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(s), ":")
	num := func(what string) (float64, error) {
		if !hasArg || strings.TrimSpace(arg) == "" {
			return 0, fmt.Errorf("match %q needs a %s (%s:%s)", s, what, name, map[string]string{"threshold": "T", "tolerance": "N"}[what])
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(arg), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("match %q: %s %q is not a number", s, what, arg)
		}
		return x, nil
	}
	switch strings.ToLower(name) {
	case "exact", "overlap":
		if hasArg {
			return Match{}, fmt.Errorf("match %q takes no argument", name)
		}
		if strings.ToLower(name) == "exact" {
			return Match{Kind: Exact}, nil
		}
		return Match{Kind: Overlap}, nil
	case "iou":
		t, err := num("threshold")
		if err != nil {
			return Match{}, err
		}
		if !(t > 0 && t <= 1) {
			return Match{}, fmt.Errorf("match %q: the IoU threshold must be in (0, 1]", s)
		}
		return Match{Kind: IoU, Param: t}, nil
	case "boundary-tolerance", "tolerance":
		n, err := num("tolerance")
		if err != nil {
			return Match{}, err
		}
		if n < 0 {
			return Match{}, fmt.Errorf("match %q: the tolerance must be ≥ 0", s)
		}
		return Match{Kind: Tolerance, Param: n}, nil
	}
	return Match{}, fmt.Errorf("unknown match %q (want exact, overlap, iou:T or boundary-tolerance:N)", s)
}

// String writes the rule as ParseMatch reads it.
func (m Match) String() string {
	f := strconv.FormatFloat(m.Param, 'g', -1, 64)
	switch m.Kind {
	case Overlap:
		return "overlap"
	case IoU:
		return "iou:" + f
	case Tolerance:
		return "boundary-tolerance:" + f
	}
	return "exact"
}

// shape is what matching reads of a span, 24 bytes: its hull, its label
// and, for a discontinuous span, where its parts are (disc−1 indexes
// prepared.disc; 0 for a contiguous span, whose only part is the hull).
type shape struct {
	start, end float64
	label      int32
	disc       int32
}

// nParts is the number of parts.
func (p *prepared) nParts(s *shape) int {
	if s.disc == 0 {
		return 1
	}
	return len(p.disc[s.disc-1])
}

// parts returns the parts of s; buf holds the part of a contiguous span.
func (p *prepared) parts(s *shape, buf *[1]annotation.Part) []annotation.Part {
	if s.disc == 0 {
		buf[0] = annotation.Part{Start: s.start, End: s.end}
		return buf[:]
	}
	return p.disc[s.disc-1]
}

// length is the number of characters (or seconds) the span covers.
func (p *prepared) length(s *shape) float64 {
	if s.disc == 0 {
		return s.end - s.start
	}
	l := 0.0
	for _, q := range p.disc[s.disc-1] {
		l += q.End - q.Start
	}
	return l
}

// intersection is |a ∩ b|, the length both spans cover, summed over their
// parts.
func (p *prepared) intersection(a, b *shape) float64 {
	if a.disc == 0 && b.disc == 0 {
		return max(0, min(a.end, b.end)-max(a.start, b.start))
	}
	var ba, bb [1]annotation.Part
	return intersection(p.parts(a, &ba), p.parts(b, &bb))
}

// sameParts reports whether a and b have the same parts.
func (p *prepared) sameParts(a, b *shape) bool {
	if a.disc == 0 && b.disc == 0 {
		return a.start == b.start && a.end == b.end
	}
	var ba, bb [1]annotation.Part
	return sameParts(p.parts(a, &ba), p.parts(b, &bb))
}

// intersection is |a ∩ b| for parts (each span's parts are ordered and
// disjoint, so one merge pass).
func intersection(a, b []annotation.Part) float64 {
	total := 0.0
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		lo, hi := math.Max(a[i].Start, b[j].Start), math.Min(a[i].End, b[j].End)
		if hi > lo {
			total += hi - lo
		}
		if a[i].End < b[j].End {
			i++
		} else {
			j++
		}
	}
	return total
}

func sameParts(a, b []annotation.Part) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// pairs reports whether spans a and b may be paired under m, and their
// overlap |a ∩ b| (the tie-breaker among optimal matchings).
func (m Match) pairs(p *prepared, a, b *shape) (ok bool, overlap float64) {
	overlap = p.intersection(a, b)
	switch m.Kind {
	case Exact:
		return p.sameParts(a, b), overlap
	case Overlap:
		return overlap > 0 || p.sameParts(a, b), overlap
	case IoU:
		if p.sameParts(a, b) {
			return true, overlap
		}
		union := p.length(a) + p.length(b) - overlap
		return union > 0 && overlap/union >= m.Param, overlap
	case Tolerance:
		if a.disc == 0 && b.disc == 0 {
			return math.Abs(a.start-b.start) <= m.Param && math.Abs(a.end-b.end) <= m.Param, overlap
		}
		var ba, bb [1]annotation.Part
		pa, pb := p.parts(a, &ba), p.parts(b, &bb)
		if len(pa) != len(pb) {
			return false, overlap
		}
		for k := range pa {
			if math.Abs(pa[k].Start-pb[k].Start) > m.Param || math.Abs(pa[k].End-pb[k].End) > m.Param {
				return false, overlap
			}
		}
		return true, overlap
	}
	return false, overlap
}

// reach is how far beyond a span's hull a partner may lie: the candidates
// of a span are the spans whose hulls touch its hull widened by reach.
func (m Match) reach() float64 {
	if m.Kind == Tolerance {
		return m.Param
	}
	return 0
}

func nan() float64 { return math.NaN() }
