@testable import ContractKit
import Testing

/// The coverage table a terminal shows: headings that read, a legend, and what a gap is.
@Suite struct CoverageMatrixTests {
    @Test func headingsReadAndGapsAreExplained() {
        let cases = [ContractCase(id: "accounts.list.maintenance", when: "accounts.list", expect: Expectation()),
                     ContractCase(id: "accounts.list.ok", when: "accounts.list", expect: Expectation())]
        let lines = CoverageMatrix(operations: ["accounts.list"], cases: cases).text().split(separator: "\n").map(String.init)
        #expect(lines[0].split(separator: " ").prefix(4) == ["ok", "400", "500", "503"])
        #expect(lines[1].hasPrefix("accounts.list"))
        #expect(lines[1].split(separator: " ").dropFirst().prefix(4) == ["●", "·", "·", "●"])
        #expect(lines.contains { $0.hasPrefix("columns: 400 bad-request, 500 server-error, 503 maintenance") })
        #expect(lines.last == "15 gaps: an operation and a fault of the columns before `other` that no case tries. "
                + "Name a case `<operation>.<fault>` to fill one.")
    }
}
