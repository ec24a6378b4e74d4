package shuffle

import (
	"errors"
	"fmt"
	"math"
)

// Limits of a sweep, checked before any work (Sweep.Validate) so that a
// model or a setting too large is refused with its name instead of running
// out of memory or time. A sweep holds at most one simulated set per
// worker and one Point per (error type, magnitude, measure) in memory;
// sets are generated as they are needed.
const (
	// MaxUnits is the largest number of reference units in a model.
	MaxUnits = 1_000_000
	// MaxAnnotators is the largest number of simulated annotators (the
	// measures' cost grows fast with it: γ's exact alignment above all).
	MaxAnnotators = 100
	// MaxContinua is the largest number of continua per set.
	MaxContinua = 10_000
	// MaxScale bounds ShiftScale, SplitScale and FalsePositiveScale.
	MaxScale = 1000
	// MaxSetUnits bounds the units of one simulated set at magnitude 1:
	// continua × annotators × reference units × (1 + SplitScale +
	// FalsePositiveScale), the split pieces and false positives included.
	MaxSetUnits = 2_000_000
	// MinStep is the smallest magnitude step (at most 10⁴ + 1 magnitudes),
	// and MaxMagnitudes the most explicit magnitudes.
	MinStep       = 1e-4
	MaxMagnitudes = 10_001
)

// Validate checks the sweep and its limits, with the defaults Run applies
// (Step 0.05, 40 sets, one continuum), without running it.
func (s Sweep) Validate() error {
	s = s.withDefaults()
	if !(s.Step >= MinStep && s.Step <= 1) {
		return fmt.Errorf("shuffle: step %v not in [%g, 1]", s.Step, MinStep)
	}
	if len(s.Magnitudes) > MaxMagnitudes {
		return fmt.Errorf("shuffle: %d magnitudes; at most %d", len(s.Magnitudes), MaxMagnitudes)
	}
	for _, m := range s.Magnitudes {
		if !(m >= 0 && m <= 1) {
			return fmt.Errorf("shuffle: magnitude %v not in [0, 1]", m)
		}
	}
	if s.Sets < 1 || len(s.Errors) == 0 || len(s.Measures) == 0 {
		return errors.New("shuffle: a sweep needs at least one set, one error type and one measure")
	}
	if s.Continua > MaxContinua {
		return fmt.Errorf("shuffle: %d continua per set; at most %d", s.Continua, MaxContinua)
	}
	if err := s.Model.Validate(); err != nil {
		return err
	}
	var split, fp float64
	for _, e := range s.Errors {
		sh := s.Shuffler
		sh.Errors = e
		sh = sh.withDefaults()
		if err := sh.Validate(s.Model); err != nil {
			return err
		}
		if e&Split != 0 {
			split = math.Max(split, sh.SplitScale)
		}
		if e&FalsePositive != 0 {
			fp = math.Max(fp, sh.FalsePositiveScale)
		}
	}
	units := float64(s.Continua) * float64(s.Shuffler.Annotators) * float64(s.Model.Units) * (1 + split + fp)
	if units > MaxSetUnits {
		return fmt.Errorf("shuffle: a simulated set would hold about %.3g units (%d continua × %d annotators × %d reference units × %.3g with splits and false positives); at most %d",
			units, s.Continua, s.Shuffler.Annotators, s.Model.Units, 1+split+fp, MaxSetUnits)
	}
	return nil
}

func (s Sweep) withDefaults() Sweep {
	if s.Step == 0 {
		s.Step = 0.05
	}
	if s.Sets == 0 {
		s.Sets = 40
	}
	if s.Workers < 1 {
		s.Workers = 1
	}
	if s.Continua < 1 {
		s.Continua = 1
	}
	return s
}
