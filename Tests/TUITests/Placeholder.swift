import Testing

@Test func placeholder_TUITests() {}
