package straggler

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
)

// MG1DelayedExp is a mapper node with Poisson task arrivals at rate Lambda
// and delayed exponential service S = Offset + Exp(Rate) (eq. 3: the
// minimum execution time T_i convolved with an exponential part), FCFS.
//
// The paper's Lemma 1 states that the response time is then approximately
// delayed exponential (proof in its technical report [29], which we do not
// have). This type gives both:
//
//   - Exact(): the exact stationary response-time distribution. Its CDF is
//     obtained by numerically inverting the Pollaczek–Khinchine transform
//     R*(s) = (1−ρ) s S*(s) / (s − λ(1 − S*(s))), S*(s) = e^{−sT} r/(r+s),
//     with the Abate–Whitt Euler algorithm; samples are drawn exactly from
//     the Beneš / Pollaczek–Khinchine representation W = Σ_{k=1}^{G} Y_k
//     (G geometric with P(G = n) = (1−ρ)ρ^n, Y_k the equilibrium residual
//     of S), R = W + S.
//   - Lemma1(): the delayed exponential with the same offset T (R ≥ T
//     always) and the rate that matches the exact mean
//     E[R] = E[S] + λE[S²]/(2(1−ρ)).
type MG1DelayedExp struct {
	Lambda float64 // task arrival rate
	Offset float64 // T: deterministic part of the service time
	Rate   float64 // r: rate of the exponential part of the service time
}

// Validate checks the parameters and stability ρ = λ(T + 1/r) < 1.
func (q MG1DelayedExp) Validate() error {
	if err := (DelayedExp{Rate: q.Rate, Offset: q.Offset}).Validate(); err != nil {
		return err
	}
	if !(q.Lambda >= 0) || math.IsInf(q.Lambda, 1) {
		return fmt.Errorf("%w: arrival rate λ = %v must be non-negative and finite", ErrParam, q.Lambda)
	}
	if rho := q.Rho(); !(rho < 1) {
		return fmt.Errorf("%w: M/G/1 node unstable: ρ = λE[S] = %v ≥ 1", ErrUnstable, rho)
	}
	return nil
}

// MeanService returns E[S] = T + 1/r.
func (q MG1DelayedExp) MeanService() float64 { return q.Offset + 1/q.Rate }

// Rho returns the utilisation λE[S].
func (q MG1DelayedExp) Rho() float64 { return q.Lambda * q.MeanService() }

// MeanResponse returns the Pollaczek–Khinchine mean E[S] + λE[S²]/(2(1−ρ)).
func (q MG1DelayedExp) MeanResponse() float64 {
	es := q.MeanService()
	es2 := 1/(q.Rate*q.Rate) + es*es
	return es + q.Lambda*es2/(2*(1-q.Rho()))
}

// Lemma1 returns the mean-matched delayed exponential approximation of the
// response time (offset T, rate 1/(E[R] − T)).
func (q MG1DelayedExp) Lemma1() (DelayedExp, error) {
	if err := q.Validate(); err != nil {
		return DelayedExp{}, err
	}
	return DelayedExp{Offset: q.Offset, Rate: 1 / (q.MeanResponse() - q.Offset)}, nil
}

// Exact returns the exact response-time distribution.
func (q MG1DelayedExp) Exact() (MG1Response, error) {
	if err := q.Validate(); err != nil {
		return MG1Response{}, err
	}
	return MG1Response{q: q}, nil
}

// MG1Response is the exact stationary response time of an MG1DelayedExp
// node (see there). CDF values are accurate to about 1e-8 absolute (the
// Euler algorithm with M = eulerM in float64).
type MG1Response struct{ q MG1DelayedExp }

// shiftedLST returns E[e^{−s(R−T)}] = (1−ρ) s ψ(s) / (s − λ(1 − e^{−sT}ψ(s)))
// with ψ(s) = r/(r+s), the transform of R − T = W + Exp(r), which is
// smoother than R at its lower end.
func (m MG1Response) shiftedLST(s complex128) complex128 {
	q := m.q
	psi := complex(q.Rate, 0) / (complex(q.Rate, 0) + s)
	sstar := cmplx.Exp(-s*complex(q.Offset, 0)) * psi
	lam := complex(q.Lambda, 0)
	return complex(1-q.Rho(), 0) * s * psi / (s - lam*(1-sstar))
}

// eulerM is the Euler algorithm's parameter: about 0.6·M significant
// digits, limited by float64 round-off for M much above 15.
const eulerM = 15

var eulerEta = func() [2*eulerM + 1]float64 {
	// Abate & Whitt (2006), "A unified framework for numerically inverting
	// Laplace transforms", §5 (the Euler algorithm).
	var eta [2*eulerM + 1]float64
	M := eulerM
	binom := func(n, k int) float64 {
		r := 1.0
		for i := 1; i <= k; i++ {
			r = r * float64(n-k+i) / float64(i)
		}
		return r
	}
	eta[0] = 0.5
	for k := 1; k <= M; k++ {
		eta[k] = 1
	}
	eta[2*M] = math.Pow(2, -float64(M))
	for k := 1; k < M; k++ {
		eta[2*M-k] = eta[2*M-k+1] + math.Pow(2, -float64(M))*binom(M, k)
	}
	for k := 0; k <= 2*M; k++ {
		if k%2 == 1 {
			eta[k] = -eta[k]
		}
	}
	return eta
}()

// invertEuler returns f(t) from its Laplace transform fhat for t > 0.
func invertEuler(fhat func(complex128) complex128, t float64) float64 {
	M := float64(eulerM)
	a := M * math.Ln10 / 3
	sum := 0.0
	for k := 0; k <= 2*eulerM; k++ {
		beta := complex(a, math.Pi*float64(k))
		sum += eulerEta[k] * real(fhat(beta/complex(t, 0)))
	}
	return math.Pow(10, M/3) / t * sum
}

// CDF returns P(R ≤ t) by inverting R*(s)/s (shifted by the offset).
func (m MG1Response) CDF(t float64) float64 {
	x := t - m.q.Offset
	if x <= 0 {
		return 0
	}
	return clamp01(invertEuler(func(s complex128) complex128 { return m.shiftedLST(s) / s }, x))
}

// Survival returns P(R > t), inverted directly ((1 − R*(s))/s) so that it
// keeps absolute accuracy in the tail.
func (m MG1Response) Survival(t float64) float64 {
	x := t - m.q.Offset
	if x <= 0 {
		return 1
	}
	return clamp01(invertEuler(func(s complex128) complex128 { return (1 - m.shiftedLST(s)) / s }, x))
}

// LogCDF returns log P(R ≤ t).
func (m MG1Response) LogCDF(t float64) float64 {
	if s := m.Survival(t); s < 0.5 {
		return math.Log1p(-s)
	}
	return math.Log(m.CDF(t))
}

// Mean returns the Pollaczek–Khinchine mean.
func (m MG1Response) Mean() float64 { return m.q.MeanResponse() }

// Lower returns the offset T (a task is never served faster).
func (m MG1Response) Lower() float64 { return m.q.Offset }

// Breakpoints returns nil: R − T = W + Exp(r) has a continuous density.
func (MG1Response) Breakpoints() []float64 { return nil }

// TailIntegral returns E[(R − t)^+], inverting (E[R−T] − (1 − R*(s))/s)/s.
func (m MG1Response) TailIntegral(t float64) float64 {
	x := t - m.q.Offset
	mean := m.Mean() - m.q.Offset
	if x <= 0 {
		return mean - x
	}
	v := invertEuler(func(s complex128) complex128 {
		return (complex(mean, 0) - (1-m.shiftedLST(s))/s) / s
	}, x)
	return math.Max(0, v)
}

// Quantile inverts the CDF by bisection.
func (m MG1Response) Quantile(p float64) float64 { return quantileBisect(m.CDF, m.q.Offset, p) }

// Sampler draws exact response times R = Σ_{k=1}^{G} Y_k + S (see
// MG1DelayedExp).
func (m MG1Response) Sampler() func(*rand.Rand) float64 {
	q := m.q
	rho := q.Rho()
	es := q.MeanService()
	pUniform := q.Offset / es // residual is U(0,T) with this probability
	return func(rnd *rand.Rand) float64 {
		w := 0.0
		for rnd.Float64() < rho {
			if rnd.Float64() < pUniform {
				w += q.Offset * rnd.Float64()
			} else {
				w += q.Offset + rnd.ExpFloat64()/q.Rate
			}
		}
		return w + q.Offset + rnd.ExpFloat64()/q.Rate
	}
}
