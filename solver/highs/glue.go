package highs

import (
	"errors"
	"fmt"
	"regexp"
)

// glue is what the loader takes from the Emscripten glue highs.js.
type glue struct {
	exports map[string]string // C name without underscore ("Highs_create") → wasm export
	imports map[string]string // wasm import name → Emscripten name ("emscripten_resize_heap")
	ctor    string            // export that runs the static constructors
}

var (
	reExport  = regexp.MustCompile(`\b_([A-Za-z][A-Za-z0-9_]*)=Module\["_[A-Za-z0-9_]+"\]=wasmExports\["([^"]+)"\]`)
	reImports = regexp.MustCompile(`wasmImports=\{([^}]*)\}`)
	reImport  = regexp.MustCompile(`([A-Za-z0-9_$]+):_([A-Za-z0-9_$]+)`)
	reCtor    = regexp.MustCompile(`function initRuntime\(\)\{[^}]*?wasmExports\["([^"]+)"\]\(\)`)
)

// errGlue is wrapped by parse errors of highs.js.
var errGlue = errors.New("highs: cannot read the export/import mapping from highs.js")

func parseGlue(js []byte) (*glue, error) {
	g := &glue{exports: map[string]string{}, imports: map[string]string{}}
	for _, m := range reExport.FindAllSubmatch(js, -1) {
		g.exports[string(m[1])] = string(m[2])
	}
	im := reImports.FindSubmatch(js)
	if im == nil {
		return nil, fmt.Errorf("%w: no wasmImports={...}", errGlue)
	}
	for _, m := range reImport.FindAllSubmatch(im[1], -1) {
		g.imports[string(m[1])] = string(m[2])
	}
	c := reCtor.FindSubmatch(js)
	if c == nil {
		return nil, fmt.Errorf("%w: no constructor call in initRuntime", errGlue)
	}
	g.ctor = string(c[1])
	for _, need := range cFuncs {
		if _, ok := g.exports[need]; !ok {
			return nil, fmt.Errorf("%w: no export for %s", errGlue, need)
		}
	}
	return g, nil
}

// cFuncs are the C functions the engine calls.
var cFuncs = []string{
	"malloc", "free",
	"Highs_create", "Highs_destroy", "Highs_clear", "Highs_version", "Highs_run",
	"Highs_passLp", "Highs_passMip", "Highs_passModelName", "Highs_passColName", "Highs_passRowName",
	"Highs_setBoolOptionValue", "Highs_setIntOptionValue", "Highs_setDoubleOptionValue", "Highs_setStringOptionValue",
	"Highs_getModelStatus", "Highs_getSolution", "Highs_getObjectiveValue",
	"Highs_getIntInfoValue", "Highs_getDoubleInfoValue", "Highs_getInt64InfoValue",
	"Highs_readModel", "Highs_writeModel", "Highs_getNumCol", "Highs_getNumRow", "Highs_getNumNz",
	"Highs_getLp", "Highs_getColName", "Highs_getRowName", "Highs_zeroAllClocks",
}
