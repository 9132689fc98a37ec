import StubFormats
@testable import ContractKit
import Foundation
import Testing
import Yams

/// The screen keys: what each states, and what a failure names (section, row, field, expected, seen).
@Suite struct ScreenCheckTests {
    /// The MyBank account screen's first days, as the client reports them.
    static let screen = ScreenReport(sections: [
        ScreenSection("Today", rows: [
            ScreenRow("PENDING: Cinema Tickets", value: "-$32.00", accessibility: "Pending. Cinema Tickets, -$32.00", flags: ["pending"]),
        ]),
        ScreenSection("Yesterday", rows: [
            ScreenRow("PENDING: Fuel Stop 88", value: "-$61.17", accessibility: "Pending. Fuel Stop 88, -$61.17", flags: ["pending"]),
            ScreenRow("ATM Station Street", value: "-$60.00", accessibility: "ATM Station Street, -$60.00", flags: ["location"]),
            ScreenRow("Salary", value: "$2,850.00", accessibility: "Salary, $2,850.00", attributes: ["badge": "Credit"]),
        ]),
        ScreenSection("Thursday 19 November", rows: [ScreenRow("Coffee", value: "-$4.50", accessibility: "Coffee, -$4.50")]),
    ])

    /// Reads `yaml` as a case would write the `screen:` value and checks it against `screen`.
    func check(_ yaml: String, _ screen: ScreenReport? = ScreenCheckTests.screen) throws -> String? {
        let value = try YAMLDecoder().decode(ReportValue.self, from: yaml)
        return ScreenCheck.screen(try ScreenPattern(value), screen)
    }

    @Test func onlyStatedFieldsAreComparedAndGapsAllowMore() throws {
        #expect(try check("""
            - section: Today
              rows: [{ title: "PENDING: Cinema Tickets", flags: [pending] }]
            - section: Yesterday
              rows:
                - { title: "PENDING: Fuel Stop 88" }
                - ...
            - ...
            """) == nil)
        #expect(try check("[..., { section: Thursday 19 November, rows: [{ value: \"-$4.50\" }] }]") == nil)
    }

    @Test func withoutAGapTheCountsMustMatch() throws {
        #expect(try check("[{ section: Today }, { section: Yesterday }]")
            == #"expected 2 sections, saw 3: ["Today", "Yesterday", "Thursday 19 November"]"#)
        #expect(try check("[{ section: Today }, { section: Yesterday, rows: [{ title: \"PENDING: Fuel Stop 88\" }] }, ...]")
            == #"section "Yesterday": expected 1 row, saw 3: ["PENDING: Fuel Stop 88", "ATM Station Street", "Salary"]"#)
    }

    @Test func aRowOutOfOrderNamesTheSectionRowFieldAndBothValues() throws {
        let message = try check("""
            - ...
            - section: Yesterday
              rows: [{ title: "ATM Station Street" }, { title: "PENDING: Fuel Stop 88" }, { title: Salary }]
            - ...
            """)
        #expect(message == #"section "Yesterday": row 1 ("PENDING: Fuel Stop 88"), title: expected "ATM Station Street", saw "PENDING: Fuel Stop 88""#)
        #expect(try check("""
            - ...
            - section: Yesterday
              rowsInAnyOrder: true
              rows: [{ title: "ATM Station Street" }, { title: "PENDING: Fuel Stop 88" }, { title: Salary }]
            - ...
            """) == nil)
    }

    @Test func aLostFlagAndAWrongLabelAreNamed() throws {
        #expect(try check("[..., { section: Yesterday, rows: [..., { title: ATM Station Street, flags: [] }, ...] }, ...]")
            == #"section "Yesterday": row 2 ("ATM Station Street"), flags: expected [], saw [location]"#)
        #expect(try check("[{ section: Today, rows: [{ accessibility: \"Cinema Tickets, -$32.00\" }] }, ...]")
            == #"section "Today": row 1 ("PENDING: Cinema Tickets"), accessibility: expected "Cinema Tickets, -$32.00", saw "Pending. Cinema Tickets, -$32.00""#)
        #expect(try check("[..., { section: Yesterday, rows: [..., { title: Salary, attributes: { badge: Debit } }] }, ...]")
            == #"section "Yesterday": row 3 ("Salary"), attributes.badge: expected "Debit", saw "Credit""#)
    }

    @Test func aSectionTitleOffByADayIsNamed() throws {
        #expect(try check("[{ section: Yesterday }, ...]")
            == #"section 1: expected title "Yesterday", saw "Today"; sections: ["Today", "Yesterday", "Thursday 19 November"]"#)
        #expect(try check("[..., { section: Friday 20 November }, ...]")
            == #"expected a section "Friday 20 November"; sections: ["Today", "Yesterday", "Thursday 19 November"]"#)
    }

    @Test func theAlertIsStatedInTheMapForm() throws {
        let alert = ScreenReport(alert: ScreenRow("You're offline", value: "Check your connection.", accessibility: "You're offline."))
        #expect(try check("{ alert: { title: \"You're offline\" } }", alert) == nil)
        #expect(try check("{ alert: { accessibility: \"You're offline. Check your connection.\" } }", alert)
            == #"alert, accessibility: expected "You're offline. Check your connection.", saw "You're offline.""#)
        #expect(try check("{ alert: { title: x } }") == #"expected an alert { title: "x" }, saw none"#)
        #expect(try check("[]", nil) == ScreenCheck.missing)
    }

    @Test func orderIsASubsequenceAcrossTheScreenOrWithinASection() {
        #expect(ScreenCheck.order(["PENDING: Cinema Tickets", "Salary", "Coffee"], Self.screen) == nil)
        #expect(ScreenCheck.order(["Salary", "ATM Station Street"], Self.screen)
            == #"expected rows in the order ["Salary", "ATM Station Street"] on the screen: "ATM Station Street" comes too early (wanted after "Salary"); saw ["PENDING: Cinema Tickets", "PENDING: Fuel Stop 88", "ATM Station Street", "Salary", "Coffee"]"#)
        #expect(ScreenCheck.order(["Yesterday": ["PENDING: Fuel Stop 88", "Salary"]], Self.screen) == nil)
        #expect(ScreenCheck.order(["Today": ["Coffee"]], Self.screen)?.hasPrefix(#"expected rows in the order ["Coffee"] in section "Today": no row "Coffee""#) == true)
    }

    @Test func rowsWithCountsRowsCarryingTheStatedFlags() throws {
        #expect(ScreenCheck.rowsWith(["flags": ["location"], "count": 1], Self.screen) == nil)
        #expect(ScreenCheck.rowsWith(["flags": ["pending"], "count": 1, "section": "Yesterday"], Self.screen) == nil)
        #expect(ScreenCheck.rowsWith([["flags": ["pending"], "count": 3]], Self.screen)
            == #"expected 3 rows with { flags: [pending] }, saw 2: ["PENDING: Cinema Tickets", "PENDING: Fuel Stop 88"]"#)
        #expect(throws: ScreenPattern.Problem.self) { try ScreenCheck.RowQuery(["flags": ["location"]]) }
    }

    @Test func accessibilityCompleteWantsALabelReadingTheVisibleWords() {
        #expect(ScreenCheck.accessibilityComplete(Self.screen) == nil)
        var screen = Self.screen
        screen.sections[1].rows[1].accessibility = "ATM Station Street, $60.00"
        #expect(ScreenCheck.accessibilityComplete(screen) == nil, "the sign is a symbol, not a word: the value check reads words")
        screen.sections[2].rows[0].accessibility = "Coffee"
        #expect(ScreenCheck.accessibilityComplete(screen)
            == #"section "Thursday 19 November", row 1 ("Coffee"): the label "Coffee" does not read "4" of "-$4.50""#)
        screen.sections[0].rows[0].accessibility = " "
        #expect(ScreenCheck.accessibilityComplete(screen) == #"section "Today", row 1 ("PENDING: Cinema Tickets"): no accessibility label"#)
    }

    @Test func aBadScreenValueIsALoadErrorWithItsLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("screen-cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let client = ContractClient(name: "screen-test")
        client.register("accounts.list") { _ in OperationReport(domain: DomainReport(), presentation: PresentationReport(state: "content")) }
        try Data("""
            id: s
            when: accounts.list
            expect:
              presentation:
                screen:
                  - section: Today
                    rows:
                      - { title: A }
                      - { titel: B }
                rowsWith: { flags: [location] }
            """.utf8).write(to: url.appendingPathComponent("s.yaml"))
        let problems = CaseLoader(directory: url, client: client).load().problems.map(\.description)
        #expect(problems.contains { $0.hasPrefix("cases/s.yaml:9: case s: presentation.screen: unknown row field titel (did you mean title?)") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("cases/s.yaml:10: case s: presentation.rowsWith: rowsWith needs count") }, "\(problems)")
    }

    @Test func aRecordedScreenReadsBackAsTheSameScreenAndADifferenceIsADiff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var screen = Self.screen
        screen.alert = ScreenRow("Quote \" and \\ back", value: "tab\tand\nnewline")
        let recorder = ScreenRecorder(directory: folder)
        #expect(recorder.mismatch(caseId: "a.b@Pacific/Auckland", screen: screen)?.contains("no recorded screen at screens/a.b@Pacific-Auckland.yaml") == true)
        try recorder.record(screen, caseId: "a.b@Pacific/Auckland")
        #expect(recorder.mismatch(caseId: "a.b@Pacific/Auckland", screen: screen) == nil)
        screen.sections[1].rows.swapAt(0, 1)
        let message = try #require(recorder.mismatch(caseId: "a.b@Pacific/Auckland", screen: screen))
        #expect(message.hasPrefix(#"section "Yesterday": row 1 ("ATM Station Street"), title: expected "PENDING: Fuel Stop 88""#))
        #expect(message.contains(#"-   - { title: "PENDING: Fuel Stop 88""#) && message.contains(#"+   - { title: "PENDING: Fuel Stop 88""#), "\(message)")
    }

    @Test func aMalformedRecordingNamesItsFileAndLine() {
        #expect(throws: CaseLoadProblem(file: "screens/x.yaml", line: 3, reason: "flags must be a list of names such as [pending, location]")) {
            try ScreenRecorder.pattern("- section: Today\n  rows:\n  - { title: A, flags: pending }\n", file: "screens/x.yaml")
        }
    }

    @Test func lineDiffMarksOnlyWhatChanged() {
        #expect(LineDiff.unified(["a", "b", "c"], ["a", "c", "d"], context: 0) == "- b\n  ...\n+ d")
    }
}
