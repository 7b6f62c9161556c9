package sweep

// MergeFiles reads the shard files at paths (ReadFile) and merges them
// into the whole sweep (Merge), naming the files in its errors.
func MergeFiles(paths []string) (*Set, error) {
	sets := make([]*Set, 0, len(paths))
	for _, p := range paths {
		s, err := ReadFile(p)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	return Merge(sets, paths)
}
