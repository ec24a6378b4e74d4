package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorefReference: against the reference as key, an annotator's MUC
// recall and precision are the pair's when the reference is the pair's
// key (first) and swapped when it is the response (second); F1 is the same.
func TestCorefReference(t *testing.T) {
	const csv = "document,annotator,mention,chain\nd1,C1,m1,1\nd1,C1,m2,1\nd1,C1,m5,1\nd1,C2,m1,1\nd1,C2,m2,2\nd1,C2,m5,2\nd2,C1,m3,1\nd2,C1,m4,1\nd2,C2,m3,1\nd2,C2,m4,1\n"
	type prf struct{ Recall, Precision, F1 float64 }
	file := filepath.Join(t.TempDir(), "chains.csv")
	os.WriteFile(file, []byte(csv), 0o644)
	get := func(ref string) (prf, prf) {
		out, errs, code := agree(t, "", "coref", "--reference", ref, "--format", "json", file)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r struct {
			Pairs     []struct{ MUC prf }
			Reference struct {
				Annotators []struct{ MUC prf }
			}
		}
		json.Unmarshal([]byte(out), &r)
		return r.Pairs[0].MUC, r.Reference.Annotators[0].MUC
	}
	pair, asKey := get("C1")
	if asKey != pair {
		t.Errorf("C1 (the pair's key) as reference: %+v, pair %+v", asKey, pair)
	}
	_, asResp := get("C2")
	if asResp.Recall != pair.Precision || asResp.Precision != pair.Recall || asResp.F1 != pair.F1 || pair.Recall == pair.Precision {
		t.Errorf("C2 as reference: %+v, pair %+v", asResp, pair)
	}
	if _, errs, code := agree(t, "", "coref", "--reference", "zed", file); code != 2 || !strings.Contains(errs, "no annotator of that name") {
		t.Errorf("unknown reference: exit %d, %s", code, errs)
	}
}
