// Exception-safe wrappers around the CBC C interface (see shim.cpp).
#ifndef MRSCHED_CBC_SHIM_H
#define MRSCHED_CBC_SHIM_H
#include "Cbc_C_Interface.h"
#ifdef __cplusplus
extern "C" {
#endif
// Each returns the wrapped call's result, or -1000 after a C++ exception,
// whose message is copied (NUL-terminated) into err[0:n].
int mrs_cbc_solve(Cbc_Model *m, char *err, int n);
int mrs_cbc_read_lp(Cbc_Model *m, const char *file, char *err, int n);
int mrs_cbc_read_mps(Cbc_Model *m, const char *file, char *err, int n);
int mrs_cbc_load(Cbc_Model *m, int ncol, int nrow, const CoinBigIndex *start, const int *index,
	const double *value, const double *collb, const double *colub, const double *obj,
	const double *rowlb, const double *rowub, char *err, int n);

// A model read by CBC's readers (CoinLpIO, CoinMpsIO), in the sense and
// with the offset of the file; free with mrs_free_model.
typedef struct {
	int ncol, nrow, nnz;
	int maximize;
	double offset;
	double *obj, *collb, *colub, *rowlb, *rowub, *value;
	int *start, *index; // row-wise: start[nrow+1]
	char *integer;       // ncol entries, 1 for integer columns
	char **colname, **rowname;
} mrs_model;

// mrs_read_lp and mrs_read_mps return 0, the reader's error count, or
// -1000 after a C++ exception (message in err).
int mrs_read_lp(const char *file, mrs_model *out, char *err, int n);
int mrs_read_mps(const char *file, mrs_model *out, char *err, int n);
void mrs_free_model(mrs_model *m);
#ifdef __cplusplus
}
#endif
#endif
