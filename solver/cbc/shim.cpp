//go:build cbc

#include "shim.h"
#include "CoinError.hpp"
#include "CoinLpIO.hpp"
#include "CoinMpsIO.hpp"
#include "CoinPackedMatrix.hpp"
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

static void set_err(char *err, int n, const std::string &msg) {
	if (n <= 0) return;
	std::strncpy(err, msg.c_str(), n - 1);
	err[n - 1] = 0;
}

#define GUARD(body)                                                              \
	try {                                                                        \
		body                                                                     \
	} catch (CoinError & e) {                                                    \
		set_err(err, n, e.className() + "::" + e.methodName() + ": " + e.message()); \
		return -1000;                                                            \
	} catch (std::exception & e) {                                               \
		set_err(err, n, e.what());                                               \
		return -1000;                                                            \
	} catch (...) {                                                              \
		set_err(err, n, "unknown C++ exception");                                \
		return -1000;                                                            \
	}

template <class R>
static void fill(const R &rd, mrs_model *out, bool maximize, double offset) {
	int nc = rd.getNumCols(), nr = rd.getNumRows();
	const CoinPackedMatrix *a = rd.getMatrixByRow();
	out->ncol = nc;
	out->nrow = nr;
	out->maximize = maximize;
	out->offset = offset;
	out->obj = (double *)std::calloc(nc + 1, sizeof(double));
	out->collb = (double *)std::calloc(nc + 1, sizeof(double));
	out->colub = (double *)std::calloc(nc + 1, sizeof(double));
	out->integer = (char *)std::calloc(nc + 1, 1);
	out->colname = (char **)std::calloc(nc + 1, sizeof(char *));
	out->rowlb = (double *)std::calloc(nr + 1, sizeof(double));
	out->rowub = (double *)std::calloc(nr + 1, sizeof(double));
	out->rowname = (char **)std::calloc(nr + 1, sizeof(char *));
	out->start = (int *)std::calloc(nr + 1, sizeof(int));
	const double *obj = rd.getObjCoefficients();
	for (int j = 0; j < nc; j++) {
		out->obj[j] = maximize ? -obj[j] : obj[j];
		out->collb[j] = rd.getColLower()[j];
		out->colub[j] = rd.getColUpper()[j];
		out->integer[j] = rd.isInteger(j) ? 1 : 0;
		const char *nm = rd.columnName(j);
		out->colname[j] = strdup(nm ? nm : "");
	}
	int nnz = 0;
	for (int i = 0; i < nr; i++) {
		out->rowlb[i] = rd.getRowLower()[i];
		out->rowub[i] = rd.getRowUpper()[i];
		const char *nm = rd.rowName(i);
		out->rowname[i] = strdup(nm ? nm : "");
		if (a && i < a->getMajorDim()) nnz += a->getVectorLengths()[i];
	}
	out->nnz = nnz;
	out->index = (int *)std::calloc(nnz + 1, sizeof(int));
	out->value = (double *)std::calloc(nnz + 1, sizeof(double));
	int k = 0;
	for (int i = 0; i < nr; i++) {
		out->start[i] = k;
		if (!a || i >= a->getMajorDim()) continue;
		CoinBigIndex s = a->getVectorStarts()[i];
		int len = a->getVectorLengths()[i];
		for (int t = 0; t < len; t++, k++) {
			out->index[k] = a->getIndices()[s + t];
			out->value[k] = a->getElements()[s + t];
		}
	}
	out->start[nr] = k;
}

extern "C" {
void mrs_free_model(mrs_model *m) {
	for (int j = 0; m->colname && j < m->ncol; j++) std::free(m->colname[j]);
	for (int i = 0; m->rowname && i < m->nrow; i++) std::free(m->rowname[i]);
	std::free(m->obj); std::free(m->collb); std::free(m->colub); std::free(m->integer);
	std::free(m->colname); std::free(m->rowlb); std::free(m->rowub); std::free(m->rowname);
	std::free(m->start); std::free(m->index); std::free(m->value);
	std::memset(m, 0, sizeof(*m));
}

// CoinLpIO turns a maximisation into a minimisation of the negated
// objective and remembers it in wasMaximization(); objectiveOffset() is the
// objective's constant as written, in either sense (checked by the round
// trip tests).
int mrs_read_lp(const char *file, mrs_model *out, char *err, int n) {
	GUARD(
		CoinLpIO rd;
		rd.messageHandler()->setLogLevel(0);
		rd.readLp(file);
		fill(rd, out, rd.wasMaximization(), rd.objectiveOffset());
		return 0;)
}

// CoinMpsIO keeps the file's (minimisation) objective; objectiveOffset()
// is the RHS of the objective row, so the constant is its negation.
int mrs_read_mps(const char *file, mrs_model *out, char *err, int n) {
	GUARD(
		CoinMpsIO rd;
		rd.messageHandler()->setLogLevel(0);
		int e = rd.readMps(file, "");
		if (e != 0) return e;
		fill(rd, out, false, -rd.objectiveOffset());
		return 0;)
}
int mrs_cbc_solve(Cbc_Model *m, char *err, int n) { GUARD(return Cbc_solve(m);) }
int mrs_cbc_read_lp(Cbc_Model *m, const char *file, char *err, int n) { GUARD(return Cbc_readLp(m, file);) }
int mrs_cbc_read_mps(Cbc_Model *m, const char *file, char *err, int n) { GUARD(return Cbc_readMps(m, file);) }
int mrs_cbc_load(Cbc_Model *m, int ncol, int nrow, const CoinBigIndex *start, const int *index,
	const double *value, const double *collb, const double *colub, const double *obj,
	const double *rowlb, const double *rowub, char *err, int n) {
	GUARD(Cbc_loadProblem(m, ncol, nrow, start, index, value, collb, colub, obj, rowlb, rowub); return 0;)
}
}
