-- SPDX-License-Identifier: BSD-3-Clause
-- Parameter-type registry: every type a connector spec may give a parameter.
--
-- Each entry says what one element is (value: bool, int, real, string, index),
-- how many elements a value has (shape: scalar, fixed with size, vector), the
-- value rule (min, exclusive), the C element type, and how a documented fixed
-- size is written (size_doc). Reals must always be finite. Adding a type is
-- one entry here; the generator and the generated setters pick it up. The
-- standard parameters follow the types.
return {
  type "String" { value = "string", c_type = "char *",
    description = "text (UTF-8)" },
  type "Bool" { value = "bool", c_type = "bool",
    description = "True or False" },
  type "Int" { value = "int", c_type = "int",
    description = "signed integer" },
  type "UInt" { value = "int", min = 0, c_type = "int",
    description = "unsigned integer (>= 0)" },
  type "PInt" { value = "int", min = 0, exclusive = true, c_type = "int",
    description = "positive integer (> 0)" },
  type "Real" { value = "real", c_type = "double",
    description = "finite real number" },
  type "UReal" { value = "real", min = 0, c_type = "double",
    description = "finite real number >= 0" },
  type "PReal" { value = "real", min = 0, exclusive = true, c_type = "double",
    description = "finite real number > 0" },
  type "float" { value = "real", c_type = "float",
    description = "single-precision real (visualization)" },
  type "Float4" { value = "real", shape = "fixed", size = 4, c_type = "float",
    description = "four single-precision reals, e.g. an RGBA color" },
  type "Vector" { value = "real", shape = "vector", c_type = "double",
    description = "list of finite reals of any length" },
  type "NumpyVector" { value = "real", shape = "vector", c_type = "double",
    description = "list of finite reals of any length (numpy array in Python)" },
  type "Vector2D" { value = "real", shape = "fixed", size = 2, c_type = "double",
    description = "two finite reals" },
  type "Vector3D" { value = "real", shape = "fixed", size = 3, c_type = "double",
    description = "three finite reals" },
  type "NodeIndex" { value = "index", c_type = "mbc_index",
    description = "node number; invalid (-1) when unset" },
  type "MarkerIndex" { value = "index", c_type = "mbc_index",
    description = "marker number; invalid (-1) when unset" },
  type "ArrayNodeIndex" { value = "index", shape = "vector", c_type = "mbc_index",
    description = "list of node numbers" },
  type "ArrayMarkerIndex" { value = "index", shape = "vector", c_type = "mbc_index",
    size_doc = "size =  %d",
    description = "list of marker numbers" },
  type "VisualizationParameters" { value = "bool", c_type = "void", visualization = true,
    description = "parameters for visualization of item" },

  -- Standard parameters: the parameters every connector has, declared once.
  -- A spec takes one at its place in `parameters` or `visualization` with
  -- standard "name" { ... }, whose keys replace these (docs/spec-language.rst).
  param "name" { type = "String", default = "",
    description = "connector's unique name" },
  param "activeConnector" { type = "Bool", default = true,
    description = "flag, which determines, if the connector is active; used to deactivate (temporarily) a connector or constraint" },
  param "show" { type = "Bool", default = true,
    description = "set true, if item is shown in visualization and false if it is not shown" },
  param "color" { type = "Float4", default = {-1, -1, -1, -1},
    description = "RGBA connector color; if R==-1, use default color" },
}
