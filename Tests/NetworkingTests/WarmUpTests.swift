import AsyncHTTPClient
import Foundation
@testable import Networking
import Synchronization
import Testing

@Suite("Warming the transport up before the first request")
struct WarmUpTests {
    /// Records the timeouts it was warmed up with; answers every request 200.
    final class WarmedTransport: HTTPTransport, Sendable {
        let warmed = Mutex<[RequestTimeouts]>([])
        func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
            HTTPResponse(status: 200, request: request)
        }
        func warmUp(timeouts: RequestTimeouts) { warmed.withLock { $0.append(timeouts) } }
    }

    @Test func thePipelineWarmsItsTransportWithTheKindsConfiguredTimeouts() async throws {
        var configuration = NetworkConfiguration()
        configuration.setTimeouts(connect: 3, request: 7)
        let transport = WarmedTransport()
        let pipeline = NetworkPipeline(transport: transport, configuration: configuration)
        pipeline.warmUp()
        // The warm-up runs off the caller's thread; wait for it (up to 5 s).
        for _ in 0..<500 where transport.warmed.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        let warmed = transport.warmed.withLock { $0 }
        #expect(warmed.count == 1)
        #expect(warmed.first?.connect == 3)
        #expect(warmed.first?.request == 7)
    }

    @Test func theRealTransportBuildsTheSharedClientOfThatConnectTimeout() async throws {
        // A connect timeout no other test uses: the shared client of 4.321 s exists only after this.
        #expect(!SharedClients.isBuilt(connectTimeout: 4.321))
        AsyncHTTPClientTransport().warmUp(timeouts: RequestTimeouts(connect: 4.321, request: 5))
        #expect(SharedClients.isBuilt(connectTimeout: 4.321))
        // A transport with a client of its own leaves the shared ones alone.
        let own = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        AsyncHTTPClientTransport(client: own).warmUp(timeouts: RequestTimeouts(connect: 4.322, request: 5))
        #expect(!SharedClients.isBuilt(connectTimeout: 4.322))
        try await own.shutdown()
    }
}
