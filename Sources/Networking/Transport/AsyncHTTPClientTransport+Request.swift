import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension AsyncHTTPClientTransport {
    /// `request` as async-http-client's request, for both the collected and the streamed path.
    /// Throws for a port that does not fit 16 bits: NIO traps on one, so say what is wrong instead.
    static func outgoing(_ request: HTTPRequest) throws -> HTTPClientRequest {
        if let port = request.url.port, !(1...65535).contains(port) {
            throw TransportError(message: "port \(port) is out of range (1 to 65535)")
        }
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        return outgoing
    }
}
