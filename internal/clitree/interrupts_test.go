//go:build unix

package clitree

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// TestInterrupts: SIGTERM and SIGINT sent to this process both arrive on
// the channel (both fit without a reader; the order is the kernel's).
func TestInterrupts(t *testing.T) {
	sigs := Interrupts()
	defer signal.Reset(os.Interrupt, syscall.SIGTERM)
	for _, s := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		if err := syscall.Kill(os.Getpid(), s); err != nil {
			t.Fatal(err)
		}
	}
	got := map[os.Signal]bool{<-sigs: true, <-sigs: true}
	if !got[syscall.SIGTERM] || !got[syscall.SIGINT] {
		t.Errorf("got %v, want SIGTERM and SIGINT", got)
	}
}
