import Foundation
import HTTPTypes
import StubFormats
package import StubOpenAPI

/// Checks route files against a team's own OpenAPI document: each route is a documented
/// operation (found by `DocumentedPaths`, as a request is for `validate: requests`: a route's
/// `/accounts/me` is the document's `/accounts/{accountId}` unless it documents `/accounts/me`),
/// each response status is documented for it, and each JSON body (templates rendered with a
/// sample request) fits the documented schema. Problems carry `file:line`.
package struct RouteFileContractCheck {
    package let document: OpenAPISource
    package let contractName: String

    /// Each stored property as given (the memberwise initializer, for the other targets).
    package init(document: OpenAPISource, contractName: String) {
        self.document = document
        self.contractName = contractName
    }

    package func check(_ routes: FileRouteSet, report: inout ContractReport) {
        let validator = JSONSchemaValidator(document: document)
        let known = document.operations.filter { RoutePattern.knownMethods.contains($0.method.uppercased()) }
        let operations = DocumentedPaths(known.map { ($0.method, $0.path, $0) })
        var covered: Set<String> = []
        for route in routes.routes {
            let methods = route.pattern.method.map { [$0] } ?? RoutePattern.knownMethods.sorted()
            let matching = methods.compactMap { method in operations.value(method, template: route.pattern.segments).map { (method, $0.value) } }
            guard !matching.isEmpty else {
                report.problems.append("\(route.location): route \(route.id) (\(route.pattern.description)) is not an operation in \(contractName)")
                continue
            }
            for (method, operation) in matching {
                covered.insert(operation.name)
                for response in route.responses {
                    check(response, of: route, method: method, operation: operation, validator: validator, report: &report)
                }
            }
        }
        for name in Set(known.map(\.name)).sorted() where !routes.routes.isEmpty && !covered.contains(name) {
            report.checked.append("\(contractName) operation \(name) has no route file (not stubbed; not a failure)")
        }
    }

    private func check(_ response: RouteResponse, of route: FileRoute, method: String, operation: OpenAPIOperation,
                       validator: JSONSchemaValidator, report: inout ContractReport) {
        let label = "\(response.location): \(route.id) \(method) \(route.pattern.path) → \(response.status)"
        guard let code = operation.documentingCode(for: response.status), let spec = operation.response(code) else {
            let statuses = operation.responseCodes.sorted().joined(separator: ", ")
            report.problems.append("\(label): status \(response.status) is not documented (documented: \(statuses))")
            return
        }
        let content = spec.content
        let body = Self.sampleBody(response, route: route, method: method)
        guard !body.isEmpty else {
            report.checked.append("\(label): documented")
            return
        }
        // The type the route sends: its own `Content-Type` when it names one as plain text (a
        // template's is not known before a request; then the body is read as JSON, as before),
        // else its body's. A `application/pdf` route whose document gives a binary string schema
        // is documented, not "not JSON" (Plaid's PDF operations).
        let type: String
        var named = false
        switch response.headers.first(where: { $0.name == .contentType })?.value {
        case .literal(let text)?: (type, named) = (text.lowercased(), true)
        case nil: type = response.body.contentType
        case _?: type = ""
        }
        // A document with one type takes the route's body as that type. A type the route names
        // itself must be that one, or JSON where the document's is (`application/json` for
        // `application/hal+json`): `text/csv` where only JSON is documented is a problem.
        let only = content.count == 1 ? content.first : nil
        let taken = only.map { !named || type.contains("json") && $0.type.contains("json") } ?? false
        guard let media = OpenAPIMediaType.covering(OpenAPIMediaType.bare(type), in: content) ?? (taken ? only : nil) else {
            let documentedTypes = content.isEmpty ? "no body" : content.map(\.type).joined(separator: ", ")
            report.problems.append("\(label): a \(type.isEmpty ? "body" : type) body, but \(contractName) documents \(documentedTypes)")
            return
        }
        guard let schema = media.schema, type.contains("json") || type.isEmpty else {
            report.checked.append("\(label): documented")
            return
        }
        guard let value = try? JSONValue.parse(body) else {
            report.problems.append("\(label): the body is not JSON, but \(contractName) documents a JSON schema")
            return
        }
        let problems = validator.validate(value, against: schema)
        if problems.isEmpty {
            report.checked.append("\(label): body fits the schema")
        } else {
            report.problems += problems.map { "\(label): \($0)" }
        }
    }

    /// The response body as a sample request would get it: templates rendered with each path
    /// parameter set to `1`, no query or headers, and a fixed clock.
    package static func sampleBody(_ response: RouteResponse, route: FileRoute, method: String) -> [UInt8] {
        let parameters = Dictionary(route.pattern.segments.compactMap { segment -> (String, String)? in
            if case .parameter(let name) = segment { return (name, "1") }
            return nil
        }, uniquingKeysWith: { first, _ in first })
        let path = route.pattern.path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "1", options: .regularExpression)
        let request = StubRequest.verification(method, path: path)
        let input = RouteInput(request: request, parameters: parameters)
        let selection = FileRouteState.Selection(response: response, counter: 1, seed: 0)
        return FileRouteAnswer(selection: selection, route: route, input: input, now: Date(timeIntervalSince1970: 1_795_000_000)).response.body
    }
}
