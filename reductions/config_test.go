package reductions

import (
	"testing"
)

// TestConfigDefaults: the defaults of the commands' configurations pass
// their own validation.
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
}
