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

/// The files of a stubs folder, as the loaders read them: a folder on disk, or files held in
/// memory by path (`routes/api.yaml`), so an import compiles every route it is about to write
/// with the same loader before it writes a byte.
package enum StubsFiles: Sendable {
    case folder(URL)
    case memory([String: [UInt8]])

    /// The file at `relative`, or nil when there is none; a path that leaves the folder (`..`)
    /// is refused, on disk and in memory alike.
    package func read(_ relative: String) throws(FixtureProblem) -> Data? {
        switch self {
        case .folder(let root):
            return try StubsFolder.read(relative, root: root)
        case .memory(let files):
            guard let path = Self.normalized(relative) else {
                throw FixtureProblem(file: relative, line: nil, reason: "resolves outside the stubs directory; refusing to read it")
            }
            return files[path].map { Data($0) }
        }
    }

    /// The paths of the files under `folder` and its subfolders, from the folder's root
    /// (`routes/bodies/a.json`), sorted; empty when the folder does not exist.
    package func files(under folder: String) -> [String] {
        switch self {
        case .folder(let root):
            let base = root.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: base.appendingPathComponent(relative).path, isDirectory: &isFolder),
                   isFolder.boolValue { continue }
                found.append("\(folder)/\(relative)")
            }
            return found.sorted()
        case .memory(let files):
            return files.keys.filter { $0.hasPrefix(folder + "/") }.sorted()
        }
    }

    /// Whether `folder` exists (a folder on disk; in memory, when some file sits under it).
    package func hasFolder(_ folder: String) -> Bool {
        switch self {
        case .folder(let root):
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        case .memory(let files):
            return files.keys.contains { $0.hasPrefix(folder + "/") }
        }
    }

    /// `routes/./bodies/../a.json` → `routes/a.json`; nil when it climbs above the folder.
    static func normalized(_ relative: String) -> String? {
        var parts: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
