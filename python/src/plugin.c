/* SPDX-License-Identifier: BSD-3-Clause */
/* mbconnect.load_plugin(path): out-of-tree connector types from a plugin
 * (a shared library with the entry point of mbconnect/plugin.h, e.g. built
 * by mbconnect_add_connectors(... PLUGIN name)). The library loads it into
 * the module's registry, all types or none, and checks the ABI; each new
 * type then gets its class, exactly as the built-in ones at import. */
#include "pymbc.h"

#include "mbconnect/plugin.h"

PyObject *pymbc_load_plugin(PyObject *module, PyObject *arg)
{
    PyObject *path = NULL;
    if (!PyUnicode_FSConverter(arg, &path))
        return NULL;
    PyObject *origin = PyUnicode_DecodeFSDefault(PyBytes_AS_STRING(path));
    if (!origin) {
        Py_DECREF(path);
        return NULL;
    }
    pymbc_state *st = PyModule_GetState(module);
    mbc_error err;
    mbc_status status = mbc_registry_load_plugin(&st->registry, PyBytes_AS_STRING(path), &err);
    Py_DECREF(path);
    if (status != MBC_OK) {
        /* the registry is unchanged: the plugin's types were not added */
        Py_DECREF(origin);
        PyErr_SetString(PyExc_ImportError, err.message);
        return NULL;
    }
    PyObject *added = PyList_New(0);
    for (size_t i = 0; added && i < mbc_registry_size(&st->registry); i++) {
        const mbc_type_info *t = mbc_registry_entry(&st->registry, i);
        if (PyDict_GetItemString(st->classes, t->type_name))
            continue;
        PyObject *name = PyUnicode_FromString(t->type_name);
        PyObject *cls = NULL;
        if (!name || pymbc_add_class(module, st, t) < 0 || PyList_Append(added, name) < 0 ||
            !(cls = PyDict_GetItemString(st->classes, t->type_name)) ||
            PyObject_SetAttrString(cls, "plugin", origin) < 0)
            Py_CLEAR(added);
        Py_XDECREF(name);
    }
    Py_DECREF(origin);
    return added;
}
