return { object = "ContactSphereCube", markers = {} }
