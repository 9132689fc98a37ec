package import Foundation
import HTTPTypes
package import StubFormats
package import StubOpenAPI

/// The requests an OpenAPI document allows, for `validate: requests` in `stubbank.yaml` (as
/// Prism's validation): a request a route file matches is checked against the document's
/// operation for that route's method and path before it is answered. A missing required
/// parameter, a parameter or JSON body that breaks its schema, a missing required body or an
/// unlisted content type is refused with the error envelope, each problem a detail naming the
/// field: 400, or 422 when the operation documents 422 and not 400 (415 for the content type).
/// Security schemes are not checked; a route the document does not describe is not checked.
package struct RequestContract: Sendable {
    /// What one operation asks of a request.
    package struct Operation: Sendable {
        package var parameters: [OpenAPIParameter]
        package var body: OpenAPIRequestBody?
        package var status: Int
    }

    /// Operations by `METHOD /path/{template}`.
    private let operations: [String: Operation]
    private let validator: JSONSchemaValidator

    /// Reads the document at `relative` inside `root`; nil (with a problem) when it cannot.
    package static func load(_ relative: String, root: URL, problems: inout [FixtureProblem]) -> RequestContract? {
        let source: OpenAPISource
        do {
            // The document and the files it refers to are read inside the stubs folder only.
            source = try OpenAPISource.load(relative) { path in try StubsFolder.read(path, root: root) }
        } catch where error.missing {
            problems.append(FixtureProblem(file: StubsSettingsLoader.file, line: nil, reason: "document \(relative) does not exist"))
            return nil
        } catch {
            problems.append(FixtureProblem(file: relative, line: nil, reason: error.description))
            return nil
        }
        guard source.hasPaths else {
            problems.append(FixtureProblem(file: relative, line: nil, reason: "is not an OpenAPI document (it has no paths)"))
            return nil
        }
        problems += source.problems.map { FixtureProblem(file: relative, line: nil, reason: $0) }
        return RequestContract(document: source)
    }

    package init(document: OpenAPISource) {
        validator = JSONSchemaValidator(document: document)
        var operations: [String: Operation] = [:]
        for operation in document.operations {
            let codes = Set(operation.responseCodes)
            let status = codes.contains("400") || !codes.contains("422") ? 400 : 422
            operations[operation.name] = Operation(parameters: operation.parameters, body: operation.requestBody, status: status)
        }
        self.operations = operations
    }

    /// Throws the refusal when `request`, matched by `route` with path `parameters`, breaks the
    /// document's operation for that route.
    package func check(_ request: StubRequest, route: FileRoute, parameters: [String: String]) throws(APIError) {
        guard let operation = operations["\(route.pattern.method ?? request.method) \(route.pattern.path)"] else { return }
        var details: [WireErrorDetail] = []
        for parameter in operation.parameters {
            let name = parameter.name, place = parameter.location
            guard !name.isEmpty else { continue }
            let value: String?
            switch place {
            case "path": value = parameters[name]
            case "query": value = request.query[name]?.first
            case "header": value = request.headers.first { $0.name.canonicalName == name.lowercased() }?.value
            default: continue
            }
            guard let value else {
                if parameter.required {
                    details.append(WireErrorDetail(code: "required", path: name, message: "\(place) parameter \(name) is required"))
                }
                continue
            }
            guard let schema = parameter.schema else { continue }
            for problem in validator.validate(Self.typed(value, schema: schema, validator: validator), against: schema, path: name) {
                details.append(WireErrorDetail(code: "invalid", path: name, message: "\(place) parameter \(problem)"))
            }
        }
        if let body = operation.body {
            if let refusal = try bodyProblems(request, body: body) { details += refusal }
        }
        guard !details.isEmpty else { return }
        var error = APIError.validation("The request does not match the API document: "
                                        + details.map { "\($0.path.isEmpty ? "" : $0.path + ": ")\($0.message)" }.joined(separator: "; "),
                                        details: details)
        error.status = .init(code: operation.status)
        throw error
    }

    private func bodyProblems(_ request: StubRequest, body: OpenAPIRequestBody) throws(APIError) -> [WireErrorDetail]? {
        let content = body.content
        guard !request.body.isEmpty else {
            return body.required ? [WireErrorDetail(code: "required", path: "body", message: "a request body is required")] : nil
        }
        let header = request.headers[.contentType] ?? ""
        let type = header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let media = body.media(for: type)
        guard content.isEmpty || media != nil else {
            var error = APIError.unsupportedMediaType(type)
            error.message += " The document accepts \(content.map(\.type).joined(separator: ", "))."
            throw error
        }
        guard type.contains("json"), let schema = media?.schema else { return nil }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(request.body))
        } catch {
            throw APIError.malformedJSON("\(error)")
        }
        return validator.validate(value, against: schema, path: "body").map { problem in
            let path = problem.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "body"
            return WireErrorDetail(code: "invalid", path: path, message: problem)
        }
    }

    /// A parameter's text as the JSON value its schema expects: `12` for an integer, `true`
    /// for a boolean, a list for an array (comma-separated, the default `form` style).
    package static func typed(_ text: String, schema: OpenAPISchema, validator: JSONSchemaValidator) -> JSONValue {
        let schema = validator.document.resolved(schema) ?? schema
        let type = schema.types.first { $0 != "null" } ?? "string"
        switch type {
        case "integer", "number": return Double(text).map(JSONValue.number) ?? .string(text)
        case "boolean": return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        case "array":
            let items = schema.items ?? .anything
            return .array(text.split(separator: ",").map { typed(String($0), schema: items, validator: validator) })
        default: return .string(text)
        }
    }
}
