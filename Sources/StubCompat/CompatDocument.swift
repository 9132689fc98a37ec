package import Foundation
package import StubOpenAPI

/// Where `compat` reads a document from: a file, or `git:REF:path` (the file as committed at
/// `REF` in the repository of the current folder, with the files it refers to read at `REF` too).
package enum CompatDocument {
    /// Reads `argument`, naming the file, the ref or the reason when it cannot.
    package static func load(_ argument: String, in folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        throws(OpenAPILoadError) -> OpenAPISource {
        guard argument.hasPrefix("git:") else {
            let url = argument.hasPrefix("/") ? URL(fileURLWithPath: argument) : folder.appendingPathComponent(argument)
            guard FileManager.default.fileExists(atPath: url.path) else {
                let gitHint = argument.contains(":") ? " (for the file as committed, write git:\(argument))" : ""
                throw OpenAPILoadError("\(argument) does not exist\(gitHint)", missing: true)
            }
            return try OpenAPISource.load(url)
        }
        let rest = argument.dropFirst(4)
        guard let colon = rest.lastIndex(of: ":"), colon != rest.startIndex, rest.index(after: colon) != rest.endIndex else {
            throw OpenAPILoadError("\(argument): write a git document as git:REF:path, e.g. git:origin/main:Contracts/openapi.yaml")
        }
        let ref = String(rest[..<colon]), path = String(rest[rest.index(after: colon)...])
        guard (try? git(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: folder)) != nil else {
            throw OpenAPILoadError("\(argument): git has no commit, branch or tag named `\(ref)` in \(folder.path)", missing: true)
        }
        // Paths in the repository are from its top; a path given from a subfolder is taken from there.
        let prefix = (try? git(["rev-parse", "--show-prefix"], in: folder)).map { String(decoding: $0, as: UTF8.self) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return try OpenAPISource.load(prefix + path) { relative in
            do {
                return try git(["show", "\(ref):\(relative)"], in: folder)
            } catch GitFailure.failed {
                return nil
            }
        }
    }

    enum GitFailure: Error { case failed(String) }

    /// `git ARGS` in `folder`: its output, or `GitFailure.failed` with what git said.
    static func git(_ arguments: [String], in folder: URL) throws -> Data {
        #if os(macOS) || os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GitFailure.failed(String(decoding: said, as: UTF8.self)) }
        return data
        #else
        throw GitFailure.failed("git: documents need a Mac or Linux")
        #endif
    }
}
