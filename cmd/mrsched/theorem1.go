package main

import (
	"errors"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/reductions"
)

func reduceSeparationCmd() *cli.Command {
	return cmd("separation", reduceSeparation, append(separationSweepFlags(),
		intsFlag("q", "2,3", "NMTS set sizes q", between(2, 5)),
		intsFlag("enum-max", "3,2", "per q (or one for all): every instance with f, g ≤ N (0: none)", between(0, 6)),
		intsFlag("random", "0", "per q (or one for all): seeded random yes- and as many no-instances", nonNegInt),
		intFlag("max-f", 3, "random f on 1..N", atLeastOne),
		intFlag("max-g", 6, "random g on 1..N", atLeastOne),
		seedFlag(1, "seed of the random instances and of the order search"),
		choiceFlag("construction", "both", "construction", "both", reductions.ConstructionAppendixA, reductions.ConstructionRepaired),
		durationFlag("exact-limit", 0, "exact rational search per instance and construction (rows it stops depend on the machine)", "none"),
		intFlag("exact-nodes", 0, "node budget of the exact search per instance and construction (0: none; same rows on every machine)", nonNegInt))...)
}

func reduceSeparation(c *cli.Context) error {
	qs, err := intsOf(c, "q", between(2, 5))
	em, err2 := intsOf(c, "enum-max", between(0, 6))
	rnd, err3 := intsOf(c, "random", nonNegInt)
	cons, err4 := reductions.Constructions(c.String("construction"))
	if err := errors.Join(err, err2, err3, err4); err != nil {
		return err
	}
	sw, err := reductions.SeparationSweep(reductions.StudyConfig{Q: qs, EnumMax: em, Random: rnd, MaxF: int64(c.Int("max-f")), MaxG: int64(c.Int("max-g")),
		Seed: c.Uint64("seed"), Constructions: cons, Options: reductions.SeparationOptions{ExactLimit: c.Duration("exact-limit"), ExactNodes: int64(c.Int("exact-nodes"))}})
	if err == nil {
		_, err = runSweep(c, sw, "separation")
	}
	return err
}

// separationSweepFlags are sweepFlags with --quiet without its alias -q
// (taken by --q, the NMTS set sizes).
func separationSweepFlags() []cli.Flag {
	fs := sweepFlags()
	for i, f := range fs {
		if slices.Contains(f.Names(), "quiet") {
			fs[i] = &cli.BoolFlag{Name: "quiet", Usage: "no progress or messages on stderr"}
		}
	}
	return fs
}
