return function(p)
  if p.n == nil then
    error("give --set n=N")
  end
  return {}
end
