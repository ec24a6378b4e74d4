package segmentation

import (
	"errors"
	"fmt"
	"math"
)

// Window is the result of a window metric (Pk, WindowDiff).
type Window struct {
	// Value is Errors/Windows; NaN when undefined (see Reason).
	Value float64
	// Errors is the number of windows in error (for weighted WindowDiff, the
	// sum of the absolute differences of the boundary counts).
	Errors int
	// Windows is the denominator (SegEval's "measurements"; with the
	// Lamprier et al. fix it is N+k+1).
	Windows int
	// K is the window size used, in units.
	K int
	// Reason says why Value is undefined; empty otherwise.
	Reason string
}

// WindowOptions selects the window size and variant of a window metric.
type WindowOptions struct {
	// K is the window size in units (= PB slots spanned by a window). 0
	// means WindowSize(ref), SegEval's default rule.
	K int
	// Lamprier applies the fix of Lamprier et al. (2007) to WindowDiff:
	// both segmentations are padded with k phantom units on each side
	// (SegEval lamprier_et_al_2007_fix; sheet §4). Pk ignores it.
	Lamprier bool
	// Weighted is NLTK's windowdiff(weighted=True) for WindowDiff: a window
	// counts |count_hyp − count_ref| errors instead of min(1, ·). Pk ignores
	// it.
	Weighted bool
}

// WindowSize is SegEval's default window size (compute_window_size; sheet
// §4): k = round(mean(ref masses) / 2), rounding half to even as Python 3
// does, and at least 2. Only the reference is used. It is computed exactly in
// integers. It returns 0 for a zero Segmentation.
func WindowSize(ref Segmentation) int {
	if ref.n == 0 {
		return 0
	}
	// mean/2 = n / (2·segments).
	num, den := ref.n, 2*(len(ref.slots)+1)
	k := num / den
	switch r := num % den; {
	case 2*r > den:
		k++
	case 2*r == den && k%2 == 1:
		k++
	}
	return max(k, 2)
}

// NLTKWindowSize is NLTK's default window size for pk (nltk.metrics.
// segmentation.pk; sheet §4): int(round(len(ref) / (2 · boundaries))),
// where len(ref) is the number of PB slots N−1 and boundaries the number of
// slots holding one; Python's round is half-to-even on the float64 quotient.
// It fails when ref has no boundary (NLTK divides by zero) or when the size
// rounds to 0.
func NLTKWindowSize(ref Segmentation) (int, error) {
	if ref.n == 0 {
		return 0, errZero
	}
	if len(ref.slots) == 0 {
		return 0, errors.New("segmentation: NLTK window size undefined: the reference has no boundary")
	}
	k := int(math.RoundToEven(float64(ref.n-1) / (float64(len(ref.slots)) * 2.0)))
	if k == 0 {
		return 0, fmt.Errorf("segmentation: NLTK window size rounds to 0 (%d slots, %d boundaries)", ref.n-1, len(ref.slots))
	}
	return k, nil
}

// Pk is the probabilistic error metric of Beeferman, Berger & Lafferty
// (1999), as in SegEval 2.0.11 (sheet §4): with window size k (0 means
// WindowSize(ref)), for each i = 0…N−k−1 the window is in error when "units
// i and i+k lie in the same segment" differs between hyp and ref, that is
// when exactly one of them has a boundary in slots i…i+k−1;
//
//	Pk = errors / (N − k).
//
// NLTK's pk(ref, hyp, k) is the same number for the same k (sheet §8.3);
// for NLTK's default k use NLTKWindowSize. A slot with any boundary type is
// a boundary. Undefined (NaN) when N − k ≤ 0. O(boundaries), independent of N.
func Pk(hyp, ref Segmentation, k int) (Window, error) {
	if err := checkPair(hyp, ref); err != nil {
		return Window{}, err
	}
	if k == 0 {
		k = WindowSize(ref)
	}
	if k < 0 {
		return Window{}, fmt.Errorf("segmentation: window size %d; want ≥ 1 (or 0 for the default)", k)
	}
	return windowScan(hyp, ref, k, 0, hyp.n-k, hyp.n-k, modePk), nil
}

// WindowDiff is the metric of Pevzner & Hearst (2002), as in SegEval 2.0.11
// (sheet §4): with window size k (opt.K; 0 means WindowSize(ref)), for each
// i = 0…N−k−1 the window is in error when hyp and ref have different numbers
// of boundaries in slots i…i+k−1;
//
//	WD = errors / (N − k).
//
// With opt.Lamprier both are padded with k phantom units on each side, so
// there are N+k windows, and SegEval divides by N+k+1 (sheet §4). With
// opt.Weighted a window counts |count_hyp − count_ref| (NLTK weighted=True).
// NLTK's windowdiff(seg1, seg2, k) is the same number for the same k.
// Undefined (NaN) when the denominator is ≤ 0. O(boundaries), independent
// of N.
func WindowDiff(hyp, ref Segmentation, opt WindowOptions) (Window, error) {
	if err := checkPair(hyp, ref); err != nil {
		return Window{}, err
	}
	k := opt.K
	if k == 0 {
		k = WindowSize(ref)
	}
	if k < 0 {
		return Window{}, fmt.Errorf("segmentation: window size %d; want ≥ 1 (or 0 for the default)", k)
	}
	mode := modeWD
	if opt.Weighted {
		mode = modeWeighted
	}
	if opt.Lamprier {
		// Padding adds the same boundaries (phantom↔real) to both, which
		// cancel in every comparison, so only the shifted windows matter.
		return windowScan(hyp, ref, k, -k, hyp.n+k, hyp.n+k+1, mode), nil
	}
	return windowScan(hyp, ref, k, 0, hyp.n-k, hyp.n-k, mode), nil
}

type windowMode int

const (
	modePk windowMode = iota
	modeWD
	modeWeighted
)

// windowScan counts errors over count windows, window w covering slots
// [start+w, start+w+k−1], and divides by den.
func windowScan(hyp, ref Segmentation, k, start, count, den int, mode windowMode) Window {
	w := Window{K: k, Windows: den}
	if den <= 0 || count <= 0 {
		w.Value = math.NaN()
		w.Reason = fmt.Sprintf("window size %d leaves no window in %d units", k, hyp.n)
		return w
	}
	// The counts change only when a window edge crosses a boundary, so the
	// scan jumps from event to event: O(boundaries), independent of N.
	var hlo, hhi, rlo, rhi int // hyp.slots[hlo:hhi] lie in the current window
	end := start + count
	for x := start; x < end; {
		for hlo < len(hyp.slots) && hyp.slots[hlo] < x {
			hlo++
		}
		for hhi < len(hyp.slots) && hyp.slots[hhi] < x+k {
			hhi++
		}
		for rlo < len(ref.slots) && ref.slots[rlo] < x {
			rlo++
		}
		for rhi < len(ref.slots) && ref.slots[rhi] < x+k {
			rhi++
		}
		next := end
		if hlo < len(hyp.slots) {
			next = min(next, hyp.slots[hlo]+1)
		}
		if hhi < len(hyp.slots) {
			next = min(next, hyp.slots[hhi]-k+1)
		}
		if rlo < len(ref.slots) {
			next = min(next, ref.slots[rlo]+1)
		}
		if rhi < len(ref.slots) {
			next = min(next, ref.slots[rhi]-k+1)
		}
		run := next - x
		hc, rc := hhi-hlo, rhi-rlo
		switch mode {
		case modePk:
			if (hc > 0) != (rc > 0) {
				w.Errors += run
			}
		case modeWD:
			if hc != rc {
				w.Errors += run
			}
		case modeWeighted:
			w.Errors += run * absInt(hc-rc)
		}
		x = next
	}
	w.Value = float64(w.Errors) / float64(den)
	return w
}
