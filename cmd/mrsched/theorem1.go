package main

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/tabular"
)

func reduceSeparationCmd() *cli.Command {
	return cmd("separation", viewAction(reduceSeparation),
		intsFlag("q", "2,3", "NMTS set sizes q", between(2, 5)),
		intsFlag("enum-max", "3,2", "per q (or one for all): every instance with f, g ≤ N (0: none)", between(0, 6)),
		intsFlag("random", "0", "per q (or one for all): seeded random yes- and as many no-instances", nonNegInt),
		intFlag("max-f", 3, "random f on 1..N", atLeastOne),
		intFlag("max-g", 6, "random g on 1..N", atLeastOne),
		seedFlag(1, "seed of the random instances and of the order search"),
		choiceFlag("construction", "both", "construction", "both", reductions.ConstructionAppendixA, reductions.ConstructionRepaired),
		durationFlag("exact-limit", time.Minute, "exact rational search per instance and construction", "no exact search"),
		workersFlag(2),
		formatFlag("table"),
		outFlag("the tables"),
		fileOutFlag("plot", "write the figure to `PREFIX`.svg"),
		pngFlag("write PNG too"),
		fileOutFlag("csv", "also write every case as CSV to `FILE`"))
}

func reduceSeparation(c *cli.Context) (*tabular.View, error) {
	qs, err := intsOf(c, "q", between(2, 5))
	em, err2 := intsOf(c, "enum-max", between(0, 6))
	rnd, err3 := intsOf(c, "random", nonNegInt)
	cons, err4 := reductions.Constructions(c.String("construction"))
	if err := errors.Join(err, err2, err3, err4); err != nil {
		return nil, err
	}
	studies, err := reductions.RunStudy(context.Background(), reductions.StudyConfig{Q: qs, EnumMax: em, Random: rnd, MaxF: int64(c.Int("max-f")),
		MaxG: int64(c.Int("max-g")), Seed: c.Uint64("seed"), Constructions: cons, Options: reductions.SeparationOptions{Workers: c.Int("workers"), ExactLimit: c.Duration("exact-limit")}})
	if err == nil && c.String("plot") != "" {
		err = figures.SaveTheorem1Separation(studies, c.String("plot"), figures.Formats(c.Bool("png"))...)
	}
	if err == nil && c.String("csv") != "" {
		err = writeWith(c, c.String("csv"), "rows", func(w io.Writer) error { return reductions.StudyView(studies).Write(w, tabular.CSV) })
	}
	if err != nil {
		return nil, err
	}
	return reductions.StudyView(studies), nil
}
