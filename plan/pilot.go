package plan

import (
	"fmt"
	"math"

	"agree/inference"
)

// Pilot is what a pilot study says about a measure: its estimate, the
// standard error of the estimate and the number of independent units
// (items, documents) it was computed on.
type Pilot struct {
	Estimate, SE float64
	Items        int
	Level        float64 // 0.95 when 0
}

// MethodProjection names the pilot's projection.
const MethodProjection = "the pilot's standard error scaled by √(n/(n + N)) (per-item variance n·SE², normal interval)"

func (p Pilot) check() error {
	if p.Items < 2 {
		return fmt.Errorf("plan: a pilot of %d items: want at least 2", p.Items)
	}
	if !(p.SE >= 0) || math.IsInf(p.SE, 0) {
		return fmt.Errorf("plan: the pilot's standard error is undefined (%v)", p.SE)
	}
	if p.Level != 0 {
		return checkProb("the confidence level", p.Level, true)
	}
	return nil
}

func (p Pilot) z() float64 {
	l := p.Level
	if l == 0 {
		l = 0.95
	}
	return inference.NormalQuantile((1 + l) / 2)
}

// SD is the pilot's per-item standard deviation √n·SE.
func (p Pilot) SD() float64 { return p.SE * math.Sqrt(float64(p.Items)) }

// HalfWidth is the projected half-width of the interval after more items
// beyond the pilot's: z·SE·√(n/(n + more)).
func (p Pilot) HalfWidth(more int) float64 {
	return p.z() * p.SE * math.Sqrt(float64(p.Items)/float64(p.Items+more))
}

// Items is the total number of items (pilot included) for a half-width w
// at the pilot's variance; the more to annotate is Items − p.Items (at
// least 0).
func (p Pilot) ItemsFor(w float64) (Size, error) {
	if err := p.check(); err != nil {
		return Size{}, err
	}
	s, err := HalfWidthItems(p.SD(), w, levelOr(p.Level))
	s.Method = MethodProjection
	return s, err
}

// PowerFor is the total number of items for power against H0: value ≤
// min at significance alpha, taking the pilot's estimate as the true
// value and its per-item standard deviation under both hypotheses.
func (p Pilot) PowerFor(min, alpha, power float64) (Size, error) {
	if err := p.check(); err != nil {
		return Size{}, err
	}
	s, err := PowerItems(p.SD(), p.SD(), p.Estimate, min, alpha, power)
	s.Method = MethodProjection
	return s, err
}

func levelOr(l float64) float64 {
	if l == 0 {
		return 0.95
	}
	return l
}

// Point is the projected interval after More items beyond the pilot.
type Point struct {
	More, Items int
	HalfWidth   float64
	Low, High   float64 // Estimate ∓ HalfWidth
}

// Curve is the projected interval at more = 0 and at steps up to max
// more items (about steps points, evenly spaced).
func (p Pilot) Curve(maxMore, steps int) ([]Point, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if maxMore < 1 || steps < 1 {
		return nil, fmt.Errorf("plan: a curve to %d more items in %d steps", maxMore, steps)
	}
	step := max(1, maxMore/steps)
	var out []Point
	for more := 0; ; more += step {
		more = min(more, maxMore)
		h := p.HalfWidth(more)
		out = append(out, Point{More: more, Items: p.Items + more, HalfWidth: h, Low: p.Estimate - h, High: p.Estimate + h})
		if more == maxMore {
			return out, nil
		}
	}
}
