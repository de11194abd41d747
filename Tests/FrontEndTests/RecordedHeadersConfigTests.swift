import AppCore
import DemoBackend
import Foundation
import Networking
import Testing

/// `[network] recorded-headers` in a real config file reaches the request records the request
/// log (`d`) shows: the services start as `eventplayer` starts them, against the demo backend.
@Suite struct RecordedHeadersConfigTests {
    /// The response header `Retry-After` is not recorded by default; listed in the config file it is.
    @Test(arguments: [nil, #"recorded-headers = ["Retry-After", "Content-*"]"#])
    func aConfiguredHeaderIsRecorded(line: String?) async throws {
        let demo = try await DemoServer.start()
        defer { Task { await demo.stop() } }
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[network]\nretries = 0\n\(line ?? "")\n".write(to: config.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let services = try await CoordinatorTests.services(home: home, server: demo.baseURL.absoluteString)
        await demo.faults.failNext(1, status: 404, retryAfter: 7, pathPrefix: "/v1/events")
        _ = try? await services.pipeline.send(HTTPRequest(kind: .apiEvents, url: demo.baseURL.appending(path: "v1/events")))
        let record = try #require(services.pipeline.requestLog.snapshot().last { $0.target.contains("/v1/events") })
        #expect(record.status == 404)
        if line == nil {
            #expect(record.headers["Retry-After"] == nil, "not recorded by default")
            #expect(record.headers["Content-Type"] != nil)
        } else {
            #expect(record.headers["Retry-After"] == "7")
            #expect(record.headers["Content-Type"] != nil, "Content-* keeps it")
            #expect(record.headers["Server"] == nil, "the list replaces the defaults")
        }
    }
}
