package alttest

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"agree/internal/longtest"
)

// TestPublishedExample reproduces the authors' published example (the
// AltTest repository's alt_test_example.ipynb, "Example (paper's data)",
// the framing dataset, accuracy, ε = 0.15): winning rate and advantage
// probability to two decimals for the six LLMs. Their data files are not
// ours to copy into the repository: the test reads a clone's data
// directory from AGREE_ALTTEST_DATA (e.g. AltTest/data) and is skipped
// without it.
func TestPublishedExample(t *testing.T) {
	longtest.Skip(t)
	dir := os.Getenv("AGREE_ALTTEST_DATA")
	if dir == "" {
		t.Skip("set AGREE_ALTTEST_DATA to the AltTest repository's data directory")
	}
	read := func(name string) map[string]map[string]any {
		b, err := os.ReadFile(filepath.Join(dir, "framing", name))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	humans, llms := read("human_annotations.json"), read("llm_annotations.json")
	published := map[string][2]float64{ // winning rate, advantage probability
		"gemini_flash": {1.00, 0.83}, "gemini_pro": {1.00, 0.91}, "gpt-4o": {1.00, 0.92},
		"llama-31": {0.50, 0.80}, "gpt-4o-mini": {1.00, 0.87}, "mistral-v03": {0.25, 0.80},
	}
	var names []string
	for h := range humans {
		names = append(names, h)
	}
	slices.Sort(names)
	items := map[string]int{}
	var ids []string
	for _, h := range names {
		for i := range humans[h] {
			if _, ok := items[i]; !ok {
				items[i] = len(ids)
				ids = append(ids, i)
			}
		}
	}
	for model, want := range published {
		llm := llms[model]
		val := func(i, who int) any {
			if who == Candidate {
				return llm[ids[i]]
			}
			return humans[names[who]][ids[i]]
		}
		in := Input{Humans: names, Items: len(ids),
			Annotated: func(i, h int) bool { _, ok := humans[names[h]][ids[i]]; return ok },
			Model:     func(i int) bool { _, ok := llm[ids[i]]; return ok },
			Score: func(i, who int, others []int) float64 {
				v, same := val(i, who), 0
				for _, o := range others {
					if val(i, o) == v {
						same++
					}
				}
				return float64(same) / float64(len(others))
			}}
		r, err := Test(context.Background(), in, Options{Epsilon: 0.15})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.WinningRate-want[0]) > 0.005 || math.Abs(r.Rho-want[1]) > 0.005 {
			t.Errorf("%s: winning rate %.2f, advantage probability %.2f; published %.2f, %.2f", model, r.WinningRate, r.Rho, want[0], want[1])
		}
	}
}
