import ContractKit
import StubCompat
import Testing

/// `compat --team`: a change weighed against what each supported release's runs used.
@Suite struct FieldImpactTests {
    static func finding(_ rule: String, _ level: CompatFinding.Level, _ direction: CompatFinding.Direction, operation: String?,
                        field: String? = nil, status: String? = nil) -> CompatFinding {
        CompatFinding(rule: rule, level: level, direction: direction, operation: operation, oldPointer: "#/a", newPointer: "#/a",
                      field: field, status: status, message: rule)
    }

    static let report = CompatReport(old: "old", new: "new", findings: [
        finding("response-optional-property-removed", .breaking, .response, operation: "GET /accounts/{id}", field: "iban", status: "200"),
        finding("response-property-enum-value-added", .warning, .response, operation: "GET /accounts/{id}", field: "status", status: "200"),
        finding("new-required-request-parameter", .breaking, .request, operation: "POST /transfers", field: "header:X-Device"),
        finding("endpoint-added", .info, .operation, operation: "GET /loans"),
    ])

    static func use(_ method: String, _ path: String, received: [String] = [], read: [String] = []) -> OperationUse {
        OperationUse(method: method, path: path, status: 200, received: received, read: read)
    }

    @Test func aReleaseThatReadsTheFieldBreaksOneThatOnlyReceivesItMayOneThatNeverGetsItIsSpared() {
        let releases = [
            ReleaseUsage(name: "ios 4.2", runs: 3, uses: [Self.use("GET", "/bank/v1/accounts/acc-1", received: ["iban", "status"], read: ["iban"])]),
            ReleaseUsage(name: "ios 4.3", runs: 2, uses: [Self.use("GET", "/bank/v1/accounts/acc-9", received: ["iban"])]),
            ReleaseUsage(name: "android 7.1", runs: 1, uses: [Self.use("GET", "/bank/v1/accounts")]),
            ReleaseUsage(name: "android 7.2", runs: 1, uses: [Self.use("POST", "/bank/v1/transfers")]),
            ReleaseUsage(name: "web 1.0", runs: 0, uses: []),
        ]
        let impact = Self.report.impact(on: releases, basePath: "/bank/v1")
        #expect(impact.map(\.verdict) == [.breaks, .mayBreak, .spared, .breaks, .unknown])
        #expect(impact[0].reasons.first == "GET /accounts/{id} (200) reads iban: response-optional-property-removed")
        #expect(impact[1].reasons.contains { $0.contains("receives iban") })
        #expect(impact[3].reasons == ["POST /transfers is called: new-required-request-parameter"])
        var report = Self.report
        report.releases = impact
        #expect(report.breaksTheField)
        #expect(report.fieldSummary(impact) == "breaks 2 of 5 supported releases (1 may break, 1 unknown)")
        #expect(report.text(showSafe: false).contains("BREAKS    ios 4.2"))
    }

    @Test func eachOperationIsWeighedByItsOwnFieldAndStatus() {
        // One change to a shared schema: the list reaches it as `data[].iban`, the detail as `iban`.
        let shared = CompatReport(old: "a", new: "b", findings: [
            Self.finding("response-property-became-optional", .breaking, .response, operation: "GET /accounts", field: "data[].iban", status: "200"),
            Self.finding("response-property-became-optional", .breaking, .response, operation: "GET /accounts/{id}", field: "iban", status: "200"),
        ])
        let detailOnly = ReleaseUsage(name: "ios", runs: 1, uses: [Self.use("GET", "/accounts/acc-1", received: ["iban"], read: ["iban"])])
        #expect(shared.impact(on: [detailOnly], basePath: "").first?.reasons == [
            "GET /accounts/{id} (200) reads iban: response-property-became-optional",
        ])
    }

    @Test func aChangeNoSupportedReleaseUsesIsSafeForTheField() {
        let releases = [ReleaseUsage(name: "ios 4.3", runs: 2, uses: [Self.use("GET", "/cards")])]
        var report = Self.report
        report.releases = report.impact(on: releases, basePath: "")
        #expect(report.releases?.map(\.verdict) == [.spared])
        #expect(!report.breaksTheField)
        #expect(report.fieldSummary(report.releases ?? []).hasPrefix("safe for the field"))
    }

    @Test func aMovedBasePathBreaksEveryReleaseThatMadeARequest() {
        let moved = CompatReport(old: "a", new: "b", findings: [
            Self.finding("api-base-path-changed", .breaking, .operation, operation: nil),
        ])
        let impact = moved.impact(on: [ReleaseUsage(name: "ios", runs: 1, uses: [Self.use("GET", "/x")]),
                                       ReleaseUsage(name: "idle", runs: 1, uses: [])], basePath: "")
        #expect(impact.map(\.verdict) == [.breaks, .spared])
    }
}
