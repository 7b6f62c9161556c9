//go:build cbc

package engine

import (
	"github.com/mrsched/mrsched/solver/cbc"
	"github.com/mrsched/mrsched/solver/mip"
)

func init() {
	register("cbc", func() (mip.Engine, error) { return cbc.New(), nil }, func() Info {
		return Info{Kind: "native (cgo, -tags cbc)", Version: cbc.Version(), Location: "libCbcSolver (pkg-config cbc)"}
	})
}
