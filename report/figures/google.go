package figures

// googleNote ends every title of a figure drawn from the Google trace (its
// CC-BY 4.0 licence asks for the credit wherever results are shown).
// (instances/google.Credit names the licence as well.)
const googleNote = "data: Google cluster-usage traces, clusterdata-2011-2, Google Inc."

// GoogleRate draws Lin et al. Fig. 5 on the Google slice: the submission
// rate (peak normalised to 1) per hour and per 10 minutes against the hour
// of the window, and saves it as base.svg (and .png when asked for).
func GoogleRate(series []Series, base string, formats ...Format) ([]string, error) {
	p, err := Lines(series, LineOptions{
		Title: "Fig. 5 on the Google 2011 slice: job submissions, peak = 1\n" + googleNote,
		X:     "hour of the window", Y: "submission rate ÷ peak", YMin: 0, YMax: 1.05})
	if err != nil {
		return nil, err
	}
	return Save(p, 9, 4.5, base, formats...)
}

// GoogleSizes draws Lin et al. Fig. 6 (a–c in one plot): the empirical CDFs
// of map size, shuffle size and their ratio, each with mean 1, on a
// logarithmic x axis.
func GoogleSizes(series []Series, base string, formats ...Format) ([]string, error) {
	p, err := Lines(series, LineOptions{
		Title: "Fig. 6 on the Google 2011 slice: job sizes (mean 1)\n" + googleNote,
		X:     "size ÷ mean (log scale)", Y: "fraction of jobs ≤ x", LogX: true, YMin: 0, YMax: 1, NoMarkers: true})
	if err != nil {
		return nil, err
	}
	return Save(p, 9, 4.5, base, formats...)
}

// GoogleRelativeET draws Lin et al. Fig. 7a (original sizes) or 7b
// (cube-root balanced sizes): relative E[T] of each policy against load,
// with the lower bound at 1.
func GoogleRelativeET(series []Series, cubeRoot bool, base string, formats ...Format) ([]string, error) {
	title := "Fig. 7a on the Google 2011 slice: original sizes"
	if cubeRoot {
		title = "Fig. 7b on the Google 2011 slice: size ratio → cube root"
	}
	p, err := Lines(series, LineOptions{
		Title: title + "\n" + googleNote,
		X:     "load ρ (offered work ÷ capacity)", Y: "relative E[T] (÷ best lower bound)",
		HMarks: []Mark{{At: 1, Label: "lower bound"}}})
	if err != nil {
		return nil, err
	}
	return Save(p, 9, 4.5, base, formats...)
}
