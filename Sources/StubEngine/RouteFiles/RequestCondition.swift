package import Foundation
package import HTTPTypes
package import StubFormats

/// The parts of a request a route file can test: path parameters, query, headers, cookies, the JSON body
/// by path, the body as text, and an XML body (`xpath`, `bodyXml`). Used for a route's `request`
/// and for a response's `when`.
package struct RequestCondition: Sendable {
    package var path: [(name: String, matcher: ValueMatcher)] = []
    package var query: [(name: String, matcher: ValueMatcher)] = []
    package var headers: [(name: HTTPField.Name, matcher: ValueMatcher)] = []
    /// Cookies the request sends (`Cookie: a=1; b=2`), by name (WireMock's `cookies`).
    package var cookies: [(name: String, matcher: ValueMatcher)] = []
    package var body: [(path: JSONPath, matcher: ValueMatcher)] = []
    /// The whole body as UTF-8 text (`bodyText`), for bodies that are not JSON or are matched as written.
    package var bodyText: ValueMatcher?
    /// XPath expressions on the body read as XML, each with the matcher one of its values must
    /// satisfy (`present: true`: it selects something).
    package var xpath: [(expression: XPath, matcher: ValueMatcher)] = []
    /// The XML the body must be (`bodyXml`).
    package var bodyXML: ExpectedXML?
    /// Tests on the parts of a multipart body (`parts`, WireMock's `multipartPatterns`).
    package var parts: [PartCondition] = []

    /// One `parts` entry: tests one part must pass (WireMock's `ANY`), or every part (`ALL`).
    package struct PartCondition: Sendable {
        package var every: Bool
        package var condition: RequestCondition
    }
    /// `pathPattern` (the path) or `urlPattern` (the path and the query as sent) as a regular expression.
    package var target: (part: TargetPart, matcher: ValueMatcher)?

    package enum TargetPart: String, Sendable {
        case path, url
    }

    package var isEmpty: Bool {
        path.isEmpty && query.isEmpty && headers.isEmpty && cookies.isEmpty && body.isEmpty && bodyText == nil && target == nil && xpath.isEmpty
            && bodyXML == nil && parts.isEmpty
    }

    /// Adds `other`'s tests to these (a route file gives each part under its own key).
    package mutating func merge(_ other: RequestCondition) {
        path += other.path
        query += other.query
        headers += other.headers
        cookies += other.cookies
        body += other.body
        xpath += other.xpath
        parts += other.parts
        if let text = other.bodyText { bodyText = text }
        if let xml = other.bodyXML { bodyXML = xml }
        if let target = other.target { self.target = target }
    }

    /// The first test that fails, as "where: why", or nil when the request satisfies every test.
    package func firstMismatch(_ input: RouteInput) -> String? {
        if let (part, matcher) = target {
            let text = part == .url ? input.request.url : input.request.path
            if let why = matcher.mismatch(.string(text), now: input.now()) { return "\(part == .url ? "url" : "path") \(why)" }
        }
        for (name, matcher) in path {
            if let why = matcher.mismatch(input.parameters[name].map(JSONValue.string), now: input.now()) { return "path {\(name)} \(why)" }
        }
        for (name, matcher) in query {
            if let why = Self.valuesMismatch(matcher, input.request.query[name], input) { return "query \(name) \(why)" }
        }
        for (name, matcher) in headers {
            let why = matcher.testsEveryValue
                ? Self.valuesMismatch(matcher, input.request.headers[values: name].isEmpty ? nil : input.request.headers[values: name], input)
                : matcher.mismatch(input.request.headers[name].map(JSONValue.string), now: input.now())
            if let why { return "header \(name) \(why)" }
        }
        if !cookies.isEmpty {
            let sent = Self.cookies(input.request.headers[values: .cookie])
            for (name, matcher) in cookies {
                if let why = Self.valuesMismatch(matcher, sent[name], input) { return "cookie \(name) \(why)" }
            }
        }
        for (path, matcher) in body {
            let why: String?
            if path.isDefinite {
                // A list a definite path finds is tested as an indefinite path's values are
                // (as WireMock's `matchesJsonPath` does); an empty one is there all the same.
                let found = input.body.flatMap(path.value(in:))
                if case .array(let items)? = found, !matcher.asksPresence {
                    why = Self.valuesMismatch(matcher, items, input, together: JSONValue.array)
                } else {
                    why = matcher.mismatch(found, now: input.now())
                }
            } else {
                why = Self.valuesMismatch(matcher, input.body.map(path.values(in:)).flatMap { $0.isEmpty ? nil : $0 }, input,
                                          together: JSONValue.array)
            }
            if let why {
                return input.body == nil && !input.request.body.isEmpty ? "body is not JSON, so \(path) \(why)" : "body \(path) \(why)"
            }
        }
        if let bodyText {
            let text = String(validating: input.request.body, as: UTF8.self).map(JSONValue.string)
            if let why = bodyText.mismatch(input.request.body.isEmpty ? nil : text, now: input.now()) {
                return text == nil && !input.request.body.isEmpty ? "body is not UTF-8 text, so bodyText \(why)" : "bodyText \(why)"
            }
        }
        if bodyXML != nil || !xpath.isEmpty {
            let document = input.parsed.xml
            let notXML = document == nil && !input.request.body.isEmpty ? "body is not XML, so " : ""
            if let bodyXML, let why = bodyXML.mismatch(document) { return notXML.isEmpty ? "bodyXml \(why)" : "body is not XML" }
            for (expression, matcher) in xpath {
                let values = document.map(expression.values(in:)) ?? []
                if let why = Self.valuesMismatch(matcher, values.isEmpty ? nil : values, input) { return "\(notXML)xpath \(expression) \(why)" }
            }
        }
        if !parts.isEmpty {
            guard let multipart = MultipartBody(input.request.body, contentType: input.request.headers[.contentType]) else {
                return "body is not multipart, so parts do not hold"
            }
            for (index, test) in parts.enumerated() {
                let misses = multipart.parts.map { part -> String? in
                    var request = input.request
                    request.headers = part.headers
                    request.body = part.body
                    return test.condition.firstMismatch(RouteInput(request: request, parameters: input.parameters, clock: input.clock))
                }
                if test.every, let why = misses.compactMap({ $0 }).first { return "parts[\(index)] (every part): \(why)" }
                if !test.every, !misses.contains(where: { $0 == nil }) {
                    // The likeliest part is one whose headers passed: its miss says what is wrong inside.
                    let closest = misses.compactMap { $0 }.first { !$0.hasPrefix("header ") } ?? misses.compactMap { $0 }.first ?? ""
                    return "parts[\(index)]: no part of \(misses.count) passes (closest: \(closest))"
                }
            }
        }
        return nil
    }

    package func holds(_ input: RouteInput) -> Bool { firstMismatch(input) == nil }

    /// A repeated query parameter (`?id=3&id=9`), or what an XPath selects.
    private static func valuesMismatch(_ matcher: ValueMatcher, _ values: [String]?, _ input: RouteInput) -> String? {
        valuesMismatch(matcher, values?.map(JSONValue.string), input) { .string($0.compactMap(\.text).joined(separator: "&")) }
    }

    /// Values found together (a repeated query parameter, what an XPath or an indefinite JSON path
    /// finds; nil for none): `equals` with a list tests every value in order, and so do
    /// `hasExactly` and `includes`; any other matcher holds when one of the values satisfies it (as
    /// WireMock reads a single matcher on a repeated parameter, and on `matchesXPath`'s and
    /// `matchesJsonPath`'s values). A miss shows the values as `together` writes them.
    private static func valuesMismatch(_ matcher: ValueMatcher, _ values: [JSONValue]?, _ input: RouteInput,
                                       together: ([JSONValue]) -> JSONValue) -> String? {
        if case .equals(.array) = matcher.kind { return matcher.mismatch(values.map(JSONValue.array), now: input.now()) }
        if matcher.testsEveryValue { return matcher.mismatch(values.map(JSONValue.array), now: input.now()) }
        guard let values, values.count > 1 else { return matcher.mismatch(values?.first, now: input.now()) }
        if values.contains(where: { matcher.matches($0, now: input.now()) }) { return nil }
        return matcher.mismatch(together(values), now: input.now())
    }

    /// The cookies of `Cookie` fields (`a=1; b=2`, RFC 6265), by name; a name sent twice has
    /// both values.
    static func cookies(_ fields: [String]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for field in fields {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                let name = parts[0].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { continue }
                var value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                found[name, default: []].append(value)
            }
        }
        return found
    }

    /// A canonical text: two routes with the same pattern shape and signature can never be told apart.
    package var signature: String {
        (path.map { "p:\($0.name)\($0.matcher.signature)" }
            + query.map { "q:\($0.name)\($0.matcher.signature)" }
            + headers.map { "h:\($0.name.canonicalName)\($0.matcher.signature)" }
            + cookies.map { "c:\($0.name)\($0.matcher.signature)" }
            + body.map { "b:\($0.path)\($0.matcher.signature)" }
            + (bodyText.map { ["t:" + $0.signature] } ?? [])
            + xpath.map { "x:\($0.expression)\($0.matcher.signature)" }
            + (bodyXML.map { ["X:" + $0.source] } ?? [])
            + parts.map { "m:\($0.every ? "all" : "any")[\($0.condition.signature)]" }
            + (target.map { ["u:\($0.part.rawValue)\($0.matcher.signature)"] } ?? []))
            .sorted().joined(separator: "|")
    }
}

/// One request as route files see it: the parsed request, the captured path parameters and the
/// body decoded as JSON (nil when there is none or it is not JSON) or XML.
package struct RouteInput {
    package var request: StubRequest
    package var parameters: [String: String]
    /// Shared by every candidate route of one request, so the body is decoded at most once.
    package let parsed: ParsedBody
    /// The stub's clock, read only by a date matcher (`before`, `after`, `equalToDateTime`).
    package let clock: @Sendable () -> Date

    package init(request: StubRequest, parameters: [String: String], parsed: ParsedBody? = nil,
                 clock: @escaping @Sendable () -> Date = { Date() }) {
        self.request = request
        self.parameters = parameters
        self.parsed = parsed ?? ParsedBody(request.body)
        self.clock = clock
    }

    /// The stub's time now.
    package func now() -> Date { clock() }

    package var body: JSONValue? { parsed.json }
}

/// A request body decoded as JSON, or read as XML, on first use: most routes never look at it,
/// and a POST to the built-in bank should not pay for a decode because route files are loaded.
package final class ParsedBody {
    private let bytes: [UInt8]
    private(set) lazy var json: JSONValue? = bytes.isEmpty ? nil : try? JSONValue.parse(bytes)
    private(set) lazy var xml: XMLBody? = XMLBody.parse(bytes)

    package init(_ bytes: [UInt8]) { self.bytes = bytes }
}
