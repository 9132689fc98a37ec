import Foundation
package import StubFormats

/// The encoder and decoder for wire JSON: stable key order so bodies (and signatures) repeat.
package enum WireJSON {
    package static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            // Wire types are plain structs of strings and numbers; failing here is a programming error.
            preconditionFailure("wire encoding failed: \(error)")
        }
    }

    /// A JSON request body read by the strict reader (Foundation's takes `{"a":1,}`; a bank's
    /// server does not); an empty or malformed one is a 400 `malformed_json` with its place.
    package static func parseBody(_ bytes: [UInt8]) throws(APIError) -> JSONValue {
        guard !bytes.isEmpty else { throw APIError.malformedJSON("the body is empty") }
        do { return try JSONValue.parse(bytes) } catch { throw APIError.malformedJSON("invalid JSON: \(error)") }
    }

    /// Decodes a request body, turning every failure into a 400 with the field at fault.
    /// - Parameter fields: dotted paths of the fields the contract declares; an explicit `null`
    ///   at one of them is refused (Codable would read it as absent). Unknown fields are ignored.
    package static func decodeBody<T: Decodable>(_ type: T.Type, from bytes: [UInt8], fields: Set<String> = []) throws(APIError) -> T {
        let value = try parseBody(bytes)
        if !fields.isEmpty {
            let nulls = value.nullPaths().filter(fields.contains)
            if !nulls.isEmpty {
                throw APIError.validation("Fields may be omitted but not null: \(nulls.joined(separator: ", ")).",
                                          details: nulls.map { WireErrorDetail(code: "null_not_allowed", path: $0,
                                              message: "omit the field instead of sending null") })
            }
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw APIError.malformedJSON(JSONLineLocator.syntaxError(in: Data(bytes))?.reason ?? context.debugDescription)
            }
            let path = DecodingFailure.path(of: error).joined(separator: ".")
            let reason = DecodingFailure.reason(of: error)
            throw APIError.validation("The request body does not match the schema: \(reason)",
                                      details: [WireErrorDetail(code: "invalid", path: path, message: reason)])
        } catch {
            throw APIError.malformedJSON("\(error)")
        }
    }
}
