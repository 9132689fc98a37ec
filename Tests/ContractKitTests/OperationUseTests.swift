import ContractKit
import Foundation
import Testing

/// Which fields of an answer the app read: traced from the answer's values to what it reported.
@Suite struct OperationUseTests {
    static func observation(text: [String], values: [String: ReportValue] = [:], count: Int? = nil) -> Observation {
        Observation(data: DataObservation(exchanges: []), domain: DomainReport(count: count, values: values),
                    presentation: PresentationReport(state: "content", text: text))
    }

    static var body: [String: Any] { [
        "accounts": [
            ["id": "acc-1", "iban": "GB33BUKB20201555555555", "nickname": "Bills", "balance": 1234.56, "overdraft": 250,
             "status": "OPEN", "primary": true, "kind": "CA"],
        ],
        "page": 1,
    ] }

    @Test func aValueShownAsItIsOrFormattedIsRead() {
        let observed = Self.observation(text: ["Bills", "GB33 BUKB 2020 1555 5555 55", "£1,234.56"], values: ["limit": 250])
        let use = OperationUse.trace(method: "GET", path: "/v1/accounts?page=1", status: 200, body: Self.body, reported: observed)
        #expect(use.path == "/v1/accounts")
        #expect(Set(use.read) == ["accounts[].nickname", "accounts[].iban", "accounts[].balance", "accounts[].overdraft"])
        #expect(Set(use.received) == ["accounts", "accounts[]", "accounts[].id", "accounts[].iban", "accounts[].nickname",
                                      "accounts[].balance", "accounts[].overdraft", "accounts[].status", "accounts[].primary",
                                      "accounts[].kind", "page"])
    }

    @Test func flagsSmallNumbersAndShortTextAreNeverCountedAsRead() {
        // "1", `true` and "CA" appear everywhere ("Local time" holds "ca"); tracing them would call every field read.
        let observed = Self.observation(text: ["1 account", "OPEN", "true", "Local time"], count: 1)
        let use = OperationUse.trace(method: "GET", path: "/v1/accounts", status: 200, body: Self.body, reported: observed)
        #expect(use.read == ["accounts[].status"])
        let none = OperationUse.trace(method: "GET", path: "/v1/accounts", status: 200, body: nil, reported: observed)
        #expect(none.received.isEmpty && none.read.isEmpty)
    }
}
