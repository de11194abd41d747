import Foundation

/// The `.part` file an export appends to: opened (created if missing), cut to the bytes a resume
/// keeps, then appended to piece by piece and synced before it is renamed.
struct ExportFile {
    let handle: FileHandle
    let url: URL

    init(part url: URL, keeping bytes: Int) throws {
        self.url = url
        do {
            if !FileManager.default.fileExists(atPath: url.path) {
                guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                    throw ExportError("cannot create \(url.path): \(String(cString: strerror(errno)))")
                }
            }
            handle = try FileHandle(forUpdating: url)
            try handle.truncate(atOffset: UInt64(bytes))
            try handle.seekToEnd()
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    func append(_ data: Data) throws {
        do { try handle.write(contentsOf: data) } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Flushes to disk.
    func finish() throws {
        do { try handle.synchronize() } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    func close() {
        try? handle.close()
    }
}
