package fileio

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// MaxIDBytes is the longest id accepted by CheckID.
const MaxIDBytes = 4096

// CheckID checks an id (of a job, node, task, dataset…): non-empty, at most
// MaxIDBytes bytes, valid UTF-8, without control characters (NUL, tab and
// newline included) or U+FEFF (a misplaced byte order mark). Errors wrap
// ErrID.
func CheckID(id string) error {
	if id == "" {
		return fmt.Errorf("%w: empty", ErrID)
	}
	if len(id) > MaxIDBytes {
		return fmt.Errorf("%w: %d bytes long (at most %d)", ErrID, len(id), MaxIDBytes)
	}
	for i := 0; i < len(id); {
		r, size := utf8.DecodeRuneInString(id[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Errorf("%w: %q has invalid UTF-8 at byte %d", ErrID, id, i)
		case r == 0:
			return fmt.Errorf("%w: %q has a NUL character at byte %d", ErrID, id, i)
		case unicode.IsControl(r):
			return fmt.Errorf("%w: %q has the control character %U at byte %d", ErrID, id, r, i)
		case r == '\ufeff':
			return fmt.Errorf("%w: %q has a byte order mark (U+FEFF) at byte %d", ErrID, id, i)
		}
		i += size
	}
	return nil
}
