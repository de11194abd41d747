import Testing

@Test func placeholder_PlayerTests() {}
