import EventsAPI
import Foundation
import SystemSupport
import Testing

/// ``ReplaceableBackend`` forwards every ``EventBackend`` requirement, those with a default too:
/// a requirement it does not forward runs the protocol's default on the wrapper (e.g. the default
/// `changes` asks for a page of `events`), and the backend's own is never called. Each requirement
/// is called through the wrapper and the backend behind it must have recorded exactly that call;
/// the protocol's declaration is read so that a new requirement nobody calls here fails too.
@Suite struct ReplaceableBackendForwardingTests {
    @Test func everyRequirementReachesTheBackendBehind() async throws {
        let recording = RecordingBackend()
        let wrapper: any EventBackend = ReplaceableBackend(.events, requiresSignIn: true) { _, _ in recording }
        let event = Event(id: "e1", cameraName: "Front", startTime: Date(timeIntervalSince1970: 1_000), bucket: "b",
                          videoUrl: RecordingBackend.url)
        let range = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 60)

        var expected: [String] = []
        func check(_ name: String, _ call: () async throws -> Void) async throws {
            let before = recording.calls.count
            try await call()
            expected.append(name)
            #expect(Array(recording.calls.dropFirst(before)) == [name], "\(name) through ReplaceableBackend did not reach the backend behind it")
        }
        try await check("server") { #expect(wrapper.server == RecordingBackend.url) }
        try await check("kind") { #expect(wrapper.kind == .frigate) }
        try await check("session") { #expect(await wrapper.session?.accessToken == "recorded") }
        try await check("requiresSignIn") { #expect(await wrapper.requiresSignIn == false) }
        try await check("userPrompt") { #expect(wrapper.userPrompt == "Recorder") }
        try await check("reviewedOnServer") { #expect(wrapper.reviewedOnServer) }
        try await check("severities") { #expect(wrapper.severities == ["recorded"]) }
        try await check("signIn") { _ = try await wrapper.signIn(user: "u", password: "p") }
        try await check("events") { _ = try await wrapper.events(cursor: nil, limit: 1, filter: EventFilter()) }
        try await check("refreshed") {
            let refreshed = try await wrapper.refreshed(event)
            #expect(refreshed.title == "refreshed")
        }
        try await check("event") {
            let found = try await wrapper.event(id: "e1")
            #expect(found?.id == "e1")
        }
        try await check("changes") {
            let changes = try await wrapper.changes(since: nil, filter: EventFilter(), inProgress: [event])
            #expect(changes.gone == ["recorded"])
        }
        try await check("mediaTokens") { _ = try await wrapper.mediaTokens(refresh: true) }
        try await check("cameras") { _ = try await wrapper.cameras() }
        try await check("cameraGroups") { _ = try await wrapper.cameraGroups() }
        try await check("setReviewed") { try await wrapper.setReviewed(["e1"], reviewed: true) }
        try await check("coverage") { _ = try await wrapper.coverage(camera: "front", in: range) }
        try await check("recording") { _ = try await wrapper.recording(camera: "front", in: range) }
        try await check("filterValues") { _ = try await wrapper.filterValues(cameras: nil) }
        try await check("live") {
            let live = try await wrapper.live(camera: "front", quality: LiveQuality(height: 90, fps: 2))
            #expect(live?.videoFormat == .liveFeed)
        }
        try await check("cameraHealth") {
            let health = try await wrapper.cameraHealth()
            #expect(health?.first?.isOnline == false)
        }
        try await check("keepName") { #expect(wrapper.keepName == "recorded") }
        try await check("setKept") { try await wrapper.setKept(["e1"], kept: true) }
        try await check("details") {
            let details = try await wrapper.details(of: event)
            #expect(details.alarmFrames == [AlarmFrame(offset: 1, score: 2)])
        }

        let requirements = try Self.requirements()
        #expect(requirements.count >= 15, "reading EventBackend's requirements found too few: \(requirements)")
        #expect(Set(requirements) == Set(expected), "EventBackend's requirements and those called here differ")
    }

    /// The names of the requirements declared in `protocol EventBackend { … }`.
    static func requirements() throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/EventsAPI/Backend/EventBackend.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(source.range(of: "public protocol EventBackend"))
        let body = source[start.upperBound...]
        let end = try #require(body.range(of: "\n}"))
        let declaration = try Regex("^\\s*(?:func|var)\\s+([A-Za-z]+)").anchorsMatchLineEndings()
        return body[..<end.lowerBound].split(separator: "\n").compactMap { line in
            (try? declaration.firstMatch(in: String(line)))?.output[1].substring.map(String.init)
        }
    }
}

/// A backend whose every requirement records that it was called (and answers something the
/// default implementations would not).
final class RecordingBackend: EventBackend {
    static let url = URL(string: "http://recorded.invalid")!
    private let record = Locked<[String]>([])
    var calls: [String] { record.withLock { $0 } }
    private func called(_ name: String) { record.withLock { $0.append(name) } }

    var server: URL { called("server"); return Self.url }
    var kind: BackendKind { called("kind"); return .frigate }
    var session: Session? {
        get async {
            called("session")
            return Session(server: Self.url, accessToken: "recorded", refreshToken: "", expiresAt: .distantFuture,
                           user: User(id: "u", email: "u", name: "u"))
        }
    }
    var requiresSignIn: Bool { get async { called("requiresSignIn"); return false } }
    var userPrompt: String { called("userPrompt"); return "Recorder" }
    var reviewedOnServer: Bool { called("reviewedOnServer"); return true }
    var severities: [String] { called("severities"); return ["recorded"] }

    func signIn(user: String, password: String) async throws -> Session {
        called("signIn")
        return Session(server: Self.url, accessToken: "recorded", refreshToken: "", expiresAt: .distantFuture,
                       user: User(id: user, email: user, name: user))
    }
    func events(cursor: String?, limit: Int, filter: EventFilter) async throws -> EventsPage {
        called("events")
        return EventsPage(events: [], nextCursor: nil)
    }
    func refreshed(_ event: Event) async throws -> Event {
        called("refreshed")
        var event = event
        event.title = "refreshed"
        return event
    }
    func event(id: String) async throws -> Event? {
        called("event")
        return Event(id: id, cameraName: "Front", startTime: Date(timeIntervalSince1970: 1_000), bucket: "b", videoUrl: Self.url)
    }
    func changes(since newest: Date?, filter: EventFilter, inProgress: [Event]) async throws -> EventChanges {
        called("changes")
        return EventChanges(events: [], completeAfter: nil, gone: ["recorded"])
    }
    func mediaTokens(refresh: Bool) async throws -> [MediaToken] { called("mediaTokens"); return [] }
    func cameras() async throws -> [Camera] { called("cameras"); return [] }
    func cameraGroups() async throws -> [CameraGroup] { called("cameraGroups"); return [] }
    func setReviewed(_ ids: [String], reviewed: Bool) async throws { called("setReviewed") }
    func coverage(camera: String, in range: Range<Date>) async throws -> [RecordedSpan]? { called("coverage"); return [] }
    func recording(camera: String, in range: Range<Date>) async throws -> Event? { called("recording"); return nil }
    func filterValues(cameras: [String]?) async throws -> FilterValues { called("filterValues"); return .none }
    func live(camera: String, quality: LiveQuality) async throws -> Event? {
        called("live")
        var event = Event(id: "live", cameraName: camera, startTime: Date(timeIntervalSince1970: 1_000), bucket: "live",
                          videoUrl: Self.url)
        event.videoFormat = .liveFeed
        return event
    }
    func cameraHealth() async throws -> [CameraHealth]? {
        called("cameraHealth")
        return [CameraHealth(camera: "front", isOnline: false)]
    }
    var keepName: String? { called("keepName"); return "recorded" }
    func setKept(_ ids: [String], kept: Bool) async throws { called("setKept") }
    func details(of event: Event) async throws -> EventDetails {
        called("details")
        return EventDetails(event: event, alarmFrames: [AlarmFrame(offset: 1, score: 2)])
    }
}
