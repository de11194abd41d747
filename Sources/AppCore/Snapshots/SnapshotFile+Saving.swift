import Foundation

/// The folder snapshots go to and the file a snapshot reserves there.
extension SnapshotFile {
    /// `<pictures>/eventplayer`, pictures being ``XDGPaths/pictures(environment:)``.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGPaths(environment: environment).pictures(environment: environment).appending(path: "eventplayer")
    }

    /// Creates `directory` (and its parents) when missing and creates this snapshot's file in it,
    /// empty, under the first name no file has (``name(timeZone:number:)`` 1, 2, 3…): two quick
    /// snapshots of the same frame get two names. The player then writes the PNG into it.
    /// - Throws: ``SnapshotError`` naming the folder and what to do.
    public func reserve(in directory: URL, timeZone: TimeZone = .current) throws(SnapshotError) -> URL {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SnapshotError(folder: directory.path, reason: Self.reason(error))
        }
        for number in 1...1000 {
            let url = directory.appending(path: name(timeZone: timeZone, number: number))
            let fd = open(url.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
            if fd >= 0 {
                close(fd)
                return url
            }
            guard errno == EEXIST else { throw SnapshotError(folder: directory.path, reason: String(cString: strerror(errno))) }
        }
        throw SnapshotError(folder: directory.path, reason: "1000 snapshots of this frame are there already")
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return (error as NSError).localizedDescription
    }
}

/// A snapshot that cannot be saved where snapshots go.
///
/// ```swift
/// print(error)   // "cannot save snapshots in /home/me/Pictures/eventplayer (Permission denied); set XDG_PICTURES_DIR to a folder you can write to"
/// ```
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    public let folder: String
    public let reason: String

    public var description: String {
        "cannot save snapshots in \(folder) (\(reason)); set XDG_PICTURES_DIR to a folder you can write to"
    }
}
