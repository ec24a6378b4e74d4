package coding

import "fmt"

// Coefficient names a member of the coefficient family. Each is the same
// computation, 1 − D_o/D_e, with its own parameters: the chance model that
// gives D_e, whether it uses the chosen distance or the nominal one, which
// items it reads, and whether it is defined for two coders only
// (Artstein & Poesio 2008, §2–§3; their Figure 1 "coefficient cube").
type Coefficient int

// The coefficients. Their Key is the name used in JSON output (a stable
// contract for scripts).
const (
	// PercentAgreement is A_o, the share of agreeing coder pairs per item
	// (survey §2.4, eq. for multiple coders in §2.5); no chance correction.
	PercentAgreement Coefficient = iota
	// BennettS is Bennett et al.'s S: A_e = 1/q over q categories (survey §2.4),
	// with q the declared categories if any, else the observed ones.
	BennettS
	// ScottPi is Scott's π: one pooled distribution, A_e = Σ_k P(k)² (§2.4).
	// Two coders only; for more see FleissKappa.
	ScottPi
	// CohenKappa is Cohen's κ: A_e = Σ_k P(k|c1)P(k|c2) (§2.4). Two coders only.
	CohenKappa
	// FleissKappa is multi-π (Fleiss 1971, "Fleiss's κ"; survey §2.5).
	FleissKappa
	// MultiKappa is multi-κ (Davies & Fleiss 1982; = Conger's and Hubert's κ):
	// A_e averaged over coder pairs of Σ_k P(k|ca)P(k|cb) (survey §2.5).
	MultiKappa
	// KrippendorffAlpha is Krippendorff's α with the chosen distance:
	// D_e = Σ_{k,l} n_k n_l d_kl / (N(N−1)) (survey §2.6.1).
	KrippendorffAlpha
	// AlphaBiased is α_b, α with the biased estimator D_e·(N−1)/N (survey §3.1);
	// with the nominal distance it equals multi-π.
	AlphaBiased
	// WeightedKappa is Cohen's κ_w (1968, survey §2.6.2). Two coders only.
	WeightedKappa
	// AlphaKappa is α_κ (survey §2.7; "β" in earlier versions): α's observed
	// disagreement with expected disagreement from each coder's distribution,
	// averaged over coder pairs. For two coders it equals κ_w.
	AlphaKappa
	// GwetAC is Gwet's AC1 (nominal distance) or AC2 (other distances, with
	// weights w = 1 − d/d_max): P_e = T_w/(q(q−1)) Σ_k π_k(1−π_k) (Gwet,
	// Handbook of Inter-Rater Reliability, 4th ed.; irrCAC's conventions).
	GwetAC
	// BrennanPrediger is Brennan & Prediger's κ_n with weights: P_e = T_w/q²,
	// i.e. the uniform chance model with the chosen distance (irrCAC bp.coeff).
	BrennanPrediger
	numCoefficients
)

// All returns every coefficient, in the order reports list them.
func All() []Coefficient {
	out := make([]Coefficient, numCoefficients)
	for i := range out {
		out[i] = Coefficient(i)
	}
	return out
}

// chance is the chance model of a coefficient (the cube's "bias" axis).
type chance int

const (
	noChance chance = iota
	uniformChance
	pooledBiased   // π, Fleiss, α_b
	pooledUnbiased // α
	perCoder       // κ, multi-κ, κ_w, α_κ
	gwetChance     // AC1/AC2
)

// observedOn says which items and weights give the observed disagreement.
type observedOn int

const (
	selected observedOn = iota // the Options.Missing weighting over pairable items
	itemMean                   // the mean over pairable items (Gwet, Brennan–Prediger)
	complete                   // items with a value from every coder (κ-style)
)

type params struct {
	key, name string
	chance    chance
	weighted  bool // uses Options.Distance; otherwise the nominal distance
	observed  observedOn
	twoCoders bool
}

func (c Coefficient) params() params {
	switch c {
	case PercentAgreement:
		return params{"percent_agreement", "percent agreement", noChance, false, selected, false}
	case BennettS:
		return params{"bennett_s", "Bennett's S", uniformChance, false, selected, false}
	case ScottPi:
		return params{"scott_pi", "Scott's π", pooledBiased, false, selected, true}
	case CohenKappa:
		return params{"cohen_kappa", "Cohen's κ", perCoder, false, complete, true}
	case FleissKappa:
		return params{"fleiss_kappa", "Fleiss's κ (multi-π)", pooledBiased, false, selected, false}
	case MultiKappa:
		return params{"multi_kappa", "multi-κ (Conger)", perCoder, false, complete, false}
	case KrippendorffAlpha:
		return params{"krippendorff_alpha", "Krippendorff's α", pooledUnbiased, true, selected, false}
	case AlphaBiased:
		return params{"alpha_b", "α_b (biased)", pooledBiased, true, selected, false}
	case WeightedKappa:
		return params{"weighted_kappa", "Cohen's κ_w", perCoder, true, complete, true}
	case AlphaKappa:
		return params{"alpha_kappa", "α_κ", perCoder, true, complete, false}
	case GwetAC:
		return params{"gwet_ac", "Gwet's AC", gwetChance, true, itemMean, false}
	case BrennanPrediger:
		return params{"brennan_prediger", "Brennan–Prediger", uniformChance, true, itemMean, false}
	}
	return params{key: fmt.Sprintf("coefficient(%d)", int(c))}
}

// Key returns the coefficient's JSON name, e.g. "krippendorff_alpha".
func (c Coefficient) Key() string { return c.params().key }

// String returns the coefficient's display name, e.g. "Krippendorff's α".
func (c Coefficient) String() string { return c.params().name }

// Weighted reports whether the coefficient uses the chosen distance (the
// others always use the nominal distance).
func (c Coefficient) Weighted() bool { return c.params().weighted }

// NeedsCoderIdentity reports whether the coefficient's chance model needs
// each coder's own distribution of values (Cohen's κ, multi-κ, κ_w, α_κ):
// it is undefined on data whose coders are anonymous
// (Data.SetAnonymousCoders).
func (c Coefficient) NeedsCoderIdentity() bool { return c.params().chance == perCoder }

// TwoCodersOnly reports whether the coefficient is defined for two coders only.
func (c Coefficient) TwoCodersOnly() bool { return c.params().twoCoders }

// ParseCoefficient returns the coefficient with the given key.
func ParseCoefficient(key string) (Coefficient, error) {
	for _, c := range All() {
		if c.Key() == key {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown coefficient %q", key)
}
