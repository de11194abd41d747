print("bench-network: not built yet")
