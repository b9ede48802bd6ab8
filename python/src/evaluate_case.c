/* SPDX-License-Identifier: BSD-3-Clause */
/* mbconnect.evaluate_case(path): `mbc eval` as a function. The library runs
 * the case file (mbconnect/case.h: the Lua sandbox, the module's registry,
 * so plugin types work too) and writes the JSON document `mbc eval` prints;
 * Python's json module turns it into a dict, so the dict holds exactly the
 * numbers of the document. */
#include "pymbc.h"

#include <stdlib.h>

#include "mbconnect/case.h"

PyObject *pymbc_evaluate_case(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"path", "text", NULL};
    PyObject *path = NULL, *text_flag = Py_False;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&|O:evaluate_case", kwlist,
                                     PyUnicode_FSConverter, &path, &text_flag))
        return NULL;
    if (!PyBool_Check(text_flag)) {
        PyErr_Format(PyExc_TypeError, "text: must be True or False (given %s)",
                     Py_TYPE(text_flag)->tp_name);
        Py_DECREF(path);
        return NULL;
    }
    const bool as_text = text_flag == Py_True;
    pymbc_state *st = PyModule_GetState(module);
    char *json = NULL;
    mbc_error err;
    mbc_status status = mbc_case_run_file(&st->registry, PyBytes_AS_STRING(path), &json, &err);
    Py_DECREF(path);
    if (status != MBC_OK)
        return pymbc_raise(status, err.message);
    PyObject *text = PyUnicode_FromString(json);
    free(json);
    if (!text || as_text)
        return text;
    PyObject *json_module = PyImport_ImportModule("json");
    PyObject *result = json_module ? PyObject_CallMethod(json_module, "loads", "O", text) : NULL;
    Py_XDECREF(json_module);
    Py_DECREF(text);
    return result;
}
