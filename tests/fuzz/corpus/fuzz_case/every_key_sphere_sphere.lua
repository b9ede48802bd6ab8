-- Every key of a case file for a rigid-marker type (docs/eval.rst).
return {
  object = "ContactSphereSphere",
  parameters = {
    name = "contact", markerNumbers = {0, 1}, nodeNumber = 0,
    spheresRadii = {0.5, 0.5}, dynamicFriction = 0.2, frictionProportionalZone = 1e-3,
    contactStiffness = 1e5, contactDamping = 10, contactStiffnessExponent = 1.5,
    constantPullOffForce = 1, contactPlasticityRatio = 0.2, adhesionCoefficient = 10,
    adhesionExponent = 1, restitutionCoefficient = 0.8, minimumImpactVelocity = 0.01,
    impactModel = 2, activeConnector = true,
    visualization = { show = true },
    ["visualization.color"] = {1, 0, 0, 1},
  },
  markers = {
    { position = {0, 0, 0}, velocity = {0, 0, 0},
      rotation = {1,0,0, 0,1,0, 0,0,1}, angularVelocityLocal = {0, 0, 1} },
    { position = {0.99, 0, 0}, velocity = {-1, 0, 0},
      rotation = {0,-1,0, 1,0,0, 0,0,1}, angularVelocityLocal = {0, 0, 0} },
  },
  data = {0.1, 0, 0, 0},
  dataStartOfStep = {0.1, 0, 0, 0},
}
