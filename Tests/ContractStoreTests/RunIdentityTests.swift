import ContractKit
import Foundation
import Testing

/// What a run records about its inputs: the contract hash changes with any file's bytes or name
/// and not with the order files are found in, and the branch comes from the CI's variables.
@Suite struct RunIdentityTests {
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func theContractHashFollowsEveryFileAndOnlyThem() throws {
        let one = try folder(["cases/a.yaml": "id: a", "cases/b.yaml": "id: b", "cases/.DS_Store": "x"])
        let same = try folder(["cases/b.yaml": "id: b", "cases/a.yaml": "id: a"])
        let edited = try folder(["cases/a.yaml": "id: a ", "cases/b.yaml": "id: b"])
        let renamed = try folder(["cases/a.yaml": "id: a", "cases/c.yaml": "id: b"])
        defer { for url in [one, same, edited, renamed] { try? FileManager.default.removeItem(at: url) } }
        let hash = { (url: URL) in RunIdentity.contractHash(of: [url.appendingPathComponent("cases")]) }
        #expect(hash(one) != nil)
        #expect(hash(one) == hash(same))
        #expect(hash(one) != hash(edited))
        #expect(hash(one) != hash(renamed))
        #expect(RunIdentity.contractHash(of: [one.appendingPathComponent("missing")]) == nil)
    }

    @Test func theBranchComesFromTheCIsVariablesInOrder() {
        #expect(RunIdentity.branch(from: ["GITHUB_REF_NAME": "main", "GITHUB_HEAD_REF": "feature/cards"]) == "feature/cards")
        #expect(RunIdentity.branch(from: ["GITHUB_HEAD_REF": "", "GITHUB_REF_NAME": "main"]) == "main")
        #expect(RunIdentity.branch(from: ["BUILDKITE_BRANCH": "release/7"]) == "release/7")
        #expect(RunIdentity.branch(from: [:]) == nil)
    }
}
