package longtest

import "testing"

func TestEnabled(t *testing.T) {
	for _, c := range []struct {
		value string
		want  bool
		why   string
	}{
		{"", false, "unset or empty: the default run"},
		{"0", false, "0 says no"},
		{"1", true, "the documented value"},
		{"yes", true, "any other value asks for the long tests"},
	} {
		t.Setenv(Env, c.value)
		if got := Enabled(); got != c.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v (%s)", Env, c.value, got, c.want, c.why)
		}
	}
}

func TestSkip(t *testing.T) {
	t.Setenv(Env, "")
	ran := false
	t.Run("skipped", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if ran {
		t.Errorf("Skip did not skip with %s unset", Env)
	}
	t.Setenv(Env, "1")
	t.Run("run", func(t *testing.T) {
		Skip(t)
		ran = true
	})
	if !ran {
		t.Errorf("Skip skipped with %s=1", Env)
	}
}
