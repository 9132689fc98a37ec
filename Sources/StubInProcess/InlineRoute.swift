public import Foundation
import HTTPTypes
import StubEngine
package import StubRuntime

/// A request as a route written in Swift sees it (`InProcessStub.route(_:_:)`).
public struct InlineRequest: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The path without its query and without the session prefix: `/v1/accounts/acc_1`.
    public let path: String
    /// The values of the route's `{name}` segments.
    public let parameters: [String: String]
    /// The query's values by name, in order.
    public let query: [String: [String]]
    /// The headers, names as the client first spelled them; a field sent more than once (in any
    /// case) is one entry, its values joined with `, `. `header(_:)` finds one in any case.
    public let headers: [String: String]
    /// The body as sent.
    public let body: Data
    /// The session the request belongs to (`X-Stub-Session` or `/_s/NAME/`); empty for none.
    public let session: String

    /// A header by name, in any case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body decoded as JSON.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: body)
    }

    init(_ request: StubRequest, parameters: [String: String]) {
        method = request.method
        path = request.path
        self.parameters = parameters
        query = request.query
        // A field sent more than once, in any case, is one entry under its first spelling.
        var headers: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in request.headers {
            let key = spelling[field.name.canonicalName] ?? field.name.rawName
            spelling[field.name.canonicalName] = key
            headers[key] = headers[key].map { "\($0), \(field.value)" } ?? field.value
        }
        self.headers = headers
        body = Data(request.body)
        session = request.session
    }
}

/// What a route written in Swift answers. The stub adds `X-Request-Id`, the signature and
/// `Content-Length`, and journals it, as for any route.
public struct InlineResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers to send. `json` and `text` add their `Content-Type` unless these name one.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: Data

    /// A response with these parts.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `value` encoded as JSON (keys sorted, so bodies compare byte for byte).
    public static func json(_ value: some Encodable, status: Int = 200, headers: [String: String] = [:]) -> InlineResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return typed("application/json", status: status, headers: headers, body: try encoder.encode(value))
        } catch {
            return text("The inline route's value could not be encoded as JSON: \(error)", status: 500)
        }
    }

    /// JSON written as text: `.json(#"{"id": "acc_1"}"#)`.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> InlineResponse {
        typed("application/json", status: status, headers: headers, body: Data(text.utf8))
    }

    /// Plain text.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> InlineResponse {
        typed("text/plain; charset=utf-8", status: status, headers: headers, body: Data(text.utf8))
    }

    /// A response whose `Content-Type` is `type` unless `headers` name one, in any case.
    private static func typed(_ type: String, status: Int, headers: [String: String], body: Data) -> InlineResponse {
        var all = headers
        if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            all["Content-Type"] = type
        }
        return InlineResponse(status: status, headers: all, body: body)
    }

    /// A status with no body: `.status(204)`.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> InlineResponse {
        InlineResponse(status: status, headers: headers)
    }
}

extension InlineResponse {
    /// The engine's response: the headers checked (a name HTTP does not allow, or a status that
    /// is not a final one, is the route's mistake, served as a 500 naming it).
    func stubResponse(route: String) throws(APIError) -> StubResponse {
        guard (200...599).contains(status) else {
            throw APIError(status: .internalServerError, type: "stub_error", code: "inline_route_status",
                           message: "The inline route \(route) answered status \(status); a final answer is 200 to 599.",
                           displayMessage: "The stub could not answer.")
        }
        var fields = HTTPFields()
        var contentType = ""
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else {
                throw APIError(status: .internalServerError, type: "stub_error", code: "inline_route_header",
                               message: "The inline route \(route) answered a header named \"\(name)\", which HTTP does not allow.",
                               displayMessage: "The stub could not answer.")
            }
            if field == .contentType { contentType = value } else { fields[field] = value }
        }
        return StubResponse(status: HTTPResponse.Status(code: status), headers: fields, body: Array(body), contentType: contentType)
    }
}

/// Adds a route written in Swift to a stub, in whichever transport it runs.
package enum InlineRoutes {
    package static func add(_ pattern: String, _ handler: @escaping @Sendable (InlineRequest) -> InlineResponse,
                            to backend: StubBackend) throws -> Int {
        let name = "\(pattern) (inline)"
        return try backend.inlineRoutes.add(pattern) { request, parameters throws(APIError) in
            try handler(InlineRequest(request, parameters: parameters)).stubResponse(route: name)
        }
    }
}
