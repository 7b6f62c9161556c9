package clitree

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"
)

// Process says how RunProcess runs the program as an operating-system
// process.
type Process struct {
	// Signals delivers the interrupts (SIGINT, SIGTERM: Interrupts).
	Signals <-chan os.Signal
	// Stoppable returns the root context of the commands and its stop
	// (mip.Stoppable, which also ends the steps that run past a
	// deadline); nil is context.WithCancel.
	Stoppable func(context.Context) (context.Context, context.CancelFunc)
	// Grace is how long a command has, after an interrupt, to write its
	// answer so far and return; after it, or at a second interrupt,
	// Cleanup runs and Exit ends the process. Zero waits for the command.
	Grace time.Duration
	// Cleanup ends what the command may have left running (engine
	// children of methods given up at a deadline) and removes temporary
	// files; it runs on every exit path; nil for none.
	Cleanup func()
	// Exit ends the process (os.Exit).
	Exit func(code int)
}

// Interrupts is Process.Signals for this process: SIGINT and SIGTERM
// (signal.Notify), with room for both.
func Interrupts() <-chan os.Signal {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	return sigs
}

// SignalStatus is the exit status of a process ended by sig: 128 + its
// number (130 for SIGINT, 143 for SIGTERM), as a shell reports it.
func SignalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}

// RunProcess runs app on args (see Run) with a context that an interrupt
// cancels: the command returns what it has (its answer so far, status
// interrupted) and the process exits with SignalStatus. A command that
// does not return within p.Grace, or a second interrupt, ends the process
// after p.Cleanup, which also runs when the command returns. An error writing the program's output (app.Writer: a
// closed stdout, a full disk) makes a successful command exit 1.
func RunProcess(app *cli.App, args []string, p Process) int {
	stoppable := p.Stoppable
	if stoppable == nil {
		stoppable = context.WithCancel
	}
	ctx, stop := stoppable(context.Background())
	defer stop()
	out := &errWriter{w: app.Writer}
	app.Writer = out
	var (
		mu  sync.Mutex
		sig os.Signal
	)
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		var s os.Signal
		select {
		case s = <-p.Signals:
		case <-done:
			return
		}
		mu.Lock()
		sig = s
		mu.Unlock()
		fmt.Fprintf(app.ErrWriter, "%s: %s: stopping, writing the answer so far (again to stop at once)\n", app.Name, s)
		stop()
		var expired <-chan time.Time
		if p.Grace > 0 {
			t := time.NewTimer(p.Grace)
			defer t.Stop()
			expired = t.C
		}
		select {
		case <-done:
			return
		case <-p.Signals:
		case <-expired:
		}
		if p.Cleanup != nil {
			p.Cleanup()
		}
		p.Exit(SignalStatus(s))
	}()
	err := app.RunContext(ctx, FlagsFirst(app.Commands, args))
	close(done)
	<-watched
	stop()
	if p.Cleanup != nil {
		p.Cleanup()
	}
	mu.Lock()
	defer mu.Unlock()
	if err == nil && out.err != nil {
		err = fmt.Errorf("write the output: %w", out.err)
	}
	if err != nil {
		fmt.Fprintln(app.ErrWriter, app.Name+":", err)
	}
	if sig != nil {
		return SignalStatus(sig)
	}
	return ExitStatus(err)
}

// errWriter keeps the first error of its writer.
type errWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	n, err := e.w.Write(b)
	if err != nil {
		e.mu.Lock()
		if e.err == nil {
			e.err = err
		}
		e.mu.Unlock()
	}
	return n, err
}
