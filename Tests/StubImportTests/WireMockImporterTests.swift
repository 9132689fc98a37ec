import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StubImport
@testable import StubServer

/// Mappings written the way WireMock's documentation shows them, converted and served.
@Suite struct WireMockImporterTests {
    private func imported() throws -> (ScratchFolder, ImportReport) {
        let out = ScratchFolder()
        let report = try WireMockImporter(source: importFixtures.appendingPathComponent("wiremock")).run(out: out.url)
        return (out, report)
    }

    @Test func listsWhatItCannotConvertWithFileAndReason() throws {
        let (_, report) = try imported()
        let reasons = report.skipped.map(\.description)
        #expect(report.skipped.count == 5, "\(reasons)")
        #expect(reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[0]") && $0.contains("Handlebars") })
        #expect(reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[1]") && $0.contains("request.cookies is not supported") })
        #expect(reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[2]") && $0.contains("equalToXml") })
        #expect(reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[3]") && $0.contains("query string") })
        #expect(reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[4]") && $0.contains("proxyBaseUrl") })
        #expect(report.routes == 10)
    }

    @Test func convertedMappingsServeAsWireMockWould() async throws {
        let (out, _) = try imported()
        let backend = try makeBackend(stubs: out.url)
        let routes = Dictionary(backend.fileRoutes.routes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        try await StubApplication.make(backend: backend).test(.router) { client in
            func get(_ uri: String, _ headers: HTTPFields = [:]) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: headers)
            }
            let hello = try await get("/some/thing")
            #expect(String(buffer: hello.body) == "Hello world!")
            #expect(hello.headers[.contentType] == "text/plain")
            #expect(try await get("/search?term=wiremock&page=2").status == .ok)
            #expect(try await get("/search?term=other&page=2").status == .notFound)

            var accept: HTTPFields = [.accept: "application/json"]
            #expect(try await get("/everything?search_term=WireMock&sort=asc", accept).status == .ok)
            #expect(try await client.execute(uri: "/everything?search_term=WireMock&sort=asc", method: .delete, headers: accept).status == .ok)
            #expect(try await get("/everything?search_term=WireMock&sort=up", accept).status == .notFound)
            accept[HTTPField.Name("X-Debug")!] = "1"
            #expect(try await get("/everything?search_term=WireMock&sort=asc", accept).status == .notFound)

            let address = try await get("/contacts/12345/addresses/9")
            #expect(String(buffer: address.body).contains("1 Test Street"))
            #expect(try await get("/contacts/999/addresses/9").status == .notFound)

            #expect(try await get("/accounts/42/transactions").status == .ok)
            #expect(try await get("/accounts/abc/transactions").status == .notFound)
            #expect(try await get("/files/a/b/c.txt").status == .ok)

            let payment = try await client.execute(uri: "/payments", method: .post, headers: [.contentType: "application/json"],
                                                   body: ByteBuffer(string: #"{"amount":"5.00","currency":"EUR","reference":"rent","extra":1}"#))
            #expect(payment.status == .created)
            #expect(payment.headers[HTTPField.Name("Location")!] == "/payments/pay_1")
            let wrongCurrency = try await client.execute(uri: "/payments", method: .post, headers: [.contentType: "application/json"],
                                                         body: ByteBuffer(string: #"{"amount":"5.00","currency":"USD","reference":"rent"}"#))
            #expect(wrongCurrency.status == .notFound)

            // The scenario became a sequence that stays on its last state.
            let first = String(buffer: try await get("/todo/items").body)
            let second = String(buffer: try await get("/todo/items").body)
            let third = String(buffer: try await get("/todo/items").body)
            #expect(!first.contains("newspaper"))
            #expect(second.contains("newspaper"))
            #expect(third == second)
        }
        #expect(routes["to-do-list"]?.mode == .sequence(loop: false))
        let slow = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/slow" })
        #expect(slow.responses[0].behaviour.latency == LatencyModel(type: .uniform, minMs: 15, maxMs: 25))
        let files = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/files/**" })
        #expect(files.responses[0].behaviour.latency?.type == .lognormal)
        let flaky = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/flaky" })
        #expect(flaky.responses[0].behaviour.fault == .reset)
        #expect(flaky.priority == -1)
        let transactions = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/accounts/{p1}/transactions" })
        #expect(transactions.responses[0].behaviour.latency == .fixed(250))
    }

    @Test func pathRegexesBecomeTemplatesOnlyWhenTheyAreSegments() {
        #expect(WireMockPath.template(fromRegex: "/accounts/[0-9]+/transactions")
                == .init(path: "/accounts/{p1}/transactions", params: [("p1", "[0-9]+")]))
        #expect(WireMockPath.template(fromRegex: "^/v1/users/\\d+$") == .init(path: "/v1/users/{p1}", params: [("p1", "\\d+")]))
        #expect(WireMockPath.template(fromRegex: "/static/.*")?.path == "/static/**")
        #expect(WireMockPath.template(fromRegex: "/a\\.json") == .init(path: "/a.json", params: []))
        #expect(WireMockPath.template(fromRegex: "/api/.*/items") == nil)
        #expect(WireMockPath.template(fromRegex: "/api/(a|b)c.+") == nil)
        #expect(WireMockPath.template(fromRegex: "/x/[^a]+") == nil)
        #expect(WireMockPath.template(fromRegex: "/x/[^/]+")?.path == "/x/{p1}")
    }
}
