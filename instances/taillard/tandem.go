package taillard

import (
	"fmt"
	"io"
	"strings"

	"github.com/mrsched/mrsched/instances"
)

// ReadTandem reads Taillard's layout from r (see Read; name is the file's
// name in errors) and returns the tandem instance (ToTandem) of its
// index-th instance, counted from 1.
func ReadTandem(r io.Reader, name string, index int) (*instances.Instance, error) {
	list, err := Read(r, name)
	if err != nil {
		return nil, err
	}
	return tandemAt(list, name, index)
}

// ReadTandemFile is ReadTandem on the file at path (ReadFile: its size is
// checked before it is read).
func ReadTandemFile(path string, index int) (*instances.Instance, error) {
	list, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return tandemAt(list, path, index)
}

func tandemAt(list []*Instance, name string, index int) (*instances.Instance, error) {
	if index < 1 || index > len(list) {
		return nil, fmt.Errorf("%w: %s: instance %d, the file holds %d instance(s)", ErrInvalid, name, index, len(list))
	}
	in, err := list[index-1].ToTandem()
	if err != nil {
		return nil, fmt.Errorf("%s: instance %d: %w", name, index, err)
	}
	return in, nil
}

// WriteAs writes in as Taillard's layout (format "fsp", see Write) or as
// its tandem instance in JSON (format "json", see ToTandem; the format's
// case does not matter).
func WriteAs(w io.Writer, in *Instance, format string) error {
	switch {
	case strings.EqualFold(format, "fsp"):
		return Write(w, in)
	case strings.EqualFold(format, "json"):
		t, err := in.ToTandem()
		if err != nil {
			return err
		}
		return instances.WriteJSON(w, t)
	}
	return fmt.Errorf("%w: format %q (want fsp or json)", ErrInvalid, format)
}
