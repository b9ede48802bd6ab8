local ball = { name = "ball", type = "Ground" }
ball[1] = 0
return { bodies = { ball } }
