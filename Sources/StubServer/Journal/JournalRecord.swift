import Foundation
import HTTPTypes

/// A request as the responder hands it to the journal: raw values, cheap to keep.
/// They become a `JournalEntry` (formatted time, query string, redacted headers) only when read,
/// so recording costs next to nothing on the request path.
struct JournalRecord: Sendable {
    var requestId: String
    var receivedAt: Date
    var method: String
    var path: String
    var query: [String: [String]]
    var session: String
    var route: String?
    var nearMiss: String?
    var status: Int?
    var fault: Fault?
    var behaviour: String?
    var latencyMs: Double
    var headers: HTTPFields
    /// The answer replayed an earlier one for the same idempotency key.
    var replayed = false

    func entry(sequence: Int) -> JournalEntry {
        JournalEntry(
            sequence: sequence, requestId: requestId, receivedAt: UTCTimestamp.dateTime(receivedAt),
            method: method, path: path + Self.queryString(query), session: session, route: route, nearMiss: nearMiss, status: status,
            fault: fault?.rawValue, behaviour: behaviour, latencyMs: latencyMs,
            headers: JournalRedaction.headers(headers.map { ($0.name.rawName, $0.value) }), replayed: replayed ? true : nil)
    }

    /// `?a=1&b=2`, keys sorted, or empty.
    static func queryString(_ query: [String: [String]]) -> String {
        guard !query.isEmpty else { return "" }
        return "?" + query.sorted { $0.key < $1.key }.flatMap { key, values in values.map { "\(key)=\($0)" } }.joined(separator: "&")
    }
}
