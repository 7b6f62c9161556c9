package highs

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestReadModelDeadlineWhileReaderCompiles checks that ReadModel keeps its
// context's deadline while the reader module is still being compiled (issue
// 12: with an empty compilation cache the compilation takes seconds and
// cannot be interrupted; `mip solve --time-limit 8s` on a two-variable LP
// took 12.3 s). The compilation is held back deterministically (the test
// owns the sync.Once until it releases it) and the context is already
// cancelled, so ReadModel must return context.Canceled without waiting for
// it. The 60 s timer only unblocks the old code, which waited, so that it
// fails instead of hanging; it plays no part when the code is right.
func TestReadModelDeadlineWhileReaderCompiles(t *testing.T) {
	dir := require(t).Module().Dir
	mod, err := LoadDir(dir, DefaultCacheDir())
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	go mod.readOnce.Do(func() {
		close(entered)
		<-release
		mod.read, mod.readErr = loadDir(mod.Dir, mod.CacheDir, true)
	})
	<-entered
	defer func() {
		mod.readModule() // wait for the held-back compilation before closing
		mod.Close()
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := make(chan error, 1)
	go func() {
		_, err := NewWithModule(mod).ReadModel(ctx, "tiny.lp", []byte("Minimize\n obj: x\nSubject To\n c: x >= 1\nEnd\n"))
		res <- err
	}()
	waited := false
	select {
	case err = <-res:
		close(release)
	case <-time.After(60 * time.Second):
		waited = true
		close(release)
		err = <-res
	}
	if waited {
		t.Errorf("ReadModel waited for the reader's compilation although its context was cancelled")
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadModel with a cancelled context while the reader compiles: err = %v, want context.Canceled", err)
	}
}
