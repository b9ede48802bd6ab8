-- A case file is a plain table: the spec constructors are not available.
return { object = "ContactSphereSphere", parameters = param "x" { default = 1 } }
