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
/// parameter, a parameter or body (JSON, form or multipart) that breaks its schema, a missing required body or an
/// unlisted content type is refused with the error envelope, each problem a detail naming the
/// field: 400, or 422 when the operation documents 422 and not 400 (415 for the content type).
/// With `checksCredentials`, the operation's `security` too (401); a route the document does not
/// describe is not checked.
package struct RequestContract: Sendable {
    /// What one operation asks of a request.
    package struct Operation: Sendable {
        package var parameters: [OpenAPIParameter]
        package var body: OpenAPIRequestBody?
        package var status: Int
        /// Its security requirements: one of them must be met, each scheme of that one present.
        package var security: [[String: Set<String>]] = []
    }

    /// Where a security scheme's credential travels, as far as a request shows it.
    enum CredentialPlace: Sendable, Equatable {
        /// `Authorization: <scheme> <credentials>` (`http`; `Bearer` for `oauth2` and `openIdConnect`),
        /// the scheme as the document writes it (`bearer`, `DPoP`); it is matched in any case.
        case authorization(String)
        case header(String)
        case query(String)
        case cookie(String)
        /// Not in the request (`mutualTLS`, or a scheme the document does not define).
        case unseen

        init(_ scheme: [String: Any]?) {
            let name = scheme?["name"] as? String ?? ""
            switch (scheme?["type"] as? String, scheme?["in"] as? String) {
            case ("http"?, _): self = .authorization(scheme?["scheme"] as? String ?? "bearer")
            case ("oauth2"?, _), ("openIdConnect"?, _): self = .authorization("bearer")
            case ("apiKey"?, "header"?) where !name.isEmpty: self = .header(name)
            case ("apiKey"?, "query"?) where !name.isEmpty: self = .query(name)
            case ("apiKey"?, "cookie"?) where !name.isEmpty: self = .cookie(name)
            default: self = .unseen
            }
        }

        /// An `Authorization` scheme as it is written on the wire: `Bearer`, `Basic`, `DPoP`.
        static func written(_ scheme: String) -> String { scheme.prefix(1).uppercased() + scheme.dropFirst() }

        /// How a refusal names it: `Authorization: Bearer`, `header X-Api-Key`.
        var described: String {
            switch self {
            case .authorization(let scheme): "Authorization: \(Self.written(scheme))"
            case .header(let name): "header \(name)"
            case .query(let name): "query parameter \(name)"
            case .cookie(let name): "cookie \(name)"
            case .unseen: "a credential the request does not show"
            }
        }
    }

    /// What `check` asks of a request: its parameters and body (`validate: requests`), and the
    /// credentials its operation's `security` names (`validate: [requests, credentials]`).
    package var checksRequests = true
    package var checksCredentials = false
    /// Each security scheme the document defines, by name.
    private let schemes: [String: CredentialPlace]

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
            return (operation.method, operation.path, Operation(parameters: operation.parameters, body: operation.requestBody,
                                                                status: status, security: operation.security))
        })
        let names = Set(document.operations.flatMap { $0.security.flatMap(\.keys) })
        schemes = Dictionary(uniqueKeysWithValues: names.map { ($0, CredentialPlace(document.securityScheme($0))) })
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
        let query = request.rawQuery.map(QueryString.pairs) ?? request.query.flatMap { name, values in values.map { (name, $0) } }
        if checksCredentials, let refusal = missingCredentials(request, operation: operation, query: query) { throw refusal }
        guard checksRequests else { return }
        var details: [WireErrorDetail] = []
        let reader = ParameterReader(validator: validator)
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
                                                   from: $0, claimed: inQuery) } ?? .absent
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
        let type = OpenAPIMediaType.bare(header)
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
            value = formBody(QueryString.pairs(String(decoding: request.body, as: UTF8.self)), jsonNames: [], media: media, schema: schema,
                             problems: &problems)
            guard problems.isEmpty else { return problems }
        } else if type == Self.multipartForm {
            // Each part is a property, named by its Content-Disposition (a repeated name is a
            // list); a part is JSON when it says so or, by default, when its property is an object.
            let parts: [MultipartBody.Part]
            if request.body.isEmpty {
                parts = []
            } else if let multipart = MultipartBody(request.body, contentType: header) {
                parts = multipart.parts
            } else {
                return [WireErrorDetail(code: "invalid", path: "body",
                                        message: "body: not multipart/form-data parts with the boundary its Content-Type names")]
            }
            let named = parts.compactMap { part in part.formName.map { (name: $0, part: part) } }
            let own = validator.document.resolved(schema) ?? schema
            let objects = Set(own.properties.compactMap { name, property in
                (validator.document.resolved(property) ?? property).primaryType == "object" ? name : nil
            })
            let jsonNames = Set(named.filter { $0.part.headers[.contentType]?.lowercased().contains("json") == true }.map(\.name))
                .union(objects)
            var problems: [WireErrorDetail] = []
            value = formBody(named.map { ($0.name, String(decoding: $0.part.body, as: UTF8.self)) }, jsonNames: jsonNames,
                             media: media, schema: schema, problems: &problems)
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

    /// A form body (`a=1&b[c]=2`, or a multipart form's parts by name) as the object its schema
    /// describes: each property read in the style its `encoding` gives (`form`, exploded, when it
    /// gives none), and any other name as a property too, `[…]` keys nested. A name in
    /// `jsonNames`, or whose `encoding` names a JSON type, is read as JSON.
    private func formBody(_ pairs: [(name: String, value: String)], jsonNames: Set<String>, media: OpenAPIMediaType,
                          schema: OpenAPISchema, problems: inout [WireErrorDetail]) -> JSONValue {
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
            let json = jsonNames.contains(name) || (written?["contentType"] as? String)?.lowercased().contains("json") == true
            let deep = properties[name] == nil ? ParameterStyle(.deepObject, explode: true) : style
            switch reader.read(name, style: deep, schema: reader.propertySchema(own, name), json: json,
                               from: .pairs(pairs), claimed: names) {
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
    private static let multipartForm = "multipart/form-data"

    /// 401 when the request meets none of the operation's security requirements (a requirement
    /// is met when every scheme it names shows a credential: Prism's check); nil when it meets
    /// one, or the operation asks for none.
    private func missingCredentials(_ request: StubRequest, operation: Operation, query: [(name: String, value: String)]) -> APIError? {
        guard !operation.security.isEmpty else { return nil }
        let cookies = Set(Self.cookies(request).map(\.name))
        func shows(_ place: CredentialPlace) -> Bool {
            switch place {
            case .authorization(let scheme):
                guard let value = request.headers[.authorization] else { return false }
                let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                return parts.count == 2 && parts[0].lowercased() == scheme.lowercased()
            case .header(let name): return request.headers.contains { $0.name.canonicalName == name.lowercased() }
            case .query(let name): return query.contains { $0.name == name }
            case .cookie(let name): return cookies.contains(name)
            case .unseen: return true
            }
        }
        if operation.security.contains(where: { requirement in requirement.keys.allSatisfy { shows(schemes[$0] ?? .unseen) } }) {
            return nil
        }
        let alternatives = operation.security.map { requirement in
            requirement.keys.sorted().map { "\(schemes[$0]?.described ?? $0) (\($0))" }.joined(separator: " and ")
        }
        let challenge = operation.security.lazy.flatMap(\.keys).compactMap { name -> String? in
            guard case .authorization(let scheme)? = schemes[name] else { return nil }
            // RFC 7617: Basic's challenge names a realm.
            return CredentialPlace.written(scheme) + (scheme.lowercased() == "basic" ? #" realm="StubBank""# : "")
        }.first
        return APIError(status: .unauthorized, type: "authentication", code: "missing_credentials",
                        message: "The request has none of the credentials the API document asks for: "
                            + alternatives.joined(separator: ", or ") + ".",
                        displayMessage: "Please sign in again.",
                        headers: challenge.map { ["WWW-Authenticate": $0] } ?? [:])
    }

    /// The cookies a request sends, by name, each value percent-decoded.
    private static func cookies(_ request: StubRequest) -> [(name: String, value: String)] {
        let fields = request.headers.filter { $0.name == .cookie }.map(\.value)
        return RequestCondition.cookies(fields).sorted { $0.key < $1.key }.flatMap { name, values in
            values.map { (name, $0.removingPercentEncoding ?? $0) }
        }
    }
}
