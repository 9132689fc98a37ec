import Foundation
import Testing
@testable import StubEngine
import StubFormats

/// The route-file loader reading files held in memory (an import's, before it writes them) as it
/// reads a folder: the same routes, the same problems, and nothing read from outside the folder.
@Suite struct StubsFilesTests {
    private let route = """
        routes:
          - id: card
            request: { method: GET, path: /card }
            responses:
              - bodyFile: bodies/../bodies/card.json
        """

    @Test func inMemoryFilesLoadAsAFolderDoes() {
        var problems: [FixtureProblem] = []
        let files: [String: [UInt8]] = ["routes/api.yaml": Array(route.utf8), "routes/bodies/card.json": Array(#"{"pan":"4111"}"#.utf8)]
        let routes = RouteFileLoader(files: .memory(files)).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        #expect(routes.routes.map(\.id) == ["card"])
        #expect(routes.routes.first?.responses.first?.bodyFile == "routes/bodies/card.json")
    }

    @Test func aBodyOutsideTheFolderIsRefusedInMemoryToo() {
        var problems: [FixtureProblem] = []
        let escaping = route.replacingOccurrences(of: "bodies/../bodies/card.json", with: "../../secret.json")
        _ = RouteFileLoader(files: .memory(["routes/api.yaml": Array(escaping.utf8), "secret.json": Array("{}".utf8)]))
            .load(problems: &problems)
        #expect(problems.count == 1)
        #expect(problems.first?.reason.contains("resolves outside the stubs directory") == true, "\(problems)")
        #expect(problems.first?.file == "routes/api.yaml" && problems.first?.line == 5, "\(problems)")
    }

    @Test func pathsAreNormalizedWithoutLeavingTheFolder() {
        #expect(StubsFiles.normalized("routes/./bodies/../a.json") == "routes/a.json")
        #expect(StubsFiles.normalized("routes/../../a.json") == nil)
        #expect(StubsFiles.memory(["personas/alex.yaml": []]).hasFolder("personas"))
        #expect(!StubsFiles.memory(["personasx.yaml": []]).hasFolder("personas"))
    }

    /// On disk, `personas` turns the bank on only as a folder: a file of that name does not.
    @Test func aFolderOnDiskIsAFolderAndAFileOfItsNameIsNot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stubsfiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("personas"), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: root.appendingPathComponent("routes"))
        #expect(StubsFiles.folder(root).hasFolder("personas"))
        #expect(!StubsFiles.folder(root).hasFolder("routes"), "a file named routes")
        #expect(!StubsFiles.folder(root).hasFolder("scenarios"), "nothing there")
    }
}
