import HTTPTypes

/// A request as routes see it: parsed once, body already collected.
struct StubRequest: Sendable {
    var method: String
    var path: String
    var pathSegments: [Substring]
    /// Query parameters; a repeated name keeps every value.
    var query: [String: [String]]
    var headers: HTTPFields
    var body: [UInt8]
    /// Session namespace from `X-Stub-Session`, `default` when absent.
    var session: String
    var requestId: String
    /// Captured `{name}` path parameters.
    var parameters: [String: String] = [:]
    /// The `Host` the client named (HTTP/1's `Host` header becomes the request's authority).
    var authority: String?
    /// The query as sent, without `?`; nil when there was none.
    var rawQuery: String?

    /// The path and the query as sent: `/v1/atms?lat=51.5`.
    var url: String { rawQuery.map { path + "?" + $0 } ?? path }

    func parameter(_ name: String) -> String { parameters[name] ?? "" }

    /// The single value of a query parameter; repeating it is a 400.
    func queryValue(_ name: String) throws(APIError) -> String? {
        guard let values = query[name] else { return nil }
        guard values.count == 1 else { throw APIError.field(name, "\(name) may be given only once") }
        return values[0]
    }

    /// The token of `Authorization: Bearer <token>` (the scheme in any case), without the spaces
    /// and tabs around it. Read on every authenticated request, so it stays off Foundation's
    /// `trimmingCharacters`, which bridges through `NSString`.
    var bearerToken: String? {
        guard let value = headers[.authorization] else { return nil }
        let parts = value.utf8.split(separator: UInt8(ascii: " "), maxSplits: 1)
        guard parts.count == 2, parts[0].count == 6,
              zip(parts[0], "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = parts[1].firstIndex(where: { !blank($0) }),
              let last = parts[1].lastIndex(where: { !blank($0) }) else { return "" }
        return String(Substring(value.utf8[first...last]))
    }
}

import Foundation
