package highs

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync/atomic"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// funcs are the wasm functions the engine calls, looked up once per
// instance.
type funcs struct {
	malloc, free, create, destroy, clear, version, run                          api.Function
	passLp, passMip, passModelName, passColName, passRowName                    api.Function
	setBool, setInt, setDouble, setString                                       api.Function
	modelStatus, solution, objective, intInfo, doubleInfo, int64Info            api.Function
	readModel, writeModel, numCol, numRow, numNz, getLp, getColName, getRowName api.Function
	zeroClocks                                                                  api.Function
}

// memFile is a file of the in-memory file table.
type memFile struct {
	name  string
	data  []byte
	pos   int64
	write bool
}

// instance is one instantiation of the module, used by one goroutine at a
// time.
type instance struct {
	m     *Module
	mod   api.Module
	f     funcs
	highs uint32 // the Highs object
	// scratch is a block of scratchSize bytes for strings and out-parameters.
	scratch uint32

	log        io.Writer
	memLimit   uint64
	memRefused bool
	abort      error
	skew       atomic.Int64 // added to the clocks after cancellation
	stop       atomic.Bool  // set after the grace period: stopCheck aborts the call
	stopCause  atomic.Pointer[error]

	files  map[string][]byte
	fds    map[int32]*memFile
	nextFD int32
}

const scratchSize = 4096

// newInstance instantiates the module, runs its static constructors and
// creates a Highs object.
func (m *Module) newInstance(ctx context.Context, memLimit uint64) (*instance, error) {
	if memLimit == 0 || memLimit > maxHeap {
		memLimit = maxHeap
	}
	in := &instance{m: m, memLimit: memLimit, files: map[string][]byte{}, fds: map[int32]*memFile{}, nextFD: 3}
	ctx = context.WithValue(ctx, ctxKey{}, in)
	mod, err := m.runtime.InstantiateModule(ctx, m.compiled, wazero.NewModuleConfig().WithName("").WithStartFunctions())
	if err != nil {
		return nil, fmt.Errorf("highs: instantiating: %w", err)
	}
	in.mod = mod
	get := func(c string) api.Function { return mod.ExportedFunction(m.fn[c]) }
	in.f = funcs{
		malloc: get("malloc"), free: get("free"), create: get("Highs_create"), destroy: get("Highs_destroy"),
		clear: get("Highs_clear"), version: get("Highs_version"), run: get("Highs_run"),
		passLp: get("Highs_passLp"), passMip: get("Highs_passMip"), passModelName: get("Highs_passModelName"),
		passColName: get("Highs_passColName"), passRowName: get("Highs_passRowName"),
		setBool: get("Highs_setBoolOptionValue"), setInt: get("Highs_setIntOptionValue"),
		setDouble: get("Highs_setDoubleOptionValue"), setString: get("Highs_setStringOptionValue"),
		modelStatus: get("Highs_getModelStatus"), solution: get("Highs_getSolution"), objective: get("Highs_getObjectiveValue"),
		intInfo: get("Highs_getIntInfoValue"), doubleInfo: get("Highs_getDoubleInfoValue"), int64Info: get("Highs_getInt64InfoValue"),
		readModel: get("Highs_readModel"), writeModel: get("Highs_writeModel"),
		numCol: get("Highs_getNumCol"), numRow: get("Highs_getNumRow"), numNz: get("Highs_getNumNz"),
		getLp: get("Highs_getLp"), getColName: get("Highs_getColName"), getRowName: get("Highs_getRowName"),
		zeroClocks: get("Highs_zeroAllClocks"),
	}
	for _, c := range cFuncs {
		if mod.ExportedFunction(m.fn[c]) == nil {
			in.close()
			return nil, fmt.Errorf("%w: %s maps to export %q, which the wasm does not have", errGlue, c, m.fn[c])
		}
	}
	if ctor := mod.ExportedFunction(m.glue.ctor); ctor != nil {
		if _, err := in.call(ctx, ctor); err != nil {
			in.close()
			return nil, err
		}
	} else {
		in.close()
		return nil, fmt.Errorf("%w: constructor export %q missing", errGlue, m.glue.ctor)
	}
	p, err := in.call(ctx, in.f.malloc, scratchSize)
	if err != nil || p == 0 {
		in.close()
		return nil, fmt.Errorf("highs: cannot allocate the scratch block: %v", err)
	}
	in.scratch = uint32(p)
	h, err := in.call(ctx, in.f.create)
	if err != nil || h == 0 {
		in.close()
		return nil, fmt.Errorf("highs: Highs_create failed: %v", err)
	}
	in.highs = uint32(h)
	return in, nil
}

func (in *instance) close() {
	if in.mod != nil {
		in.mod.Close(context.Background())
		in.mod = nil
	}
}

// call calls f; ctx must carry the instance (withState). A trap, abort or
// closed module returns an error wrapping ErrAbort.
func (in *instance) call(ctx context.Context, f api.Function, args ...uint64) (uint64, error) {
	if ctx.Value(ctxKey{}) == nil {
		ctx = context.WithValue(ctx, ctxKey{}, in)
	}
	res, err := f.Call(ctx, args...)
	if err != nil {
		if in.abort != nil {
			return 0, in.abort
		}
		if ctx.Err() != nil {
			return 0, fmt.Errorf("%w: stopped (%v): %v", ErrAbort, context.Cause(ctx), err)
		}
		return 0, fmt.Errorf("%w: %v", ErrAbort, err)
	}
	if len(res) == 0 {
		return 0, nil
	}
	return res[0], nil
}

// cstring reads the NUL-terminated string at p.
func (in *instance) cstring(p uint32) string {
	mem := in.mod.Memory()
	var b []byte
	for i := p; ; i++ {
		c, ok := mem.ReadByte(i)
		if !ok || c == 0 {
			break
		}
		b = append(b, c)
	}
	return string(b)
}

// putString writes s and a NUL at p (which must have room).
func (in *instance) putString(p uint32, s string) {
	buf, _ := in.mod.Memory().Read(p, uint32(len(s)+1))
	copy(buf, s)
	buf[len(s)] = 0
}

// view returns the memory [p, p+n) as a slice (valid until the next call
// into the module, which may grow the memory).
func (in *instance) view(p, n uint32) []byte {
	b, ok := in.mod.Memory().Read(p, n)
	if !ok {
		panic(fmt.Sprintf("highs: memory view [%d,%d) out of range", p, p+n))
	}
	return b
}

func putF64s(b []byte, v []float64) {
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
}

func getF64s(b []byte, v []float64) {
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
}

func putI32(b []byte, i int, v int32) { binary.LittleEndian.PutUint32(b[4*i:], uint32(v)) }
func getI32(b []byte, i int) int32    { return int32(binary.LittleEndian.Uint32(b[4*i:])) }

// In-memory file table for HiGHS's readers and writers.

const (
	oWRONLY = 1
	oRDWR   = 2
	oCREAT  = 0o100
	oTRUNC  = 0o1000
	oAPPEND = 0o2000
)

func (in *instance) openat(mem api.Memory, path uint32, flags int32) int32 {
	name := in.cstring(path)
	data, ok := in.files[name]
	write := flags&(oWRONLY|oRDWR) != 0
	if !ok {
		if flags&oCREAT == 0 {
			return -errnoNOENT
		}
		data = nil
	}
	if flags&oTRUNC != 0 {
		data = nil
	}
	if write {
		in.files[name] = data
	}
	fd := in.nextFD
	in.nextFD++
	f := &memFile{name: name, data: data, write: write}
	if flags&oAPPEND != 0 {
		f.pos = int64(len(data))
	}
	in.fds[fd] = f
	return fd
}

// iovec returns the buffer of the i-th WASI iovec of the array at iov
// (entries of 8 bytes: pointer, length), or false when the entry or its
// buffer lies outside mem.
func iovec(mem api.Memory, iov, i uint32) ([]byte, bool) {
	ptr, ok1 := mem.ReadUint32Le(iov + 8*i)
	n, ok2 := mem.ReadUint32Le(iov + 8*i + 4)
	if !ok1 || !ok2 {
		return nil, false
	}
	return mem.Read(ptr, n)
}

func (in *instance) fdWrite(mem api.Memory, fd int32, iov, iovcnt, pnum uint32) int32 {
	var total uint32
	for i := uint32(0); i < iovcnt; i++ {
		b, ok := iovec(mem, iov, i)
		if !ok {
			return errnoINVAL
		}
		switch fd {
		case 1, 2:
			in.logWriter().Write(b)
		default:
			f, ok := in.fds[fd]
			if !ok || !f.write {
				return errnoBADF
			}
			end := f.pos + int64(len(b))
			if end > int64(len(f.data)) {
				f.data = append(f.data, make([]byte, end-int64(len(f.data)))...)
			}
			copy(f.data[f.pos:end], b)
			f.pos = end
			in.files[f.name] = f.data
		}
		total += uint32(len(b))
	}
	mem.WriteUint32Le(pnum, total)
	return 0
}

func (in *instance) fdRead(mem api.Memory, fd int32, iov, iovcnt, pnum uint32) int32 {
	f, ok := in.fds[fd]
	if !ok {
		return errnoBADF
	}
	var total uint32
	for i := uint32(0); i < iovcnt; i++ {
		b, ok := iovec(mem, iov, i)
		if !ok {
			return errnoINVAL
		}
		if f.pos >= int64(len(f.data)) {
			break
		}
		c := copy(b, f.data[f.pos:])
		f.pos += int64(c)
		total += uint32(c)
		if c < len(b) {
			break
		}
	}
	mem.WriteUint32Le(pnum, total)
	return 0
}

func (in *instance) fdSeek(mem api.Memory, fd int32, off int64, whence, pnew uint32) int32 {
	f, ok := in.fds[fd]
	if !ok {
		return errnoBADF
	}
	var base int64
	switch whence {
	case 0:
	case 1:
		base = f.pos
	case 2:
		base = int64(len(f.data))
	default:
		return errnoINVAL
	}
	p := base + off
	if p < 0 {
		return errnoINVAL
	}
	f.pos = p
	mem.WriteUint64Le(pnew, uint64(p))
	return 0
}

func (in *instance) fdClose(fd int32) int32 {
	f, ok := in.fds[fd]
	if !ok {
		return errnoBADF
	}
	if f.write {
		in.files[f.name] = f.data
	}
	delete(in.fds, fd)
	return 0
}
