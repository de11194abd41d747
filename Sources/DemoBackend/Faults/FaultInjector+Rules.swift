/// The rules a ``FaultInjector`` holds and the plan it makes for one request.
struct FailNextRule: Sendable {
    var remaining: Int
    let status: Int
    let retryAfter: Int?
    let pathPrefix: String
}

struct FailPathRule: Sendable {
    let fragment: String
    let status: Int
    var remaining: Int?
}

struct DelayRule: Sendable {
    let seconds: Double
    let pathPrefix: String
}

struct SlowBodyRule: Sendable {
    let pathPrefix: String
    let bytes: Int
    let interval: Double
}

struct EndlessBodyRule: Sendable {
    let pathPrefix: String
    let line: String
    let maxBytes: Int
}

struct CountedRule: Sendable {
    let pathPrefix: String
    var remaining: Int
}

/// What to do to one request, decided (and counted) when it arrives.
struct FaultPlan: Sendable {
    struct Failure: Sendable {
        let status: Int
        let retryAfter: Int?
        let label: String
    }

    var delay: Double = 0
    var failure: Failure?
    var dropConnection = false
    var slowBody: SlowBodyRule?
    var malformedJSON = false
    var loopsCursors = false
    var endlessBody: EndlessBodyRule?
    var accessGeneration = 0
    var mediaGeneration = 0

    /// A short description for the request log, nil when nothing is injected.
    var label: String? {
        var parts: [String] = []
        if delay > 0 { parts.append("delay \(delay)s") }
        if let failure { parts.append(failure.label) }
        if dropConnection { parts.append("dropConnection") }
        if slowBody != nil { parts.append("slowBody") }
        if malformedJSON { parts.append("malformedJSON") }
        if loopsCursors { parts.append("loopCursors") }
        if endlessBody != nil { parts.append("endlessBody") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

extension FaultInjector {
    /// Decides the faults for a request to `path`, using up counted rules it hits.
    func plan(for path: String) -> FaultPlan {
        var plan = FaultPlan(accessGeneration: accessGeneration, mediaGeneration: mediaGeneration)
        if let index = mediaExpiryTriggers.firstIndex(where: { path.contains($0) }) {
            // This request still uses the generation above; the ones after it do not.
            mediaExpiryTriggers.remove(at: index)
            mediaGeneration += 1
        }
        plan.delay = delayRules.filter { path.hasPrefix($0.pathPrefix) }.map(\.seconds).max() ?? 0
        plan.slowBody = slowRules.first { path.hasPrefix($0.pathPrefix) }
        plan.loopsCursors = cursorLoopPrefixes.contains { path.hasPrefix($0) }
        plan.endlessBody = endlessRules.first { path.hasPrefix($0.pathPrefix) }
        if let index = failNextRules.firstIndex(where: { path.hasPrefix($0.pathPrefix) }) {
            let rule = failNextRules[index]
            plan.failure = .init(status: rule.status, retryAfter: rule.retryAfter, label: "failNext \(rule.status)")
            failNextRules[index].remaining -= 1
            if failNextRules[index].remaining <= 0 { failNextRules.remove(at: index) }
            return plan
        }
        if let index = failPathRules.firstIndex(where: { path.contains($0.fragment) }) {
            let rule = failPathRules[index]
            plan.failure = .init(status: rule.status, retryAfter: nil, label: "failPath \(rule.status)")
            if let remaining = rule.remaining {
                if remaining <= 1 { failPathRules.remove(at: index) } else { failPathRules[index].remaining = remaining - 1 }
            }
            return plan
        }
        plan.dropConnection = Self.use(&dropRules, path: path)
        plan.malformedJSON = !plan.dropConnection && Self.use(&malformedRules, path: path)
        return plan
    }

    private static func use(_ rules: inout [CountedRule], path: String) -> Bool {
        guard let index = rules.firstIndex(where: { path.hasPrefix($0.pathPrefix) && $0.remaining > 0 }) else { return false }
        rules[index].remaining -= 1
        if rules[index].remaining <= 0 { rules.remove(at: index) }
        return true
    }
}
