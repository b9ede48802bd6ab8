return "ContactSphereSphere"
