/* SPDX-License-Identifier: BSD-3-Clause */
/* The library's own version (include/mbconnect/mbconnect.h): the values of
 * mbconnect/version.h when the library was built, so that a program can
 * compare them with the headers it was compiled with. */

#include "mbconnect/mbconnect.h"

const char *mbc_library_version(void)
{
    return MBC_VERSION_STRING;
}

int mbc_library_version_number(void)
{
    return MBC_VERSION_NUMBER;
}
