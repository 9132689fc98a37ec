@testable import ContractKitCommand
import Foundation
import Testing

/// `runs` finds the default store from any folder of the package, and says where it looked.
@Suite struct RunsCommandTests {
    @Test func theDefaultStoreIsFoundFromAFolderBelowThePackageRootAndNotAboveIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runs-find-\(UUID().uuidString)")
        let deeper = root.appendingPathComponent("Sources/deeper")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".stubbank"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        let (missing, looked) = RunsCommand.Store.find(".stubbank/runs.sqlite", from: deeper.path)
        #expect(missing == nil)
        // It looked in the folder, each parent, and stopped at the package root.
        #expect(looked.count == 3)
        #expect(looked.last == root.standardizedFileURL.appendingPathComponent(".stubbank/runs.sqlite").path)
        try Data().write(to: root.appendingPathComponent(".stubbank/runs.sqlite"))
        let (found, _) = RunsCommand.Store.find(".stubbank/runs.sqlite", from: deeper.path)
        #expect(found == root.standardizedFileURL.appendingPathComponent(".stubbank/runs.sqlite").path)
    }
}
