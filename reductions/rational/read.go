package rational

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
)

// MaxExponent bounds the decimal exponent of a number in an exact
// instance file (|e| in 1.5e-7): big enough for every float64 written by
// the toolkit (|e| ≤ 324), small enough that a file cannot ask for a
// rational with millions of digits.
const MaxExponent = 400

// ReadJSON reads a JSON tandem instance (the format of instances.ReadJSON,
// whose rules and error messages apply unchanged) with every number taken
// exactly from its decimal text: 0.1 is 1/10, and integers above 2^53 keep
// every digit. Capacities default to 1 and releases to 0, as in the float
// reader. Errors are *fileio.ParseError naming the file, line and JSON path.
// Weights are read exactly too (absent: nil, meaning 1) and dependencies
// as the float reader resolves them (job indices).
func ReadJSON(r io.Reader, name string) (*Instance, error) {
	data, err := fileio.ReadText(r, name, 0)
	if err != nil {
		return nil, err
	}
	// The float reader checks structure, fields, ids and ranges.
	fin, err := instances.ReadJSONExactValues(bytes.NewReader(data), name)
	if err != nil {
		return nil, err
	}
	_, top, err := fileio.ReadJSON(bytes.NewReader(data), name, ErrInvalid, instances.ErrSyntax)
	if err != nil {
		return nil, err
	}
	out := &Instance{Jobs: make([]Job, len(fin.Jobs))}
	if out.MapCapacity, err = exactField(top, "map_capacity", 1); err != nil {
		return nil, err
	}
	if out.ShuffleCapacity, err = exactField(top, "shuffle_capacity", 1); err != nil {
		return nil, err
	}
	jv, err := top.Need("jobs")
	if err != nil {
		return nil, err
	}
	jobs, err := jv.Array()
	if err != nil {
		return nil, err
	}
	if len(jobs) != len(fin.Jobs) {
		return nil, jv.Errorf("%d jobs, the float reader found %d (internal error)", len(jobs), len(fin.Jobs))
	}
	for i, v := range jobs {
		obj, err := v.Object()
		if err != nil {
			return nil, err
		}
		j := Job{ID: fin.Jobs[i].ID}
		if j.Release, err = exactField(obj, "release", 0); err != nil {
			return nil, err
		}
		if j.Map, err = exactField(obj, "map", 0); err != nil {
			return nil, err
		}
		if j.Shuffle, err = exactField(obj, "shuffle", 0); err != nil {
			return nil, err
		}
		if _, ok := obj.Get("weight"); ok {
			if j.Weight, err = exactField(obj, "weight", 1); err != nil {
				return nil, err
			}
		}
		j.After = append([]int(nil), fin.Jobs[i].After...)
		out.Jobs[i] = j
	}
	if err := out.Validate(); err != nil {
		return nil, &fileio.ParseError{File: name, Err: err}
	}
	return out, nil
}

// exactField returns member k of o as an exact rational (def when absent).
func exactField(o *fileio.Obj, k string, def int64) (*big.Rat, error) {
	v, ok := o.Get(k)
	if !ok {
		return big.NewRat(def, 1), nil
	}
	text := strings.TrimSpace(string(v.Raw))
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(text[i+1:], "+"))
		if err != nil || e > MaxExponent || e < -MaxExponent {
			return nil, v.Errorf("number %s: exponent out of range (want |e| ≤ %d)", text, MaxExponent)
		}
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return nil, v.Errorf("not a number: %s", text)
	}
	if r.Sign() < 0 {
		return nil, v.Errorf("negative value %s", text)
	}
	return r, nil
}

// ReadFile reads a JSON instance file exactly (ReadJSON) under the size
// limit of internal/fileio. CSV files are refused: the exact reader takes
// JSON only.
func ReadFile(path string) (*Instance, error) {
	if instances.IsCSV(path) {
		return nil, fmt.Errorf("%w: %s: the exact reader takes JSON instance files only", ErrInvalid, path)
	}
	f, err := fileio.Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSON(f, path)
}
