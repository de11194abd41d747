import Foundation

/// `auth.failed_login_rate_limit` as slowapi applies it to POST /api/login: the `limits` syntax
/// (`"1/second;5/minute;20/hour"`, also `5 per minute`, `10/2 hours`), every request counted
/// (slowapi counts them all, failed or not), one counter per client address and limit in a fixed
/// window that starts with its first request; the first limit exceeded answers 429.
///
/// ```swift
/// let limiter = FrigateLoginLimiter(FrigateLoginLimiter.parse("2/minute"))
/// await limiter.hit(client: "127.0.0.1")   // nil, nil, then "2 per 1 minute"
/// ```
actor FrigateLoginLimiter {
    struct Limit: Sendable, Equatable {
        let amount: Int
        let multiples: Int
        let granularity: String
        let seconds: Double

        /// How `limits` prints it, as slowapi's 429 says: `5 per 1 minute`.
        var description: String { "\(amount) per \(multiples) \(granularity)" }
    }

    private static let granularities: [(String, Double)] = [
        ("second", 1), ("minute", 60), ("hour", 3_600), ("day", 86_400), ("month", 2_592_000), ("year", 31_536_000),
    ]

    private let limits: [Limit]
    private var windows: [String: (start: Date, count: Int)] = [:]

    init(_ limits: [Limit]) {
        self.limits = limits
    }

    /// The limits in `text`, separated by `;`, `,` or `|`; parts that do not parse are skipped.
    static func parse(_ text: String) -> [Limit] {
        text.split(whereSeparator: { ";,|".contains($0) }).compactMap { part in
            let words = part.lowercased().replacingOccurrences(of: "/", with: " / ")
                .split(separator: " ").map(String.init).filter { $0 != "/" && $0 != "per" }
            guard let amount = Int(words.first ?? ""), words.count >= 2 else { return nil }
            var multiples = 1
            var unit = words[1]
            if let number = Int(words[1]), words.count >= 3 {
                multiples = number
                unit = words[2]
            }
            if unit.hasSuffix("s") { unit.removeLast() }
            guard let granularity = granularities.first(where: { $0.0 == unit }), amount > 0, multiples > 0 else { return nil }
            return Limit(amount: amount, multiples: multiples, granularity: granularity.0, seconds: granularity.1 * Double(multiples))
        }
    }

    /// Counts one login from `client`; returns the limit it exceeds, or nil when it may go on.
    func hit(client: String, now: Date = Date()) -> Limit? {
        for (index, limit) in limits.enumerated() {
            let key = "\(client)|\(index)"
            var window = windows[key] ?? (now, 0)
            if now.timeIntervalSince(window.start) >= limit.seconds { window = (now, 0) }
            window.count += 1
            windows[key] = window
            if window.count > limit.amount { return limit }
        }
        return nil
    }
}
