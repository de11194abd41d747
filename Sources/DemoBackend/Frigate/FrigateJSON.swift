import Foundation

/// A JSON value written the way Frigate's FastAPI writes it (`json.dumps(separators=(",", ":"),
/// ensure_ascii=False)`): object keys in insertion order, floats always with a fraction or an
/// exponent (`1718000000.0`, never `1718000000`), control characters as `\u001b`, slashes as they are.
/// So a client that decodes a float field as an integer fails here as it would against Frigate.
///
/// ```swift
/// let body: FrigateJSON = .object([("start_time", .double(1718000000)), ("end_time", .null)])
/// body.text   // {"start_time":1718000000.0,"end_time":null}
/// ```
enum FrigateJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([FrigateJSON])
    case object([(String, FrigateJSON)])

    static func == (lhs: FrigateJSON, rhs: FrigateJSON) -> Bool { lhs.text == rhs.text }

    /// `value` as a string, or null.
    static func optional(_ value: String?) -> FrigateJSON { value.map(FrigateJSON.string) ?? .null }

    /// `value` as a float, or null.
    static func optional(_ value: Double?) -> FrigateJSON { value.map(FrigateJSON.double) ?? .null }

    /// An array of strings.
    static func strings(_ values: [String]) -> FrigateJSON { .array(values.map(FrigateJSON.string)) }

    /// The compact text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The compact text as UTF-8.
    var data: Data { Data(text.utf8) }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += Self.python(value)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                Self.quote(pair.0, into: &out)
                out += ":"
                pair.1.write(to: &out)
            }
            out += "}"
        }
    }

    /// Python's `repr(float)`: the shortest text that reads back the same, `.0` on whole numbers.
    static func python(_ value: Double) -> String {
        guard value.isFinite else { return "null" }   // Frigate's dumps refuses NaN (allow_nan=False)
        let text = value.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func quote(_ value: String, into out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension Reply {
    /// Frigate's `JSONResponse`: `application/json` (no charset), Python's compact JSON.
    static func frigate(_ value: FrigateJSON, status: Int = 200) -> Reply {
        Reply(status: status, headers: [("Content-Type", "application/json")], body: value.data)
    }

    /// `{"success":false,"message":…}`, Frigate's usual failure body.
    static func frigateFailure(_ status: Int, _ message: String) -> Reply {
        frigate(.object([("success", .bool(false)), ("message", .string(message))]), status: status)
    }

    /// `{"detail":…}`, FastAPI's body for HTTPException (404 Not Found, 405, 403 …).
    static func fastAPIDetail(_ status: Int, _ detail: String) -> Reply {
        frigate(.object([("detail", .string(detail))]), status: status)
    }
}
