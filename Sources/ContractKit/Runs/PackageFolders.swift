package import Foundation

/// Where a Swift package's files are looked for: a folder and each one above it, up to the
/// package root (the nearest folder holding a `Package.swift`). Shared by the targets of this
/// package that resolve relative paths; not part of ContractKit's public API.
package enum PackageFolders {
    /// `folder`, then each parent, ending at the first folder holding a `Package.swift`, or at
    /// the filesystem root when none does.
    package static func upToRoot(from folder: URL) -> [URL] {
        var folders: [URL] = []
        var current = folder.standardizedFileURL
        while true {
            folders.append(current)
            let parent = current.deletingLastPathComponent()
            if isPackageRoot(current) || parent.path == current.path { return folders }
            current = parent
        }
    }

    /// Whether `folder` holds a `Package.swift`.
    package static func isPackageRoot(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    }
}
