import Testing

/// Every test that runs real libmpv lives under this suite, one at a time: they share two
/// cores with the demo backend, and "no mpv thread left" must not see another test's player.
@Suite(.serialized) struct RealMPV {}
