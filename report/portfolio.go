package report

// portfolioMethods lists the exact portfolio method (see builtinRegistry).
func portfolioMethods() []builtin {
	return []builtin{{"portfolio", "exact portfolio (solver/exact/portfolio): the search and GLPK's MIP side by side under --time-limit; portfolio[:ENGINE] (ENGINE for release-date LPs)",
		engineArg("portfolio", func(e string) Method { return exactMethod{method: "portfolio", eng: e, kind: Exact} })}}
}
