@testable import ContractKit
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

/// ContractKit reads the Darwin codes by their Apple names on Linux too, and fingerprints them
/// by category, so the same cases on a Mac and on Linux do not show as drift.
@Suite struct URLErrorNameTests {
    @Test(arguments: [
        (-1001, "timedOut", "timeout"), (-1004, "cannotConnectToHost", "offline"), (-1005, "networkConnectionLost", "connectionLost"),
        (-1009, "notConnectedToInternet", "offline"), (-1011, "badServerResponse", "connectionLost"),
        (-1017, "cannotParseResponse", "connectionLost"), (-1022, "appTransportSecurityRequiresSecureConnection", "insecure"),
    ])
    func darwinCodesHaveNamesAndCategories(raw: Int, name: String, category: String) throws {
        let code = try #require(URLError.Code(rawValue: raw))
        #expect(RunLog.name(of: code) == name)
        #expect(RunLog.category(of: name) == category)
    }

    @Test func aMacAndLinuxGetOneFingerprintForTheSameDroppedConnection() {
        func observation(_ names: [String]) -> Observation {
            Observation(data: DataObservation(exchanges: [], urlErrors: names), domain: DomainReport(error: "connectionLost"),
                        presentation: PresentationReport(state: "error"))
        }
        #expect(ContractRunner.fingerprint(observation(["networkConnectionLost"])) == ContractRunner.fingerprint(observation(["badServerResponse"])))
        #expect(ContractRunner.fingerprint(observation(["networkConnectionLost"])) != ContractRunner.fingerprint(observation(["timedOut"])))
    }
}
