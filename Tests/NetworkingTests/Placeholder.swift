import Testing

@Test func placeholder_NetworkingTests() {}
