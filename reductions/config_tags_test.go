package reductions

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/mrsched/mrsched/reductions/worstcase"
)

// TestConfigDefaults: the defaults of the commands' configurations pass
// their own validation, and the flag rule of WorstExactConfig.Ns (a struct
// tag, see internal/cliflags.Bind) is the range Validate allows, 2 ..
// worstcase.MaxClimbN.
func TestConfigDefaults(t *testing.T) {
	if err := DefaultNMTSConfig().Validate(); err != nil {
		t.Errorf("DefaultNMTSConfig: %v", err)
	}
	if err := DefaultWorstConfig().Validate(); err != nil {
		t.Errorf("DefaultWorstConfig: %v", err)
	}
	if err := DefaultStudyConfig().Validate(); err != nil {
		t.Errorf("DefaultStudyConfig: %v", err)
	}
	if err := DefaultWorstExactConfig().Validate(); err != nil {
		t.Errorf("DefaultWorstExactConfig: %v", err)
	}
	f, _ := reflect.TypeFor[WorstExactConfig]().FieldByName("Ns")
	if got, want := f.Tag.Get("rule"), fmt.Sprintf("between(2,%d)", worstcase.MaxClimbN); got != want {
		t.Errorf("WorstExactConfig.Ns rule %q, want %q (Validate's range)", got, want)
	}
}
