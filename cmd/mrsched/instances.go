package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/tabular"
)

// writeInstance writes in to --out (atomically; CSV when it ends in .csv)
// or to stdout in the format given.
func writeInstance(c *cli.Context, in *instances.Instance, out, format string) error {
	if out != "" {
		if err := instances.WriteFile(out, in); err != nil {
			return err
		}
		if !c.Bool("quiet") {
			fmt.Fprintf(c.App.ErrWriter, "wrote %s (%d jobs)\n", out, in.N())
		}
		return nil
	}
	var b bytes.Buffer
	var err error
	switch format {
	case "json", "":
		err = instances.WriteJSON(&b, in)
	case "csv":
		err = instances.WriteCSV(&b, in)
	default:
		return fmt.Errorf("--format: unknown format %q (want json or csv)", format)
	}
	if err != nil {
		return err
	}
	_, err = c.App.Writer.Write(b.Bytes())
	return err
}

var outFlags = []cli.Flag{
	&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` (.csv for CSV, otherwise JSON) instead of stdout"},
	&cli.StringFlag{Name: "format", Value: "json", Usage: "stdout format: json or csv"},
	&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no messages on stderr"},
}

func genLogNormalCmd() *cli.Command {
	return &cli.Command{
		Name:     "lognormal",
		Category: catInstances,
		Usage:    "the log-normal workload of Lin et al. §5.3 (batch or Poisson arrivals)",
		Description: `Map sizes are log-normal with mean 1 and sd 3.65, the ratio γ log-normal with mean 1
and sd 3.28, shuffle = map·γ (mean 1, sd ≈ 12.95). Online instances have Poisson arrivals
at load ρ = λ·max(E[x]/μ_m, E[y]/μ_c). The same seed gives a byte-identical file.

Example:
   mrsched gen lognormal --n 50 --batch --seed 1 --out batch50.json
   mrsched gen lognormal --n 100000 --load 0.9 --seed 7 --out online.csv`,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "n", Value: 100, Usage: "number of jobs"},
			&cli.Float64Flag{Name: "load", Value: 0.75, Usage: "offered load ρ (online instances)"},
			&cli.BoolFlag{Name: "batch", Usage: "release every job at time 0"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.Float64Flag{Name: "map-sd", Value: 3.65, Usage: "standard deviation of the map size (mean 1)"},
			&cli.Float64Flag{Name: "ratio-sd", Value: 3.28, Usage: "standard deviation of the ratio γ (mean 1)"},
		}, outFlags...),
		Action: func(c *cli.Context) error {
			spec := instances.PaperLogNormal(c.Int("n"), c.Float64("load"), c.Bool("batch"))
			spec.MapSD, spec.RatioSD = c.Float64("map-sd"), c.Float64("ratio-sd")
			seed := c.Uint64("seed")
			in, err := spec.Generate(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
			if err != nil {
				return err
			}
			in.Metadata["seed"] = seed
			return writeInstance(c, in, c.String("out"), c.String("format"))
		},
	}
}

func importSWIMCmd() *cli.Command {
	return &cli.Command{
		Name:      "swim",
		Category:  catInstances,
		Usage:     "a SWIM Facebook trace as a tandem instance",
		ArgsUsage: "TRACE.tsv",
		Description: `Arrival = submit time, map size = map input bytes, shuffle size = shuffle bytes
(shared/data/swim/README.md). Jobs with no map and no shuffle bytes are dropped and counted;
--drop-map-only also drops jobs with no shuffle; --normalize divides sizes by their means;
--load rescales time so that max(Σx, Σy)/span = ρ. The conversion is recorded in metadata.

Example:
   mrsched import swim --drop-map-only --normalize --load 0.5 --out fb2009.json \
       ../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv
(flags go before the file name)`,
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "drop-map-only", Usage: "drop jobs whose shuffle bytes are 0"},
			&cli.BoolFlag{Name: "normalize", Usage: "scale sizes so that mean map and mean shuffle are 1"},
			&cli.Float64Flag{Name: "load", Usage: "rescale time to this offered load ρ (0: keep seconds)"},
			&cli.IntFlag{Name: "max-jobs", Usage: "keep only the first N jobs (0: all)"},
		}, outFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return fmt.Errorf("import swim: want one trace file after the flags, got %d arguments %q (flags must come before the file)", c.NArg(), c.Args().Slice())
			}
			path := c.Args().First()
			recs, err := swim.ReadFile(path)
			if err != nil {
				return err
			}
			in, err := instances.FromSWIM(recs, instances.SWIMOptions{
				Source: path, DropMapOnly: c.Bool("drop-map-only"), Normalize: c.Bool("normalize"),
				Load: c.Float64("load"), MaxJobs: c.Int("max-jobs"),
			})
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			return writeInstance(c, in, c.String("out"), c.String("format"))
		},
	}
}

func checkCmd() *cli.Command {
	return &cli.Command{
		Name:     "check",
		Category: catInstances,
		Usage:    "validate a tandem instance file and summarise it",
		Description: `Reads a JSON or CSV instance, reports the first error with file and line (CSV) or
JSON path, or prints a summary. Exit status 1 on an invalid file.

Example:
   mrsched gen lognormal --n 20 --batch --seed 3 --out b.json && mrsched check --instance b.json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "instance `FILE` (.json or .csv)"},
			&cli.StringFlag{Name: "format", Value: "table", Usage: "table, md, csv or json"},
		},
		Action: func(c *cli.Context) error {
			in, err := instances.ReadFile(c.String("instance"))
			if err != nil {
				return err
			}
			f, err := tabular.ParseFormat(c.String("format"))
			if err != nil {
				return err
			}
			return summarise(c.App.Writer, in, f)
		},
	}
}

func summarise(w io.Writer, in *instances.Instance, f tabular.Format) error {
	var sx, sy, last float64
	zeroX, zeroY := 0, 0
	for _, j := range in.Jobs {
		sx += j.Map
		sy += j.Shuffle
		if j.Release > last {
			last = j.Release
		}
		if j.Map == 0 {
			zeroX++
		}
		if j.Shuffle == 0 {
			zeroY++
		}
	}
	t := &tabular.Table{Header: []string{"field", "value"}}
	t.Add("jobs", fmt.Sprint(in.N()))
	t.Add("batch", fmt.Sprint(in.IsBatch()))
	t.Add("map_capacity", tabular.Float(in.MapCapacity))
	t.Add("shuffle_capacity", tabular.Float(in.ShuffleCapacity))
	t.Add("total_map", tabular.Float(sx))
	t.Add("total_shuffle", tabular.Float(sy))
	t.Add("last_release", tabular.Float(last))
	t.Add("jobs_without_map", fmt.Sprint(zeroX))
	t.Add("jobs_without_shuffle", fmt.Sprint(zeroY))
	if f == tabular.JSON {
		m := map[string]string{}
		for _, r := range t.Rows {
			m[r[0]] = r[1]
		}
		return tabular.WriteJSON(w, m)
	}
	return t.Write(w, f)
}
