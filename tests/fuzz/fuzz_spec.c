/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz target: a spec file of arbitrary bytes through the whole generator
 * pipeline in memory: sandboxed loading and validation against
 * specs/types.lua (loaded once), then, when the spec is valid, the RST
 * emitter and both C emitters into strbufs.
 *
 * Oracles besides ASan/UBSan: a rejected spec has at least one diagnostic,
 * every diagnostic names the file ("fuzz.lua:..." / "fuzz.lua: ..."), and an
 * accepted spec yields non-empty documents. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fuzz_util.h"
#include "spec_model.h"

#ifndef FUZZ_SPEC_ENTRY
#define FUZZ_SPEC_ENTRY LLVMFuzzerTestOneInput
#endif

#define FUZZ_SPEC_NAME "fuzz.lua"

static spec_type_registry registry;
static int registry_loaded;

static void free_registry(void)
{
    spec_types_free(&registry);
}

static void load_registry(void)
{
    if (registry_loaded)
        return;
    const char *path = getenv("MBC_FUZZ_TYPES");
    if (!path)
        path = MBC_SOURCE_DIR "/specs/types.lua";
    diag_list diag;
    diag_init(&diag);
    if (spec_types_load(&registry, path, &diag) != 0) {
        for (size_t i = 0; i < diag.count; i++)
            fprintf(stderr, "%s\n", diag.lines[i]);
        FUZZ_FAIL("cannot load the type registry %s", path);
    }
    diag_free(&diag);
    registry_loaded = 1;
    atexit(free_registry);
}

int FUZZ_SPEC_ENTRY(const uint8_t *data, size_t size);

int FUZZ_SPEC_ENTRY(const uint8_t *data, size_t size)
{
    load_registry();
    diag_list diag;
    diag_init(&diag);
    spec_connector c;
    int rc =
        spec_connector_load_buffer(&c, &registry, FUZZ_SPEC_NAME, (const char *)data, size, &diag);
    const size_t n = strlen(FUZZ_SPEC_NAME);
    for (size_t i = 0; i < diag.count; i++)
        if (strncmp(diag.lines[i], FUZZ_SPEC_NAME, n) != 0 || diag.lines[i][n] != ':')
            FUZZ_FAIL("diagnostic does not name the file: %s", diag.lines[i]);
    if (rc != 0 && diag.count == 0)
        FUZZ_FAIL("spec rejected without a diagnostic");
    if (rc == 0) {
        strbuf rst, header, source;
        sb_init(&rst);
        sb_init(&header);
        sb_init(&source);
        emit_rst_item(&c, &rst);
        emit_c_header(&c, &header);
        emit_c_source(&c, &source);
        if (rst.len == 0 || header.len == 0 || source.len == 0)
            FUZZ_FAIL("valid spec %s produced an empty document", c.type_name);
        sb_free(&rst);
        sb_free(&header);
        sb_free(&source);
        spec_connector_free(&c);
    }
    diag_free(&diag);
    return 0;
}
