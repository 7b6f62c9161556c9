// Package fileio is the one file plumbing of every mrsched reader and writer:
// size-limited reads, one text policy, strict number syntax, error positions
// and atomic writes. It implements no paper; it is the input hygiene behind
// the house rule "unreadable input is an error, never an empty model solved"
// (docs/cli.md, "Bad input" lists the inputs it was tested on).
//
// Policies, the same for every text format (tandem JSON and CSV, schedules,
// cluster and shared-scan workloads, node files, samples, NMTS, Taillard .fsp
// and SWIM traces):
//
//   - Size: every read stops after a limit, DefaultMaxBytes (256 MiB) unless the
//     environment variable MRSCHED_MAX_INPUT (bytes, or a number with the suffix
//     K, M, G, KiB, MiB or GiB) or a call to SetLimit says otherwise; a reader
//     may also pass its own limit. A regular file larger than the limit is
//     refused before it is read, with its size; a stream (a pipe, /dev/zero) is
//     read up to the limit and refused with the number of bytes read.
//   - Text: a text file is UTF-8 without NUL bytes. A UTF-8 byte order mark
//     (EF BB BF) at the very start of the file is accepted and stripped, as
//     spreadsheet programs write it; anywhere else U+FEFF is an ordinary
//     character (and is refused in ids by CheckID). Reading stops at the first
//     NUL byte or invalid UTF-8 sequence with the file, line and byte offset.
//   - Numbers: ParseFloat takes decimal numbers only (optional sign, digits,
//     optional fraction and exponent). Go-only syntax (1_000, 0x1p-2, 0b1),
//     inf, infinity and nan are refused unless a format explicitly allows
//     non-finite values (ParseFloatNonFinite); out-of-range values (1e400) are
//     refused, never rounded to ±Inf. JSON numbers use the JSON grammar.
//   - Ids: CheckID refuses empty ids, invalid UTF-8 and control characters
//     (NUL included) and U+FEFF.
//   - Positions: ParseError prints "file:line: field: message"; the line is
//     omitted when unknown (JSON errors are located by their path, such as
//     jobs[3].map).
//   - Writes: WriteFileAtomic writes to a temporary file in the destination's
//     directory and renames it into place; the temporary file is removed on
//     every failure path. A destination that is a symbolic link is written
//     through: the link stays and its target is replaced atomically (a link to
//     a missing target is refused). A destination that is a directory or a
//     non-regular file is refused. Protect(paths...) refuses to overwrite any
//     of the given files (compared with os.SameFile, so another spelling, a
//     symlink or a hard link of an input is caught too).
package fileio
