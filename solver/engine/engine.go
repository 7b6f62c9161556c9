package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/mrsched/mrsched/internal/provenance"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
)

// DefaultName is the name of the default engine.
const DefaultName = "highs"

// Info describes an engine.
type Info struct {
	Name      string `json:"name"`
	Available bool   `json:"available"`
	Default   bool   `json:"default"`
	Version   string `json:"version"`
	// Kind says how the engine runs ("WebAssembly (wazero), pure Go", "native (cgo)").
	Kind string `json:"kind"`
	// Location is where its files or library are.
	Location string `json:"location"`
	// Problem says why an engine is not available, and how to fix it.
	Problem string `json:"problem,omitempty"`
}

// ErrUnknown is returned by Get for a name that is not an engine.
var ErrUnknown = errors.New("engine: unknown engine")

// ErrUnavailable is returned by Get for an engine that is known but not
// usable (files missing, not compiled in).
var ErrUnavailable = errors.New("engine: engine not available")

type entry struct {
	open func() (mip.Engine, error)
	info func() Info
	once sync.Once
	done chan struct{} // closed when open has returned
	eng  mip.Engine
	err  error
}

// start opens the engine on its own goroutine, once per process.
func (e *entry) start() {
	e.once.Do(func() {
		e.done = make(chan struct{})
		go func() {
			defer close(e.done)
			e.eng, e.err = e.open()
		}()
	})
}

// wait waits until the engine is open or ctx is done.
func (e *entry) wait(ctx context.Context, name string) (mip.Engine, error) {
	e.start()
	select {
	case <-e.done:
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: %s: %w", mip.ErrNotReady, name, ctx.Err())
	}
	if e.err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrUnavailable, name, e.err)
	}
	provenance.NoteEngine(strings.ToLower(name))
	return e.eng, nil
}

var registry = map[string]*entry{}

func register(name string, open func() (mip.Engine, error), info func() Info) {
	registry[name] = &entry{open: open, info: info}
}

// Names returns the known engine names, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Get returns the engine called name ("" means the default). Engines are
// created once per process and shared; they are safe for concurrent use.
func Get(name string) (mip.Engine, error) {
	if name == "" {
		name = DefaultName
	}
	e, ok := registry[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknown, name, strings.Join(Names(), ", "))
	}
	return e.wait(context.Background(), name)
}

// Lazy returns the engine called name ("" means the default) without
// loading it: the engine is loaded (for HiGHS: its WebAssembly module found
// and compiled) at the first Solve or ReadModel that needs it, once per
// process and shared with Get. A call whose context ends before the engine
// is ready returns an error wrapping mip.ErrNotReady, so that a caller with
// a deadline can answer by other means; the loading goes on for later
// calls. Only an unknown name is an error here; an engine that cannot be
// loaded fails at its first use with ErrUnavailable.
func Lazy(name string) (mip.Engine, error) {
	if name == "" {
		name = DefaultName
	}
	name = strings.ToLower(name)
	e, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknown, name, strings.Join(Names(), ", "))
	}
	return &lazy{name: name, e: e}, nil
}

// lazy is the engine returned by Lazy.
type lazy struct {
	name string
	e    *entry
}

// Name returns the engine's name.
func (l *lazy) Name() string { return l.name }

// Solve loads the engine (or waits for it, up to ctx's end) and solves m.
func (l *lazy) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	eng, err := l.e.wait(ctx, l.name)
	if err != nil {
		return mip.Result{Status: mip.Error, Objective: math.NaN(), BestBound: math.NaN(), Gap: math.Inf(1)}, err
	}
	return eng.Solve(ctx, m, opt)
}

// ReadModel loads the engine and reads a model with its reader.
func (l *lazy) ReadModel(ctx context.Context, name string, data []byte) (*mip.Model, error) {
	eng, err := l.e.wait(ctx, l.name)
	if err != nil {
		return nil, err
	}
	rd, ok := eng.(mip.Reader)
	if !ok {
		return nil, fmt.Errorf("engine: %s cannot read model files", l.name)
	}
	return rd.ReadModel(ctx, name, data)
}

// Default returns the default engine (HiGHS).
func Default() (mip.Engine, error) { return Get(DefaultName) }

// Available describes every known engine, sorted by name. It loads the
// engines (for HiGHS: finds, checks and compiles the WebAssembly module).
func Available() []Info {
	var out []Info
	for _, n := range Names() {
		e := registry[n]
		inf := e.info()
		inf.Name = n
		inf.Default = n == DefaultName
		if _, err := Get(n); err != nil {
			inf.Available = false
			inf.Problem = err.Error()
		} else {
			inf.Available = true
			inf = mergeInfo(inf, e.info())
		}
		out = append(out, inf)
	}
	return out
}

func mergeInfo(a, b Info) Info {
	if b.Version != "" {
		a.Version = b.Version
	}
	if b.Location != "" {
		a.Location = b.Location
	}
	return a
}

func init() {
	register("highs", func() (mip.Engine, error) { return highs.New() }, func() Info {
		inf := Info{Kind: "WebAssembly (wazero), pure Go", Version: "1.15.1 (npm " + highs.NPMPackage + ")"}
		if m, err := highs.Load(); err == nil {
			inf.Version = m.Version + " (npm " + highs.NPMPackage + ")"
			inf.Location = m.Dir
			if m.CacheDir != "" {
				inf.Location += "; compilation cache " + m.CacheDir
			}
		} else if d, err := highs.Find(); err == nil {
			inf.Location = d
		}
		return inf
	})
}

// InfoOf describes the engine called name ("" means the default) without
// checking that it can be used: its kind, and its version as far as it is
// known without solving (HiGHS reads its WebAssembly module's version when
// the module is found; CBC, compiled in, asks its library). It is how an
// output records the engine a run was given.
func InfoOf(name string) (Info, error) {
	if name == "" {
		name = DefaultName
	}
	name = strings.ToLower(name)
	e, ok := registry[name]
	if !ok {
		return Info{}, fmt.Errorf("%w %q (known: %s)", ErrUnknown, name, strings.Join(Names(), ", "))
	}
	inf := e.info()
	inf.Name, inf.Default = name, name == DefaultName
	return inf, nil
}
