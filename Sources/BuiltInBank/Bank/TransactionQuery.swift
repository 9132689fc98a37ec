import Foundation
import StubEngine

/// Filters and page position for `GET /v1/accounts/{id}/transactions`.
package struct TransactionQuery: Sendable, Equatable {
    /// Inclusive `YYYY-MM-DD` bounds on the value date.
    package var from: String?
    package var to: String?
    package var status: String?
    /// Keyset cursor: the last entry of the previous page.
    package var after: (createdAt: String, id: String)?
    package var limit: Int = 50

    package static func == (a: TransactionQuery, b: TransactionQuery) -> Bool {
        a.from == b.from && a.to == b.to && a.status == b.status && a.limit == b.limit
            && a.after?.createdAt == b.after?.createdAt && a.after?.id == b.after?.id
    }

    package static let maxLimit = 200

    /// Opaque cursor text for the entry a page ended on.
    package static func cursor(after transaction: WireTransaction) -> String {
        Data("\(transaction.createdAt)|\(transaction.id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes a cursor, or nil when it was not made by `cursor(after:)`.
    package static func decodeCursor(_ text: String) -> (createdAt: String, id: String)? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else { return nil }
        let parts = decoded.split(separator: "|", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 20 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
