import Testing

@Test func placeholder_DemoBackendTests() {}
