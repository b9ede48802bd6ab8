/* SPDX-License-Identifier: BSD-3-Clause */
/* mbconnect.load_plugin(path): out-of-tree connector types from a plugin
 * (a shared library with the entry point of mbconnect/plugin.h, e.g. built
 * by mbconnect_add_connectors(... PLUGIN name)). All or none, out of
 * memory included: the library loads the plugin into a registry of its own
 * (and checks the ABI), the types must fit into a copy of the module's
 * registry, their classes are made (exactly as for the built-in types at
 * import) and published in the module; only then the copy becomes the
 * module's registry. A failure at any step leaves the module as it was. */
#include "pymbc.h"

#include "mbconnect/plugin.h"

/* Adds the classes (of types[i], in order) to st->classes and the module;
 * on failure removes those added (removing allocates nothing). 0 or -1. */
static int publish(PyObject *module, pymbc_state *st, PyObject *classes,
                   const mbc_type_info *const *types)
{
    Py_ssize_t n = PyList_GET_SIZE(classes), done = 0;
    int rc = 0;
    for (; rc == 0 && done < n; done++) {
        PyObject *cls = PyList_GET_ITEM(classes, done);
        const char *name = types[done]->type_name;
        rc = PyDict_SetItemString(st->classes, name, cls);
        if (rc == 0 && PyModule_AddObjectRef(module, name, cls) < 0) {
            PyDict_DelItemString(st->classes, name);
            rc = -1;
        }
    }
    for (Py_ssize_t i = 0; rc < 0 && i < done - 1; i++) {
        const char *name = types[i]->type_name;
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyDict_DelItemString(st->classes, name);
        PyObject_DelAttrString(module, name);
        PyErr_Restore(type, value, tb);
    }
    return rc;
}

/* The classes of the plugin's types (all of scratch), each with
 * cls.plugin = origin, in a new list; NULL on failure. */
static PyObject *make_classes(PyObject *module, pymbc_state *st, const mbc_registry *scratch,
                              PyObject *origin)
{
    PyObject *classes = PyList_New(0);
    for (size_t i = 0; classes && i < mbc_registry_size(scratch); i++) {
        PyObject *cls = pymbc_connector_class(module, st, mbc_registry_entry(scratch, i));
        if (!cls || PyObject_SetAttrString(cls, "plugin", origin) < 0 ||
            PyList_Append(classes, cls) < 0)
            Py_CLEAR(classes);
        Py_XDECREF(cls);
    }
    return classes;
}

PyObject *pymbc_load_plugin(PyObject *module, PyObject *arg)
{
    PyObject *path = NULL;
    if (!PyUnicode_FSConverter(arg, &path))
        return NULL;
    const char *file = PyBytes_AS_STRING(path);
    pymbc_state *st = PyModule_GetState(module);
    PyObject *origin = NULL, *classes = NULL, *names = NULL;
    mbc_registry scratch, next = st->registry;
    mbc_registry_init_empty(&scratch);
    mbc_error err, e;
    /* the plugin stays loaded on success (a registry points into it) */
    if (mbc_registry_load_plugin(&scratch, file, &err) != MBC_OK) {
        PyErr_SetString(PyExc_ImportError, err.message);
        goto done;
    }
    /* the file loaded: a name given is looked up on the plugin search path */
    const char *loaded = mbc_registry_origin(&scratch, 0);
    origin = PyUnicode_DecodeFSDefault(loaded ? loaded : file);
    if (!origin)
        goto done;
    const mbc_type_info *types[MBC_REGISTRY_CAPACITY];
    for (size_t i = 0; i < mbc_registry_size(&scratch); i++)
        types[i] = mbc_registry_entry(&scratch, i);
    if (mbc_registry_add_all(&next, types, mbc_registry_size(&scratch), &e) != MBC_OK) {
        PyErr_Format(PyExc_ImportError, "%s: %s", file, e.message);
        goto done;
    }
    classes = make_classes(module, st, &scratch, origin);
    names = classes ? PyList_New(0) : NULL;
    for (size_t i = 0; names && i < mbc_registry_size(&scratch); i++) {
        PyObject *name = PyUnicode_FromString(types[i]->type_name);
        if (!name || PyList_Append(names, name) < 0)
            Py_CLEAR(names);
        Py_XDECREF(name);
    }
    if (names && publish(module, st, classes, types) < 0)
        Py_CLEAR(names);
    if (names)
        st->registry = next; /* the commit: allocates nothing */
done:
    Py_DECREF(path);
    Py_XDECREF(origin);
    Py_XDECREF(classes);
    return names;
}
