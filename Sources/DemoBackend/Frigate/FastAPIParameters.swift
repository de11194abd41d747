import Foundation

/// Query parameters read as FastAPI reads them: `+` is a space, a repeated name keeps its last
/// value, and a value that does not parse is a 422 with pydantic's error list
/// (`{"detail":[{"type":"float_parsing","loc":["query","after"],…}]}`).
///
/// ```swift
/// var query = FastAPIParameters(request)
/// let after = query.float("after")          // nil when absent
/// if let problem = query.problem { return problem }
/// ```
struct FastAPIParameters {
    private var values: [String: String] = [:]
    private var errors: [FrigateJSON] = []

    init(_ request: RequestInfo) {
        guard let query = request.query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in
                let spaced = s.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            values[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
    }

    /// The 422 to answer when a parameter did not parse, else nil.
    var problem: Reply? {
        errors.isEmpty ? nil : Self.validationFailure(errors)
    }

    func string(_ name: String) -> String? { values[name] }

    mutating func float(_ name: String) -> Double? {
        parsed(name, Double.init, type: "float_parsing", msg: "Input should be a valid number, unable to parse string as a number")
    }

    mutating func int(_ name: String) -> Int? {
        parsed(name, Int.init, type: "int_parsing", msg: "Input should be a valid integer, unable to parse string as an integer")
    }

    /// The parameter read by `parse` (spaces around it ignored), nil when absent; pydantic's error when it does not parse.
    private mutating func parsed<Value>(_ name: String, _ parse: (String) -> Value?, type: String, msg: String) -> Value? {
        guard let raw = values[name] else { return nil }
        if let value = parse(raw.trimmingCharacters(in: .whitespaces)) { return value }
        errors.append(Self.error(type: type, loc: ["query", name], msg: msg, input: .string(raw)))
        return nil
    }

    /// A required string parameter (FastAPI: 422 "Field required" without it).
    mutating func required(_ name: String) -> String? {
        if let value = values[name] { return value }
        errors.append(Self.error(type: "missing", loc: ["query", name], msg: "Field required", input: .null))
        return nil
    }

    /// One of `allowed` (a Python `Enum` parameter), nil when absent.
    mutating func choice(_ name: String, _ allowed: [String]) -> String? {
        guard let raw = values[name] else { return nil }
        if allowed.contains(raw) { return raw }
        let expected = allowed.map { "'\($0)'" }
        let words = expected.count > 1 ? expected.dropLast().joined(separator: ", ") + " or " + expected.last! : expected.joined()
        errors.append(Self.error(type: "enum", loc: ["query", name], msg: "Input should be \(words)", input: .string(raw),
                                 context: [("expected", .string(words))]))
        return nil
    }

    static func error(type: String, loc: [String], msg: String, input: FrigateJSON,
                      context: [(String, FrigateJSON)] = []) -> FrigateJSON {
        var pairs: [(String, FrigateJSON)] = [("type", .string(type)), ("loc", .strings(loc)), ("msg", .string(msg)), ("input", input)]
        if !context.isEmpty { pairs.append(("ctx", .object(context))) }
        return .object(pairs)
    }

    /// FastAPI's 422 body.
    static func validationFailure(_ errors: [FrigateJSON]) -> Reply {
        .frigate(.object([("detail", .array(errors))]), status: 422)
    }
}
