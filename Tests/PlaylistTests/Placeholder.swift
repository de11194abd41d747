import Testing

@Test func placeholder_PlaylistTests() {}
