import ContractKit
import Foundation
import Testing

@Suite struct CaseLoaderTests {
    func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    @Test func aMalformedFileIsReportedWithLineAndTheRestStillLoad() throws {
        let url = try directory([
            "good.yaml": "id: status.ok\nwhen: status.get\nexpect:\n  data: { http: 200 }\n",
            "broken.yaml": "cases:\n  - id: x\n    when: status.get\n    expect: { data: { http: \"two hundred\" } }\n",
            "syntax.yaml": "id: y\nwhen: [unclosed\n",
            "unknown.yaml": "id: z\nwhen: accounts.explode\nexpect: {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CaseLoader(directory: url).load()
        #expect(result.cases.map(\.id) == ["status.ok"])
        let broken = try #require(result.problems.first { $0.file == "cases/broken.yaml" })
        #expect(broken.line == 4)
        #expect(result.problems.contains { $0.file == "cases/syntax.yaml" && $0.line != nil })
        #expect(result.problems.contains { $0.file == "cases/unknown.yaml" && $0.reason.contains("unknown operation accounts.explode") && $0.line == 2 })
    }

    @Test func duplicateIdsAreRefused() throws {
        let url = try directory([
            "a.yaml": "id: same\nwhen: status.get\nexpect: {}\n",
            "b.yaml": "id: same\nwhen: status.get\nexpect: {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CaseLoader(directory: url).load()
        #expect(result.cases.count == 1)
        #expect(result.problems.first?.reason.contains("duplicate case id same") == true)
    }
}
