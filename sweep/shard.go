package sweep

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/fileio"
)

// FormatName is the value of the header's "format" field.
const FormatName = "mrsched-cells/1"

// Sentinel errors.
var (
	ErrSpec     = errors.New("sweep: invalid shard spec")
	ErrFile     = errors.New("sweep: malformed cells file")
	ErrMismatch = errors.New("sweep: files belong to different sweeps")
	ErrMissing  = errors.New("sweep: cells missing")
	// ErrTooManyCells is wrapped by CheckCells.
	ErrTooManyCells = errors.New("sweep: too many cells")
)

// MaxCells bounds the number of cells of one sweep: every cell has a key
// and, once computed, a result held in memory, so a larger grid is refused
// before any of it is built (2·10⁹ replications of a study once died with
// "fatal error: out of memory"). 2²² cells is 10⁵ times the
// largest study grid shipped (results/).
const MaxCells = 1 << 22

// CheckCells returns an error wrapping ErrTooManyCells when the product of
// dims, the sizes of a sweep's grid axes, is over MaxCells (computed without
// overflow). Sweeps call it before building their cell list.
func CheckCells(dims ...int) error {
	n := 1
	for _, d := range dims {
		if d <= 0 {
			return nil // an empty axis: no cells; the caller rejects it
		}
		if n > MaxCells/d {
			return fmt.Errorf("%w: the grid %s has more than %d cells", ErrTooManyCells, grid(dims), MaxCells)
		}
		n *= d
	}
	if n > MaxCells {
		return fmt.Errorf("%w: the grid %s has %d cells, more than %d", ErrTooManyCells, grid(dims), n, MaxCells)
	}
	return nil
}

func grid(dims []int) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, " × ")
}

// Spec selects shard I of N (1 ≤ I ≤ N). The zero Spec means 1/1.
type Spec struct{ I, N int }

// Parse parses "i/N". The empty string is 1/1.
func Parse(s string) (Spec, error) {
	if s == "" {
		return Spec{1, 1}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Spec{}, fmt.Errorf("%w %q: want i/N, for example 2/8", ErrSpec, s)
	}
	if n < 1 || i < 1 || i > n {
		return Spec{}, fmt.Errorf("%w %q: want 1 ≤ i ≤ N", ErrSpec, s)
	}
	return Spec{i, n}, nil
}

func (s Spec) norm() Spec {
	if s.N == 0 {
		return Spec{1, 1}
	}
	return s
}

// String returns "i/N".
func (s Spec) String() string {
	s = s.norm()
	return strconv.Itoa(s.I) + "/" + strconv.Itoa(s.N)
}

// Owns reports whether cell c belongs to this shard (c mod N = I − 1).
func (s Spec) Owns(c int) bool {
	s = s.norm()
	return c%s.N == s.I-1
}

// Whole reports whether the spec is 1/1 (the unsharded run).
func (s Spec) Whole() bool { return s.norm().N == 1 }

// Sweep is an ordered list of independent cells.
type Sweep struct {
	Kind   string // names the renderer, e.g. "report" or "study/fig7"
	Config any    // marshalled to JSON: identifies the sweep
	Keys   []string
	// Compute returns the result of cell c; it must depend only on c and
	// the configuration (never on time, worker or order).
	Compute func(ctx context.Context, c int) (any, error)
}

// Header is the first line of a cells file.
type Header struct {
	Format string          `json:"format"`
	Kind   string          `json:"kind"`
	Config json.RawMessage `json:"config"`
	Cells  int             `json:"cells"`
	Shard  string          `json:"shard"`
}

// Cell is one finished cell.
type Cell struct {
	Cell   int             `json:"cell"`
	Key    string          `json:"key"`
	Result json.RawMessage `json:"result"`
}

// Set is the header and the finished cells of a shard (or of a whole sweep
// after Merge), in cell order.
type Set struct {
	Header Header
	Cells  []Cell
	// Notices are what Run recovered from (a cut-off last line of the
	// cells file or its journal, dropped and recomputed), one sentence
	// each, for the caller to show; they are never written to a file.
	Notices []string
}

// Options control Run.
type Options struct {
	Shard   Spec
	Workers int    // ≤ 0 means 1
	Path    string // final cells file; "" keeps everything in memory (no resume)
	// Progress, when set, is called after every finished cell (and once at
	// the start with the cells already done) from a single goroutine at a
	// time.
	Progress func(done, total int)
	// afterCell is a test hook called after a cell is journaled.
	afterCell func(c int)
}

func compact(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func (sw *Sweep) header(sp Spec) (Header, error) {
	cfg, err := compact(sw.Config)
	if err != nil {
		return Header{}, fmt.Errorf("sweep: config of %s: %w", sw.Kind, err)
	}
	return Header{Format: FormatName, Kind: sw.Kind, Config: cfg, Cells: len(sw.Keys), Shard: sp.String()}, nil
}

func sameSweep(a, b Header) bool {
	return a.Format == b.Format && a.Kind == b.Kind && bytes.Equal(a.Config, b.Config) && a.Cells == b.Cells
}

// Run computes the cells the shard owns that are not done yet and returns
// the shard's complete set. See the package documentation for resuming.
func Run(ctx context.Context, sw Sweep, opt Options) (*Set, error) {
	sp := opt.Shard.norm()
	hdr, err := sw.header(sp)
	if err != nil {
		return nil, err
	}
	r := &shardRun{sw: sw, opt: opt, sp: sp, done: map[int]Cell{}}
	if opt.Path != "" {
		finishedSet, err := r.resume(hdr)
		if err != nil || finishedSet != nil {
			return finishedSet, err
		}
		defer r.journal.Close()
	}
	if err := r.computeCells(ctx); err != nil {
		return nil, err
	}
	return r.assemble(hdr)
}

// shardRun is the state of Run: the cells done so far (read back or
// computed), the journal they are appended to, and the first error.
type shardRun struct {
	sw      Sweep
	opt     Options
	sp      Spec
	done    map[int]Cell
	notices []string
	journal *os.File

	mu              sync.Mutex // guards done, finished, firstErr and the journal
	finished, total int
	firstErr        error
}

// resume reads back the cells of an earlier run from opt.Path and its
// journal and reopens the journal with them. It returns the set of
// opt.Path when that file already holds the complete shard.
func (r *shardRun) resume(hdr Header) (*Set, error) {
	sw, opt, sp, done := r.sw, r.opt, r.sp, r.done
	var prev []Cell
	// A finished file of the same sweep: nothing to do. A file cut off
	// by a kill while it was written holds cells to keep.
	set, notice, err := readCut(opt.Path)
	switch {
	case err == nil:
		if !sameSweep(set.Header, hdr) || set.Header.Shard != hdr.Shard {
			return nil, fmt.Errorf("%w: %s holds %s shard %s, this run is %s shard %s with another configuration; remove it or choose another file",
				ErrMismatch, opt.Path, set.Header.Kind, set.Header.Shard, hdr.Kind, hdr.Shard)
		}
		if notice == "" && set.checkComplete(sp) == nil {
			return set, nil
		}
		if notice != "" {
			r.notices = append(r.notices, notice)
		}
		prev = set.Cells
	case !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	jpath := opt.Path + ".journal"
	jcells, notice, err := readJournal(jpath, hdr)
	if err != nil {
		return nil, err
	}
	if notice != "" {
		r.notices = append(r.notices, notice)
	}
	prev = append(prev, jcells...)
	for _, c := range prev {
		if c.Cell < 0 || c.Cell >= len(sw.Keys) || !sp.Owns(c.Cell) || c.Key != sw.Keys[c.Cell] {
			return nil, fmt.Errorf("%w: %s: cell %d (key %q) does not belong to this sweep", ErrMismatch, jpath, c.Cell, c.Key)
		}
		if old, ok := done[c.Cell]; ok && !bytes.Equal(old.Result, c.Result) {
			return nil, fmt.Errorf("%w: %s and %s hold different results for cell %d", ErrMismatch, opt.Path, jpath, c.Cell)
		}
		done[c.Cell] = c
	}
	prev = prev[:0]
	for c := range sw.Keys {
		if cell, ok := done[c]; ok {
			prev = append(prev, cell)
		}
	}
	r.journal, err = openJournal(jpath, hdr, prev)
	return nil, err
}

// computeCells computes the owned cells not done yet on opt.Workers
// goroutines, journaling each; the first error cancels the rest.
func (r *shardRun) computeCells(ctx context.Context) error {
	var todo []int
	for c := range r.sw.Keys {
		if !r.sp.Owns(c) {
			continue
		}
		r.total++
		if _, ok := r.done[c]; !ok {
			todo = append(todo, c)
		}
	}
	r.finished = r.total - len(todo)
	if r.opt.Progress != nil {
		r.opt.Progress(r.finished, r.total)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := r.opt.Workers
	if workers <= 0 {
		workers = 1
	}
	if workers > len(todo) {
		workers = len(todo)
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				r.computeCell(ctx, cancel, c)
			}
		}()
	}
feed:
	for _, c := range todo {
		select {
		case jobs <- c:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if r.firstErr != nil {
		return r.firstErr
	}
	return ctx.Err()
}

// computeCell computes cell c, journals it and reports progress; an error
// is kept as the first one (if it is) and cancels the run.
func (r *shardRun) computeCell(ctx context.Context, cancel context.CancelFunc, c int) {
	sw, opt := r.sw, r.opt
	res, err := sw.Compute(ctx, c)
	var raw json.RawMessage
	if err == nil {
		raw, err = compact(res)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		if r.firstErr == nil {
			r.firstErr = fmt.Errorf("cell %d (%s): %w", c, sw.Keys[c], err)
			cancel()
		}
		return
	}
	cell := Cell{Cell: c, Key: sw.Keys[c], Result: raw}
	if r.journal != nil {
		if err := appendLine(r.journal, cell); err != nil && r.firstErr == nil {
			r.firstErr = err
			cancel()
		}
	}
	r.done[c] = cell
	r.finished++
	if opt.Progress != nil {
		opt.Progress(r.finished, r.total)
	}
	if opt.afterCell != nil {
		opt.afterCell(c)
	}
}

// assemble returns the shard's cells in order and, with a path, writes
// them atomically and removes the journal.
func (r *shardRun) assemble(hdr Header) (*Set, error) {
	set := &Set{Header: hdr, Notices: r.notices}
	for c := range r.sw.Keys {
		if r.sp.Owns(c) {
			set.Cells = append(set.Cells, r.done[c])
		}
	}
	if path := r.opt.Path; path != "" {
		var b bytes.Buffer
		if err := set.Write(&b); err != nil {
			return nil, err
		}
		if err := instances.AtomicWrite(path, b.Bytes()); err != nil {
			return nil, err
		}
		r.journal.Close()
		if err := os.Remove(path + ".journal"); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	return set, nil
}

func marshalLine(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func appendLine(f *os.File, c Cell) error {
	b, err := marshalLine(c)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		return fmt.Errorf("sweep: journal %s: %w", f.Name(), err)
	}
	return f.Sync()
}

// readJournal returns the intact cell lines of the journal at path (none if
// it does not exist). A cut-off last line (no newline, from a kill during
// the write) is dropped and described in the notice; any other malformed
// line is an error naming its line.
func readJournal(path string, hdr Header) ([]Cell, string, error) {
	data, err := fileio.ReadFile(path, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	notice := ""
	if n := len(lines); n > 0 && !bytes.HasSuffix(lines[n-1], []byte("\n")) {
		if len(lines[n-1]) > 0 {
			notice = cutNotice(path, n, len(lines[n-1]))
		}
		lines = lines[:n-1]
	}
	if len(lines) == 0 {
		return nil, notice, nil // killed while writing the header
	}
	var h Header
	if err := json.Unmarshal(lines[0], &h); err != nil {
		return nil, "", fmt.Errorf("%w: %s:1: header: %v", ErrFile, path, err)
	}
	if !sameSweep(h, hdr) || h.Shard != hdr.Shard {
		return nil, "", fmt.Errorf("%w: journal %s is from %s shard %s with another configuration; remove it to start afresh",
			ErrMismatch, path, h.Kind, h.Shard)
	}
	var cells []Cell
	for k, ln := range lines[1:] {
		var c Cell
		if err := json.Unmarshal(ln, &c); err != nil {
			return nil, "", fmt.Errorf("%w: %s:%d: %v", ErrFile, path, k+2, err)
		}
		cells = append(cells, c)
	}
	return cells, notice, nil
}

func cutNotice(path string, line, n int) string {
	return fmt.Sprintf("%s:%d: dropped a cut-off last line (%d bytes, no newline: a run killed while writing it); its cell is computed again", path, line, n)
}

// readCut reads the cells file at path like ReadFile, except that a last
// line without its newline that does not parse (what a kill during a write
// leaves) is dropped and described in the notice. A malformed line before
// the last is still an error naming its line.
func readCut(path string) (*Set, string, error) {
	data, err := fileio.ReadFile(path, 0)
	if err != nil {
		return nil, "", err
	}
	set, err := Read(bytes.NewReader(data), path)
	if err == nil || len(data) == 0 || data[len(data)-1] == '\n' {
		return set, "", err
	}
	cut := bytes.LastIndexByte(data, '\n') + 1
	line := bytes.Count(data[:cut], []byte("\n")) + 1
	set, err2 := Read(bytes.NewReader(data[:cut]), path)
	if err2 != nil {
		return nil, "", err // the damage is not only the cut-off line
	}
	return set, cutNotice(path, line, len(data)-cut), nil
}

// openJournal rewrites the journal atomically with its intact lines (so a
// torn tail is gone) and opens it for appending.
func openJournal(path string, hdr Header, prev []Cell) (*os.File, error) {
	var b bytes.Buffer
	hl, err := marshalLine(hdr)
	if err != nil {
		return nil, err
	}
	b.Write(hl)
	for _, c := range prev {
		l, err := marshalLine(c)
		if err != nil {
			return nil, err
		}
		b.Write(l)
	}
	if err := instances.AtomicWrite(path, b.Bytes()); err != nil {
		return nil, err
	}
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
}

// Write writes the set as JSON lines (header, then cells in order).
func (s *Set) Write(w io.Writer) error {
	var b bytes.Buffer
	hl, err := marshalLine(s.Header)
	if err != nil {
		return err
	}
	b.Write(hl)
	for _, c := range s.Cells {
		l, err := marshalLine(c)
		if err != nil {
			return err
		}
		b.Write(l)
	}
	_, err = w.Write(b.Bytes())
	return err
}

// Read reads a cells file; name is used in error messages.
func Read(r io.Reader, name string) (*Set, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	line := 0
	var set *Set
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if set == nil {
			var h Header
			if err := dec.Decode(&h); err != nil {
				return nil, fmt.Errorf("%w: %s:%d: header: %v", ErrFile, name, line, err)
			}
			if h.Format != FormatName {
				return nil, fmt.Errorf("%w: %s:%d: format: %q (want %q)", ErrFile, name, line, h.Format, FormatName)
			}
			if h.Cells < 0 {
				return nil, fmt.Errorf("%w: %s:%d: cells: negative count %d", ErrFile, name, line, h.Cells)
			}
			if _, err := Parse(h.Shard); err != nil {
				return nil, fmt.Errorf("%w: %s:%d: shard: %v", ErrFile, name, line, err)
			}
			if len(h.Config) > 0 {
				var cb bytes.Buffer
				if err := json.Compact(&cb, h.Config); err != nil {
					return nil, fmt.Errorf("%w: %s:%d: config: %v", ErrFile, name, line, err)
				}
				h.Config = cb.Bytes()
			}
			set = &Set{Header: h}
			continue
		}
		var c Cell
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %v", ErrFile, name, line, err)
		}
		if c.Cell < 0 || c.Cell >= set.Header.Cells {
			return nil, fmt.Errorf("%w: %s:%d: cell: index %d out of range [0, %d)", ErrFile, name, line, c.Cell, set.Header.Cells)
		}
		if len(c.Result) == 0 {
			return nil, fmt.Errorf("%w: %s:%d: result: missing", ErrFile, name, line)
		}
		var cb bytes.Buffer
		if err := json.Compact(&cb, c.Result); err != nil {
			return nil, fmt.Errorf("%w: %s:%d: result: %v", ErrFile, name, line, err)
		}
		c.Result = cb.Bytes()
		set.Cells = append(set.Cells, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %s:%d: %w", ErrFile, name, line+1, err)
	}
	if set == nil {
		return nil, fmt.Errorf("%w: %s: empty file (no header line)", ErrFile, name)
	}
	return set, nil
}

// ReadFile reads a cells file, at most the input size limit of package
// fileio (a larger regular file is refused before it is read).
func ReadFile(path string) (*Set, error) {
	f, err := fileio.Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

func (s *Set) checkComplete(sp Spec) error {
	have := make(map[int]bool, len(s.Cells))
	for _, c := range s.Cells {
		have[c.Cell] = true
	}
	var missing []int
	for c := 0; c < s.Header.Cells; c++ {
		if sp.Owns(c) && !have[c] {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		show := missing
		if len(show) > 10 {
			show = show[:10]
		}
		return fmt.Errorf("%w: %d of %d cells, first %v", ErrMissing, len(missing), s.Header.Cells, show)
	}
	return nil
}

// Merge combines the sets of one sweep into the whole sweep (shard "1/1"),
// cells in order. Every cell must be present; a cell given twice must have
// identical key and result.
func Merge(sets []*Set, names []string) (*Set, error) {
	if len(sets) == 0 {
		return nil, fmt.Errorf("%w: no files to merge", ErrMissing)
	}
	name := func(k int) string {
		if k < len(names) {
			return names[k]
		}
		return "file " + strconv.Itoa(k+1)
	}
	h := sets[0].Header
	byCell := map[int]Cell{}
	from := map[int]int{}
	for k, s := range sets {
		if !sameSweep(s.Header, h) {
			return nil, fmt.Errorf("%w: %s is %s with %d cells, %s is %s with %d cells (or the configurations differ)",
				ErrMismatch, name(k), s.Header.Kind, s.Header.Cells, name(0), h.Kind, h.Cells)
		}
		for _, c := range s.Cells {
			if prev, ok := byCell[c.Cell]; ok {
				if prev.Key != c.Key || !bytes.Equal(prev.Result, c.Result) {
					return nil, fmt.Errorf("%w: cell %d differs between %s and %s", ErrMismatch, c.Cell, name(from[c.Cell]), name(k))
				}
				continue
			}
			byCell[c.Cell] = c
			from[c.Cell] = k
		}
	}
	out := &Set{Header: h}
	out.Header.Shard = "1/1"
	for c := 0; c < h.Cells; c++ {
		if cell, ok := byCell[c]; ok {
			out.Cells = append(out.Cells, cell)
		}
	}
	if err := out.checkComplete(Spec{1, 1}); err != nil {
		return nil, err
	}
	return out, nil
}

// Results returns the cells' results in order.
func (s *Set) Results() []json.RawMessage {
	out := make([]json.RawMessage, len(s.Cells))
	for i, c := range s.Cells {
		out[i] = c.Result
	}
	return out
}
