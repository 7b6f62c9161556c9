package main

import (
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/solver/mip"
)

// The default time limits of the commands that take one through
// timeLimited (the others set their own next to their flags).
const (
	// runLimit bounds a simulation, an evaluation, a generator or an
	// import: minutes cover the documented largest sizes.
	runLimit = 10 * time.Minute
	// studyLimit bounds a study: its finished cells stay in its cells
	// file (journal), and a rerun with the same file resumes them.
	studyLimit = 2 * time.Hour
	// studyLimitUsage is the usage of a study's --time-limit.
	studyLimitUsage = "for the whole study: the cells finished by then stay in the cells file and a rerun with it resumes"
)

// timeLimited gives command a --time-limit flag (default def) for the
// whole command (clitree.TimeLimited): its context ends at the command's
// start plus the limit less mip.OutputMargin, kept for writing the answer.
// An interrupt cancels the same context (exit 130 or 143).
func timeLimited(def time.Duration, usage string, command *cli.Command) *cli.Command {
	return clitree.TimeLimited(command, cliflags.TimeLimit(def, usage), commandStart, mip.Deadline)
}

// runLimited is timeLimited with runLimit for the whole command, whose
// work (what: "a simulation") stopped early writes nothing.
func runLimited(what string, command *cli.Command) *cli.Command {
	return timeLimited(runLimit, "for the whole command ("+what+" stopped early writes nothing)", command)
}

// studyLimited is timeLimited with studyLimit for a resumable study.
func studyLimited(command *cli.Command) *cli.Command {
	return timeLimited(studyLimit, studyLimitUsage, command)
}
