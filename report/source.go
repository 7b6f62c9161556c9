package report

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/internal/fileio"
	"github.com/mrsched/mrsched/reductions/tight"
)

// ErrGen is wrapped by errors about a generator spec.
var ErrGen = errors.New("report: invalid generator spec")

// Source names an instance and loads it on demand (inside its cell, so
// that a sweep of many generated instances never holds them all).
type Source struct {
	Name string
	// ID identifies the content: a SHA-256 of the file, or the canonical
	// generator parameters. It enters the sweep's configuration so that
	// shards computed from different inputs never merge.
	ID   string
	Load func() (*instances.Instance, error)
	// Alternative, when set, is a priority order known to be good (the
	// paper's alternative schedules of the tight families); the "alt"
	// method evaluates it.
	Alternative []int
}

// FileSource reads path once to fingerprint it; Load re-reads it. Both
// reads stop at the input size limit of package fileio, the fingerprint also
// at the first byte that is not text.
func FileSource(path string) (Source, error) {
	sum, err := fileio.SumText(path)
	if err != nil {
		return Source{}, err
	}
	return Source{
		Name: filepath.Base(path),
		ID:   "sha256:" + hex.EncodeToString(sum[:]),
		Load: func() (*instances.Instance, error) { return instances.ReadFile(path) },
	}, nil
}

// InstanceSource wraps an instance in memory.
func InstanceSource(name, id string, in *instances.Instance) Source {
	return Source{Name: name, ID: id, Load: func() (*instances.Instance, error) { return in.Clone(), nil }}
}

// genParams is the parsed form of "kind,key=v1|v2,flag,…".
type genParams struct {
	kind  string
	keys  []string // in spec order
	vals  map[string][]string
	flags map[string]bool
}

// expand turns "2-12/2" into 2,4,…,12 and "a|b" into a, b.
func expand(key, v string) ([]string, error) {
	var out []string
	for _, part := range strings.Split(v, "|") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		if isRange && lo != "" && !strings.ContainsAny(lo, ".eE") {
			step := 1
			if h, s, ok := strings.Cut(hi, "/"); ok {
				st, err := strconv.Atoi(s)
				if err != nil || st < 1 {
					return nil, fmt.Errorf("%w: %s=%s: step %q is not a positive integer", ErrGen, key, v, s)
				}
				hi, step = h, st
			}
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || b < a {
				return nil, fmt.Errorf("%w: %s=%s: range %q must be lo-hi[/step] with integers lo ≤ hi", ErrGen, key, v, part)
			}
			if (b-a)/step > 100000 {
				return nil, fmt.Errorf("%w: %s=%s: range too long", ErrGen, key, v)
			}
			for x := a; x <= b; x += step {
				out = append(out, strconv.Itoa(x))
			}
			continue
		}
		if part == "" {
			return nil, fmt.Errorf("%w: %s=%s: empty value", ErrGen, key, v)
		}
		out = append(out, part)
	}
	return out, nil
}

func parseGen(spec string) (*genParams, error) {
	fields := strings.Split(spec, ",")
	g := &genParams{kind: strings.ToLower(strings.TrimSpace(fields[0])), vals: map[string][]string{}, flags: map[string]bool{}}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		if !ok {
			g.flags[k] = true
			continue
		}
		if _, dup := g.vals[k]; dup {
			return nil, fmt.Errorf("%w %q: %s given twice", ErrGen, spec, k)
		}
		vs, err := expand(k, v)
		if err != nil {
			return nil, err
		}
		g.keys = append(g.keys, k)
		g.vals[k] = vs
	}
	return g, nil
}

// product enumerates the Cartesian product of the values, the last key
// varying fastest.
func (g *genParams) product(allowed map[string]string) ([]map[string]string, error) {
	for _, k := range g.keys {
		if _, ok := allowed[k]; !ok {
			return nil, fmt.Errorf("%w: %s has no parameter %q (parameters: %s)", ErrGen, g.kind, k, keysOf(allowed))
		}
	}
	for f := range g.flags {
		if _, ok := allowed[f]; !ok || allowed[f] != "flag" {
			return nil, fmt.Errorf("%w: %s has no flag %q (parameters: %s)", ErrGen, g.kind, f, keysOf(allowed))
		}
	}
	combos := []map[string]string{{}}
	for _, k := range g.keys {
		var next []map[string]string
		for _, c := range combos {
			for _, v := range g.vals[k] {
				m := make(map[string]string, len(c)+1)
				for a, b := range c {
					m[a] = b
				}
				m[k] = v
				next = append(next, m)
			}
		}
		combos = next
		if len(combos) > 1000000 {
			return nil, fmt.Errorf("%w: more than 10^6 instances", ErrGen)
		}
	}
	for _, c := range combos {
		for k, def := range allowed {
			if _, ok := c[k]; !ok && def != "flag" && def != "" {
				c[k] = def
			}
		}
	}
	return combos, nil
}

func keysOf(m map[string]string) string {
	var ks []string
	for k, v := range m {
		if v == "flag" {
			k += " (flag)"
		}
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

func num(c map[string]string, k string) (float64, error) {
	v, err := strconv.ParseFloat(c[k], 64)
	if err != nil {
		return 0, fmt.Errorf("%w: %s=%q is not a number", ErrGen, k, c[k])
	}
	return v, nil
}

func integer(c map[string]string, k string) (int, error) {
	v, err := strconv.Atoi(c[k])
	if err != nil {
		return 0, fmt.Errorf("%w: %s=%q is not an integer", ErrGen, k, c[k])
	}
	return v, nil
}

// ParseGen expands a generator spec KIND,key=value,… into instance
// sources: values may be lists a|b|c and integer ranges lo-hi or
// lo-hi/step, and every combination is one instance. The kinds are
// lognormal, cor4, cor6 and swim.
func ParseGen(spec string) ([]Source, error) {
	g, err := parseGen(spec)
	if err != nil {
		return nil, err
	}
	var allowed map[string]string
	switch g.kind {
	case "lognormal":
		allowed = map[string]string{"n": "", "seed": "1", "batch": "flag", "load": "0.75", "map_sd": "3.65", "ratio_sd": "3.28"}
	case "cor4":
		allowed = map[string]string{"n": "", "alpha": "", "eps": ""}
	case "cor6":
		allowed = map[string]string{"n": "", "beta": ""}
	case "swim":
		allowed = map[string]string{"file": "", "load": "", "max": "0", "cuberoot": "flag"}
	default:
		return nil, fmt.Errorf("%w %q: unknown kind %q (want lognormal, cor4, cor6 or swim)", ErrGen, spec, g.kind)
	}
	combos, err := g.product(allowed)
	if err != nil {
		return nil, err
	}
	var out []Source
	// The tight families are built eagerly (their alternative orders come
	// with them): bound the total size.
	const maxEagerJobs = 2000000
	eager := 0
	for _, c := range combos {
		for k, def := range allowed {
			if def == "" {
				if _, ok := c[k]; !ok {
					return nil, fmt.Errorf("%w %q: %s needs %s=…", ErrGen, spec, g.kind, k)
				}
			}
		}
		if g.kind == "cor4" || g.kind == "cor6" {
			if n, err := strconv.Atoi(c["n"]); err == nil {
				eager += n
			}
			if eager > maxEagerJobs {
				return nil, fmt.Errorf("%w %q: more than %d jobs in all; split the sweep", ErrGen, spec, maxEagerJobs)
			}
		}
		s, err := genSource(g, c)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", spec, err)
		}
		out = append(out, s)
	}
	return out, nil
}

func genSource(g *genParams, c map[string]string) (Source, error) {
	switch g.kind {
	case "lognormal":
		n, err := integer(c, "n")
		if err != nil {
			return Source{}, err
		}
		seed, err := strconv.ParseUint(c["seed"], 10, 64)
		if err != nil {
			return Source{}, fmt.Errorf("%w: seed=%q is not a non-negative integer", ErrGen, c["seed"])
		}
		load, err := num(c, "load")
		if err != nil {
			return Source{}, err
		}
		msd, err := num(c, "map_sd")
		if err != nil {
			return Source{}, err
		}
		rsd, err := num(c, "ratio_sd")
		if err != nil {
			return Source{}, err
		}
		batch := g.flags["batch"]
		spec := instances.PaperLogNormal(n, load, batch)
		spec.MapSD, spec.RatioSD = msd, rsd
		if err := spec.Validate(); err != nil {
			return Source{}, err
		}
		name := "lognormal-n" + c["n"]
		if batch {
			name += "-batch"
		} else {
			name += "-load" + c["load"]
		}
		if msd != 3.65 || rsd != 3.28 {
			name += "-sd" + c["map_sd"] + "x" + c["ratio_sd"]
		}
		name += "-s" + c["seed"]
		id := fmt.Sprintf("lognormal n=%d batch=%t load=%s map_sd=%s ratio_sd=%s seed=%d", n, batch, c["load"], c["map_sd"], c["ratio_sd"], seed)
		return Source{Name: name, ID: id, Load: func() (*instances.Instance, error) {
			// The seeding of 'mrsched gen lognormal', so that the same seed
			// gives the same instance file.
			return instances.Seeded(spec.Generate, seed)
		}}, nil
	case "cor4", "cor6":
		n, err := integer(c, "n")
		if err != nil {
			return Source{}, err
		}
		var fam *tight.Family
		var name string
		if g.kind == "cor4" {
			a, err := num(c, "alpha")
			if err != nil {
				return Source{}, err
			}
			e, err := num(c, "eps")
			if err != nil {
				return Source{}, err
			}
			fam, err = tight.MaxSRPTFamily(n, a, e)
			if err != nil {
				return Source{}, err
			}
			name = "cor4-n" + c["n"] + "-a" + c["alpha"] + "-e" + c["eps"]
		} else {
			b, err := num(c, "beta")
			if err != nil {
				return Source{}, err
			}
			fam, err = tight.SplitSRPTFamily(n, b)
			if err != nil {
				return Source{}, err
			}
			name = "cor6-n" + c["n"] + "-b" + c["beta"]
		}
		in := fam.Instance
		return Source{Name: name, ID: name, Alternative: fam.Alternative,
			Load: func() (*instances.Instance, error) { return in.Clone(), nil }}, nil
	case "swim":
		path := c["file"]
		load, err := num(c, "load")
		if err != nil {
			return Source{}, err
		}
		maxJobs, err := integer(c, "max")
		if err != nil {
			return Source{}, err
		}
		sum, err := fileio.SumText(path)
		if err != nil {
			return Source{}, err
		}
		cube := g.flags["cuberoot"]
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + "-load" + c["load"]
		if cube {
			name += "-cuberoot"
		}
		if maxJobs > 0 {
			name += "-max" + c["max"]
		}
		id := fmt.Sprintf("swim sha256:%x load=%s max=%d cuberoot=%t", sum, c["load"], maxJobs, cube)
		return Source{Name: name, ID: id, Load: func() (*instances.Instance, error) {
			recs, err := swim.ReadFile(path)
			if err != nil {
				return nil, err
			}
			return SWIMInstance(recs, path, load, maxJobs, cube)
		}}, nil
	}
	return Source{}, fmt.Errorf("%w: unknown kind %q", ErrGen, g.kind)
}

// SWIMInstance converts SWIM records as §5.2 does with the Google trace:
// map-only jobs dropped (a job without shuffle work is not a tandem job in
// the sense of Fig. 7), sizes normalised to mean 1, time rescaled to the
// offered load ρ = max(Σx, Σy)/span (instances.FromSWIM). With cubeRoot the
// shuffle sizes are rescaled so that each job's size ratio y/x becomes its
// cube root, y' = x·(y/x)^(1/3), and then normalised again to mean 1 (the
// Fig. 7b experiment); Σy' = n = Σx keeps the load. A job with x = 0 keeps
// its shuffle size (its ratio is infinite, and so is its cube root).
func SWIMInstance(recs []swim.Record, path string, load float64, maxJobs int, cubeRoot bool) (*instances.Instance, error) {
	in, err := instances.FromSWIM(recs, instances.SWIMOptions{Source: filepath.Base(path), DropMapOnly: true, Normalize: true, Load: load, MaxJobs: maxJobs})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !cubeRoot {
		return in, nil
	}
	sum := 0.0
	for i := range in.Jobs {
		j := &in.Jobs[i]
		if j.Map > 0 {
			j.Shuffle = j.Map * math.Cbrt(j.Shuffle/j.Map)
		}
		sum += j.Shuffle
	}
	mean := sum / float64(in.N())
	for i := range in.Jobs {
		in.Jobs[i].Shuffle /= mean
	}
	in.Metadata["cube_root"] = "shuffle y' = x·(y/x)^(1/3), renormalised to mean 1 (Lin et al. §5.2, Fig. 7b)"
	return in, in.Validate()
}
