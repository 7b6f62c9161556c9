//go:build !cbc

package engine

import (
	"errors"

	"github.com/mrsched/mrsched/solver/mip"
)

func init() {
	register("cbc", func() (mip.Engine, error) {
		return nil, errors.New("not compiled in: build with -tags cbc (needs coinor-libcbc-dev, installed by 'make setup')")
	}, func() Info { return Info{Kind: "native (cgo, -tags cbc)"} })
}
