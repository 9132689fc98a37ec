import Foundation
import Logging
import ServiceLifecycle
import StubEngine
import BuiltInBank

/// Polls the stubs directory once a second and reloads when any file changes.
/// A broken edit is logged with file and line; the last good set keeps serving.
struct StubsWatcher: Service {
    let backend: StubBackend
    var interval: Duration = .seconds(1)

    func run() async throws {
        // Without this the loop would hold SIGINT/SIGTERM shutdown open forever.
        try? await cancelWhenGracefulShutdown {
            var last = fingerprint()
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                let current = fingerprint()
                guard current != last else { continue }
                last = current
                do {
                    try await backend.reload()
                } catch {
                    backend.logger.error("stubs changed but are invalid; still serving the last good set\n\(error)")
                }
            }
        }
    }

    /// Paths, sizes and modification times of every file under the directory.
    func fingerprint() -> [String] {
        let root = backend.configuration.stubsDirectory
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
        var rows: [String] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
            rows.append("\(url.path)|\(values?.fileSize ?? -1)|\(values?.contentModificationDate?.timeIntervalSince1970 ?? 0)")
        }
        return rows.sorted()
    }
}
