package nodes

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mrsched/mrsched/internal/fileio"

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

// ReadJSON reads a JSON node file {"nodes": [{"name": "fast", "mu": 1,
// "lambda": 0.5, "count": 3}, …]}; name, lambda and count (default 1) are
// optional; count is a JSON integer (digits only) in [1, MaxCount]. Unknown
// and duplicate fields are errors. name is used in errors. The input is read
// under the internal/fileio rules (size limit, UTF-8 without NUL, a leading
// BOM stripped); errors are *instances.ParseError "file:line: path: …".
func ReadJSON(r io.Reader, name string) (*File, error) {
	_, top, err := fileio.ReadJSON(r, name, ErrField, ErrSyntax)
	if err != nil {
		return nil, err
	}
	if err := top.Only("nodes"); err != nil {
		return nil, err
	}
	list, err := top.NeedArray("nodes")
	if err != nil {
		return nil, err
	}
	f := &File{}
	for _, v := range list {
		obj, err := v.Object("name", "mu", "lambda", "count")
		if err != nil {
			return nil, err
		}
		n := Node{Count: 1}
		if nm, ok := obj.Get("name"); ok {
			if n.Name, err = nm.String(); err != nil {
				return nil, err
			}
			if n.Name != "" {
				if n.Name, err = nm.ID(); err != nil {
					return nil, err
				}
			}
		}
		if err := obj.Float("mu", &n.Mu, true); err != nil {
			return nil, err
		}
		if _, ok := obj.Get("lambda"); ok {
			if err := obj.Float("lambda", &n.Lambda, true); err != nil {
				return nil, err
			}
			n.HasLambda = true
		}
		if err := obj.Int("count", &n.Count, 1, MaxCount, false); err != nil {
			return nil, err
		}
		if field, err := validate(n); err != nil {
			fv, _ := obj.Get(field)
			if fv.Path == "" {
				fv = v
			}
			return nil, fv.Wrap(err, "")
		}
		f.Nodes = append(f.Nodes, n)
	}
	if err := f.Validate(); err != nil {
		return nil, &instances.ParseError{File: name, Err: err}
	}
	return f, nil
}

// ReadCSV reads a CSV node file with a header row naming the columns name,
// mu, lambda, count (mu required; any order); lines starting with # are
// comments. Numbers are decimal (fileio.ParseFloat; count a decimal integer
// in [1, MaxCount]); names are checked by fileio.CheckID when not empty.
// The input is read under the internal/fileio rules (size limit, UTF-8
// without NUL, a leading BOM stripped).
func ReadCSV(r io.Reader, name string) (*File, error) {
	lr, err := fileio.LimitReader(r, name, 0)
	if err != nil {
		return nil, err
	}
	cr := csv.NewReader(fileio.NewTextReader(lr, name))
	cr.FieldsPerRecord = -1
	cr.Comment = '#'
	header, err := cr.Read()
	if err != nil {
		if e := fileio.TextError(name, err, ErrSyntax); e != nil {
			return nil, e
		}
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
			if e := fileio.TextError(name, err, ErrSyntax); e != nil {
				return nil, e
			}
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
		num := func(field, v string) (float64, error) {
			x, err := fileio.ParseFloat(v)
			if err != nil {
				var ne *fileio.NumberError
				errors.As(err, &ne)
				return 0, perr(field, &fileio.Tagged{Kind: ErrField, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)})
			}
			return x, nil
		}
		n := Node{Count: 1}
		if n.Name, _ = get("name"); n.Name != "" {
			if err := fileio.CheckID(n.Name); err != nil {
				return nil, perr("name", &fileio.Tagged{Kind: ErrField, Cause: err, Msg: strings.TrimPrefix(err.Error(), fileio.ErrID.Error()+": ")})
			}
			n.Name = strings.Clone(n.Name)
		}
		v, _ := get("mu")
		if n.Mu, err = num("mu", v); err != nil {
			return nil, err
		}
		if v, ok := get("lambda"); ok {
			if n.Lambda, err = num("lambda", v); err != nil {
				return nil, err
			}
			n.HasLambda = true
		}
		if v, ok := get("count"); ok {
			c, err := fileio.ParseInt(v)
			if err != nil || c < 1 || c > MaxCount {
				return nil, perr("count", &fileio.Tagged{Kind: ErrField, Cause: err, Msg: fmt.Sprintf("%q is not an integer in [1, %d] (want a whole number of identical nodes, digits only)", v, MaxCount)})
			}
			n.Count = int(c)
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
	fh, err := fileio.Open(path, 0)
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

// ReadSamples reads completion-time samples: one decimal number per line
// (the first comma-separated field; fileio.ParseFloat, so no 1_000, 0x1p-2,
// inf or nan), finite and ≥ 0; blank lines and lines starting with # are
// skipped. The first non-comment line is a header only when its first field
// starts with a letter and is not a spelling of inf or nan (such as "time"
// or "completion,node"): a header is recognised by its content, and any
// other line that is not a number is an error naming it, never dropped. The
// input is read under the internal/fileio rules (size limit, UTF-8 without
// NUL, a BOM at the very start stripped).
func ReadSamples(r io.Reader, name string) ([]float64, error) {
	data, err := fileio.ReadText(r, name, 0)
	if err != nil {
		if e := fileio.TextError(name, err, ErrSyntax); e != nil {
			return nil, e
		}
		return nil, &instances.ParseError{File: name, Err: err}
	}
	var xs []float64
	first := true
	for i, line := range strings.Split(string(data), "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if j := strings.IndexByte(s, ','); j >= 0 {
			s = strings.TrimSpace(s[:j])
		}
		isFirst := first
		first = false
		v, err := fileio.ParseFloat(s)
		if err != nil {
			if isFirst && isHeader(s) {
				continue
			}
			var ne *fileio.NumberError
			errors.As(err, &ne)
			return nil, &instances.ParseError{File: name, Line: i + 1, Err: &fileio.Tagged{Kind: ErrField, Cause: err, Msg: fmt.Sprintf("%q %s", ne.Text, ne.Why)}}
		}
		if v < 0 {
			return nil, &instances.ParseError{File: name, Line: i + 1, Err: fmt.Errorf("%w: sample %v must be finite and ≥ 0", ErrField, v)}
		}
		xs = append(xs, v)
	}
	if len(xs) < 2 {
		return nil, &instances.ParseError{File: name, Err: fmt.Errorf("%w: need at least 2 samples, found %d", ErrField, len(xs))}
	}
	return xs, nil
}

// isHeader reports whether the first field of a first line is a column
// name: it starts with a letter and is not inf, infinity or nan.
func isHeader(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsLetter(r) {
		return false
	}
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case "inf", "infinity", "nan":
		return false
	}
	return true
}

// ReadSamplesFile reads the samples file path (ReadSamples); a file over
// fileio.Limit() is refused before it is read, with its size.
func ReadSamplesFile(path string) ([]float64, error) {
	return fileio.ReadFileWith(path, ReadSamples)
}
