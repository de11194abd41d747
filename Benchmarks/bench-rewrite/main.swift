print("bench-rewrite: not built yet")
