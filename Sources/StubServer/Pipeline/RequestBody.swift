import Hummingbird

/// Reads a request body up to the configured limit; larger is a 413.
enum RequestBody {
    static func collect(_ request: Request, limit: Int) async throws(APIError) -> [UInt8] {
        // HTTP/1.1: with neither header there is no body (RFC 9112 §6.3), so most GETs skip
        // iterating an empty body stream.
        guard request.headers[.contentLength] != nil || request.headers[.transferEncoding] != nil else { return [] }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch {
            throw APIError.payloadTooLarge(limit: limit)
        }
    }
}
