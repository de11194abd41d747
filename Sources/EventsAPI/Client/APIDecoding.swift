import Foundation

/// JSON coding for the events API: camelCase, ISO 8601 UTC dates with or without fractional seconds.
enum APIDecoding {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = parseDate(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
        }
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static func parseDate(_ text: String) -> Date? {
        if let date = InternetDate.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    static func formatDate(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Decodes `type`, turning a DecodingError into `notUnderstood` naming the field at fault.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws -> T {
        do {
            return try decoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw EventsAPIError.notUnderstood(what, field: fieldPath(of: error))
        } catch {
            throw EventsAPIError.notUnderstood(what, field: nil)
        }
    }

    /// The dotted coding path a DecodingError points at, e.g. `events.3.startTime`.
    static func fieldPath(of error: DecodingError) -> String? {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: return nil
        }
        let text = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return text.isEmpty ? nil : text
    }
}

/// `{"error": {"code", "message"}}`, the API's error body.
struct APIErrorBody: Decodable {
    struct Detail: Decodable {
        var code: String?
        var message: String?
    }
    var error: Detail

    static func message(in data: Data) -> String? {
        (try? JSONDecoder().decode(APIErrorBody.self, from: data))?.error.message
    }
}

/// A page as sent: each event decoded on its own so one bad event does not fail the page.
struct EventsPageBody: Decodable {
    var events: [Lossy<Event>]
    var nextCursor: String?
}

/// Decodes a value or keeps the error, so arrays survive malformed elements.
struct Lossy<Value: Decodable>: Decodable {
    var result: Result<Value, DecodingError>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch let error as DecodingError {
            result = .failure(error)
        }
    }
}

/// `POST /v1/auth/sign-in` and `/refresh` answers.
struct SessionBody: Decodable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Double
    var user: User
}

struct TokensBody: Decodable {
    var tokens: [MediaToken]
}
