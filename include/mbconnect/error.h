/* SPDX-License-Identifier: BSD-3-Clause */
/* The one status type and the one error record of every layer: the core
 * library, the Lua front end (case, spec and scene files), the generator and
 * the tools (docs/contributing.rst, "Errors"). A function that can fail
 * returns an mbc_status and, when given an mbc_error, fills it with one line
 * and the same facts as fields, so that no caller parses the message.
 * Included by mbconnect/connector.h. */
#ifndef MBCONNECT_ERROR_H
#define MBCONNECT_ERROR_H

#include <stddef.h>

#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Values are stable: new ones are added at the end. */
typedef enum mbc_status {
    MBC_OK = 0,
    MBC_ERR_VALUE, /* a value breaks its type's rule or a cross-field rule */
    MBC_ERR_SIZE,  /* wrong array length */
    MBC_ERR_NAME,  /* unknown type, parameter or output name */
    MBC_ERR_STATE, /* object not initialized / invalid, or wrong call for this type */
    MBC_ERR_INPUT, /* non-finite or inconsistent marker input; a bad case, spec or scene file */
    MBC_ERR_NOMEM, /* an allocation failed: the message is "WHAT: out of memory" */
    MBC_ERR_IO     /* a file could not be opened, read or written */
} mbc_status;

/* The exit status of every tool (mbcgen, mbc, mbc simulate) after out of
 * memory, which it reports as exactly one line "WHAT: out of memory"
 * (EX_OSERR of sysexits.h). */
#define MBC_EXIT_NOMEM 71

/* A one-line message naming the object/field, the rule and the given value,
 * plus the same facts as fields so callers never parse the message. Zero
 * means "none" for every field: declare `mbc_error err = {0};`. */
#define MBC_ERROR_SIZE 512
typedef struct mbc_error {
    char message[MBC_ERROR_SIZE];
    const char *type_name;  /* connector type concerned (static string), or NULL */
    const char *param_name; /* its parameter concerned (static string), or NULL */
    size_t param_number;    /* 1-based index into the type's parameter table; 0 = none */
    size_t rule_offset;     /* message + rule_offset: the rule and value without the
                               location prefix ("Type.param: ", "FILE:LINE: ", or a
                               case file's "CASE:FIELD: "; 0 when there is no prefix) */
    mbc_status status;      /* the status the error was reported with */
    const char *file;       /* the file concerned (spec, case, scene), or NULL; the
                               caller's string, valid as long as the caller keeps it */
    int line;               /* line in file (1-based), 0 = none */
} mbc_error;

/* The one error path: writes a printf-style message into err (when err is
 * not NULL), clears the structured fields, records st and returns it. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
MBC_API mbc_status
mbc_fail(mbc_error *err, mbc_status st, const char *fmt, ...);

/* As mbc_fail for one parameter of one type: the message becomes
 * "type_name.param_name: " followed by the formatted rule, and the fields
 * name the type and the parameter (param_number is 1-based, 0 = unknown). */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
MBC_API mbc_status
mbc_fail_param(mbc_error *err, mbc_status st, const char *type_name, const char *param_name,
               size_t param_number, const char *fmt, ...);

/* As mbc_fail for a place in a file: the message becomes "file:line: "
 * (or "file: " when line <= 0) followed by the formatted rule; the fields
 * hold file and line (file must outlive err's use). */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
MBC_API mbc_status
mbc_fail_at(mbc_error *err, mbc_status st, const char *file, int line, const char *fmt, ...);

/* The general form of the above, for a message that carries its own
 * location prefix (a case file's "CASE:FIELD: ", mbconnect/case.h): writes
 * the formatted message and sets every field; rule_offset is where the rule
 * starts in the formatted message (cut to its length). type_name and
 * param_name may be NULL (then param_number is 0). */
#if defined(__GNUC__)
__attribute__((format(printf, 7, 8)))
#endif
MBC_API mbc_status
mbc_fail_fields(mbc_error *err, mbc_status st, const char *type_name, const char *param_name,
                size_t param_number, size_t rule_offset, const char *fmt, ...);

/* Out of memory while working on `what` (a file, an object, or the program
 * name): "what: out of memory", MBC_ERR_NOMEM. Writes no more than the
 * message (it allocates nothing). */
MBC_API mbc_status mbc_fail_nomem(mbc_error *err, const char *what);

#ifdef __cplusplus
}
#endif

#endif
