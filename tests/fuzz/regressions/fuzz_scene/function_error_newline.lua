-- The scene function's error("...\n...", 0): no position and two lines;
-- now "SCENE: first\nsecond", one line (found with function_error_table.lua).
return function(p) error("first\nsecond", 0) end
