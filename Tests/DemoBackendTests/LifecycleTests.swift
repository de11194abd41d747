import AsyncHTTPClient
@testable import DemoBackend
import Foundation
import TestSupport
import Testing

@Suite("Server lifecycle and resources")
struct LifecycleTests {
    @Test func bindsAFreePortAndStopsCleanly() async throws {
        var configuration = DemoConfiguration()
        configuration.generatedEventCount = 10
        let first = try await DemoServer.start(configuration)
        let second = try await DemoServer.start(configuration)
        #expect(first.baseURL.port != nil && first.baseURL.port != 0)
        #expect(first.baseURL.port != second.baseURL.port)
        #expect(first.baseURL.host == "127.0.0.1")
        #expect(first.eventCount == 10 + first.fixedEventIDs.count)
        await first.stop()
        await second.stop()
        await first.stop()  // twice is fine
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        await #expect(throws: (any Error).self) {
            _ = try await client.execute(HTTPClientRequest(url: first.baseURL.absoluteString + "/v1/events"), timeout: .seconds(1))  // AHC retries refused connects until the deadline
        }
        try await client.shutdown()
    }

    @Test func servesTheOpenAPIContract() async throws {
        try await DemoHarness.with { demo in
            let answer = try await demo.get("/openapi.yaml")
            #expect(answer.status == 200)
            #expect(answer.text.hasPrefix("openapi: 3."))
        }
    }

    @Test func missingResourcesNameWhereItLooked() async throws {
        var configuration = DemoConfiguration()
        configuration.resourcesDirectory = URL(fileURLWithPath: "/nonexistent/resources")
        do {
            _ = try await DemoServer.start(configuration)
            Issue.record("started without resources")
        } catch let error as DemoBackendError {
            #expect(error.isResourcesNotFound)
            #expect(error.message.contains("/nonexistent/resources"))
        }
    }

    @Test func locatorSearchesEnvironmentThenExecutableThenSourceTree() throws {
        let repoResources = try ResourceLocator.locate(configured: nil, environment: [:], executable: nil)
        #expect(FileManager.default.fileExists(atPath: repoResources.appendingPathComponent("demo/catalog.json").path))
        let viaEnv = try ResourceLocator.locate(configured: nil, environment: ["EVENTPLAYER_RESOURCES": repoResources.path], executable: nil)
        #expect(viaEnv.path == repoResources.path)
        do {
            _ = try ResourceLocator.locate(
                configured: nil, environment: ["EVENTPLAYER_RESOURCES": "/nope"],
                executable: URL(fileURLWithPath: "/opt/x/bin/eventplayer"), sourceFile: "/src/a/b/c/d.swift"
            )
            Issue.record("found resources that do not exist")
        } catch let error as DemoBackendError {
            for place in ["/nope", "/opt/x/share/eventplayer", "/opt/x/bin/Resources", "/src/Resources"] {
                #expect(error.message.contains(place), "\(place)")
            }
        }
    }
}
