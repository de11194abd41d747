import Foundation
import HTTPTypes
import Hummingbird

/// The server's one responder: reads the request, applies faults, routes, logs.
struct DemoResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let context: DemoContext
    /// Set in the Frigate flavour: its routes replace the events routes.
    var frigate: FrigateContext? = nil

    func respond(to request: Request, context _: Context) async throws -> Response {
        var request = request
        let arrived = Date()
        let bodyBuffer = try await request.collectBody(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers where headers[field.name.canonicalName] == nil {
            headers[field.name.canonicalName] = field.value
        }
        // Which listener (host:port) the request reached: HTTP/1's Host is the authority here.
        if let authority = request.head.authority { headers[":authority"] = authority }
        let info = RequestInfo(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
            headers: headers, body: Data(bodyBuffer.readableBytesView)
        )
        let plan = await context.faults.plan(for: info.path)
        if plan.delay > 0 {
            try? await Task.sleep(for: .seconds(plan.delay))
        }
        var reply: Reply
        if let failure = plan.failure {
            reply = Reply.error(failure.status, Self.code(forInjected: failure.status), "Injected failure (demo fault injector).")
            if let retryAfter = failure.retryAfter { reply.headers.append(("Retry-After", String(retryAfter))) }
        } else if let frigate {
            reply = await FrigateRouter(frigate: frigate, plan: plan, now: Date()).route(info)
        } else {
            reply = await DemoRouter(context: context, plan: plan).route(info)
        }
        if plan.malformedJSON {
            reply = Reply(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")],
                          body: Data(#"{"events":[{"id":"evt-trunc"#.utf8))
        }
        let isMedia = info.path.hasPrefix("/media/")
        let token = isMedia ? info.mediaToken : (nil, .none)
        await context.log.append(DemoRequestRecord(
            method: info.method, path: info.path, query: info.query, mediaToken: token.token,
            tokenSource: token.source, status: reply.status, fault: plan.label, date: arrived, headers: headers
        ))
        if let stream = reply.stream, request.method != .head {
            return Self.streamed(reply, stream)
        }
        if let endless = plan.endlessBody, reply.status == 200, request.method != .head {
            return Self.endless(reply, endless)
        }
        return Self.response(reply, head: request.method == .head, drop: plan.dropConnection, slow: plan.slowBody)
    }

    static func code(forInjected status: Int) -> String {
        switch status {
        case 429: "rate_limited"
        case 503: "service_unavailable"
        default: "injected_failure"
        }
    }

    /// Turns a ``Reply`` into a response; `drop` sends the head and half the body, then closes;
    /// `slow` sends the body in chunks of `bytes` every `interval` seconds.
    static func response(_ reply: Reply, head: Bool, drop: Bool, slow: SlowBodyRule? = nil) -> Response {
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        fields[.contentLength] = String(reply.body.count)
        let status = HTTPResponse.Status(code: reply.status)
        if head {
            return Response(status: status, headers: fields)
        }
        let buffer = ByteBuffer(bytes: reply.body)
        if let slow, !drop {
            return Response(status: status, headers: fields, body: ResponseBody(contentLength: reply.body.count) { writer in
                var rest = buffer
                while rest.readableBytes > 0, let chunk = rest.readSlice(length: min(slow.bytes, rest.readableBytes)) {
                    try await writer.write(chunk)
                    try await Task.sleep(for: .seconds(slow.interval))
                }
                try await writer.finish(nil)
            })
        }
        guard drop else {
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: buffer))
        }
        let half = buffer.getSlice(at: 0, length: reply.body.count / 2) ?? buffer
        return Response(status: status, headers: fields, body: ResponseBody(contentLength: reply.body.count) { writer in
            try await writer.write(half)
            throw DroppedConnection()
        })
    }
}

extension DemoResponder {
    /// `reply`'s body, then `rule.line` over and over (no Content-Length), until the client goes
    /// away or `rule.maxBytes` have been sent.
    static func endless(_ reply: Reply, _ rule: EndlessBodyRule) -> Response {
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        let line = rule.line.isEmpty ? "\n" : rule.line
        let chunk = ByteBuffer(string: String(repeating: line, count: max(1, (64 << 10) / line.utf8.count)))
        return Response(status: .init(code: reply.status), headers: fields, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(bytes: reply.body))
            var sent = reply.body.count
            while sent < rule.maxBytes {
                try await writer.write(chunk)
                sent += chunk.readableBytes
            }
            try await writer.finish(nil)
        })
    }
}

extension DemoResponder {
    /// `reply`'s head and body, then `stream`'s parts, paced, until the client goes away (a
    /// write to a closed connection throws, which ends the body).
    static func streamed(_ reply: Reply, _ stream: ReplyStream) -> Response {
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return Response(status: .init(code: reply.status), headers: fields, body: ResponseBody { writer in
            if !reply.body.isEmpty { try await writer.write(ByteBuffer(bytes: reply.body)) }
            var index = 0
            while !Task.isCancelled {
                try await Task.sleep(for: stream.interval)
                try await writer.write(ByteBuffer(bytes: await stream.part(index)))
                index += 1
            }
            try await writer.finish(nil)
        })
    }
}

/// Thrown from a response body to close the connection mid-body (fault injection).
struct DroppedConnection: Error {}
