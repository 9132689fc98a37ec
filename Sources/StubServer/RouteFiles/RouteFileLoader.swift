import Foundation
import HTTPTypes
import Yams

/// Reads `routes/**/*.yaml|yml|json` under a stubs folder into a `FileRouteSet`, collecting every
/// problem with file, line and reason.
///
/// A file holds `routes:` and, optionally, `defaults:` that apply to every route in its folder and
/// the folders below it. Body files resolve relative to the route file and never outside the
/// stubs folder.
struct RouteFileLoader {
    let root: URL
    static let folder = "routes"
    static let extensions: Set<String> = ["yaml", "yml", "json"]

    static let routeFields = ["id", "request", "responses", "mode", "then", "priority",
                              "latency", "bandwidth", "fault", "tamperSignature", "note"]
    static let requestFields = ["method", "path", "params", "query", "headers", "body"]
    static let responseFields = ["name", "when", "status", "headers", "body", "bodyFile",
                                 "latency", "bandwidth", "fault", "probability", "times", "tamperSignature", "note"]
    static let defaultsFields = ["responses", "headers", "latency", "bandwidth", "fault", "tamperSignature"]
    static let forbiddenHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// What a folder's `defaults` contribute, already compiled.
    private struct Defaults {
        var file: String
        var responses: [RouteResponse] = []
        var headers: [(name: HTTPField.Name, value: ResponseTemplate)] = []
        var behaviour = RouteBehaviour()
    }

    func load(problems: inout [FixtureProblem]) -> FileRouteSet {
        let files = listFiles(problems: &problems)
        var documents: [(file: String, node: Node)] = []
        var dataFiles: [String] = []
        for file in files {
            guard let text = readText(file, problems: &problems) else { continue }
            do {
                guard let node = try Yams.compose(yaml: text) else { continue }
                if file.lowercased().hasSuffix(".json"), !Self.isRouteDocument(node) {
                    dataFiles.append(file)
                    continue
                }
                documents.append((file, node))
            } catch let error as YamlError {
                problems.append(FixtureProblem(file: file, line: YAMLLineLocator.line(of: error),
                                               reason: "invalid YAML: \(ScenarioLoader.summary(of: error))"))
            } catch {
                problems.append(FixtureProblem(file: file, line: nil, reason: "\(error)"))
            }
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

    /// JSON under `routes/` is a route file when its top level has `routes` or `defaults`; otherwise it is a body file.
    static func isRouteDocument(_ node: Node) -> Bool {
        guard case .mapping(let mapping) = node else { return false }
        return mapping.keys.contains { $0.string == "routes" || $0.string == "defaults" }
    }

    // MARK: Files

    private func listFiles(problems: inout [FixtureProblem]) -> [String] {
        let base = root.appendingPathComponent(Self.folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard !name.hasPrefix("."), Self.extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            files.append("\(Self.folder)/\(relative)")
        }
        return files.sorted()
    }

    private func readText(_ file: String, problems: inout [FixtureProblem]) -> String? {
        do {
            guard let data = try FixtureLoader.read(file, root: root) else { return nil }
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

    static func folder(of file: String) -> String { (file as NSString).deletingLastPathComponent }

    /// `routes/a/b` → `routes/a/b`, `routes/a`, `routes` (nearest first).
    static func ancestors(of folder: String) -> [String] {
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

    private func compileRequest(_ node: Node, at: String, reader: inout NodeReader) -> (RoutePattern, RequestCondition)? {
        guard let fields = reader.fields(node, at: at, allowed: Self.requestFields) else { return nil }
        var method = "*", pathText: String?, pathNode: Node?
        var condition = RequestCondition()
        for (key, _, value) in fields {
            switch key {
            case "method": method = reader.string(value, at: "\(at).method")?.uppercased() ?? method
            case "path": pathText = reader.string(value, at: "\(at).path"); pathNode = value
            default:
                let partial = compileCondition(key: key == "params" ? "path" : key, value, at: "\(at).\(key)", reader: &reader)
                condition.path += partial.path
                condition.query += partial.query
                condition.headers += partial.headers
                condition.body += partial.body
            }
        }
        guard let pathText else {
            reader.fail(node, "\(at) needs a path, e.g. /api/users/{id}")
            return nil
        }
        do {
            let pattern = try RoutePattern("\(method) \(pathText)")
            let declared = Set(pattern.segments.compactMap { segment -> String? in
                if case .parameter(let name) = segment { return name }
                return nil
            })
            for (name, _) in condition.path where !declared.contains(name) {
                reader.fail(node, "\(at).params.\(name): the path \(pathText) has no {\(name)}")
            }
            return (pattern, condition)
        } catch {
            reader.fail(pathNode, "\(at): \(error.reason)")
            return nil
        }
    }

    /// `query`, `headers`, `body` or (in `when`) `path`: a mapping of names or JSON paths to matchers.
    private func compileCondition(key: String, _ node: Node, at: String, reader: inout NodeReader) -> RequestCondition {
        var condition = RequestCondition()
        for (name, keyNode, value) in reader.pairs(node, at: at) ?? [] {
            guard let matcher = matcher(value, at: "\(at).\(name)", reader: &reader) else { continue }
            switch key {
            case "path": condition.path.append((name, matcher))
            case "query": condition.query.append((name, matcher))
            case "headers":
                guard let field = HTTPField.Name(name) else {
                    reader.fail(keyNode, "\(at): \"\(name)\" is not a valid header name")
                    continue
                }
                condition.headers.append((field, matcher))
            default:
                do {
                    condition.body.append((try JSONPath(name), matcher))
                } catch {
                    reader.fail(keyNode, "\(at): \(error.reason)")
                }
            }
        }
        return condition
    }

    private func matcher(_ node: Node, at: String, reader: inout NodeReader) -> ValueMatcher? {
        let kind: ValueMatcher.Kind
        if case .mapping = node {
            guard let fields = reader.fields(node, at: at, allowed: ["equals", "matches", "present", "absent"]) else { return nil }
            guard fields.count == 1, let (key, _, value) = fields.first else {
                reader.fail(node, "\(at) takes exactly one of equals, matches, present: true or absent: true")
                return nil
            }
            switch key {
            case "equals": kind = .equals(NodeReader.jsonValue(value))
            case "matches":
                guard let pattern = reader.string(value, at: "\(at).matches") else { return nil }
                kind = .matches(pattern)
            default:
                guard let flag = reader.bool(value, at: "\(at).\(key)") else { return nil }
                guard flag else {
                    reader.fail(value, "\(at).\(key) must be true; use \(key == "present" ? "absent" : "present"): true for the opposite")
                    return nil
                }
                kind = key == "present" ? .present : .absent
            }
        } else {
            kind = .equals(NodeReader.jsonValue(node))
        }
        do {
            return try ValueMatcher(kind)
        } catch {
            reader.fail(node, "\(at): \(error.reason)")
            return nil
        }
    }

    private func compileResponse(_ node: Node, at: String, file: String, parameters: Set<String>?,
                                 fallback: RouteBehaviour, reader: inout NodeReader) -> RouteResponse? {
        let before = reader.problems.count
        guard let fields = reader.fields(node, at: at, allowed: Self.responseFields) else { return nil }
        func field(_ name: String) -> Node? { fields.first { $0.key == name }?.value }
        var name: String?
        if let nameNode = field("name") { name = reader.string(nameNode, at: "\(at).name") }
        var when: RequestCondition?
        if let whenNode = field("when"), let whenFields = reader.fields(whenNode, at: "\(at).when", allowed: ["path", "query", "headers", "body"]) {
            var condition = RequestCondition()
            for (key, _, value) in whenFields {
                let part = compileCondition(key: key, value, at: "\(at).when.\(key)", reader: &reader)
                condition.path += part.path
                condition.query += part.query
                condition.headers += part.headers
                condition.body += part.body
            }
            if let parameters {
                for (parameter, _) in condition.path where !parameters.contains(parameter) {
                    reader.fail(whenNode, "\(at).when.path.\(parameter): the route's path has no {\(parameter)}")
                }
            }
            when = condition
        }
        var status = 200
        if let statusNode = field("status"), let value = reader.int(statusNode, at: "\(at).status") {
            if !(200...599).contains(value) {
                reader.fail(statusNode, "\(at).status must be from 200 to 599 (1xx is not a final status)")
            }
            status = value
        }
        let headers = field("headers").map {
            headerTemplates($0, at: "\(at).headers", parameters: parameters, reader: &reader)
        } ?? []
        var body = RouteResponseBody.empty
        var bodyFile: String?
        let bodyNode = field("body"), bodyFileNode = field("bodyFile")
        if bodyNode != nil, bodyFileNode != nil {
            reader.fail(bodyFileNode, "\(at) has both body and bodyFile; keep one")
        } else if let bodyNode {
            body = inlineBody(bodyNode, at: "\(at).body", parameters: parameters, reader: &reader)
        } else if let bodyFileNode, let relative = reader.string(bodyFileNode, at: "\(at).bodyFile") {
            bodyFile = Self.resolve(relative, from: file)
            body = fileBody(relative, node: bodyFileNode, at: "\(at).bodyFile", routeFile: file, parameters: parameters, reader: &reader)
        }
        if [204, 304].contains(status), !(body.contentType.isEmpty) {
            reader.fail(bodyNode ?? bodyFileNode, "\(at): status \(status) never carries a body; remove it")
        }
        let behaviour = behaviour(fields, at: at, reader: &reader).over(fallback)
        guard reader.problems.count == before else { return nil }
        return RouteResponse(name: name, when: when, status: status, headers: headers, body: body, bodyFile: bodyFile,
                             behaviour: behaviour, location: "\(file):\(node.mark?.line ?? 0)")
    }

    private func headerTemplates(_ node: Node, at: String, parameters: Set<String>?,
                                 reader: inout NodeReader) -> [(name: HTTPField.Name, value: ResponseTemplate)] {
        var result: [(HTTPField.Name, ResponseTemplate)] = []
        for (name, keyNode, value) in reader.pairs(node, at: at) ?? [] {
            guard let field = HTTPField.Name(name) else {
                reader.fail(keyNode, "\(at): \"\(name)\" is not a valid header name")
                continue
            }
            if Self.forbiddenHeaders.contains(field.canonicalName) {
                reader.fail(keyNode, "\(at): \(name) is set by the server from the body and may not be set by a route")
                continue
            }
            guard case .scalar(let scalar) = value else {
                reader.fail(value, "\(at).\(name) must be text")
                continue
            }
            if let template = template(scalar.string, node: value, at: "\(at).\(name)", escaping: .none,
                                       parameters: parameters, reader: &reader) {
                result.append((field, template))
            }
        }
        return result
    }

    private func template(_ text: String, node: Node, at: String, escaping: TemplateEscaping,
                          parameters: Set<String>?, reader: inout NodeReader) -> ResponseTemplate? {
        // Defaults serve many routes, so only the roots of their tags can be checked.
        let problems = TemplateTags.problems(in: text, parameters: parameters ?? [])
            .filter { parameters != nil || !$0.contains("is not a path parameter") }
        for problem in problems { reader.fail(node, "\(at): \(problem)") }
        guard problems.isEmpty else { return nil }
        do {
            return try ResponseTemplate.compile(text, escaping: escaping)
        } catch {
            reader.fail(node, "\(at): \(error.reason)")
            return nil
        }
    }

    private func inlineBody(_ node: Node, at: String, parameters: Set<String>?, reader: inout NodeReader) -> RouteResponseBody {
        if case .scalar(let scalar) = node, node.tagName == .str {
            guard let compiled = template(scalar.string, node: node, at: at, escaping: .none, parameters: parameters, reader: &reader)
            else { return .empty }
            if case .literal(let text) = compiled { return .bytes(Array(text.utf8), contentType: "text/plain; charset=utf-8") }
            return .template(compiled, contentType: "text/plain; charset=utf-8")
        }
        guard let tree = jsonTree(node, at: at, parameters: parameters, reader: &reader) else { return .empty }
        if tree.hasTemplates { return .template(.json(tree), contentType: "application/json") }
        var text = ""
        tree.write(to: &text, scope: nil)
        return .bytes(Array(text.utf8), contentType: "application/json")
    }

    private func jsonTree(_ node: Node, at: String, parameters: Set<String>?, reader: inout NodeReader) -> TemplateJSON? {
        switch node {
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return .null
            case .bool: return node.bool.map(TemplateJSON.bool)
            case .int, .float:
                guard let number = node.float, number.isFinite else {
                    reader.fail(node, "\(at): \(scalar.string) is not a JSON number")
                    return nil
                }
                return .number(Self.isJSONNumber(scalar.string) ? scalar.string : ValueMatcher.text(of: .number(number)) ?? "\(number)")
            default:
                return template(scalar.string, node: node, at: at, escaping: .none, parameters: parameters, reader: &reader)
                    .map(TemplateJSON.string)
            }
        case .sequence(let sequence):
            var items: [TemplateJSON] = []
            for (index, item) in sequence.enumerated() {
                if let value = jsonTree(item, at: "\(at)[\(index)]", parameters: parameters, reader: &reader) { items.append(value) }
            }
            return .array(items)
        case .mapping(let mapping):
            var fields: [(String, TemplateJSON)] = []
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                if let tree = jsonTree(value, at: "\(at).\(key)", parameters: parameters, reader: &reader) { fields.append((key, tree)) }
            }
            return .object(fields)
        case .alias:
            reader.fail(node, "\(at): YAML aliases are not supported in bodies")
            return nil
        }
    }

    private func fileBody(_ relative: String, node: Node, at: String, routeFile: String, parameters: Set<String>?,
                          reader: inout NodeReader) -> RouteResponseBody {
        let path = Self.resolve(relative, from: routeFile)
        let data: Data
        do {
            guard let found = try FixtureLoader.read(path, root: root) else {
                reader.fail(node, "\(at): \(relative) not found (looked for \(path) in the stubs folder)")
                return .empty
            }
            data = found
        } catch {
            reader.fail(node, "\(at): \(relative) \(error.reason)")
            return .empty
        }
        let ext = (relative as NSString).pathExtension.lowercased()
        let type = Self.contentTypes[ext] ?? "application/octet-stream"
        let text = String(data: data, encoding: .utf8)
        if let text, text.contains("{{"), type.hasPrefix("application/json") || type.hasPrefix("text/") || type.hasSuffix("xml") {
            guard let compiled = template(text, node: node, at: "\(at) (\(path))", escaping: ext == "json" ? .json : .none,
                                          parameters: parameters, reader: &reader) else { return .empty }
            return .template(compiled, contentType: type)
        }
        if ext == "json", let syntax = JSONLineLocator.syntaxError(in: data) {
            reader.fail(node, "\(at): \(path) is not valid JSON (line \(syntax.line.map(String.init) ?? "?"): \(syntax.reason)); "
                        + "for a broken body use fault: malformed, or a .txt file")
            return .empty
        }
        return .bytes(Array(data), contentType: type)
    }

    /// A body file's path inside the stubs folder, from the route file that names it.
    static func resolve(_ relative: String, from routeFile: String) -> String {
        ((folder(of: routeFile) as NSString).appendingPathComponent(relative) as NSString).standardizingPath
    }

    static let contentTypes = [
        "json": "application/json", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
        "xml": "application/xml", "csv": "text/csv; charset=utf-8", "pdf": "application/pdf", "png": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml",
    ]

    static func isJSONNumber(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    // MARK: Behaviour fields

    private func behaviour(_ fields: [(key: String, keyNode: Node, value: Node)], at: String,
                           reader: inout NodeReader) -> RouteBehaviour {
        var result = RouteBehaviour()
        for (key, _, value) in fields {
            switch key {
            case "latency":
                if let latency = reader.decode(LatencyModel.self, value, at: "\(at).latency") {
                    for (field, reason) in latency.problems() { reader.fail(value, "\(at).latency.\(field) \(reason)") }
                    result.latency = latency
                }
            case "bandwidth":
                if let bandwidth = reader.decode(Bandwidth.self, value, at: "\(at).bandwidth") {
                    if bandwidth.bytesPerSecond < 1 || (bandwidth.chunkBytes ?? 1) < 1 {
                        reader.fail(value, "\(at).bandwidth: bytesPerSecond and chunkBytes must be at least 1")
                    }
                    result.bandwidth = bandwidth
                }
            case "fault":
                if let text = reader.string(value, at: "\(at).fault") {
                    if let fault = Fault(rawValue: text) { result.fault = fault } else {
                        reader.fail(value, "\(at).fault must be one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                }
            case "probability":
                if let probability = reader.double(value, at: "\(at).probability") {
                    if !(0...1).contains(probability) { reader.fail(value, "\(at).probability must be between 0 and 1") }
                    result.probability = probability
                }
            case "times":
                if let times = reader.int(value, at: "\(at).times") {
                    if times < 1 { reader.fail(value, "\(at).times must be at least 1") }
                    result.times = times
                }
            case "tamperSignature": result.tamperSignature = reader.bool(value, at: "\(at).tamperSignature")
            default: break
            }
        }
        return result
    }
}
