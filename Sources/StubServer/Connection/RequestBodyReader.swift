import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import StubEngine

/// Reads a request body up to the configured limit, for the Hummingbird path. Larger is 413; a
/// body the HTTP parser refuses midway (a malformed chunk) is 400; one that comes too slowly is
/// 408. After a broken body the answer closes the connection. The engine answers with the
/// refusal (`EngineRequest.refusal`), in the request's session and in the journal.
enum RequestBodyReader {
    static func collect(_ body: RequestBody, headers: HTTPFields, limit: Int) async throws(APIError) -> [UInt8] {
        // HTTP/1.1: with neither header there is no body (RFC 9112 §6.3), so most GETs skip
        // iterating an empty body stream.
        guard headers[.contentLength] != nil || headers[.transferEncoding] != nil else { return [] }
        do {
            let buffer = try await body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch let error as HTTPParserError {
            throw closing(HTTPLayerError.parser(error))
        } catch let error as ConnectionGuard.BodyTimeout {
            throw closing(HTTPLayerError.bodyTimeout(seconds: error.seconds))
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: limit)
        } catch {
            throw closing(HTTPLayerError.parser(.invalidEOFState))
        }
    }

    /// After a broken body the connection cannot carry another request.
    private static func closing(_ error: APIError) -> APIError {
        var error = error
        error.headers["Connection"] = "close"
        return error
    }
}
