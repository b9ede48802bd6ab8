/* SPDX-License-Identifier: BSD-3-Clause */
/* mbconnect._core: module initialization, the registry of types and the
 * module-level functions (types, load_plugin, evaluate_case). */
#define PYMBC_IMPORT_ARRAY
#include "pymbc.h"

#include "mbconnect/plugin.h"
#include "mbconnect/version.h"

static pymbc_state *state_of(PyObject *module)
{
    return (pymbc_state *)PyModule_GetState(module);
}

int pymbc_add_class(PyObject *module, pymbc_state *st, const mbc_type_info *t)
{
    PyObject *cls = pymbc_connector_class(module, st, t);
    if (!cls)
        return -1;
    int rc = PyDict_SetItemString(st->classes, t->type_name, cls);
    if (rc == 0)
        rc = PyModule_AddObjectRef(module, t->type_name, cls);
    Py_DECREF(cls);
    return rc;
}

static PyObject *module_types(PyObject *module, PyObject *unused)
{
    (void)unused;
    pymbc_state *st = state_of(module);
    size_t n = mbc_registry_size(&st->registry);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *s = PyUnicode_FromString(mbc_registry_entry(&st->registry, i)->type_name);
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

static PyObject *module_classes(PyObject *module, PyObject *unused)
{
    (void)unused;
    return PyDict_Copy(state_of(module)->classes);
}

/* The registered type closest to name (mbc_registry_suggest_type), or None. */
static PyObject *module_suggest_type(PyObject *module, PyObject *name)
{
    const char *text = PyUnicode_AsUTF8(name);
    if (!text)
        return NULL;
    const char *close = mbc_registry_suggest_type(&state_of(module)->registry, text);
    return close ? PyUnicode_FromString(close) : Py_NewRef(Py_None);
}

/* The plugin search path (mbc_plugin_search_path), as a str: "DIR1:DIR2". */
static PyObject *module_plugin_search_path(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    size_t n = mbc_plugin_search_path(NULL, 0) + 1;
    char *text = PyMem_Malloc(n);
    if (!text)
        return PyErr_NoMemory();
    mbc_plugin_search_path(text, n);
    PyObject *path = PyUnicode_DecodeFSDefault(text);
    PyMem_Free(text);
    return path;
}

static PyMethodDef module_methods[] = {
    /* docstrings start with the signature inspect.signature() reads */
    {"types", module_types, METH_NOARGS,
     "types($module, /)\n--\n\n"
     "The names of every connector type of the registry (built-in and loaded from plugins), "
     "sorted."},
    {"load_plugin", pymbc_load_plugin, METH_O,
     "load_plugin($module, path, /)\n--\n\n"
     "Loads a plugin (a shared library with connector types, see mbconnect/plugin.h: a file, or "
     "a name looked up on plugin_search_path()) into the registry and creates the classes of its "
     "types; returns their names. All or none: a "
     "missing file, a missing entry point, a type name already registered or an ABI mismatch "
     "raise ImportError with the library's message and change nothing."},
    {"evaluate_case", (PyCFunction)(void (*)(void))pymbc_evaluate_case,
     METH_VARARGS | METH_KEYWORDS,
     "evaluate_case($module, /, path, text=False)\n--\n\n"
     "Runs an `mbc eval` case file (docs/eval.rst) and returns what `mbc eval` prints, as a "
     "dict (text=True: the JSON text itself). Types from loaded plugins work too. A case that "
     "cannot be evaluated raises ValueError with `mbc eval`'s one-line message."},
    {"suggest_type", module_suggest_type, METH_O,
     "suggest_type($module, name, /)\n--\n\n"
     "The registered type name closest to name by the library's one rule of \"did you "
     "mean\" (mbconnect/suggest.h), or None when none is close."},
    {"plugin_search_path", module_plugin_search_path, METH_NOARGS,
     "plugin_search_path($module, /)\n--\n\n"
     "The directories where load_plugin looks up a plugin name, joined by ':': those of "
     "$MBC_PLUGIN_PATH, then the installed plugin directory (mbconnect/plugin.h)."},
    {"classes", module_classes, METH_NOARGS,
     "classes($module, /)\n--\n\n"
     "The class of every type, as a dict by type name."},
    {NULL, NULL, 0, NULL}};

static int module_traverse(PyObject *module, visitproc visit, void *arg)
{
    pymbc_state *st = state_of(module);
    Py_VISIT(st->connector_type);
    Py_VISIT(st->visualization_type);
    Py_VISIT(st->classes);
    return 0;
}

static int module_clear(PyObject *module)
{
    pymbc_state *st = state_of(module);
    Py_CLEAR(st->connector_type);
    Py_CLEAR(st->visualization_type);
    Py_CLEAR(st->classes);
    return 0;
}

static void module_free(void *module)
{
    module_clear(module);
}

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT,
                                        "mbconnect._core",
                                        "The C core of the mbconnect package (use `import "
                                        "mbconnect`).",
                                        sizeof(pymbc_state),
                                        module_methods,
                                        NULL,
                                        module_traverse,
                                        module_clear,
                                        module_free};

PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    PyObject *module = PyModule_Create(&module_def);
    if (!module)
        return NULL;
    pymbc_state *st = state_of(module);
    mbc_registry_init(&st->registry);
    st->classes = PyDict_New();
    if (!st->classes || pymbc_connector_init(module, st) < 0 ||
        PyModule_AddObjectRef(module, "Connector", st->connector_type) < 0 ||
        PyModule_AddStringConstant(module, "__version__", MBC_VERSION_STRING) < 0)
        goto fail;
    for (size_t i = 0; i < mbc_registry_size(&st->registry); i++)
        if (pymbc_add_class(module, st, mbc_registry_entry(&st->registry, i)) < 0)
            goto fail;
    return module;
fail:
    Py_DECREF(module);
    return NULL;
}
