public import ContractKit
public import Foundation

/// Where a suite records its runs, if anywhere.
///
/// `.none` records nothing. `.sqlite(_:)`, the run store that `stubbank runs list|diff` reads,
/// comes with `import ContractTestingHost`, which brings GRDB.
public struct RunRecording: Sendable {
    let path: String?
    let open: @Sendable (URL) throws -> any RunRecorder

    /// Records nothing.
    public static let none = RunRecording(path: nil) { _ in throw RecordingError.none }

    /// Records into the store at `path` (relative to the package root unless absolute), opened
    /// with `open` on the first case. When the folder cannot be created there (a simulator's
    /// read-only bundle), the suite records in a temporary folder and says where.
    public static func store(at path: String, open: @escaping @Sendable (URL) throws -> any RunRecorder) -> RunRecording {
        RunRecording(path: path, open: open)
    }

    enum RecordingError: Error { case none }
}
