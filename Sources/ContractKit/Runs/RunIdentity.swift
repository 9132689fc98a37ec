public import Foundation
import Crypto
import StubFormats

/// What a run ran on, beyond its client commit: the branch, the stub's commit, a hash of the
/// contract (the case files and, when the stub is hosted in process, its stubs folder), this
/// ContractKit's version, and the machine class. The team store groups results by these: the
/// same case on the same inputs should give the same outcome on every machine.
public struct RunIdentity: Sendable, Equatable {
    /// The branch: the CI's own variable when it sets one (a detached checkout has no branch),
    /// else `git rev-parse --abbrev-ref HEAD`.
    public var branch: String?
    /// The commit that last changed the stubs folder, or `STUBBANK_STUB_COMMIT` when the stub
    /// runs elsewhere.
    public var stubCommit: String?
    /// SHA-256 of the contract's files (paths and contents, in path order).
    public var contractHash: String?
    /// `ContractKitInfo.version`.
    public var contractKitVersion: String = ContractKitInfo.version
    /// `linux`, `macos`, `ios`…
    public var os: String = MachineClass.os
    /// `x86_64`, `arm64`…
    public var arch: String = MachineClass.arch
    /// The Swift toolchain that built the runner, e.g. `swift-6.3`.
    public var toolchain: String = MachineClass.toolchain

    /// An identity with the machine filled in and nothing else.
    public init(branch: String? = nil, stubCommit: String? = nil, contractHash: String? = nil) {
        self.branch = branch
        self.stubCommit = stubCommit
        self.contractHash = contractHash
    }

    /// SHA-256 over every regular file under `folders` (hidden files and `screens/` recordings
    /// included, `.DS_Store` not): each file's path relative to its folder, then its bytes.
    public static func contractHash(of folders: [URL]) -> String? {
        var hasher = SHA256()
        var any = false
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            var files: [(String, URL)] = []
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                      url.lastPathComponent != ".DS_Store" else { continue }
                let relative = url.standardizedFileURL.path.replacingOccurrences(of: folder.standardizedFileURL.path + "/", with: "")
                files.append((relative, url))
            }
            for (relative, url) in files.sorted(by: { $0.0 < $1.0 }) {
                guard let data = try? Data(contentsOf: url) else { continue }
                hasher.update(data: Data("\(folder.lastPathComponent)/\(relative)\n\(data.count)\n".utf8))
                hasher.update(data: data)
                any = true
            }
        }
        return any ? Hex.string(hasher.finalize()) : nil
    }

    /// The branch from the CI's variables (GitHub Actions, GitLab, Buildkite, Jenkins, Bitrise),
    /// in that order; nil when none is set.
    public static func branch(from environment: [String: String]) -> String? {
        let names = ["GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BUILDKITE_BRANCH", "BRANCH_NAME", "BITRISE_GIT_BRANCH"]
        return names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
}

/// This package's version, recorded with every run.
public enum ContractKitInfo {
    /// The ContractKit version runs record; raised when the harness changes what it checks.
    public static let version = "0.4.0"
}

/// The machine class a run records: OS, architecture and toolchain. Results from two classes
/// that disagree with each other, but each with itself, are environment-dependent, not flaky.
public enum MachineClass {
    /// The operating system.
    public static var os: String {
        #if os(Linux)
        "linux"
        #elseif os(macOS)
        "macos"
        #elseif os(iOS)
        "ios"
        #elseif os(tvOS)
        "tvos"
        #elseif os(watchOS)
        "watchos"
        #elseif os(visionOS)
        "visionos"
        #elseif os(Windows)
        "windows"
        #else
        "other"
        #endif
    }

    /// The CPU architecture.
    public static var arch: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "other"
        #endif
    }

    /// The compiler that built this code.
    public static var toolchain: String {
        #if compiler(>=6.4)
        "swift-6.4+"
        #elseif compiler(>=6.3)
        "swift-6.3"
        #elseif compiler(>=6.2)
        "swift-6.2"
        #else
        "swift-6.1-"
        #endif
    }
}
