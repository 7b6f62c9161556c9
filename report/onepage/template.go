package onepage

// pageHTML is the page: inline CSS only (system fonts, no @import, no
// url()), figures as inline SVG, no scripts. @media print keeps tables and
// figures whole and drops the background colours.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mrsched">
<title>{{.Title}}</title>
<style>
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1b1b; margin: 0 auto; max-width: 1120px; padding: 1.2em 1.5em 3em; }
h1 { font-size: 1.6em; margin: 0.2em 0 0.6em; }
h2 { font-size: 1.2em; margin: 1.6em 0 0.5em; border-bottom: 1px solid #ccc; padding-bottom: 0.15em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #e3e3e3; text-align: left; vertical-align: top; }
th { background: #f2f2f2; font-weight: 600; }
td.n, th.n { text-align: right; }
table + table { margin-top: 0.9em; }
.rec { background: #eef5fb; border: 1px solid #b8d3ea; border-radius: 6px; padding: 0.8em 1.1em; }
.rec table td, .rec table th { border: none; background: none; padding: 0.15em 0.9em 0.15em 0; }
.rec .big { font-size: 1.25em; font-weight: 600; }
.plan-wrap { max-height: 36em; overflow: auto; border: 1px solid #e3e3e3; }
.plan-wrap th { position: sticky; top: 0; }
figure { margin: 1em 0 1.6em; page-break-inside: avoid; break-inside: avoid; }
figure svg { width: 100%; height: auto; display: block; }
figcaption { font-size: 0.9em; color: #555; margin-top: 0.3em; }
.note { color: #555; font-size: 0.92em; }
.warn { color: #8a1c00; }
td.late { color: #8a1c00; font-weight: 600; }
dl.prov { display: grid; grid-template-columns: max-content 1fr; gap: 0.15em 1em; }
dl.prov dt { font-weight: 600; }
dl.prov dd { margin: 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; word-break: break-all; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  .rec, th { background: none; }
  .plan-wrap { max-height: none; overflow: visible; border: none; }
  .plan-wrap th { position: static; }
  tr, figure, .rec { page-break-inside: avoid; break-inside: avoid; }
  h2 { page-break-after: avoid; break-after: avoid; }
}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{with .Result}}
<section id="recommendation" class="rec">
<table>
<tr><th scope="row">Best plan</th><td class="big" id="best-method">{{if .BestUpperBy}}{{.BestUpperBy}}{{else}}none{{end}}</td></tr>
<tr><th scope="row" id="objective">{{if eq $.Objective "weighted total response"}}Weighted total response Σ w (C − r){{else}}Total response time{{end}}</th><td class="big" id="best-cost" data-value="{{machine .BestUpper}}">{{rnum .BestUpper}}</td></tr>
<tr><th scope="row">Mean {{if eq $.Objective "weighted total response"}}weighted response{{else}}response time{{end}}</th><td>{{mean .BestUpper .N}}</td></tr>
{{if $.Deadlines}}<tr><th scope="row">Deadlines</th><td id="deadlines">{{$.Deadlines}}</td></tr>{{end}}
<tr><th scope="row">Best lower bound</th><td id="lower-bound" data-value="{{machine .BestLower}}">{{rnum .BestLower}}{{if .BestLowerBy}} (from {{.BestLowerBy}}){{end}}</td></tr>
<tr><th scope="row">Gap (UB − LB) / UB</th><td id="gap" data-gap="{{machine .Gap}}">{{pct .Gap}}</td></tr>
<tr><th scope="row">Status</th><td id="status">{{if eq .OPTStatus "optimal"}}optimal: OPT = {{rnum .OPT}} proven{{else}}not proven optimal (no method proved optimality{{if $.TimeLimit}} within the time limit{{end}}){{end}}</td></tr>
<tr><th scope="row">Time limit</th><td id="time-limit">{{if $.TimeLimit}}{{$.TimeLimit}} per exact method{{else}}none{{end}}</td></tr>
</table>
{{if .Violations}}<p class="warn">Violations (a bug in a method or in the model): {{range .Violations}}<br>{{.}}{{end}}</p>{{end}}
{{if .Errors}}<p class="warn">Methods that failed: {{range .Errors}}<br>{{.}}{{end}}</p>{{end}}
</section>
{{end}}

<section id="plan">
<h2>Plan: jobs in completion order</h2>
{{if .Plan}}<p class="note">The schedule of {{.Result.BestUpperBy}}; {{if .Clock}}release, start, completion and deadline as clock times, response and lateness{{else}}times{{end}} in the instance's time units; start = first service, response = completion − release, lateness = completion − deadline (negative: early); a job starts after the jobs it comes after complete.</p>
<div class="plan-wrap">
<table class="plan">
<thead><tr><th class="n">#</th><th>job</th><th class="n">weight</th><th>after</th><th class="n">release</th><th class="n">start</th><th class="n">completion</th><th class="n">response</th><th class="n">due</th><th>late</th><th class="n">lateness</th></tr></thead>
<tbody>
{{range .Plan}}<tr class="job"><td class="n">{{.Rank}}</td><td>{{.Job}}</td><td class="n">{{num .Weight}}</td><td>{{after .After}}</td><td class="n">{{at .Release .ReleaseClock}}</td><td class="n">{{at .Start .StartClock}}</td><td class="n">{{at .Completion .CompletionClock}}</td><td class="n">{{num .Response}}</td>{{if .HasDue}}<td class="n">{{at .Due .DueClock}}</td>{{if .Late}}<td class="late">yes</td>{{else}}<td>no</td>{{end}}<td class="n">{{num .Lateness}}</td>{{else}}<td></td><td></td><td></td>{{end}}</tr>
{{end}}</tbody>
</table>
</div>{{else}}<p class="note">{{.PlanNote}}</p>{{end}}
</section>

<section id="figures">
<h2>Figures</h2>
{{range .Figures}}<figure>
{{.SVG}}
<figcaption>{{.Title}}</figcaption>
</figure>
{{else}}<p class="note">No figures: there is no plan.</p>
{{end}}</section>

{{with .WhatIfResult}}
<section id="whatif">
<h2>What-if: sizes off their estimates</h2>
<p class="note" id="noise-model">Noise model: {{.Noise}}; {{.Reps}} replications, seed {{.Seed}}. The plan ({{.Plan}}) keeps its completion order as a priority order; each policy is simulated on the same perturbed sizes. Band: 5 %–95 % of the {{$.Objective}} over the replications, line: min–max, bar: median, dot: mean, triangle: on the estimated sizes.</p>
{{with $.WhatIfFigure}}<figure>
{{.SVG}}
<figcaption>{{.Title}}</figcaption>
</figure>{{end}}
<table class="whatif">
<thead><tr><th>method</th><th class="n">on the estimates</th><th class="n">mean</th><th class="n">5 %</th><th class="n">median</th><th class="n">95 %</th><th class="n">max</th></tr></thead>
<tbody>
{{range .Methods}}<tr class="whatif-method"><td>{{.Method}}</td><td class="n">{{num .Nominal}}</td><td class="n">{{num .Mean}}</td><td class="n">{{num .P5}}</td><td class="n">{{num .P50}}</td><td class="n">{{num .P95}}</td><td class="n">{{num .Max}}</td></tr>
{{end}}</tbody>
</table>
</section>
{{end}}

{{with .Result}}
<section id="methods">
<h2>Methods side by side</h2>
<p class="note">Ratio: total response over OPT, or over the best lower bound when OPT is unknown (then it over-estimates the ratio to OPT).
{{if .GuaranteesNone}}Guarantees: none (Lin, Wierman, Zhang and Tan, Cor. 4 and 6 are for independent jobs of equal weight; this instance has {{.GuaranteesNone}}); α = {{rnum .Alpha}}, β = {{rnum .Beta}}.{{else}}Guarantees on a batch (Lin, Wierman, Zhang and Tan, Cor. 4 and 6): α = {{rnum .Alpha}}, β = {{rnum .Beta}}: MaxSRPT within {{rnum .MaxSRPTGuarantee}} × OPT, SplitSRPT within {{rnum .SplitSRPTGuarantee}} × OPT.{{end}}</p>
<table class="methods">
<thead><tr><th>method</th><th>kind</th><th>status</th><th class="n">total response</th><th class="n">mean response</th><th class="n">lower bound</th><th class="n">ratio</th><th>basis</th><th class="n">guarantee</th><th>check</th><th>note</th></tr></thead>
<tbody>
{{range .Methods}}<tr><td>{{.Method}}</td><td>{{.Kind}}</td><td>{{.Status}}</td><td class="n">{{rnum .TotalResponse}}</td><td class="n">{{rnum .MeanResponse}}</td><td class="n">{{rnum .LowerBound}}</td><td class="n">{{rnum .Ratio}}</td><td>{{.RatioBasis}}</td><td class="n">{{if eq .GuaranteeCheck "none"}}none{{else}}{{rnum .Guarantee}}{{end}}</td><td>{{.GuaranteeCheck}}</td><td class="note">{{.Note}}</td></tr>
{{end}}</tbody>
</table>
</section>
{{end}}

{{with .Summary}}
<section id="instance">
<h2>Instance</h2>
<table class="summary">
<tr><th scope="row">jobs</th><td class="n">{{.N}}</td><td>{{if .Batch}}a batch: every job released at time 0{{else}}with release dates; offered load {{num .Load}}{{end}}</td></tr>
<tr><th scope="row">map station</th><td class="n">capacity {{num .MapCapacity}}</td><td>work / capacity = {{num .MapWork}} time units</td></tr>
<tr><th scope="row">shuffle station</th><td class="n">capacity {{num .ShuffleCapacity}}</td><td>work / capacity = {{num .ShuffleWork}} time units</td></tr>
<tr><th scope="row">α, β</th><td class="n">{{rnum $.Result.Alpha}}, {{rnum $.Result.Beta}}</td><td>largest and smallest max(map/shuffle, shuffle/map) of a job</td></tr>
</table>
<table class="sizes">
<thead><tr><th>size</th><th class="n">min</th><th class="n">median</th><th class="n">mean</th><th class="n">max</th><th class="n">total</th></tr></thead>
<tbody>
<tr><td>map</td><td class="n">{{num .Map.Min}}</td><td class="n">{{num .Map.Median}}</td><td class="n">{{num .Map.Mean}}</td><td class="n">{{num .Map.Max}}</td><td class="n">{{num .Map.Total}}</td></tr>
<tr><td>shuffle</td><td class="n">{{num .Shuffle.Min}}</td><td class="n">{{num .Shuffle.Median}}</td><td class="n">{{num .Shuffle.Mean}}</td><td class="n">{{num .Shuffle.Max}}</td><td class="n">{{num .Shuffle.Total}}</td></tr>
</tbody>
</table>
</section>
{{end}}

{{if .Others}}
<section id="others">
<h2>The report's other instances</h2>
<table class="others">
<thead><tr><th>instance</th><th class="n">jobs</th><th>best plan</th><th class="n">total response</th><th class="n">best lower bound</th><th>by</th><th class="n">gap</th><th>status</th></tr></thead>
<tbody>
{{range .Others}}<tr><td>{{.Name}}</td><td class="n">{{.N}}</td><td>{{.BestUpperBy}}</td><td class="n">{{rnum .BestUpper}}</td><td class="n">{{rnum .BestLower}}</td><td>{{.BestLowerBy}}</td><td class="n">{{pct .Gap}}</td><td>{{.OPTStatus}}</td></tr>
{{end}}</tbody>
</table>
</section>
{{end}}

<section id="provenance">
<h2>Provenance</h2>
<dl class="prov">
{{range .Provenance.Fields}}<dt>{{.Label}}</dt><dd>{{.Value}}</dd>
{{end}}</dl>
</section>
</body>
</html>
`
