package study_test

import (
	"context"
	"fmt"
	"os"

	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/tabular"
)

// A report of MaxSRPT on the Cor. 4 family of Lin et al. (α = 3, ε = 0.1)
// for n = 2 and 4, as 'mrsched report' runs it. Without an exact method
// the ratio's basis is the counting bound (lbcount): 8.8/5 = 1.76 at n = 2
// over-estimates the true ratio, so the check against the guarantee
// 2α/(1+α) = 1.5 (Cor. 4) is "unknown", not a violation, and Problems is
// nil.
func ExampleRunReport() {
	cfg := study.ReportConfig{Gens: []string{"cor4,n=2-4/2,alpha=3,eps=0.1"}, Methods: "maxsrpt,lbcount"}
	o, err := study.RunReport(context.Background(), cfg, study.SweepConfig{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Whole(), len(o.Set.Cells), "cells, problems:", o.Problems())
	if err := o.Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// true 2 cells, problems: <nil>
	// scope,instance,n,batch,alpha,beta,method,kind,status,total_response,mean_response,lower_bound,ratio,ratio_basis,max_ratio,geomean_ratio,guarantee_ratio,guarantee_check,opt,opt_status,opt_proof,best_lower_bound,best_upper_bound,gap
	// instance,cor4-n2-a3-e0.1,2,true,3,2.9,maxsrpt,heuristic,heuristic,8.8,4.4,,1.7600000000000002,lower_bound,,,1.5,unknown,,unknown,,5,8.8,0.4318181818181819
	// instance,cor4-n2-a3-e0.1,2,true,3,2.9,lbcount,bound,lower_bound,,,5,,,,,,,,unknown,,5,8.8,0.4318181818181819
	// instance,cor4-n4-a3-e0.1,4,true,3,2.9,maxsrpt,heuristic,heuristic,29.3,7.325,,1.83125,lower_bound,,,1.5,unknown,,unknown,,16,29.3,0.45392491467576795
	// instance,cor4-n4-a3-e0.1,4,true,3,2.9,lbcount,bound,lower_bound,,,16,,,,,,,,unknown,,16,29.3,0.45392491467576795
	// summary,,2,,,,maxsrpt,,,,5.862500000000001,,1.7956250000000002,lower_bound,1.83125,1.795271567200907,,ok=0 violations=0 unknown=2,,,,,,
	// summary,,0,,,,lbcount,,,,,,,,,,,ok=0 violations=0 unknown=0,,,,,,
}
