-- SP{
  solv { method = "gens = 0, stepSize = 1e-4, \ndTime =
    angle      - v0)cTConvexR)
    [ namey