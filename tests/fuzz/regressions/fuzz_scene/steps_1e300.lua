-- test_hostile_inputs finding: a whole-number field of 1e300 was converted
-- to int (undefined behavior). Now: "solver.steps: must be a whole number
-- from 0 to 2147483646 (got 1e+300)".
return { solver = { stepSize = 1e-3, steps = 1e300 } }
