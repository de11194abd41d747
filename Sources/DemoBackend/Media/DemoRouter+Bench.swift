import Foundation

/// `GET /bench/<bytes>`: that many bytes of filler (at most 64 MiB), no token needed, for the
/// proxy's load test and benchmark (1 MB segments without storing them).
extension DemoRouter {
    static let benchMaxBytes = 64 << 20
    private static let filler = Data(repeating: 0x47, count: 1 << 20)

    func bench(_ request: RequestInfo) -> Reply {
        guard let bytes = Int(request.path.dropFirst("/bench/".count)), bytes >= 0, bytes <= Self.benchMaxBytes else {
            return .error(404, "not_found", "Bench paths look like /bench/<bytes> with at most \(Self.benchMaxBytes) bytes.")
        }
        var body = Data(capacity: bytes)
        while body.count < bytes { body.append(Self.filler.prefix(bytes - body.count)) }
        return .data(body, contentType: "video/mp2t")
    }
}
