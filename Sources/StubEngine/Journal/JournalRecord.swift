package import Foundation
package import HTTPTypes

/// A request as the responder hands it to the journal: raw values, cheap to keep.
/// They become a `JournalEntry` (formatted time, query string, redacted headers) only when read,
/// so recording costs next to nothing on the request path.
package struct JournalRecord: Sendable {
    package var requestId: String
    package var receivedAt: Date
    package var method: String
    package var path: String
    package var query: [String: [String]]
    package var session: String
    package var route: String?
    package var nearMiss: String?
    package var status: Int?
    package var fault: Fault?
    package var behaviour: String?
    package var latencyMs: Double
    package var headers: HTTPFields
    /// The answer replayed an earlier one for the same idempotency key.
    package var replayed = false

    package func entry(sequence: Int) -> JournalEntry {
        JournalEntry(
            sequence: sequence, requestId: requestId, receivedAt: UTCTimestamp.dateTime(receivedAt),
            method: method, path: path + Self.queryString(query), session: session, route: route, nearMiss: nearMiss, status: status,
            fault: fault?.rawValue, behaviour: behaviour, latencyMs: latencyMs,
            headers: JournalRedaction.headers(headers.map { ($0.name.rawName, $0.value) }), replayed: replayed ? true : nil)
    }

    /// `?a=1&b=2`, keys sorted, or empty.
    package static func queryString(_ query: [String: [String]]) -> String {
        guard !query.isEmpty else { return "" }
        return "?" + query.sorted { $0.key < $1.key }.flatMap { key, values in values.map { "\(key)=\($0)" } }.joined(separator: "&")
    }
}
