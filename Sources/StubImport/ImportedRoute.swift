import StubRuntime
public import StubFormats
public import StubEngine

/// A route an importer found, in the terms of a route file.
public struct ImportedRoute: Sendable {
    /// A request test: a name (or JSON path) and a matcher.
    public enum Matcher: Sendable, Equatable {
        /// The value equals this one.
        case equals(JSONValue)
        /// The value, as JSON, equals this one with these leniencies; json-unit placeholders
        /// (`${json-unit.any-string}`) in it match a kind of value.
        case equalsJSON(JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
        /// The text equals this one in any case.
        case equalsIgnoringCase(String)
        /// The value matches this regular expression.
        case matches(String)
        /// The value is missing or does not match this regular expression.
        case doesNotMatch(String)
        /// The text contains this.
        case contains(String)
        /// The value is missing or its text does not contain this.
        case doesNotContain(String)
        /// The value is there, whatever it is.
        case present
        /// Every matcher holds.
        case and([Matcher])
        /// One matcher holds.
        case or([Matcher])
        /// As many values as matchers, each matcher holding for one (a repeated query parameter or header).
        case hasExactly([Matcher])
        /// Each matcher holds for one of the values.
        case includes([Matcher])
        /// The value is not there.
        case absent
        /// The value read as a date is `before`, `after` or `equalToDateTime` the expected one
        /// (`now -1 days`, `2026-12-01T00:00:00Z`), with WireMock's options (`actualFormat`,
        /// `truncateExpected`, `truncateActual`, `applyTruncationLast`, `expectedOffset`,
        /// `expectedOffsetUnit`) as written.
        case date(String, expected: String, options: [String: String])
        /// The value read as a number compares so with this one: the route-file key
        /// (`greaterThan` and the rest, from WireMock's `greaterThanNumber` and the rest).
        case number(String, Double)
    }

    /// A response body: JSON written to a body file, text written inline, or a file copied as it is.
    public enum Body: Sendable, Equatable {
        /// JSON, written to a body file of the route.
        case json(JSONValue)
        /// Text, written inline in the route file.
        case text(String)
        /// Bytes copied as they are into a file named `name` (an image, a PDF).
        case file(name: String, bytes: [UInt8])
    }

    /// One response of the route.
    public struct Response: Sendable {
        /// For `Prefer: example=NAME`.
        public var name: String?
        /// 200 to 599.
        public var status: Int
        /// Header names and values, in order.
        public var headers: [(String, String)] = []
        /// The answer's body, when it has one.
        public var body: Body?
        /// A delay before answering.
        public var latency: LatencyModel?
        /// A network fault instead of the answer.
        public var fault: Fault?
        /// True when `{{` in the body and headers is text, not a template (`template: false`).
        public var literal = false

        /// A response with a status and, optionally, a name, headers and a body.
        public init(name: String? = nil, status: Int, headers: [(String, String)] = [], body: Body? = nil) {
            self.name = name
            self.status = status
            self.headers = headers
            self.body = body
        }

    }

    /// The route id, unique in the folder.
    public var id: String
    /// Upper-case method, or `*`.
    public var method: String
    /// A route-file path template: `/users/{id}`, `/files/**`.
    public var path: String
    /// Instead of `path`: a regular expression the path must match whole (`pathPattern`), or the
    /// path and query as sent (`urlPattern`).
    public var pattern: (regex: String, withQuery: Bool)?
    /// A test of the whole body as text.
    public var bodyText: Matcher?
    /// Matchers on the path template's parameters.
    public var params: [(String, Matcher)] = []
    /// Query parameter tests.
    public var query: [(String, Matcher)] = []
    /// Header tests.
    public var headers: [(String, Matcher)] = []
    /// Cookie tests, by cookie name.
    public var cookies: [(String, Matcher)] = []
    /// JSON path (`$.a.b`, or `$` for the whole body) to matcher.
    public var body: [(String, Matcher)] = []
    /// XPath expression to matcher, on the body read as XML.
    public var xpath: [(String, Matcher)] = []
    /// The XML the body must be (with XMLUnit placeholders).
    public var bodyXml: String?
    /// Tests on the parts of a multipart body.
    public var parts: [Part] = []

    /// Tests one part of a multipart body must pass (or, with `every`, each part).
    public struct Part: Sendable {
        /// Every part must pass (WireMock's `ALL`), not one (`ANY`).
        public var every = false
        /// Tests of the part's headers, such as `Content-Disposition` containing `name="xml_sct"`.
        public var headers: [(String, Matcher)] = []
        /// JSON path to matcher, on the part's body.
        public var body: [(String, Matcher)] = []
        /// A test of the part's body as text.
        public var bodyText: Matcher?
        /// XPath expression to matcher, on the part's body read as XML.
        public var xpath: [(String, Matcher)] = []
        /// The XML the part's body must be.
        public var bodyXml: String?

        /// A part test with no tests yet.
        public init() {}
    }
    /// The first answers by default; `Prefer` picks the others.
    public var responses: [Response] = []
    /// `first`, `sequence` (then the last), `sequence-loop` or `random`.
    public var mode = "first"
    /// Higher is tried first; nil is 0.
    public var priority: Int?
    /// Where it came from, written as a comment above the route.
    public var origin: String

    /// A route with no tests and no responses yet.
    public init(id: String, method: String, path: String, origin: String) {
        self.id = id
        self.method = method
        self.path = path
        self.origin = origin
    }
}
