package report

// portfolioMethods lists the exact portfolio method (see builtinRegistry).
func portfolioMethods() []builtin {
	return []builtin{{"portfolio", "exact portfolio (solver/exact/portfolio): the search and a MIP (the cbc program for batches, glpsol with release dates) side by side under --time-limit; portfolio[:ENGINE] (ENGINE for release-date LPs)",
		engineArg("portfolio", func(e string) Method { return exactMethod{method: "portfolio", eng: e, kind: Exact} })}}
}
