/// An event still recording on a server that writes its video only when the event closes
/// (ZoneMinder 1.36): there is nothing to play or export yet.
public struct StillRecordingError: Error, Sendable, CustomStringConvertible {
    public var description: String {
        "the event is still recording, and the server writes its video when it ends: play it once it has ended (the list shows its length then)"
    }
}
