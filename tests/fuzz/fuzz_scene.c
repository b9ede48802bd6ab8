/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz target: an `mbc simulate` scene file of arbitrary bytes, loaded the
 * way `mbc simulate` loads it (sim_scene_load of simulate/scene.h,
 * the call mbc_simulate_main makes) against the built-in types: the sandboxed
 * run, the scene table and every item in it (bodies, cables, markers,
 * elements, connectors with their parameters and initialization, sensors,
 * solver settings). Nothing is integrated: a valid scene is only loaded.
 *
 * sim_scene_load reads a path, so the bytes go to one temporary file per
 * process (under $TMPDIR, default /tmp), rewritten for every input.
 *
 * Oracles besides ASan/UBSan (docs/simulate.rst, "Every error is one line"):
 * a rejected scene has a message, on one line, starting with the scene's
 * path and a colon; an accepted scene has no message. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "sandbox.h"
#include "scene.h"

#ifndef FUZZ_SCENE_ENTRY
#define FUZZ_SCENE_ENTRY LLVMFuzzerTestOneInput
#endif

static char scene_path[512];

static void remove_scene_file(void)
{
    if (scene_path[0])
        remove(scene_path);
}

/* The temporary scene file of this process, created on the first call. */
static const char *scene_file(void)
{
    if (scene_path[0])
        return scene_path;
    const char *dir = getenv("TMPDIR");
    snprintf(scene_path, sizeof scene_path, "%s/mbc-fuzz-scene-%ld.lua", dir ? dir : "/tmp",
             (long)getpid());
    atexit(remove_scene_file);
    return scene_path;
}

static void write_scene(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
        FUZZ_FAIL("cannot write the scene file %s", path);
}

int FUZZ_SCENE_ENTRY(const uint8_t *data, size_t size);

int FUZZ_SCENE_ENTRY(const uint8_t *data, size_t size)
{
    const char *path = scene_file();
    write_scene(path, data, size);
    mbc_registry r;
    mbc_registry_init(&r);
    sim_model *m = sim_model_create();
    if (!m)
        FUZZ_FAIL("sim_model_create: out of memory");
    mbc_sandbox *box = NULL;
    mbc_error err = {0};
    mbc_status st = sim_scene_load(m, path, &r, NULL, 0, &box, &err);
    const size_t n = strlen(path);
    const char *msg = err.message;
    if (st != MBC_OK) {
        if (strncmp(msg, path, n) != 0 || msg[n] != ':' || strpbrk(msg, "\n\r") != NULL)
            FUZZ_FAIL("error is not one line naming the scene: '%s'", msg);
    } else if (msg[0] != '\0') {
        FUZZ_FAIL("scene accepted with a message: '%s'", msg);
    }
    sim_model_destroy(m);
    mbc_sandbox_free(box);
    return 0;
}
