package import Foundation
package import HTTPTypes
package import Yams
import StubFormats

/// Reads `routes/**/*.yaml|yml|json` under a stubs folder into a `FileRouteSet`, collecting every
/// problem with file, line and reason.
///
/// A file holds `routes:` and, optionally, `defaults:` that apply to every route in its folder and
/// the folders below it. Body files resolve relative to the route file and never outside the
/// stubs folder.
package struct RouteFileLoader {
    /// Where the files are read: the stubs folder, or an import's files before it writes them.
    package let files: StubsFiles
    /// True while compiling a response with `template: false`: its text is served as written.
    private(set) var literalText = false

    /// A loader for the stubs folder at `root`.
    package init(root: URL) {
        self.files = .folder(root)
    }

    /// A loader for `files`.
    package init(files: StubsFiles) {
        self.files = files
    }

    /// This loader, reading text as written (`template: false`) or as templates.
    func reading(literally: Bool) -> RouteFileLoader {
        var copy = self
        copy.literalText = literally
        return copy
    }
    package static let folder = "routes"
    package static let extensions: Set<String> = ["yaml", "yml", "json"]

    package static let routeFields = ["id", "request", "responses", "mode", "then", "priority",
                              "latency", "bandwidth", "fault", "tamperSignature", "note"]
    package static let requestFields = ["method", "path", "pathPattern", "urlPattern", "params", "query", "headers", "cookies", "body",
                                        "bodyText", "xpath", "bodyXml", "parts"]
    /// What a response's `when` may test: the request's fields but its method and path.
    package static let whenFields = ["path", "query", "headers", "cookies", "body", "bodyText", "xpath", "bodyXml", "parts"]
    /// What a `parts` entry may test: one part's headers and body, and whether every part must pass.
    package static let partFields = ["match", "headers", "body", "bodyText", "xpath", "bodyXml"]
    package static let responseFields = ["name", "when", "status", "headers", "body", "bodyFile", "template",
                                 "latency", "bandwidth", "fault", "probability", "times", "tamperSignature", "note"]
    package static let defaultsFields = ["responses", "headers", "latency", "bandwidth", "fault", "tamperSignature"]
    package static let forbiddenHeaders = BodylessResponse.framingHeaders

    /// What a folder's `defaults` contribute, already compiled.
    package struct Defaults {
        package var file: String
        package var responses: [RouteResponse] = []
        package var headers: [(name: HTTPField.Name, value: ResponseTemplate)] = []
        package var behaviour = RouteBehaviour()
    }

    package func load(problems: inout [FixtureProblem]) -> FileRouteSet {
        let files = listFiles(problems: &problems)
        var documents: [(file: String, node: Node)] = []
        var dataFiles: [String] = []
        for file in files {
            guard let text = readText(file, problems: &problems) else { continue }
            // A JSON body file (an import writes hundreds, some large) is told from a route file by
            // its top-level keys, without composing it as YAML; JSON that does not parse is composed,
            // so its problem is reported with its line as before.
            if file.lowercased().hasSuffix(".json"), let keys = Self.topLevelKeys(ofJSON: text), !Self.isRouteDocument(keys: keys) {
                dataFiles.append(file)
                continue
            }
            var reader = NodeReader(file: file)
            defer { problems += reader.problems }
            guard let node = reader.compose(text) else { continue }
            if file.lowercased().hasSuffix(".json"), !Self.isRouteDocument(node) {
                dataFiles.append(file)
                continue
            }
            documents.append((file, node))
        }
        // Defaults first, by folder, so a route sees those of its folder and every folder above it.
        var defaultsByFolder: [String: Defaults] = [:]
        for (file, node) in documents {
            var reader = NodeReader(file: file)
            guard let top = reader.fields(node, at: "", allowed: ["routes", "defaults"]) else {
                problems += reader.problems
                continue
            }
            if let defaultsNode = top.first(where: { $0.key == "defaults" })?.value {
                let folder = Self.folder(of: file)
                if let earlier = defaultsByFolder[folder] {
                    reader.fail(defaultsNode, "folder \(folder) already has defaults in \(earlier.file); keep one defaults block per folder")
                } else if let defaults = compileDefaults(defaultsNode, file: file, reader: &reader) {
                    defaultsByFolder[folder] = defaults
                }
            }
            problems += reader.problems
        }
        var routes: [FileRoute] = []
        var firstById: [String: String] = [:]
        var firstByKey: [String: String] = [:]
        for (file, node) in documents {
            var reader = NodeReader(file: file)
            let inherited = Self.ancestors(of: Self.folder(of: file)).compactMap { defaultsByFolder[$0] }
            guard case .mapping(let mapping) = node, let routesNode = mapping["routes"] else {
                continue
            }
            guard let items = reader.list(routesNode, at: "routes") else {
                problems += reader.problems
                continue
            }
            for (index, item) in items.enumerated() {
                guard let route = compileRoute(item, index: index, file: file, inherited: inherited, reader: &reader) else { continue }
                if let first = firstById[route.id] {
                    reader.fail(item, "duplicate route id \"\(route.id)\"; first used at \(first)")
                    continue
                }
                firstById[route.id] = route.location
                if let first = firstByKey[route.ambiguityKey] {
                    reader.fail(item, "route \"\(route.id)\" can never be told apart from the route at \(first) "
                                + "(same method, path shape, conditions and priority); add a condition or a priority")
                    continue
                }
                firstByKey[route.ambiguityKey] = route.location
                routes.append(route)
            }
            problems += reader.problems
        }
        let referenced = Set(routes.flatMap { $0.responses.compactMap(\.bodyFile) })
        for file in dataFiles where !referenced.contains(file) {
            problems.append(FixtureProblem(file: file, line: 1, reason: "a JSON file under routes/ is either a route file (with routes: or defaults: "
                                           + "at the top) or a body file named by some bodyFile; this one is neither"))
        }
        return FileRouteSet(routes: routes)
    }

    /// JSON under `routes/` is a route file when its top level holds `routes`, `defaults` or both,
    /// and nothing else; otherwise it is a body file (an API's own answer may well have a
    /// `defaults` field, as Stripe's tax settings do).
    package static func isRouteDocument(_ node: Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        return isRouteDocument(keys: mapping.keys.map { $0.string ?? "" })
    }

    /// The rule of `isRouteDocument(_:)` on a document's top-level keys.
    static func isRouteDocument(keys: [String]) -> Bool {
        !keys.isEmpty && keys.allSatisfy { $0 == "routes" || $0 == "defaults" }
    }

    /// The keys of a JSON object at the top of `text`; `[]` for other JSON; nil when it does not parse.
    static func topLevelKeys(ofJSON text: String) -> [String]? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
        return (value as? [String: Any]).map { Array($0.keys) } ?? []
    }

    // MARK: Files

    private func listFiles(problems: inout [FixtureProblem]) -> [String] {
        files.files(under: Self.folder).filter { path in
            let name = (path as NSString).lastPathComponent
            return !name.hasPrefix(".") && Self.extensions.contains((name as NSString).pathExtension.lowercased())
        }
    }

    private func readText(_ file: String, problems: inout [FixtureProblem]) -> String? {
        do {
            guard let data = try files.read(file) else { return nil }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(FixtureProblem(file: file, line: nil, reason: "not UTF-8 text"))
                return nil
            }
            return text
        } catch {
            problems.append(error)
            return nil
        }
    }

    package static func folder(of file: String) -> String { (file as NSString).deletingLastPathComponent }

    /// `routes/a/b` → `routes/a/b`, `routes/a`, `routes` (nearest first).
    package static func ancestors(of folder: String) -> [String] {
        var result: [String] = []
        var current = folder
        while !current.isEmpty {
            result.append(current)
            guard current.contains("/") else { break }
            current = (current as NSString).deletingLastPathComponent
        }
        return result
    }

    // MARK: Defaults and routes

    private func compileDefaults(_ node: Node, file: String, reader: inout NodeReader) -> Defaults? {
        guard let fields = reader.fields(node, at: "defaults", allowed: Self.defaultsFields) else { return nil }
        var defaults = Defaults(file: file)
        defaults.behaviour = behaviour(fields, at: "defaults", reader: &reader)
        for (key, _, value) in fields {
            switch key {
            case "headers": defaults.headers = headerTemplates(value, at: "defaults.headers", parameters: nil, reader: &reader)
            case "responses":
                for (index, item) in (reader.list(value, at: "defaults.responses") ?? []).enumerated() {
                    let path = "defaults.responses[\(index)]"
                    guard let response = compileResponse(item, at: path, file: file, parameters: nil,
                                                         fallback: RouteBehaviour(), reader: &reader) else { continue }
                    if response.when == nil {
                        reader.fail(item, "\(path) needs a `when`: a default response without one would answer every request")
                    }
                    defaults.responses.append(response)
                }
            default: break
            }
        }
        return defaults
    }

    private func compileRoute(_ node: Node, index: Int, file: String, inherited: [Defaults],
                              reader: inout NodeReader) -> FileRoute? {
        let at = "routes[\(index)]"
        let before = reader.problems.count
        guard let fields = reader.fields(node, at: at, allowed: Self.routeFields) else { return nil }
        func field(_ name: String) -> Node? { fields.first { $0.key == name }?.value }
        let location = "\(file):\(node.mark?.line ?? 0)"
        let stem = (file as NSString).deletingPathExtension.dropFirst(Self.folder.count + 1)
        var id = "\(stem.replacingOccurrences(of: "/", with: ".")).\(index)"
        if let idNode = field("id"), let text = reader.string(idNode, at: "\(at).id") {
            if text.isEmpty || text.count > 128 { reader.fail(idNode, "\(at).id must be 1 to 128 characters") } else { id = text }
        }
        guard let requestNode = field("request") else {
            reader.fail(node, "\(at) needs a request (method and path)")
            return nil
        }
        guard let (pattern, condition) = compileRequest(requestNode, at: "\(at).request", reader: &reader) else { return nil }
        let parameters = Set(pattern.segments.compactMap { segment -> String? in
            if case .parameter(let name) = segment { return name }
            return nil
        })
        var mode = FileRoute.Mode.first
        if let modeNode = field("mode"), let text = reader.string(modeNode, at: "\(at).mode") {
            switch text {
            case "first": mode = .first
            case "sequence": mode = .sequence(loop: false)
            case "random": mode = .random
            default: reader.fail(modeNode, "\(at).mode must be first, sequence or random")
            }
        }
        if let thenNode = field("then"), let text = reader.string(thenNode, at: "\(at).then") {
            if mode != .sequence(loop: false) {
                reader.fail(thenNode, "\(at).then applies only to mode: sequence")
            } else if text == "loop" {
                mode = .sequence(loop: true)
            } else if text != "last" {
                reader.fail(thenNode, "\(at).then must be last or loop")
            }
        }
        var priority = 0
        if let priorityNode = field("priority"), let value = reader.int(priorityNode, at: "\(at).priority") { priority = value }
        var routeBehaviour = behaviour(fields, at: at, reader: &reader)
        for defaults in inherited { routeBehaviour = routeBehaviour.over(defaults.behaviour) }
        var responses: [RouteResponse] = inherited.flatMap(\.responses)
        guard let responsesNode = field("responses"), let items = reader.list(responsesNode, at: "\(at).responses"), !items.isEmpty else {
            reader.fail(field("responses") ?? node, "\(at) needs at least one response in `responses`")
            return nil
        }
        for (responseIndex, item) in items.enumerated() {
            if let response = compileResponse(item, at: "\(at).responses[\(responseIndex)]", file: file,
                                              parameters: parameters, fallback: routeBehaviour, reader: &reader) {
                responses.append(response)
            }
        }
        if !items.isEmpty, responses.allSatisfy({ $0.when != nil }), reader.problems.count == before {
            reader.fail(responsesNode, "\(at) needs at least one response without `when`, so every matching request gets an answer")
        }
        var defaultHeaders: [(name: HTTPField.Name, value: ResponseTemplate)] = []
        for defaults in inherited.reversed() { defaultHeaders += defaults.headers }
        guard reader.problems.count == before else { return nil }
        return FileRoute(id: id, location: location, pattern: pattern, condition: condition, responses: responses,
                         mode: mode, priority: priority, defaultHeaders: defaultHeaders)
    }
}
