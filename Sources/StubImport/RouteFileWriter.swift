public import Foundation
import Yams
import StubFormats
import StubEngine

/// Writes imported routes as a stubs folder: `routes/NAME.yaml` and `routes/bodies/…`, compiled
/// first, in memory, by the stub's own route-file loader, so a folder that would not serve is never
/// written, and a route the loader refuses is named instead of breaking the rest.
public struct RouteFileWriter: Sendable {
    /// The stubs folder to write.
    public let out: URL

    /// The base path `stubbank.yaml` records (an OpenAPI document's `servers` path), if any.
    public let basePath: String?
    /// The API document to copy into the folder as `name` (`openapi.yaml`), which `stubbank.yaml` names.
    public let document: (name: String, source: URL)?
    /// Whether `stubbank.yaml` turns request validation on against `document`.
    public let validateRequests: Bool

    /// A writer into `out`; `basePath`, `document` and `validateRequests` go into `stubbank.yaml`.
    public init(out: URL, basePath: String? = nil, document: (name: String, source: URL)? = nil, validateRequests: Bool = false) {
        self.out = out
        self.basePath = basePath
        self.document = document
        self.validateRequests = validateRequests
    }

    /// Refuses a folder that already has route files; otherwise makes `routes/bodies/`, copies
    /// the document in and writes `stubbank.yaml`.
    public func prepare() throws(ImportError) {
        try refuseExistingRoutes()
        do {
            try FileManager.default.createDirectory(at: out.appendingPathComponent("routes/bodies"), withIntermediateDirectories: true)
            if let document {
                let copy = out.appendingPathComponent(document.name)
                if !FileManager.default.fileExists(atPath: copy.path) { try FileManager.default.copyItem(at: document.source, to: copy) }
            }
            try Data(settings.utf8).write(to: out.appendingPathComponent(StubsSettingsLoader.file))
        } catch {
            throw ImportError("cannot prepare \(out.path): \(error.localizedDescription)")
        }
    }

    private func refuseExistingRoutes() throws(ImportError) {
        let routes = out.appendingPathComponent("routes")
        if FileManager.default.fileExists(atPath: routes.path) {
            throw ImportError("\(routes.path) already exists; choose an empty --out folder (nothing was written)")
        }
    }

    /// What `stubbank.yaml` says.
    private var settings: String {
        var settings = "# Written by stubbank import: route files only, so the built-in bank is off.\nbank: false\n"
        if let basePath {
            settings += "# Routes answer with and without this prefix, the document's servers path.\nbasePath: \(basePath)\n"
        }
        if let document {
            settings += "# The document the routes came from. validate: requests refuses requests that break it (400/422).\n"
                + "document: \(document.name)\nvalidate: \(validateRequests ? "requests" : "off")\n"
        }
        return settings
    }

    /// Writes a whole folder, one route file per group, after compiling every route with the
    /// stub's own route-file loader in memory. A route the loader refuses is left out, listed with
    /// where it came from and the loader's reason, and the rest are compiled again without it, so
    /// one route the loader cannot take never costs the rest. Only then is anything written, once;
    /// anything else the loader refuses fails the import with nothing written.
    public func writeFolder(_ groups: [String: [ImportedRoute]], header: String,
                            skipped: [ImportReport.Note]) throws(ImportError) -> ImportReport {
        try refuseExistingRoutes()
        var groups = groups
        var leftOut: [ImportReport.Note] = []
        while true {
            var rendered = Rendered()
            for (file, routes) in groups.sorted(by: { $0.key < $1.key }) where !routes.isEmpty {
                try render(routes, file: file, header: header, into: &rendered)
            }
            var problems: [FixtureProblem] = []
            let settingsFiles: [String: [UInt8]] = [StubsSettingsLoader.file: Array(settings.utf8)]
            _ = StubsSettingsLoader.load(files: .memory(settingsFiles), problems: &problems)
            _ = RouteFileLoader(files: .memory(rendered.files)).load(problems: &problems)
            guard !problems.isEmpty else {
                try prepare()
                for (path, bytes) in rendered.files.sorted(by: { $0.key < $1.key }) { try save(bytes, to: path) }
                var report = ImportReport()
                report.skipped = skipped + leftOut
                report.routes = groups.values.reduce(0) { $0 + $1.count }
                report.written = rendered.files.keys.sorted()
                return report
            }
            var dropped = false
            for problem in problems {
                guard let line = problem.line, let (name, id) = rendered.route(in: problem.file, atLine: line),
                      groups[name]?.contains(where: { $0.id == id }) == true else { continue }
                let route = groups[name]?.first { $0.id == id }
                groups[name]?.removeAll { $0.id == id }
                leftOut.append(.init(source: route?.origin ?? id,
                                     reason: "the route file loader refused it (\(problem)); left out so the rest serves"))
                dropped = true
            }
            guard dropped else {
                throw ImportError("the folder to write does not load, which is a bug in the importer (nothing was written):\n"
                                  + problems.map { "  - \($0)" }.joined(separator: "\n"))
            }
        }
    }

    /// A folder's files before they are written, and where each route's text starts.
    private struct Rendered {
        /// Paths from the folder's root (`routes/api.yaml`, `routes/bodies/…`) and their bytes.
        var files: [String: [UInt8]] = [:]
        /// For each route file (its name under `routes/`): each route's id and first line, in order.
        var starts: [String: [(line: Int, id: String)]] = [:]

        /// The route file's name and the id of the route whose text holds `line` of `file`.
        func route(in file: String, atLine line: Int) -> (String, String)? {
            guard file.hasPrefix("routes/") else { return nil }
            let name = String(file.dropFirst("routes/".count))
            guard let found = starts[name]?.last(where: { $0.line <= line }) else { return nil }
            return (name, found.id)
        }
    }

    /// Writes one route file holding `routes`, with its body files; returns the files written.
    public func write(_ routes: [ImportedRoute], file: String, header: String) throws(ImportError) -> [String] {
        var rendered = Rendered()
        try render(routes, file: file, header: header, into: &rendered)
        for (path, bytes) in rendered.files.sorted(by: { $0.key < $1.key }) { try save(bytes, to: path) }
        return rendered.files.keys.sorted()
    }

    /// One route file's text and body files, each route serialized on its own so that a line the
    /// loader names leads back to its route.
    private func render(_ routes: [ImportedRoute], file: String, header: String, into rendered: inout Rendered) throws(ImportError) {
        let comments = routes.map { "#   \($0.id): \($0.origin)".replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        var text = "# \(header.replacingOccurrences(of: "\n", with: " "))\n# Routes and where each came from:\n\(comments)\nroutes:\n"
        var line = text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) } + 1
        var starts: [(line: Int, id: String)] = []
        for route in routes {
            let item = try node(route, bodies: &rendered.files)
            let chunk: String
            do {
                chunk = try Yams.serialize(node: Node([item]), width: 120, allowUnicode: true)
            } catch {
                throw ImportError("cannot write \(file): \(error)")
            }
            starts.append((line, route.id))
            line += chunk.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            text += chunk
        }
        rendered.starts[file] = starts
        rendered.files["routes/" + file] = Array(text.utf8)
    }

    /// One route as route-file YAML; its body files go into `bodies`.
    private func node(_ route: ImportedRoute, bodies: inout [String: [UInt8]]) throws(ImportError) -> Node {
        var responses: [Node] = []
        for (index, response) in route.responses.enumerated() {
            var pairs: [(Node, Node)] = []
            if let name = response.name { pairs.append(("name", Node(name))) }
            pairs.append(("status", Node(String(response.status), Tag(.int))))
            if !response.headers.isEmpty {
                pairs.append(("headers", Node(Self.grouped(response.headers).map { name, values in
                    (Node(name), values.count == 1 ? Node(values[0]) : Node(values.map { Node($0) }))
                })))
            }
            switch response.body {
            case .json(let value)?:
                let name = "bodies/\(Self.slug(route.id))-\(response.status)\(response.name.map { "-" + Self.slug($0) } ?? "")-\(index).json"
                bodies["routes/" + name] = Self.prettyJSON(value)
                pairs.append(("bodyFile", Node(name)))
            case .file(let original, let bytes)?:
                let name = "bodies/\(Self.slug(route.id))-\(index)-\(Self.slug(original))"
                bodies["routes/" + name] = bytes
                pairs.append(("bodyFile", Node(name)))
            case .text(let text)?:
                pairs.append(("body", Node(text, Tag(.str), .literal)))
            case nil:
                break
            }
            if let latency = response.latency { pairs.append(("latency", Self.node(latency))) }
            if let fault = response.fault { pairs.append(("fault", Node(fault.rawValue))) }
            if response.literal { pairs.append(("template", Node("false", Tag(.bool)))) }
            responses.append(Node(pairs))
        }
        var request: [(Node, Node)] = [("method", Node(route.method))]
        if let (regex, withQuery) = route.pattern {
            request.append((Node(withQuery ? "urlPattern" : "pathPattern"), Node(regex, Tag(.str), .singleQuoted)))
        } else {
            request.append(("path", Node(route.path)))
        }
        if !route.params.isEmpty { request.append(("params", Self.matchers(route.params))) }
        if !route.query.isEmpty { request.append(("query", Self.matchers(route.query))) }
        if !route.headers.isEmpty { request.append(("headers", Self.matchers(route.headers))) }
        if !route.cookies.isEmpty { request.append(("cookies", Self.matchers(route.cookies))) }
        request += Self.bodyTests(body: route.body, bodyText: route.bodyText, xpath: route.xpath, bodyXml: route.bodyXml)
        if !route.parts.isEmpty {
            request.append(("parts", Node(route.parts.map { part in
                var pairs: [(Node, Node)] = part.every ? [(Node("match"), Node("all"))] : []
                if !part.headers.isEmpty { pairs.append(("headers", Self.matchers(part.headers))) }
                return Node(pairs + Self.bodyTests(body: part.body, bodyText: part.bodyText, xpath: part.xpath, bodyXml: part.bodyXml))
            })))
        }
        var pairs: [(Node, Node)] = [("id", Node(route.id)), ("request", Node(request))]
        if route.mode == "sequence-loop" {
            pairs.append(("mode", Node("sequence")))
            pairs.append(("then", Node("loop")))
        } else if route.mode != "first" {
            pairs.append(("mode", Node(route.mode)))
        }
        if let priority = route.priority { pairs.append(("priority", Node(String(priority), Tag(.int)))) }
        pairs.append(("responses", Node(responses)))
        return Node(pairs)
    }

    private func save(_ bytes: [UInt8], to relative: String) throws(ImportError) {
        let url = out.appendingPathComponent(relative)
        do {
            // routes/ and routes/bodies/ exist already (prepare); only other folders are made.
            let folder = url.deletingLastPathComponent().lastPathComponent
            if folder != "bodies", folder != "routes" {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try Data(bytes).write(to: url)
        } catch {
            throw ImportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// A request's (or a part's) tests of its body: JSON paths, the text, XPath and the XML.
    private static func bodyTests(body: [(String, ImportedRoute.Matcher)], bodyText: ImportedRoute.Matcher?,
                                  xpath: [(String, ImportedRoute.Matcher)], bodyXml: String?) -> [(Node, Node)] {
        var pairs: [(Node, Node)] = []
        if !body.isEmpty { pairs.append(("body", Self.matchers(body))) }
        if let bodyText { pairs.append(("bodyText", Self.matcher(bodyText))) }
        if !xpath.isEmpty { pairs.append(("xpath", Self.matchers(xpath))) }
        if let bodyXml { pairs.append(("bodyXml", Node(bodyXml, Tag(.str), bodyXml.contains("\n") ? .literal : .singleQuoted))) }
        return pairs
    }

    private static func matchers(_ list: [(String, ImportedRoute.Matcher)]) -> Node {
        Node(list.map { name, matcher in (Node(name), Self.matcher(matcher)) })
    }

    private static func matcher(_ matcher: ImportedRoute.Matcher) -> Node {
        let yes = Node("true", Tag(.bool))
        func text(_ value: String) -> Node { Node(value, Tag(.str), .singleQuoted) }
        switch matcher {
        case .equals(let json): return Node([(Node("equals"), node(json))])
        case .equalsJSON(let json, let ignoreArrayOrder, let ignoreExtraElements):
            var pairs: [(Node, Node)] = [(Node("equals"), node(json))]
            if ignoreArrayOrder { pairs.append((Node("ignoreArrayOrder"), yes)) }
            if ignoreExtraElements { pairs.append((Node("ignoreExtraElements"), yes)) }
            return Node(pairs)
        case .equalsIgnoringCase(let value): return Node([(Node("equals"), node(.string(value))), (Node("caseInsensitive"), yes)])
        case .matches(let pattern): return Node([(Node("matches"), text(pattern))])
        case .doesNotMatch(let pattern): return Node([(Node("doesNotMatch"), text(pattern))])
        case .contains(let part): return Node([(Node("contains"), text(part))])
        case .doesNotContain(let part): return Node([(Node("doesNotContain"), text(part))])
        case .present: return Node([(Node("present"), yes)])
        case .and(let parts): return Node([(Node("and"), Node(parts.map(Self.matcher)))])
        case .or(let parts): return Node([(Node("or"), Node(parts.map(Self.matcher)))])
        case .hasExactly(let parts): return Node([(Node("hasExactly"), Node(parts.map(Self.matcher)))])
        case .includes(let parts): return Node([(Node("includes"), Node(parts.map(Self.matcher)))])
        case .absent: return Node([(Node("absent"), yes)])
        case .number(let key, let bound): return Node([(Node(key), node(.number(bound)))])
        case .date(let key, let expected, let options):
            var pairs: [(Node, Node)] = [(Node(key), text(expected))]
            for name in options.keys.sorted() {
                guard let value = options[name] else { continue }
                let written: Node = switch name {
                case "expectedOffset": Node(value, Tag(.int))
                case "applyTruncationLast": Node(value, Tag(.bool))
                default: text(value)
                }
                pairs.append((Node(name), written))
            }
            return Node(pairs)
        }
    }

    /// Header fields by name (in any case, under its first spelling), in first-seen order: a
    /// route file names each field once, and a field sent more than once is a list.
    package static func grouped(_ headers: [(String, String)]) -> [(String, [String])] {
        var result: [(String, [String])] = []
        var index: [String: Int] = [:]
        for (name, value) in headers {
            if let at = index[name.lowercased()] {
                result[at].1.append(value)
            } else {
                index[name.lowercased()] = result.count
                result.append((name, [value]))
            }
        }
        return result
    }

    static func node(_ value: JSONValue) -> Node {
        switch value {
        case .null: return Node("null", Tag(.null))
        case .bool(let flag): return Node(flag ? "true" : "false", Tag(.bool))
        case .number(let number):
            return Node(JSONValue.text(of: number), Tag(JSONValue.whole(number) != nil ? .int : .float))
        case .string(let text):
            // A string that YAML would read back as a number, boolean or null ("0.0", "true",
            // "~") is quoted, so a query value "0.0" stays the text "0.0".
            return Node(text, Tag(.str), looksTyped(text) ? .doubleQuoted : .any)
        case .array(let items): return Node(items.map(node))
        case .object(let fields): return Node(fields.sorted { $0.key < $1.key }.map { (Node($0.key), node($0.value)) })
        }
    }

    /// Whether YAML would read `text`, written plain, as something other than text: the loader's
    /// own resolver decides (YAML 1.1 reads `1_000`, `12:00`, `y` and `2026-11-20` otherwise), and
    /// the forms that also read as numbers elsewhere are quoted too.
    private static func looksTyped(_ text: String) -> Bool {
        let lower = text.lowercased()
        return text.isEmpty || Resolver.default.resolveTag(of: Node(text)) != .str || Double(text) != nil
            || lower.hasPrefix("0x") || lower.hasPrefix("0o") || lower == ".inf" || lower == ".nan"
    }

    private static func node(_ latency: LatencyModel) -> Node {
        var pairs: [(Node, Node)] = [("type", Node(latency.type.rawValue))]
        func number(_ key: String, _ value: Double?) {
            if let value { pairs.append((Node(key), node(.number(value)))) }
        }
        number("ms", latency.ms); number("minMs", latency.minMs); number("maxMs", latency.maxMs)
        number("medianMs", latency.medianMs); number("sigma", latency.sigma)
        return Node(pairs)
    }

    static func prettyJSON(_ value: JSONValue) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(value)) ?? Data("null".utf8)) + [UInt8(ascii: "\n")]
    }

    /// A file-name-safe form of an id.
    package static func slug(_ text: String) -> String {
        let mapped = text.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" }
        return String(String(mapped).split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-").prefix(80))
    }
}
