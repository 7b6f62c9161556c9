// Package confint holds the one confidence-interval helper of the module: the
// mean of independent replications (or batch means) with the half-width of
// its 95 % Student-t interval, t(0.975, n−1)·s/√n (s the sample standard
// deviation), as the straggler simulators, the fork-join batch means and
// the cluster studies report them.
package confint
