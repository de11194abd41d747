/// The JWTs the demo issued and the fault injector's access generation at the time, so that
/// `server.faults.expireAccessTokens()` makes them fail as expired ones do (401), although a
/// JWT itself holds no such state.
actor FrigateTokenLedger {
    private var generations: [String: Int] = [:]

    func issued(_ token: String, generation: Int) {
        generations[token] = generation
    }

    /// Whether the token was issued before the current generation.
    func isRevoked(_ token: String, generation: Int) -> Bool {
        (generations[token] ?? generation) < generation
    }
}
