import Testing

@Test func placeholder_EventsAPITests() {}
