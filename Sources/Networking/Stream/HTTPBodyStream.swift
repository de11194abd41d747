import Foundation
import NIOCore
import Synchronization
import SystemSupport

/// A response body arriving in chunks, read once, by one reader. Pulling the next chunk is what
/// asks the server for more (backpressure): a reader that writes each chunk before asking for the
/// next keeps memory bounded to a few chunks. ``close()`` (or dropping the stream) cancels the
/// upstream request.
///
/// ```swift
/// let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: url))
/// for try await chunk in streamed.body { try await writer.write(chunk) }
/// ```
public final class HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = ByteBuffer

    /// How the body ended: bytes read, and the error when it did not end cleanly (nil on success
    /// and when it was closed early; see ``Ending/closedEarly``).
    public struct Ending: Sendable {
        public var bytes: Int
        public var error: String?
        public var closedEarly: Bool
    }

    /// What the reader, `close()` and the end handlers share.
    private struct State {
        var first: ByteBuffer?
        var pull: (@Sendable () async throws -> ByteBuffer?)?
        var onEnd: [@Sendable (Ending) -> Void] = []
        var bytes = 0
        var ended = false
    }
    private let state: Mutex<State>

    /// A stream that gets each chunk from `pull` (nil: the end). `pull` is released at the end.
    public init(pull: @escaping @Sendable () async throws -> ByteBuffer?) {
        state = Mutex(State(pull: pull))
    }

    /// A stream of one buffer (a body already in memory).
    public convenience init(_ data: Data) {
        let box = Locked<Data?>(data.isEmpty ? nil : data)
        self.init(pull: { box.withLock { value in defer { value = nil }; return value.map { ByteBuffer(bytes: $0) } } })
    }

    /// Reads the first chunk now (so a failure before any byte is an attempt failure the pipeline
    /// can retry) and keeps it for the reader. Returns false at the end of an empty body.
    func peek() async throws -> Bool {
        guard let chunk = try await pullNext() else { return false }
        state.withLock { $0.first = chunk }
        return true
    }

    /// The next chunk, nil at the end. Throws the upstream failure (or `CancellationError`).
    public func next() async throws -> ByteBuffer? {
        if let chunk = state.withLock({ state -> ByteBuffer? in defer { state.first = nil }; return state.first }) {
            state.withLock { $0.bytes += chunk.readableBytes }
            return chunk
        }
        do {
            let chunk = try await pullNext()
            if let chunk { state.withLock { $0.bytes += chunk.readableBytes } } else { finish(error: nil, early: false) }
            return chunk
        } catch {
            finish(error: Redactor.shared.redact(String(describing: error)), early: false)
            throw error
        }
    }

    /// Stops reading: releases the upstream request (which cancels it when it is still running).
    public func close() {
        finish(error: nil, early: true)
    }

    /// Calls `body` once when the stream ends (read to the end, failed, or closed).
    public func onEnding(_ body: @escaping @Sendable (Ending) -> Void) {
        let ending: Ending? = state.withLock { state in
            if state.ended { return Ending(bytes: state.bytes, error: nil, closedEarly: false) }
            state.onEnd.append(body)
            return nil
        }
        if let ending { body(ending) }
    }

    /// Reads up to `limit` bytes (for an error body), then closes.
    func collect(upTo limit: Int) async -> Data {
        var data = Data()
        while data.count < limit, let chunk = try? await next() { data.append(contentsOf: chunk.readableBytesView) }
        close()
        return data.prefix(limit)
    }

    private func pullNext() async throws -> ByteBuffer? {
        guard let pull = state.withLock({ $0.pull }) else { return nil }
        return try await pull()
    }

    private func finish(error: String?, early: Bool) {
        let (handlers, ending) = state.withLock { state -> ([@Sendable (Ending) -> Void], Ending) in
            guard !state.ended else { return ([], Ending(bytes: 0, error: nil, closedEarly: false)) }
            state.ended = true
            state.pull = nil
            state.first = nil
            defer { state.onEnd = [] }
            return (state.onEnd, Ending(bytes: state.bytes, error: error, closedEarly: early))
        }
        handlers.forEach { $0(ending) }
    }

    deinit {
        let (ended, onEnd, bytes) = state.withLock { ($0.ended, $0.onEnd, $0.bytes) }
        if !ended { onEnd.forEach { $0(Ending(bytes: bytes, error: nil, closedEarly: true)) } }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: HTTPBodyStream
        public mutating func next() async throws -> ByteBuffer? { try await stream.next() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}
