/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz target: a spec file of arbitrary bytes through the whole generator
 * pipeline in memory: sandboxed loading and validation against
 * specs/types.lua (loaded once), then, when the spec is valid, every
 * emitter into strbufs: the RST page, the site pages (item, C API, type
 * index, bibliography), the C header and source, the invariants' C, the
 * registry, the registration of an out-of-tree type and the Python stubs.
 *
 * Oracles besides ASan/UBSan: a rejected spec has at least one diagnostic,
 * every diagnostic is one line naming the file ("fuzz.lua:..." /
 * "fuzz.lua: ..."), and an
 * accepted spec yields non-empty documents. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_invariants.h"
#include "emit_pyi.h"
#include "emit_rst.h"
#include "emit_rst_site.h"
#include "fuzz_util.h"
#include "spec_model.h"
#include "spec_types_load.h"

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

/* Every emitter on a valid spec; each writes something (the invariants' C
 * is empty without an invariants block). */
static void emit_everything(const spec_connector *c)
{
    void (*const one[])(const spec_connector *, strbuf *) = {
        emit_rst_item, emit_c_header, emit_c_source, emit_rst_site_item, emit_rst_site_api};
    void (*const all[])(const spec_connector *, size_t, strbuf *) = {emit_pyi, emit_c_registry,
                                                                     emit_c_builtin_header};
    const spec_connector *items[] = {c};
    strbuf out;
    sb_init(&out);
    for (size_t k = 0; k < sizeof one / sizeof one[0] + sizeof all / sizeof all[0]; k++) {
        out.len = 0;
        if (k < sizeof one / sizeof one[0])
            one[k](c, &out);
        else
            all[k - sizeof one / sizeof one[0]](c, 1, &out);
        if (out.len == 0)
            FUZZ_FAIL("valid spec %s: emitter %zu wrote nothing", c->type_name, k);
    }
    emit_c_invariants(c, &out);
    emit_c_registration_header(c, 1, "fuzz", &out);
    emit_c_registration_source(c, 1, "fuzz", &out);
    emit_rst_site_types(items, 1, &out);
    emit_rst_site_api_index(items, 1, &out);
    diag_list diag;
    diag_init(&diag);
    if (emit_rst_site_bibliography(items, 1, &out, &diag) != 0)
        FUZZ_FAIL("valid spec %s: its bibliography conflicts with itself", c->type_name);
    diag_free(&diag);
    sb_free(&out);
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
        if (strncmp(diag.lines[i], FUZZ_SPEC_NAME, n) != 0 || diag.lines[i][n] != ':' ||
            strpbrk(diag.lines[i], "\n\r"))
            FUZZ_FAIL("diagnostic is not one line naming the file: %s", diag.lines[i]);
    if (rc != 0 && diag.count == 0)
        FUZZ_FAIL("spec rejected without a diagnostic");
    if (rc == 0) {
        emit_everything(&c);
        spec_connector_free(&c);
    }
    diag_free(&diag);
    return 0;
}
