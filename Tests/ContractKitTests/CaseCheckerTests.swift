@testable import ContractKit
import Testing

@Suite struct CaseCheckerTests {
    @Test func servedCountsByPatternUnlessARouteIdIsNamed() {
        let served = ["GET /v1/accounts/{accountId}/transactions [recorded-1]": 2, "GET /v1/accounts/{accountId}/transactions [recorded-2]": 1,
                      "GET /v1/accounts": 4]
        #expect(CaseChecker.servedCount("GET /v1/accounts/{accountId}/transactions", in: served) == 3)
        #expect(CaseChecker.servedCount("GET /v1/accounts/{accountId}/transactions [recorded-2]", in: served) == 1)
        #expect(CaseChecker.servedCount("GET /v1/accounts", in: served) == 4)
        #expect(CaseChecker.servedCount("GET /v1/cards", in: served) == 0)
    }

    let observation = Observation(
        data: DataObservation(exchanges: [ServedExchange(method: "GET", path: "/v1/accounts", status: 500)]),
        domain: DomainReport(error: "serverError"),
        presentation: PresentationReport(state: "error", alert: "generic", actions: ["retry"],
                                         text: ["Something went wrong", "Error 500: NullPointerException"]))

    @Test func notContainsForbidsTextAnywhereOnScreen() {
        #expect(CaseChecker.check(Expectation([.notContains: "SQLSTATE"]), against: observation) == nil)
        let failure = CaseChecker.check(Expectation([.notContains: ["SQLSTATE", "NullPointer"]]), against: observation)
        #expect(failure?.0 == .presentation)
        #expect(failure?.1 == #"expected no text containing "NullPointer", saw "Error 500: NullPointerException""#)
    }

    @Test func layersAreCheckedDataFirst() {
        let failure = CaseChecker.check(Expectation([.http: 200, .error: "offline", .notContains: "500"]), against: observation)
        #expect(failure?.0 == .data)
        #expect(failure?.1 == "expected HTTP 200, saw GET /v1/accounts → 500")
    }
}
