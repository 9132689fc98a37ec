public import ContractTesting
import ContractStore
import Foundation

extension RunRecording {
    /// Records into the SQLite run store at `path` (relative to the package root unless
    /// absolute), the store `stubbank runs list|show|diff` reads.
    public static func sqlite(_ path: String = ".stubbank/runs.sqlite") -> Self {
        .store(at: path) { url in try RunStore(path: url.path) }
    }
}
