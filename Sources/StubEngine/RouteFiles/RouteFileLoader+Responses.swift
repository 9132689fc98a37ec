import Foundation
package import HTTPTypes
package import Yams
import StubFormats

/// A route's responses: status, headers, inline or file bodies, and their templates.
extension RouteFileLoader {
    package func compileResponse(_ node: Node, at: String, file: String, parameters: Set<String>?,
                         fallback: RouteBehaviour, reader: inout NodeReader) -> RouteResponse? {
        let before = reader.problems.count
        guard let fields = reader.fields(node, at: at, allowed: Self.responseFields) else { return nil }
        func field(_ name: String) -> Node? { fields.first { $0.key == name }?.value }
        var name: String?
        if let nameNode = field("name") { name = reader.string(nameNode, at: "\(at).name") }
        var when: RequestCondition?
        if let whenNode = field("when"),
           let whenFields = reader.fields(whenNode, at: "\(at).when", allowed: Self.whenFields) {
            var condition = RequestCondition()
            for (key, _, value) in whenFields {
                condition.merge(compileCondition(key: key, value, at: "\(at).when.\(key)", reader: &reader))
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
        var literally = false
        if let templateNode = field("template"), let flag = reader.bool(templateNode, at: "\(at).template") { literally = !flag }
        let loader = reading(literally: literally)
        let headers = field("headers").map {
            loader.headerTemplates($0, at: "\(at).headers", parameters: parameters, reader: &reader)
        } ?? []
        var body = RouteResponseBody.empty
        var bodyFile: String?
        let bodyNode = field("body"), bodyFileNode = field("bodyFile")
        if bodyNode != nil, bodyFileNode != nil {
            reader.fail(bodyFileNode, "\(at) has both body and bodyFile; keep one")
        } else if let bodyNode {
            body = loader.inlineBody(bodyNode, at: "\(at).body", parameters: parameters, reader: &reader)
        } else if let bodyFileNode, let relative = reader.string(bodyFileNode, at: "\(at).bodyFile") {
            bodyFile = Self.resolve(relative, from: file)
            body = loader.fileBody(relative, node: bodyFileNode, at: "\(at).bodyFile", routeFile: file, parameters: parameters, reader: &reader)
        }
        if BodylessResponse.neverCarriesBody(status: status), !(body.contentType.isEmpty) {
            reader.fail(bodyNode ?? bodyFileNode, "\(at): status \(status) never carries a body; remove it")
        }
        let behaviour = behaviour(fields, at: at, reader: &reader).over(fallback)
        guard reader.problems.count == before else { return nil }
        return RouteResponse(name: name, when: when, status: status, headers: headers, body: body, bodyFile: bodyFile,
                             behaviour: behaviour, location: "\(file):\(node.mark?.line ?? 0)")
    }

    package func headerTemplates(_ node: Node, at: String, parameters: Set<String>?,
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
            // A list sends the field once per item, in order (two `Set-Cookie`s, say).
            let items: [Node]
            switch value {
            case .scalar: items = [value]
            case .sequence(let sequence) where !sequence.isEmpty && sequence.allSatisfy({ if case .scalar = $0 { true } else { false } }):
                items = Array(sequence)
            default:
                reader.fail(value, "\(at).\(name) must be text, or a list of texts to send the field once for each")
                continue
            }
            for item in items {
                guard case .scalar(let scalar) = item else { continue }
                if let template = template(scalar.string, node: item, at: "\(at).\(name)", escaping: .none,
                                           parameters: parameters, reader: &reader) {
                    result.append((field, template))
                }
            }
        }
        return result
    }

    package func template(_ text: String, node: Node, at: String, escaping: TemplateEscaping,
                  parameters: Set<String>?, reader: inout NodeReader) -> ResponseTemplate? {
        if literalText { return .literal(text) }
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

    package func inlineBody(_ node: Node, at: String, parameters: Set<String>?, reader: inout NodeReader) -> RouteResponseBody {
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

    package func jsonTree(_ node: Node, at: String, parameters: Set<String>?, reader: inout NodeReader) -> TemplateJSON? {
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
                return .number(JSONValue.isNumberText(scalar.string) ? scalar.string : JSONValue.number(number).text ?? "\(number)")
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

    package func fileBody(_ relative: String, node: Node, at: String, routeFile: String, parameters: Set<String>?,
                  reader: inout NodeReader) -> RouteResponseBody {
        let path = Self.resolve(relative, from: routeFile)
        let data: Data
        do {
            guard let found = try files.read(path) else {
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
    package static func resolve(_ relative: String, from routeFile: String) -> String {
        // `..` is taken out here (NSString's standardizingPath keeps it in a relative path on
        // Linux), so the path names the file as the folder lists it; one that climbs out of the
        // folder stays as written, and reading it is refused.
        let joined = (folder(of: routeFile) as NSString).appendingPathComponent(relative)
        return StubsFiles.normalized(joined) ?? joined
    }

    package static let contentTypes = [
        "json": "application/json", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
        "xml": "application/xml", "csv": "text/csv; charset=utf-8", "pdf": "application/pdf", "png": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "svg": "image/svg+xml",
    ]
}
