package import Foundation
import StubFormats

/// Reading a file of the stubs folder, and nothing outside it.
package enum StubsFolder {
    /// The file at `relative` under `root` (a folder with its symlinks resolved), or nil when there
    /// is none. A path whose real location escapes the folder (through `..` or a symlink) is refused:
    /// nothing outside `Stubs/` is ever read or served.
    package static func read(_ relative: String, root: URL) throws(FixtureProblem) -> Data? {
        let url = root.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path == root.path || url.path.hasPrefix(root.path + "/") else {
            throw FixtureProblem(file: relative, line: nil, reason: "resolves outside the stubs directory; refusing to read it")
        }
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FixtureProblem(file: relative, line: nil, reason: "unreadable: \(error.localizedDescription)")
        }
    }
}
