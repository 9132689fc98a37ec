@testable import StubRecord
import Testing

/// Which redirects in a capture stay on the stub: the same host and port as an imported entry.
@Suite struct HARRedirectTests {
    private func redirect(to location: String, hosts: Set<String>, status: Int = 302, header: String = "Location") -> String? {
        let exchange = RecordedExchange(method: "GET", path: "/v1/statements/latest", query: nil, requestHeaders: [], requestBody: [],
                                        status: status, responseHeaders: [("Date", "x"), (header, location)], responseBody: [])
        return HARImport.localRedirect(exchange, hosts: hosts).responseHeaders.last?.1
    }

    @Test func aRedirectToAnImportedHostKeepsItsPathAndQuery() {
        #expect(redirect(to: "https://api.bank.example/v1/s/1?format=pdf", hosts: ["api.bank.example"]) == "/v1/s/1?format=pdf")
        #expect(redirect(to: "https://API.Bank.Example", hosts: ["api.bank.example"]) == "/")
        // HTTP/2 captures (Chrome's, Charles's) write header names in lower case.
        #expect(redirect(to: "https://api.bank.example/v1/s/2", hosts: ["api.bank.example"], header: "location") == "/v1/s/2")
    }

    /// Every redirect status (RFC 9110 §15.4) stays on the stub, and only those: a `Location` on a
    /// 201 names the created resource, which the client does not follow.
    @Test(arguments: [300, 301, 302, 303, 307, 308])
    func everyRedirectStatusStaysOnTheStub(status: Int) {
        #expect(redirect(to: "https://api.bank.example/v1/s/1", hosts: ["api.bank.example"], status: status) == "/v1/s/1")
    }

    @Test(arguments: [200, 201, 202, 400])
    func aLocationOnAnotherStatusIsLeftAsItIs(status: Int) {
        #expect(redirect(to: "https://api.bank.example/v1/s/1", hosts: ["api.bank.example"], status: status)
                == "https://api.bank.example/v1/s/1")
    }

    @Test func thePortIsPartOfTheHost() {
        #expect(redirect(to: "http://localhost:8443/v1/x", hosts: ["localhost:8443"]) == "/v1/x")
        #expect(redirect(to: "http://localhost:9000/v1/x", hosts: ["localhost:8443"]) == "http://localhost:9000/v1/x",
                "another port of the same host is another service")
        #expect(redirect(to: "http://localhost/v1/x", hosts: ["localhost:8443"]) == "http://localhost/v1/x")
        #expect(redirect(to: "https://api.bank.example:8443/v1/x", hosts: ["api.bank.example"]) == "https://api.bank.example:8443/v1/x")
    }

    @Test func aSchemesDefaultPortIsTheHostWithoutOne() {
        #expect(redirect(to: "https://api.bank.example:443/v1/x", hosts: ["api.bank.example"]) == "/v1/x")
        #expect(redirect(to: "http://api.bank.example:80/v1/x", hosts: ["api.bank.example"]) == "/v1/x")
        #expect(HARImport.authority(host: "API.bank.example", port: 443, scheme: "https") == "api.bank.example")
        #expect(HARImport.authority(host: "localhost", port: 443, scheme: "http") == "localhost:443")
    }

    @Test func otherHostsAndRelativeLocationsAreLeftAsTheyAre() {
        #expect(redirect(to: "https://login.bank.example/sso", hosts: ["api.bank.example"]) == "https://login.bank.example/sso")
        #expect(redirect(to: "/v1/already/local", hosts: ["api.bank.example"]) == "/v1/already/local")
    }
}
