package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"agree/internal/gate"
)

// exitRequirement is the exit status when a --require is not met: a
// contract for scripts and CI, distinct from 1 (data) and 2 (usage).
const exitRequirement = 3

// gateState is the quality gate of a command (--require, --junit): the
// requirements, and the result they are checked on once the command has
// written its output.
type gateState struct {
	require []string
	junit   string
	force   func() bool
	reqs    []gate.Requirement
	result  any
	has     bool
	suite   string
}

// requirementError reports unmet requirements (exit status 3).
type requirementError struct{ failed []string }

func (e requirementError) Error() string {
	return "requirement not met: " + strings.Join(e.failed, "; ")
}

type repeated struct{ list *[]string }

func (r repeated) String() string {
	if r.list == nil {
		return ""
	}
	return strings.Join(*r.list, " ")
}
func (r repeated) Set(s string) error { *r.list = append(*r.list, s); return nil }

// gateFlags registers --require and --junit on fs for a command whose
// result the gate can check (it calls observe with its JSON value).
func gateFlags(e env, fs *flag.FlagSet) {
	g := e.gate
	if g == nil {
		return
	}
	fs.Var(repeated{&g.require}, "require", "NAME>=X (or >, <=, <): exit with status 3, after the output, when the number NAME of the JSON output (a key such as krippendorff_alpha, a dotted path such as micro.f1, NAME.low for the interval's lower bound) does not meet it; repeatable")
	fs.StringVar(&g.junit, "junit", "", "with --require: also write the requirements' outcomes as a JUnit XML file (never overwritten without --force)")
	g.force = func() bool {
		if f := fs.Lookup("force"); f != nil {
			if gt, ok := f.Value.(flag.Getter); ok {
				b, _ := gt.Get().(bool)
				return b
			}
		}
		return false
	}
}

// checkGate validates the gate's flags before any work (usage errors).
func (e env) checkGate(fs *flag.FlagSet, inputs []string) error {
	g := e.gate
	if g == nil {
		return nil
	}
	name := strings.TrimPrefix(fs.Name(), "agree ")
	if g.junit != "" && len(g.require) == 0 {
		return usagef("%s: --junit needs --require", name)
	}
	for _, s := range g.require {
		r, err := gate.Parse(s)
		if err != nil {
			return usagef("%s: --require: %v", name, err)
		}
		g.reqs = append(g.reqs, r)
	}
	g.suite = "agree " + name + " " + strings.Join(inputs, " ")
	return checkOutput(e, g.junit, "--junit", g.force(), inputs)
}

// observe records the command's result (its JSON value) for the gate.
func (e env) observe(result any) {
	if e.gate != nil && len(e.gate.reqs) > 0 {
		e.gate.result, e.gate.has = result, true
	}
}

// verdict checks the requirements on the observed result, writes the JUnit
// file and reports what failed; nil when there is nothing to check.
func (g *gateState) verdict(e env) error {
	stderr := e.stderr
	if g == nil || len(g.reqs) == 0 || !g.has {
		return nil
	}
	outcomes, err := gate.Check(g.result, g.reqs)
	if err != nil {
		return err
	}
	if g.junit != "" {
		if err := writeOutput(e, g.junit, g.force(), func(w io.Writer) error { return gate.WriteJUnit(w, g.suite, outcomes) }); err != nil {
			return err
		}
	}
	var failed []string
	for _, o := range outcomes {
		if !o.Met {
			failed = append(failed, o.Message())
		}
	}
	if len(failed) > 0 {
		return requirementError{failed}
	}
	if stderr != nil {
		for _, o := range outcomes {
			fmt.Fprintln(stderr, "agree: requirement", o.Message())
		}
	}
	return nil
}

func isRequirementError(err error) bool {
	var re requirementError
	return errors.As(err, &re)
}
