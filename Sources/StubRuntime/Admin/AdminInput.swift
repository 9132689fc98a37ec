import Foundation
import HTTPTypes
import StubFormats
import StubEngine

/// Strict reading of admin request bodies: JSON only (415 otherwise), no unknown field (400
/// naming it and the nearest known one), no explicit `null`, and whole numbers within range,
/// each refused with the field at fault rather than "not valid JSON".
struct AdminInput {
    /// The fields a body may have: each name maps to the fields of a nested object, to
    /// `.any` (free names, such as headers), or to `.value`.
    indirect enum Shape: Sendable {
        case object([String: Shape])
        case any
        case value
        case integer
    }

    static let behaviour = Shape.object([
        "route": .value, "except": .value, "status": .integer, "headers": .any, "fault": .value, "probability": .value,
        "times": .integer, "tamperSignature": .value, "note": .value, "expiresInSeconds": .value,
        "error": .object(["code": .value, "message": .value, "displayMessage": .value, "retryable": .value]),
        "latency": .object(["type": .value, "ms": .value, "minMs": .value, "maxMs": .value, "medianMs": .value, "sigma": .value]),
        "bandwidth": .object(["bytesPerSecond": .integer, "chunkBytes": .integer]),
    ])

    static let scenarioChoice = Shape.object(["name": .value])

    /// Decodes `T` from the request body after checking it against `shape`.
    static func decode<T: Decodable>(_ type: T.Type, from request: StubRequest, shape: Shape) throws(APIError) -> T {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else { throw APIError.unsupportedMediaType(contentType) }
        let value = try WireJSON.parseBody(request.body)
        try check(value, against: shape, path: "")
        return try WireJSON.decodeBody(T.self, from: request.body)
    }

    private static func check(_ value: JSONValue, against shape: Shape, path: String) throws(APIError) {
        switch (shape, value) {
        case (_, .null):
            throw APIError.field(path, "\(path) may be omitted but not null", code: "null_not_allowed")
        case (.object(let fields), .object(let given)):
            for key in given.keys.sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                guard let inner = fields[key] else {
                    let nearest = Spelling.closest(to: key, in: fields.keys) ?? ""
                    throw APIError.field(child, "unknown field \(child); did you mean \(path.isEmpty ? nearest : "\(path).\(nearest)")? "
                                         + "Known: \(fields.keys.sorted().joined(separator: ", "))", code: "unknown_field")
                }
                try check(given[key]!, against: inner, path: child)
            }
        case (.object, _):
            throw APIError.field(path, "\(path.isEmpty ? "the body" : path) must be a JSON object")
        case (.any, .object(let given)):
            for (key, inner) in given where inner == .null {
                throw APIError.field("\(path).\(key)", "\(path).\(key) may be omitted but not null", code: "null_not_allowed")
            }
        case (.integer, .number(let number)):
            guard number.rounded() == number, abs(number) <= Double(Int32.max) else {
                throw APIError.field(path, "\(path) must be a whole number up to \(Int32.max), not \(number)", code: "out_of_range")
            }
        default:
            return
        }
    }
}
