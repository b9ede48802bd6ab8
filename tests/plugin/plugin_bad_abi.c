/* SPDX-License-Identifier: BSD-3-Clause */
/* A plugin that declares another ABI version (test_plugin): must be refused
 * before any of its (here: no) types is looked at. */
#include "mbconnect/plugin.h"

MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info);
MBC_PLUGIN_EXPORT void mbc_plugin_entry(mbc_plugin_info *info)
{
    info->abi_version = 99; /* no library has it */
    info->type_info_size = sizeof(mbc_type_info);
    info->name = "bad_abi";
    info->types = NULL;
    info->type_count = 0;
}
