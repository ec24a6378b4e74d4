package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAlttestCommand: the library's verdicts through the command line
// (alttest's TestAgainstR holds the numbers to R), and usage errors.
func TestAlttestCommand(t *testing.T) {
	out, errs, code := agree(t, "", "alttest", "--score", "neg_rmse", "--epsilon", "0.15", "--model", "model", "../../alttest/testdata/scores.csv", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v struct {
		Layers []struct {
			Runs []struct {
				Passed      bool
				WinningRate float64 `json:"winning_rate"`
				Annotators  []struct {
					ModelWins bool `json:"model_wins"`
				}
			}
			CrossReplication struct {
				KappaX float64 `json:"kappa_x"`
			} `json:"cross_replication"`
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	r := v.Layers[0].Runs[0]
	// R: t.test and p.adjust(…, "BY") reject for h2 and h3, not h1.
	if !r.Passed || len(r.Annotators) != 3 || r.Annotators[0].ModelWins || !r.Annotators[1].ModelWins || !r.Annotators[2].ModelWins {
		t.Errorf("scores.csv: %s", out)
	}
	// The signed-rank variant: R's wilcox.test p-values (alttest's
	// TestWilcoxonAgainstR) are all below Benjamini–Yekutieli's thresholds.
	out, errs, code = agree(t, "", "alttest", "--test", "wilcoxon", "--score", "neg_rmse", "--epsilon", "0.15", "--model", "model", "../../alttest/testdata/scores.csv", "--format", "json")
	if code != 0 {
		t.Fatalf("wilcoxon: exit %d: %s", code, errs)
	}
	var w struct {
		Test   string
		Layers []struct {
			Runs []struct {
				WinningRate float64 `json:"winning_rate"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &w); err != nil {
		t.Fatal(err)
	}
	if w.Test != "wilcoxon" || w.Layers[0].Runs[0].WinningRate != 1 {
		t.Errorf("wilcoxon: %s", out)
	}
	// Spans: a verdict for all the spans and one per label.
	out, errs, code = agree(t, "", "alttest", "--score", "span_f1", "--model", "cy", "--min-items", "2", "examples/entities.csv", "--format", "json")
	if code != 0 {
		t.Fatalf("spans: exit %d: %s", code, errs)
	}
	var sp struct {
		Layers []struct {
			Label string
			Runs  []struct{ Verdict string }
		}
	}
	if err := json.Unmarshal([]byte(out), &sp); err != nil {
		t.Fatal(err)
	}
	if len(sp.Layers) != 5 || sp.Layers[0].Label != "" || sp.Layers[1].Label != "DATE" || sp.Layers[0].Runs[0].Verdict == "" {
		t.Errorf("spans: %s", out)
	}
	// Relations: overall and per type.
	out, errs, code = agree(t, "", "alttest", "--score", "relation_f1", "--model", "cy", "--min-items", "2", "examples/relations.csv", "--format", "json")
	if code != 0 {
		t.Fatalf("relations: exit %d: %s", code, errs)
	}
	sp.Layers = nil
	if err := json.Unmarshal([]byte(out), &sp); err != nil {
		t.Fatal(err)
	}
	if len(sp.Layers) < 2 || sp.Layers[0].Label != "" || len(sp.Layers[0].Runs) != 1 {
		t.Errorf("relations: %s", out)
	}
	// Continua: one layer.
	dir := t.TempDir()
	args := []string{"alttest", "--score", "disorder", "--model", "C", "--min-items", "2", "--format", "json"}
	for k, body := range []string{"A,x,0,10\nB,x,1,10\nC,x,0,10\n", "A,y,0,10\nB,y,0,9\nC,y,0,9\nA,x,20,30\nB,x,20,30\nC,x,21,30\n", "A,x,5,15\nB,x,5,15\nC,y,5,15\n"} {
		p := filepath.Join(dir, "u"+strconv.Itoa(k)+".csv")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	out, errs, code = agree(t, "", args...)
	if code != 0 {
		t.Fatalf("continua: exit %d: %s", code, errs)
	}
	sp.Layers = nil
	if err := json.Unmarshal([]byte(out), &sp); err != nil {
		t.Fatal(err)
	}
	if len(sp.Layers) != 1 || len(sp.Layers[0].Runs) != 1 {
		t.Errorf("continua: %s", out)
	}
	// Chains: one layer.
	chains := filepath.Join(dir, "chains.csv")
	if err := os.WriteFile(chains, []byte("document,annotator,mention,chain\nd1,A,m1,1\nd1,A,m2,1\nd1,B,m1,1\nd1,B,m2,1\nd1,C,m1,1\nd1,C,m2,2\nd2,A,m3,1\nd2,B,m3,1\nd2,C,m3,1\nd2,A,m4,1\nd2,B,m4,2\nd2,C,m4,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code = agree(t, "", "alttest", "--score", "conll_f1", "--model", "C", "--min-items", "2", chains, "--format", "json")
	if code != 0 {
		t.Fatalf("chains: exit %d: %s", code, errs)
	}
	sp.Layers = nil
	if err := json.Unmarshal([]byte(out), &sp); err != nil {
		t.Fatal(err)
	}
	if len(sp.Layers) != 1 || len(sp.Layers[0].Runs) != 1 {
		t.Errorf("chains: %s", out)
	}
	for _, bad := range [][]string{
		{"../../alttest/testdata/labels.csv"},                                            // no --model
		{"--model", "nobody", "../../alttest/testdata/labels.csv"},                       // unknown column
		{"--model", "model", "--score", "f1", "../../alttest/testdata/labels.csv"},       // unknown score
		{"--model", "model", "--score", "neg_rmse", "../../alttest/testdata/labels.csv"}, // labels are not numbers
		{"--model", "model", "--epsilon", "2", "../../alttest/testdata/labels.csv"},
		{"--model", "model", "--test", "z", "../../alttest/testdata/labels.csv"},
		{"--model", "cy", "--score", "span_f1", "--match", "iou:2", "examples/entities.csv"},
		{"--model", "nobody", "--score", "span_f1", "examples/entities.csv"},
	} {
		_, errs, code := agree(t, "", append([]string{"alttest"}, bad...)...)
		if code != 2 || !strings.Contains(errs, "alttest") {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errs)
		}
	}
}
