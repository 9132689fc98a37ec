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
    /// The files under a folder are those below it, not those of a folder whose name starts the
    /// same (`routes2/`), in memory and on disk; and a sibling folder whose name starts as the
    /// stubs folder's does (`Stubs-other` beside `Stubs`) is outside it.
    @Test func aFolderIsItsOwnFilesNotASiblingsWithTheSamePrefix() throws {
        let memory = StubsFiles.memory(["routes/a.yaml": [], "routes/deep/b.yaml": [], "routes2/c.yaml": [], "routesx": []])
        #expect(memory.files(under: "routes") == ["routes/a.yaml", "routes/deep/b.yaml"])
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("stubsfiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("Stubs"), sibling = base.appendingPathComponent("Stubs-other")
        for folder in [root.appendingPathComponent("routes/deep"), root.appendingPathComponent("routes2"), sibling] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for file in ["routes/a.yaml", "routes/deep/b.yaml", "routes2/c.yaml"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(file))
        }
        try Data("secret".utf8).write(to: sibling.appendingPathComponent("secret.json"))
        let real = root.resolvingSymlinksInPath()
        #expect(StubsFiles.folder(real).files(under: "routes") == ["routes/a.yaml", "routes/deep/b.yaml"])
        #expect(throws: FixtureProblem.self) { try StubsFolder.read("../Stubs-other/secret.json", root: real) }
        #expect(try StubsFolder.read("routes/a.yaml", root: real) == Data("x".utf8))
        // A link inside the folder is read where it leads: out of the folder is refused, inside is read.
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("routes/out.json"),
                                                   withDestinationURL: sibling.appendingPathComponent("secret.json"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("routes/in.yaml"),
                                                   withDestinationURL: root.appendingPathComponent("routes/a.yaml"))
        #expect(throws: FixtureProblem.self) { try StubsFolder.read("routes/out.json", root: real) }
        #expect(try StubsFolder.read("routes/in.yaml", root: real) == Data("x".utf8))
    }

    /// A field that takes text refuses YAML's null (`~`, `null`, nothing) with its line, rather
    /// than reading it as the text "null" or as nothing.
    /// A whole number is a YAML integer: quoted, it is text, and a fraction is no whole number.
    @Test func wholeNumbersRefuseQuotedTextAndFractions() {
        for (value, refused) in [("3", false), ("-2", false), ("\"3\"", true), ("'3'", true), ("3.5", true), ("three", true)] {
            var problems: [FixtureProblem] = []
            let yaml = "routes:\n  - request: { path: /x }\n    priority: \(value)\n    responses: [ { status: 204 } ]\n"
            let routes = RouteFileLoader(files: .memory(["routes/r.yaml": Array(yaml.utf8)])).load(problems: &problems)
            if refused {
                #expect(problems.contains { $0.reason.contains("priority must be a whole number") && $0.line == 3 }, "\(value): \(problems)")
            } else {
                #expect(problems.isEmpty && routes.routes.first?.priority == Int(value), "\(value): \(problems)")
            }
        }
    }

    @Test func textFieldsRefuseNull() {
        for (field, value) in [("method", "~"), ("path", "null"), ("method", "")] {
            var problems: [FixtureProblem] = []
            let yaml = "routes:\n  - request:\n      \(field): \(value)\n\(field == "path" ? "" : "      path: /x\n")    responses: [ { status: 204 } ]\n"
            _ = RouteFileLoader(files: .memory(["routes/r.yaml": Array(yaml.utf8)])).load(problems: &problems)
            #expect(problems.contains { $0.reason.contains("\(field) must be text") && $0.line == 3 }, "\(field): \(value): \(problems)")
        }
    }
}
