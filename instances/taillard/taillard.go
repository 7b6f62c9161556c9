package taillard

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/internal/fileio"

	"github.com/mrsched/mrsched/instances"
)

// Lehmer/Schrage constants of Taillard's generator.
const (
	lehmerA = 16807
	lehmerM = 2147483647 // 2^31 − 1
	lehmerB = 127773     // m / a
	lehmerC = 2836       // m mod a
)

// Sentinel errors.
var (
	ErrInvalid = errors.New("taillard: invalid argument")
	ErrSyntax  = errors.New("taillard: malformed .fsp file")
)

// Seeds20x5 are the ten time seeds of Taillard's 20-job × 5-machine set
// (ta001–ta010), in order.
var Seeds20x5 = [10]int64{873654221, 379008056, 1866992158, 216771124, 495070989, 402959317, 1369363414, 2021925980, 573109518, 88325120}

// Instance is a permutation flow-shop instance: P[i][j] is the processing
// time of job j on machine i (machine-major, as Taillard prints it).
type Instance struct {
	Jobs, Machines int
	Seed           int64 // the generator seed (0 when unknown)
	// UpperBound and LowerBound are the makespan bounds printed in
	// Taillard's files (0 when absent); they are carried through unchanged.
	UpperBound, LowerBound int64
	P                      [][]int64
}

// Rand is Taillard's generator state.
type Rand struct{ seed int64 }

// NewRand returns the generator started at seed (1 ≤ seed < 2^31 − 1).
func NewRand(seed int64) (*Rand, error) {
	if seed <= 0 || seed >= lehmerM {
		return nil, fmt.Errorf("%w: seed %d outside [1, 2^31-2]", ErrInvalid, seed)
	}
	return &Rand{seed: seed}, nil
}

// Next advances the generator with Schrage's split and returns u ∈ (0, 1).
func (r *Rand) Next() float64 {
	k := r.seed / lehmerB
	r.seed = lehmerA*(r.seed%lehmerB) - k*lehmerC
	if r.seed < 0 {
		r.seed += lehmerM
	}
	return float64(r.seed) / lehmerM
}

// Unif returns an integer uniform in [low, high]: low + ⌊u·(high − low + 1)⌋.
func (r *Rand) Unif(low, high int64) int64 {
	return low + int64(math.Floor(r.Next()*float64(high-low+1)))
}

// Generate returns Taillard's instance with the given size and time seed:
// processing times 1 + ⌊u·99⌋ drawn machine by machine.
// MaxJobs and MaxMachines bound Generate: 10^5 jobs × 100 machines peak at
// 136 MB and 4 s in 'mrsched gen taillard --format json' (/usr/bin/time
// -v), within the generators' 2 GiB memory budget; Taillard's own sets
// stop at 500 × 20.
const (
	MaxJobs     = 100_000
	MaxMachines = 100
)

func Generate(jobs, machines int, seed int64) (*Instance, error) {
	if jobs < 1 || machines < 1 || jobs > MaxJobs || machines > MaxMachines {
		return nil, fmt.Errorf("%w: %d jobs × %d machines (want 1..%d jobs and 1..%d machines)", ErrInvalid, jobs, machines, MaxJobs, MaxMachines)
	}
	if jobs*machines > 1<<26 {
		return nil, fmt.Errorf("%w: %d jobs × %d machines is too large", ErrInvalid, jobs, machines)
	}
	r, err := NewRand(seed)
	if err != nil {
		return nil, err
	}
	in := &Instance{Jobs: jobs, Machines: machines, Seed: seed, P: make([][]int64, machines)}
	for i := range in.P {
		in.P[i] = make([]int64, jobs)
		for j := range in.P[i] {
			in.P[i][j] = r.Unif(1, 99)
		}
	}
	return in, nil
}

// ToTandem returns the tandem instance whose map sizes are machine 1 and
// shuffle sizes machine 2 (unit capacities, batch, ids j1…jn). It needs at
// least two machines.
func (in *Instance) ToTandem() (*instances.Instance, error) {
	if in.Machines < 2 {
		return nil, fmt.Errorf("%w: a tandem instance needs 2 machines, the instance has %d", ErrInvalid, in.Machines)
	}
	jobs := make([]instances.Job, in.Jobs)
	for j := range jobs {
		jobs[j] = instances.Job{ID: "j" + strconv.Itoa(j+1), Map: float64(in.P[0][j]), Shuffle: float64(in.P[1][j])}
	}
	t := instances.New(jobs)
	t.Metadata = map[string]any{
		"source":   "taillard",
		"jobs":     in.Jobs,
		"machines": in.Machines,
		"seed":     in.Seed,
		"note":     "map = machine 1, shuffle = machine 2 of Taillard's flow-shop instance",
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

const headerLine = "number of jobs, number of machines, initial seed, upper bound and lower bound :"

// Write writes instances in Taillard's layout: for each, the header line,
// the five numbers, "processing times :" and one row per machine.
func Write(w io.Writer, list ...*Instance) error {
	var b bytes.Buffer
	for _, in := range list {
		fmt.Fprintf(&b, "%s\n%12d%12d%12d%12d%12d\nprocessing times :\n", headerLine, in.Jobs, in.Machines, in.Seed, in.UpperBound, in.LowerBound)
		for _, row := range in.P {
			for _, p := range row {
				fmt.Fprintf(&b, " %2d", p)
			}
			b.WriteByte('\n')
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// maxDim bounds the jobs and machines a file may declare (memory guard).
const maxDim = 1 << 20

type tok struct {
	s    string
	line int
}

// Read reads every instance of a .fsp file. Two layouts are accepted:
//   - Taillard's: a header line starting "number of jobs", a line with jobs,
//     machines, seed, upper and lower bound, a line "processing times :" and
//     then machines × jobs numbers (machine-major); several such blocks may
//     follow each other;
//   - the bare layout: "jobs machines" and then machines × jobs numbers.
//
// Numbers are decimal integers (fileio.ParseInt). The input is read under
// the internal/fileio rules (size limit, UTF-8 without NUL, a leading BOM
// stripped). Errors name the file (name) and line.
func Read(r io.Reader, name string) ([]*Instance, error) {
	lr, err := fileio.LimitReader(r, name, 0)
	if err != nil {
		return nil, err
	}
	tr := fileio.NewTextReader(lr, name)
	sc := bufio.NewScanner(tr)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	fr := &fspReader{name: name}
	for sc.Scan() {
		fr.lines = append(fr.lines, sc.Text())
	}
	if te := tr.Err(); te != nil {
		return nil, &fileio.ParseError{File: name, Line: te.Line, Err: &fileio.Tagged{Kind: ErrSyntax, Cause: te.Err}}
	}
	if err := sc.Err(); err != nil {
		var le *fileio.LimitError
		if errors.As(err, &le) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w: %v", name, ErrSyntax, err)
	}
	var out []*Instance
	for {
		if len(fr.pending) > 0 {
			return nil, fr.errAt(fr.pendingLine, "%d unexpected number(s) after the processing times", len(fr.pending))
		}
		t, ok := fr.next()
		if !ok {
			break
		}
		in, err := fr.block(t)
		if err != nil {
			return nil, err
		}
		out = append(out, in)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w: no instance in the file", name, ErrSyntax)
	}
	return out, nil
}

// fspReader walks the lines of a .fsp file. pending holds the unread
// fields of a partly consumed line, so that numbers may be spread over
// lines in any way.
type fspReader struct {
	name        string
	lines       []string
	i           int // the next line to read
	pending     []string
	pendingLine int
}

func (fr *fspReader) errAt(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %w: %s", fr.name, line, ErrSyntax, fmt.Sprintf(format, args...))
}

// next returns the next non-blank line without consuming it.
func (fr *fspReader) next() (tok, bool) {
	for fr.i < len(fr.lines) {
		if len(strings.Fields(fr.lines[fr.i])) == 0 {
			fr.i++
			continue
		}
		return tok{s: fr.lines[fr.i], line: fr.i + 1}, true
	}
	return tok{}, false
}

// readInts reads count integers (what names them in errors) and returns
// them with the line of the last one.
func (fr *fspReader) readInts(count int, what string) ([]int64, int, error) {
	vals := make([]int64, 0, count)
	last := 0
	for len(vals) < count {
		if len(fr.pending) == 0 {
			t, ok := fr.next()
			if !ok {
				return nil, last, fr.errAt(len(fr.lines), "file ends after %d of the %d %s", len(vals), count, what)
			}
			fr.pending, fr.pendingLine = strings.Fields(t.s), t.line
			fr.i++
		}
		f := fr.pending[0]
		fr.pending = fr.pending[1:]
		v, err := fileio.ParseInt(f)
		if ne := (*fileio.NumberError)(nil); errors.As(err, &ne) && ne.Range {
			return nil, fr.pendingLine, fr.errAt(fr.pendingLine, "%q is out of range (reading %s; integers up to %d)", f, what, int64(math.MaxInt64))
		}
		if err != nil {
			return nil, fr.pendingLine, fr.errAt(fr.pendingLine, "%q is not an integer (reading %s)", f, what)
		}
		vals = append(vals, v)
		last = fr.pendingLine
	}
	return vals, last, nil
}

// block reads one instance whose first line is t (not yet consumed).
func (fr *fspReader) block(t tok) (*Instance, error) {
	in := &Instance{}
	taillard := strings.HasPrefix(strings.ToLower(strings.TrimSpace(t.s)), "number of jobs")
	var hdr []int64
	var err error
	hdrLine := t.line
	if taillard {
		fr.i++
		t2, ok := fr.next()
		if !ok {
			return nil, fr.errAt(t.line, "header line without the numbers line after it")
		}
		hdrLine = t2.line
		f := strings.Fields(t2.s)
		if len(f) != 5 {
			return nil, fr.errAt(t2.line, "want 5 numbers (jobs, machines, seed, upper bound, lower bound), found %d", len(f))
		}
		hdr, _, err = fr.readInts(5, "header numbers")
	} else {
		f := strings.Fields(t.s)
		if len(f) != 2 {
			return nil, fr.errAt(t.line, "want a Taillard header line (\"number of jobs, …\") or \"jobs machines\", found %q", strings.TrimSpace(t.s))
		}
		hdr, _, err = fr.readInts(2, "header numbers")
	}
	if err != nil {
		return nil, err
	}
	in.Jobs, in.Machines = int(hdr[0]), int(hdr[1])
	if hdr[0] < 1 || hdr[1] < 1 || hdr[0] > maxDim || hdr[1] > maxDim || hdr[0]*hdr[1] > 1<<26 {
		return nil, fr.errAt(hdrLine, "jobs %d × machines %d out of range (each 1…%d, product ≤ 2^26)", hdr[0], hdr[1], maxDim)
	}
	if taillard {
		in.Seed, in.UpperBound, in.LowerBound = hdr[2], hdr[3], hdr[4]
		t3, ok := fr.next()
		if !ok || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(t3.s)), "processing times") {
			line := len(fr.lines)
			if ok {
				line = t3.line
			}
			return nil, fr.errAt(line, "want the line \"processing times :\"")
		}
		fr.i++
	}
	in.P = make([][]int64, in.Machines)
	for m := 0; m < in.Machines; m++ {
		row, line, err := fr.readInts(in.Jobs, fmt.Sprintf("times of machine %d", m+1))
		if err != nil {
			return nil, err
		}
		for j, p := range row {
			if p < 0 {
				return nil, fr.errAt(line, "machine %d job %d: negative processing time %d", m+1, j+1, p)
			}
		}
		in.P[m] = row
	}
	return in, nil
}

// ReadFile reads every instance of the .fsp file path (Read); a file over
// fileio.Limit() is refused before it is read, with its size.
func ReadFile(path string) ([]*Instance, error) {
	return fileio.ReadFileWith(path, Read)
}
