import Testing

@Test func placeholder_AppTests() {}
