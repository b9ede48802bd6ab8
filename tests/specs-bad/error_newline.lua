-- Malformed spec: an error message with a newline is still one line.
error("first\nsecond")
