/* SPDX-License-Identifier: BSD-3-Clause */
/* What the C++ files of mbc-lammps need to derive LAMMPS classes from
 * outside LAMMPS, against Debian's liblammps-dev (29 Sep 2021 update 2,
 * built with LAMMPS_SMALLBIG, without LAMMPS_EXCEPTIONS).
 *
 * 1. fmt: LAMMPS's headers include fmt/format.h, which Debian does not ship
 *    with LAMMPS (its build used the bundled fmt, namespace fmt::v7_lmp);
 *    libfmt-dev (fmt 9) stands in: the classes' layouts do not depend on
 *    fmt. The files call no LAMMPS function whose signature involves an fmt
 *    type (their mangled names would not match: the link would fail), only
 *    the std::string overloads of Error and utils. fmt 9 lacks
 *    make_args_checked, which templates of error.h and utils.h name:
 *    declared here, never defined (a use fails to link).
 * 2. Headers Debian does not ship (neigh_request.h, fix_neigh_history.h,
 *    command.h): mbc-lammps needs two data members of NeighRequest and the
 *    data members of FixNeighHistory. The views below declare them in the
 *    library's order and are checked at run time against the values the
 *    library's constructors set (view_request, view_history), so that a
 *    LAMMPS whose layout differs is refused with one line instead of
 *    written into at the wrong place. Command is declared as LAMMPS
 *    declares it (its vtable must match). */
#ifndef ML_LAMMPS_VIEWS_H
#define ML_LAMMPS_VIEWS_H

#include <fmt/format.h>
namespace fmt
{
template <typename... Args, typename S>
format_arg_store<format_context, Args...> make_args_checked(const S &, const Args &...);
} // namespace fmt

#include <lammps/atom.h>
#include <lammps/comm.h>
#include <lammps/error.h>
#include <lammps/fix.h>
#include <lammps/force.h>
#include <lammps/lammps.h>
#include <lammps/memory.h>
#include <lammps/modify.h>
#include <lammps/neigh_list.h>
#include <lammps/neighbor.h>
#include <lammps/pair.h>
#include <lammps/update.h>
#include <lammps/utils.h>

#include <string>

namespace LAMMPS_NS
{
/* LAMMPS's declaration that Debian does not ship (src/command.h of the
 * linked version): the same class, so that the vtable of a command matches
 * the one LAMMPS calls. */
class Command : protected Pointers
{
  public:
    explicit Command(LAMMPS *lmp) : Pointers(lmp) {}
    virtual void command(int, char **) = 0;
};
} // namespace LAMMPS_NS

namespace mbc_lammps
{

/* The first members of LAMMPS_NS::NeighRequest: a Pointers base, then
 * index, requestor, requestor_instance, id, and the flags pair ...
 * history, in this order. Only `size` and `history` are written. */
struct NeighRequestView : protected LAMMPS_NS::Pointers {
    int index;
    void *requestor;
    int requestor_instance;
    int id;
    int pair, fix, compute, command, neigh, half, full, occasional, newton, ghost;
    int size;
    int history;
};

/* LAMMPS_NS::FixNeighHistory's data members (a Fix, then these, public and
 * protected in the library's order): the per-neighbor contact flags and
 * records of the current neighbor list (firstflag, firstvalue), and each
 * owned atom's partners between reneighborings (npartner, partner: their
 * atom IDs, valuepartner: their records). */
struct FixNeighHistoryView : public LAMMPS_NS::Fix {
    int nlocal_neigh;
    int nall_neigh;
    int use_bit_flag;
    int **firstflag;
    double **firstvalue;
    LAMMPS_NS::Pair *pair;
    int newton_pair;
    int dnum, dnumbytes;
    int onesided;
    int maxatom;
    int commflag;
    double *zeroes;
    int *npartner;
    LAMMPS_NS::tagint **partner;
    double **valuepartner;
    int maxpartner;
};

/* A request of requestor p just made (index irequest): the constructor's
 * defaults and Neighbor::request's settings must be where the view says. */
inline NeighRequestView *view_request(LAMMPS_NS::Neighbor *nb, int irequest, void *p)
{
    auto *r = reinterpret_cast<NeighRequestView *>(nb->requests[irequest]);
    const bool ok = r->index == irequest && r->requestor == p && r->pair == 1 && r->half == 1 &&
                    r->full == 0 && r->size == 0 && r->history == 0 && r->fix == 0 &&
                    r->compute == 0;
    return ok ? r : nullptr;
}

/* A fix just made by "ID all NEIGH_HISTORY dnum": its constructor set
 * use_bit_flag to 1, dnum and dnumbytes, newton_pair to the force's, and
 * firstflag, firstvalue, pair to null. */
inline FixNeighHistoryView *view_history(LAMMPS_NS::Fix *f, int dnum, int newton_pair)
{
    if (!f || std::string(f->style) != "NEIGH_HISTORY")
        return nullptr;
    auto *h = static_cast<FixNeighHistoryView *>(f);
    const bool ok = h->use_bit_flag == 1 && h->nlocal_neigh == 0 && h->nall_neigh == 0 &&
                    h->firstflag == nullptr && h->firstvalue == nullptr && h->pair == nullptr &&
                    h->dnum == dnum && h->dnumbytes == dnum * (int)sizeof(double) &&
                    h->onesided == 0 && h->newton_pair == newton_pair;
    return ok ? h : nullptr;
}

/* LAMMPS's Error::all and Error::one with this file's name and line (the
 * std::string overloads: see above). */
#define ML_ALL(error, text)  (error)->all(std::string(__FILE__), __LINE__, std::string(text))
#define ML_ONE(error, text)  (error)->one(std::string(__FILE__), __LINE__, std::string(text))
#define ML_WARN(error, text) (error)->warning(std::string(__FILE__), __LINE__, std::string(text))

} // namespace mbc_lammps

#endif
