/// Random opaque tokens: a readable prefix and 32 hex digits.
enum TokenFactory {
    static func make(_ prefix: String) -> String {
        var rng = SystemRandomNumberGenerator()
        let hex = (0..<2).map { _ in
            let value = String(rng.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - value.count) + value
        }.joined()
        return "\(prefix)-\(hex)"
    }
}
