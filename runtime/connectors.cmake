# SPDX-License-Identifier: BSD-3-Clause
# ContactSphereSphere and ContactConvexRoll hooks (helperA)
target_sources(mbc_runtime PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/connector_contact_sphere_sphere.c
  ${CMAKE_CURRENT_LIST_DIR}/connector_contact_convex_roll.c)
# ContactFrictionCircleCable2D and JointALEMoving2D hooks (helperB)
target_sources(mbc_runtime PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/connector_contact_friction_circle_cable2d.c
  ${CMAKE_CURRENT_LIST_DIR}/connector_joint_ale_moving2d.c)
