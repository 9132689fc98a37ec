import Foundation
package import HTTPTypes
package import StubFormats

/// The parts of a request a route file can test: path parameters, query, headers and JSON body.
/// Used for a route's `request` and for a response's `when`.
package struct RequestCondition: Sendable {
    package var path: [(name: String, matcher: ValueMatcher)] = []
    package var query: [(name: String, matcher: ValueMatcher)] = []
    package var headers: [(name: HTTPField.Name, matcher: ValueMatcher)] = []
    package var body: [(path: JSONPath, matcher: ValueMatcher)] = []
    /// The whole body as UTF-8 text (`bodyText`), for bodies that are not JSON or are matched as written.
    package var bodyText: ValueMatcher?
    /// `pathPattern` (the path) or `urlPattern` (the path and the query as sent) as a regular expression.
    package var target: (part: TargetPart, matcher: ValueMatcher)?

    package enum TargetPart: String, Sendable {
        case path, url
    }

    package var isEmpty: Bool { path.isEmpty && query.isEmpty && headers.isEmpty && body.isEmpty && bodyText == nil && target == nil }

    /// The first test that fails, as "where: why", or nil when the request satisfies every test.
    package func firstMismatch(_ input: RouteInput) -> String? {
        if let (part, matcher) = target {
            let text = part == .url ? input.request.url : input.request.path
            if let why = matcher.mismatch(.string(text)) { return "\(part == .url ? "url" : "path") \(why)" }
        }
        for (name, matcher) in path {
            if let why = matcher.mismatch(input.parameters[name].map(JSONValue.string)) { return "path {\(name)} \(why)" }
        }
        for (name, matcher) in query {
            if let why = Self.queryMismatch(matcher, input.request.query[name]) { return "query \(name) \(why)" }
        }
        for (name, matcher) in headers {
            if let why = matcher.mismatch(input.request.headers[name].map(JSONValue.string)) { return "header \(name) \(why)" }
        }
        for (path, matcher) in body {
            let value = input.body.flatMap(path.value(in:))
            if let why = matcher.mismatch(value) {
                return input.body == nil && !input.request.body.isEmpty ? "body is not JSON, so \(path) \(why)" : "body \(path) \(why)"
            }
        }
        if let bodyText {
            let text = String(validating: input.request.body, as: UTF8.self).map(JSONValue.string)
            if let why = bodyText.mismatch(input.request.body.isEmpty ? nil : text) {
                return text == nil && !input.request.body.isEmpty ? "body is not UTF-8 text, so bodyText \(why)" : "bodyText \(why)"
            }
        }
        return nil
    }

    package func holds(_ input: RouteInput) -> Bool { firstMismatch(input) == nil }

    /// A repeated query parameter (`?id=3&id=9`): `equals` with a list tests every value in order;
    /// any other matcher holds when one of the values satisfies it (as WireMock reads a single
    /// matcher on a repeated parameter).
    private static func queryMismatch(_ matcher: ValueMatcher, _ values: [String]?) -> String? {
        if case .equals(.array) = matcher.kind {
            return matcher.mismatch(values.map { .array($0.map(JSONValue.string)) })
        }
        guard let values, values.count > 1 else { return matcher.mismatch(values?.first.map(JSONValue.string)) }
        if values.contains(where: { matcher.matches(.string($0)) }) { return nil }
        return matcher.mismatch(.string(values.joined(separator: "&")))
    }

    /// A canonical text: two routes with the same pattern shape and signature can never be told apart.
    package var signature: String {
        (path.map { "p:\($0.name)\($0.matcher.signature)" }
            + query.map { "q:\($0.name)\($0.matcher.signature)" }
            + headers.map { "h:\($0.name.canonicalName)\($0.matcher.signature)" }
            + body.map { "b:\($0.path)\($0.matcher.signature)" }
            + (bodyText.map { ["t:" + $0.signature] } ?? [])
            + (target.map { ["u:\($0.part.rawValue)\($0.matcher.signature)"] } ?? []))
            .sorted().joined(separator: "|")
    }
}

/// One request as route files see it: the parsed request, the captured path parameters and the
/// body decoded as JSON (nil when there is none or it is not JSON).
package struct RouteInput {
    package var request: StubRequest
    package var parameters: [String: String]
    /// Shared by every candidate route of one request, so the body is decoded at most once.
    package let json: RequestJSON

    package init(request: StubRequest, parameters: [String: String], json: RequestJSON? = nil) {
        self.request = request
        self.parameters = parameters
        self.json = json ?? RequestJSON(request.body)
    }

    package var body: JSONValue? { json.value }
}

/// A request body decoded as JSON on first use: most routes never look at it, and a POST to the
/// built-in bank should not pay for a decode because route files are loaded.
package final class RequestJSON {
    private let bytes: [UInt8]
    private(set) lazy var value: JSONValue? = bytes.isEmpty ? nil : try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))

    package init(_ bytes: [UInt8]) { self.bytes = bytes }
}
