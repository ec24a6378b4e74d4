package distance

import (
	"errors"
	"testing"
)

func TestErrNeedsTaxonomy(t *testing.T) {
	for _, s := range []string{"geertzen-bunt", "mr", "extended-sense:masi"} {
		if _, err := Parse(s); !errors.Is(err, ErrNeedsTaxonomy) {
			t.Errorf("Parse(%q) without a taxonomy: %v, want ErrNeedsTaxonomy", s, err)
		}
	}
}
