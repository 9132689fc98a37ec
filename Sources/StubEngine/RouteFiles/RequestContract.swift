package import Foundation
import HTTPTypes
import StubFormats
package import StubOpenAPI

/// The requests an OpenAPI document allows, for `validate: requests` in `stubbank.yaml` (as
/// Prism's validation): a request a route file matches is checked, before it is answered,
/// against the document's operation for the route's method and the request's path, found as
/// Prism finds it: by the document's own path templates (a concrete path before a templated
/// one), whatever the route calls its parameters, so `/accounts/{id}` in a route file is
/// checked against the document's `/accounts/{accountId}`. A missing required
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

    /// Each documented operation's demands, by its path (`DocumentedPaths`).
    private let operations: DocumentedPaths<Operation>
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
        operations = DocumentedPaths(document.operations.map { operation in
            let codes = Set(operation.responseCodes)
            let status = codes.contains("400") || !codes.contains("422") ? 400 : 422
            return (operation.method, operation.path, Operation(parameters: operation.parameters, body: operation.requestBody, status: status))
        })
    }

    /// Throws the refusal when `request`, answered by a route for `method` (the route's own, or
    /// the request's for a route of any method), breaks the document's operation for its path.
    package func check(_ request: StubRequest, method: String) throws(APIError) {
        // A document that writes one path twice under other parameter names has two operations
        // for the request: it fits the document when it fits one of them.
        var refusal: APIError?
        for (operation, parameters) in operations.values(method, pathSegments: request.pathSegments) {
            do {
                return try check(request, operation: operation, parameters: parameters)
            } catch {
                refusal = refusal ?? error
            }
        }
        if let refusal { throw refusal }
    }

    private func check(_ request: StubRequest, operation: Operation, parameters: [String: String]) throws(APIError) {
        var details: [WireErrorDetail] = []
        let reader = ParameterReader(validator: validator)
        let query = request.rawQuery.map(QueryString.pairs) ?? request.query.flatMap { name, values in values.map { (name, $0) } }
        let inQuery = Set(operation.parameters.filter { $0.location == "query" }.map(\.name))
        for parameter in operation.parameters {
            let name = parameter.name, place = parameter.location
            guard !name.isEmpty else { continue }
            let source: ParameterSource?
            switch place {
            case "path": source = parameters[name].map(ParameterSource.text)
            case "query": source = .pairs(query)
            case "header":
                let values = request.headers.filter { $0.name.canonicalName == name.lowercased() }.map(\.value)
                source = values.isEmpty ? nil : .text(values.joined(separator: ","))
            case "cookie": source = .pairs(Self.cookies(request))
            default: continue
            }
            let reading = source.map { reader.read(name, style: parameter.style, schema: parameter.schema, json: parameter.readsJSON,
                                                   from: $0, claimed: inQuery.subtracting([name])) } ?? .absent
            switch reading {
            case .absent:
                if parameter.required {
                    details.append(WireErrorDetail(code: "required", path: name, message: "\(place) parameter \(name) is required"))
                }
            case .malformed(let reason):
                details.append(WireErrorDetail(code: "invalid", path: name, message: "\(place) parameter \(name) \(reason)"))
            case .value(let value):
                guard let schema = parameter.schema else { continue }
                for problem in validator.validate(value, against: schema, path: name) {
                    details.append(WireErrorDetail(code: "invalid", path: name, message: "\(place) parameter \(problem)"))
                }
            }
        }
        if let body = operation.body {
            if let refusal = try bodyProblems(request, body: body) { details += refusal }
        }
        guard !details.isEmpty else { return }
        var error = APIError.validation("The request does not match the API document: "
                                        + details.map(\.message).joined(separator: "; "),
                                        details: details)
        error.status = .init(code: operation.status)
        throw error
    }

    private func bodyProblems(_ request: StubRequest, body: OpenAPIRequestBody) throws(APIError) -> [WireErrorDetail]? {
        let content = body.content
        let header = request.headers[.contentType] ?? ""
        let type = header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let media = body.media(for: type)
        // An empty payload of a type the document lists that is not JSON is a body: an empty form
        // is the object with no properties, an empty `application/octet-stream` a file of no
        // bytes (Xero's attachments). Empty JSON is no body.
        guard !request.body.isEmpty || (media != nil && !type.isEmpty && !type.contains("json")) else {
            return body.required ? [WireErrorDetail(code: "required", path: "body", message: "body: a request body is required")] : nil
        }
        guard content.isEmpty || media != nil else {
            var error = APIError.unsupportedMediaType(type)
            error.message += " The document accepts \(content.map(\.type).joined(separator: ", "))."
            throw error
        }
        guard let media, let schema = media.schema else { return nil }
        let value: JSONValue
        if type == Self.form {
            var problems: [WireErrorDetail] = []
            value = formBody(String(decoding: request.body, as: UTF8.self), media: media, schema: schema, problems: &problems)
            guard problems.isEmpty else { return problems }
        } else if type.contains("json") {
            value = try WireJSON.parseBody(request.body)
        } else {
            return nil
        }
        return validator.validate(value, against: schema, path: "body").map { problem in
            let path = problem.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "body"
            return WireErrorDetail(code: "invalid", path: path, message: problem)
        }
    }

    /// A form body (`a=1&b[c]=2`) as the object its schema describes: each property read in
    /// the style its `encoding` gives (`form`, exploded, when it gives none), and any other
    /// name as a property too, `[…]` keys nested.
    private func formBody(_ text: String, media: OpenAPIMediaType, schema: OpenAPISchema,
                          problems: inout [WireErrorDetail]) -> JSONValue {
        let pairs = QueryString.pairs(text)
        let reader = ParameterReader(validator: validator)
        let own = validator.document.resolved(schema) ?? schema
        var properties = own.properties
        for member in own.allOf ?? [] {
            properties.merge((validator.document.resolved(member) ?? member).properties) { mine, _ in mine }
        }
        let encoding = media.raw["encoding"] as? [String: Any] ?? [:]
        var object: [String: JSONValue] = [:]
        let names = Set(properties.keys)
        let others = pairs.map { String($0.name.prefix { $0 != "[" }) }.filter { !names.contains($0) }
        for name in names.union(others).sorted() {
            let written = encoding[name] as? [String: Any]
            let style = written.map { ParameterStyle($0, location: "query") } ?? ParameterStyle(.form, explode: true)
            let json = (written?["contentType"] as? String)?.lowercased().contains("json") == true
            let deep = properties[name] == nil ? ParameterStyle(.deepObject, explode: true) : style
            switch reader.read(name, style: deep, schema: reader.propertySchema(own, name), json: json,
                               from: .pairs(pairs), claimed: names.subtracting([name])) {
            case .absent: continue
            case .malformed(let reason):
                problems.append(WireErrorDetail(code: "invalid", path: "body.\(name)", message: "body.\(name) \(reason)"))
            case .value(let value): object[name] = value
            }
        }
        // A form cannot write an empty list (`form`, exploded, writes one pair per item), so a
        // required list that is not there is the empty one.
        for name in own.required where object[name] == nil && reader.isList(reader.propertySchema(own, name)) {
            object[name] = .array([])
        }
        return .object(object)
    }

    private static let form = "application/x-www-form-urlencoded"

    /// The cookies a request sends, by name, each value percent-decoded.
    private static func cookies(_ request: StubRequest) -> [(name: String, value: String)] {
        let fields = request.headers.filter { $0.name == .cookie }.map(\.value)
        return RequestCondition.cookies(fields).sorted { $0.key < $1.key }.flatMap { name, values in
            values.map { (name, $0.removingPercentEncoding ?? $0) }
        }
    }
}
