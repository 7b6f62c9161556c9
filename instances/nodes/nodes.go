package nodes

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances"
)

// Errors (wrapped in *instances.ParseError with the file and location).
var (
	ErrSyntax = errors.New("nodes: syntax error")
	ErrField  = errors.New("nodes: invalid field")
)

// MaxCount bounds a node's count so that expansions stay in memory.
const MaxCount = 10_000_000

// Node is one mapper node or a class of Count identical nodes.
type Node struct {
	Name      string
	Mu        float64 // service rate, > 0
	Lambda    float64 // task arrival rate, meaningful when HasLambda
	HasLambda bool
	Count     int // ≥ 1
}

// File is a list of nodes.
type File struct{ Nodes []Node }

// Total returns the number of nodes counting multiplicities.
func (f *File) Total() int {
	n := 0
	for _, v := range f.Nodes {
		n += v.Count
	}
	return n
}

// Expand returns per-node μ and λ (λ = NaN where absent).
func (f *File) Expand() (mu, lambda []float64) {
	for _, v := range f.Nodes {
		for k := 0; k < v.Count; k++ {
			mu = append(mu, v.Mu)
			if v.HasLambda {
				lambda = append(lambda, v.Lambda)
			} else {
				lambda = append(lambda, math.NaN())
			}
		}
	}
	return mu, lambda
}

func validate(n Node) (string, error) {
	if !(n.Mu > 0) || math.IsInf(n.Mu, 0) {
		return "mu", fmt.Errorf("%w: service rate μ = %v must be positive and finite", ErrField, n.Mu)
	}
	if n.HasLambda {
		if !(n.Lambda >= 0) || math.IsInf(n.Lambda, 0) {
			return "lambda", fmt.Errorf("%w: arrival rate λ = %v must be non-negative and finite", ErrField, n.Lambda)
		}
		if !(n.Lambda < n.Mu) {
			return "lambda", fmt.Errorf("%w: arrival rate λ = %v must be below μ = %v (the node would be unstable)", ErrField, n.Lambda, n.Mu)
		}
	}
	if n.Count < 1 || n.Count > MaxCount {
		return "count", fmt.Errorf("%w: count %d must be in [1, %d]", ErrField, n.Count, MaxCount)
	}
	return "", nil
}

// Validate checks every node; the error names the JSON-style path.
func (f *File) Validate() error {
	if len(f.Nodes) == 0 {
		return fmt.Errorf("%w: no nodes", ErrField)
	}
	total := 0
	for i, n := range f.Nodes {
		if field, err := validate(n); err != nil {
			return fmt.Errorf("nodes[%d].%s: %w", i, field, err)
		}
		total += n.Count
		if total > MaxCount {
			return fmt.Errorf("%w: more than %d nodes in total", ErrField, MaxCount)
		}
	}
	return nil
}

type jsonNode struct {
	Name   string   `json:"name,omitempty"`
	Mu     *float64 `json:"mu"`
	Lambda *float64 `json:"lambda,omitempty"`
	Count  *int     `json:"count,omitempty"`
}

// ReadJSON reads a JSON node file; name is used in errors.
func ReadJSON(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &instances.ParseError{File: name, Err: err}
	}
	var top struct {
		Nodes []json.RawMessage `json:"nodes"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, &instances.ParseError{File: name, Line: bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n")) + 1, Err: fmt.Errorf("%w: %v", ErrSyntax, se)}
		}
		return nil, &instances.ParseError{File: name, Err: fmt.Errorf("%w: want {\"nodes\": [...]}: %v", ErrSyntax, err)}
	}
	if dec.More() {
		return nil, &instances.ParseError{File: name, Err: fmt.Errorf("%w: trailing data after the JSON object", ErrSyntax)}
	}
	if top.Nodes == nil {
		return nil, &instances.ParseError{File: name, Path: "nodes", Err: fmt.Errorf("%w: missing or null \"nodes\" list", ErrField)}
	}
	f := &File{}
	for i, raw := range top.Nodes {
		var jn jsonNode
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&jn); err != nil {
			return nil, &instances.ParseError{File: name, Path: fmt.Sprintf("nodes[%d]", i), Err: fmt.Errorf("%w: %v", ErrField, err)}
		}
		if jn.Mu == nil {
			return nil, &instances.ParseError{File: name, Path: fmt.Sprintf("nodes[%d].mu", i), Err: fmt.Errorf("%w: missing service rate", ErrField)}
		}
		n := Node{Name: jn.Name, Mu: *jn.Mu, Count: 1}
		if jn.Lambda != nil {
			n.Lambda, n.HasLambda = *jn.Lambda, true
		}
		if jn.Count != nil {
			n.Count = *jn.Count
		}
		if field, err := validate(n); err != nil {
			return nil, &instances.ParseError{File: name, Path: fmt.Sprintf("nodes[%d].%s", i, field), Err: err}
		}
		f.Nodes = append(f.Nodes, n)
	}
	if err := f.Validate(); err != nil {
		return nil, &instances.ParseError{File: name, Err: err}
	}
	return f, nil
}

// ReadCSV reads a CSV node file with a header row.
func ReadCSV(r io.Reader, name string) (*File, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.Comment = '#'
	header, err := cr.Read()
	if err != nil {
		return nil, &instances.ParseError{File: name, Line: 1, Err: fmt.Errorf("%w: missing header (want name,mu,lambda,count): %v", ErrSyntax, err)}
	}
	col := map[string]int{}
	for j, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		switch h {
		case "name", "mu", "lambda", "count":
		default:
			line, _ := cr.FieldPos(j)
			return nil, &instances.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: unknown column %q (want name, mu, lambda, count)", ErrSyntax, h)}
		}
		if _, dup := col[h]; dup {
			return nil, &instances.ParseError{File: name, Line: 1, Err: fmt.Errorf("%w: duplicate column %q", ErrSyntax, h)}
		}
		col[h] = j
	}
	if _, ok := col["mu"]; !ok {
		return nil, &instances.ParseError{File: name, Line: 1, Err: fmt.Errorf("%w: the header has no mu column", ErrSyntax)}
	}
	f := &File{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			return nil, &instances.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
		}
		line := 0
		if len(rec) > 0 {
			line, _ = cr.FieldPos(0)
		}
		if len(rec) != len(header) {
			return nil, &instances.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d fields, header has %d", ErrSyntax, len(rec), len(header))}
		}
		get := func(k string) (string, bool) {
			j, ok := col[k]
			if !ok {
				return "", false
			}
			v := strings.TrimSpace(rec[j])
			return v, v != ""
		}
		perr := func(field string, e error) error {
			return &instances.ParseError{File: name, Line: line, Path: field, Err: e}
		}
		n := Node{Count: 1}
		n.Name, _ = get("name")
		v, _ := get("mu")
		if n.Mu, err = strconv.ParseFloat(v, 64); err != nil {
			return nil, perr("mu", fmt.Errorf("%w: %q is not a number", ErrField, v))
		}
		if v, ok := get("lambda"); ok {
			if n.Lambda, err = strconv.ParseFloat(v, 64); err != nil {
				return nil, perr("lambda", fmt.Errorf("%w: %q is not a number", ErrField, v))
			}
			n.HasLambda = true
		}
		if v, ok := get("count"); ok {
			if n.Count, err = strconv.Atoi(v); err != nil {
				return nil, perr("count", fmt.Errorf("%w: %q is not an integer", ErrField, v))
			}
		}
		if field, err := validate(n); err != nil {
			return nil, perr(field, err)
		}
		f.Nodes = append(f.Nodes, n)
	}
	if err := f.Validate(); err != nil {
		return nil, &instances.ParseError{File: name, Err: err}
	}
	return f, nil
}

// ReadFile reads a node file, CSV when the name ends in .csv, else JSON.
func ReadFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if instances.IsCSV(path) {
		return ReadCSV(fh, path)
	}
	return ReadJSON(fh, path)
}

func fmtF(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// WriteJSON writes f as JSON (round trips exactly).
func WriteJSON(w io.Writer, f *File) error {
	var b strings.Builder
	b.WriteString("{\"nodes\": [\n")
	for i, n := range f.Nodes {
		b.WriteString("  {")
		if n.Name != "" {
			nm, _ := json.Marshal(n.Name)
			b.WriteString("\"name\": " + string(nm) + ", ")
		}
		b.WriteString("\"mu\": " + fmtF(n.Mu))
		if n.HasLambda {
			b.WriteString(", \"lambda\": " + fmtF(n.Lambda))
		}
		b.WriteString(", \"count\": " + strconv.Itoa(n.Count) + "}")
		if i+1 < len(f.Nodes) {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes f as CSV.
func WriteCSV(w io.Writer, f *File) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"name", "mu", "lambda", "count"})
	for _, n := range f.Nodes {
		l := ""
		if n.HasLambda {
			l = fmtF(n.Lambda)
		}
		_ = cw.Write([]string{n.Name, fmtF(n.Mu), l, strconv.Itoa(n.Count)})
	}
	cw.Flush()
	return cw.Error()
}

// ReadSamples reads completion-time samples: one number per line (the
// first comma-separated field), blank lines and lines starting with # are
// skipped, and a first line that is not a number is taken as a header.
func ReadSamples(r io.Reader, name string) ([]float64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &instances.ParseError{File: name, Err: err}
	}
	var xs []float64
	for i, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if j := strings.IndexByte(s, ','); j >= 0 {
			s = strings.TrimSpace(s[:j])
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			if len(xs) == 0 && i == 0 {
				continue // header
			}
			return nil, &instances.ParseError{File: name, Line: i + 1, Err: fmt.Errorf("%w: %q is not a number", ErrField, s)}
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, &instances.ParseError{File: name, Line: i + 1, Err: fmt.Errorf("%w: sample %v must be finite and ≥ 0", ErrField, v)}
		}
		xs = append(xs, v)
	}
	if len(xs) < 2 {
		return nil, &instances.ParseError{File: name, Err: fmt.Errorf("%w: need at least 2 samples, found %d", ErrField, len(xs))}
	}
	return xs, nil
}
