os.execute("touch /tmp/mbc-eval-escaped")
return { object = "ContactSphereSphere" }
