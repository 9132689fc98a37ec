import Foundation
import HTTPTypes
import StubControl
@testable import StubEngine
import Testing

/// The journal's wire form, as the stub writes it (`GET /__stubbank/journal`, the event feed),
/// read back by the control library: every field a test asks of an exchange arrives.
@Suite struct StubExchangeWireTests {
    /// An exchange as the journal keeps it, made into the entry the admin API sends.
    private func entry(replayed: Bool, fault: Fault? = nil, status: Int? = 201) -> [UInt8] {
        var headers = HTTPFields()
        headers[HTTPField.Name("Idempotency-Key")!] = "k-1"
        headers[.authorization] = "Bearer secret"
        let record = JournalRecord(requestId: "req_7", receivedAt: Date(timeIntervalSince1970: 1_796_104_800), method: "POST",
                                   path: "/v1/transfers", query: ["dryRun": ["true"]], session: "ui-1", route: "POST /v1/transfers",
                                   nearMiss: nil, status: status, fault: fault, behaviour: "b1", latencyMs: 12.5, headers: headers,
                                   replayed: replayed)
        return WireJSON.encode(record.entry(sequence: 7))
    }

    @Test func everyFieldOfAnEntryReadsBack() throws {
        let exchange = try JSONDecoder().decode(StubExchange.self, from: Data(entry(replayed: true)))
        #expect(exchange.sequence == 7)
        #expect(exchange.method == "POST")
        #expect(exchange.path == "/v1/transfers?dryRun=true" && exchange.pathWithoutQuery == "/v1/transfers")
        #expect(exchange.route == "POST /v1/transfers")
        #expect(exchange.status == 201 && exchange.fault == nil)
        #expect(exchange.headers == ["Idempotency-Key": "k-1", "Authorization": "[redacted]"], "credentials are masked on the wire")
        #expect(exchange.header("idempotency-key") == "k-1")
        #expect(exchange.latencyMs == 12.5)
        #expect(exchange.receivedAt == "2026-12-01T06:00:00Z")
        #expect(exchange.replayed == true)
    }

    /// An answer not replayed has no `replayed` on the wire, and a fault has no status.
    @Test func whatTheEntryLeavesOutReadsAsNil() throws {
        let fresh = try JSONDecoder().decode(StubExchange.self, from: Data(entry(replayed: false)))
        #expect(fresh.replayed == nil)
        let dropped = try JSONDecoder().decode(StubExchange.self, from: Data(entry(replayed: false, fault: .reset, status: nil)))
        #expect(dropped.status == nil && dropped.fault == "reset")
        let bare = try JSONDecoder().decode(StubExchange.self, from: Data(#"{"sequence":1,"method":"GET","path":"/x"}"#.utf8))
        #expect(bare.headers.isEmpty && bare.receivedAt.isEmpty && bare.latencyMs == nil && bare.route == nil)
    }
}
