package gamma

import (
	"agree/internal/unitgen"
	"agree/unitizing"
)

// The generated continua of the tests and benchmarks (internal/unitgen:
// true units shared by every annotator, each annotator missing some,
// adding false positives, jittering boundaries and sometimes changing
// categories).
type genSpec = unitgen.Spec

// realistic is the generator of issues 12 and 19 (unitgen.Realistic).
func realistic(n, k int) genSpec { return unitgen.Realistic(n, k) }

// dense is realistic with overlapping true units (unitgen.Dense).
func dense(n, k int) genSpec { return unitgen.Dense(n, k) }

func genContinuum(seed uint64, s genSpec) *unitizing.Continuum { return unitgen.Generate(seed, s) }
