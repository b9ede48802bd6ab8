/* SPDX-License-Identifier: BSD-3-Clause */
/* mbcgen-names: `mbcgen --print-names` on its own (naming.h), which the
 * build tree compiles at configure time, before mbcgen exists, so that
 * CMake can ask for the names of the files mbcgen will write. Same code,
 * same arguments, same answers: `mbcgen-names --print-names SPEC...`. */
#include <stdio.h>
#include <string.h>

#include "naming.h"

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--print-names") != 0) {
        fputs("usage: mbcgen-names --print-names [--registry-name NAME] SPEC...\n", stderr);
        return 2;
    }
    return naming_main(argc, argv, stdout, stderr);
}
