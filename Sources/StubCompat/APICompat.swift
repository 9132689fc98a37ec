public import Foundation
package import StubOpenAPI

/// Compares two OpenAPI documents from a client's side: what it sends must not get stricter, and
/// what it reads must not lose what it relies on. Rules and classes follow oasdiff's published
/// checks (`oasdiff checks`) where oasdiff has one; where StubBank differs, the rule says so.
///
/// From a test or a tool of your own:
///
/// ```swift
/// let report = try APICompat.compare(old: "git:origin/main:Contracts/openapi.yaml", new: "Contracts/openapi.yaml")
/// #expect(!report.has(atLeast: .breaking), "\(report.text(showSafe: false))")
/// ```
public enum APICompat {
    /// Settings a team chooses.
    public struct Options: Sendable {
        /// An enum value added to a response is breaking (clients switch over every value)
        /// rather than a warning.
        public var exhaustiveEnums = false

        /// Options; `exhaustiveEnums` as `--exhaustive-enums`.
        public init(exhaustiveEnums: Bool = false) {
            self.exhaustiveEnums = exhaustiveEnums
        }
    }

    /// Every change from the document at `old` to the one at `new`, as `stubbank compat OLD NEW`
    /// finds them. Each is a file (relative to `folder`) or `git:REF:path`, read from the git
    /// repository `folder` is in, with the files it refers to read at `REF` too.
    /// - Throws: `CompatLoadError` naming the file, ref or line when a document cannot be read.
    public static func compare(old: String, new: String,
                               in folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                               options: Options = Options()) throws(CompatLoadError) -> CompatReport {
        do {
            let oldDocument = try CompatDocument.load(old, in: folder)
            let newDocument = try CompatDocument.load(new, in: folder)
            return compare(oldDocument, newDocument, oldName: old, newName: new, options: options)
        } catch {
            throw CompatLoadError(description: error.description, missing: error.missing)
        }
    }

    /// Every change from `old` to `new`.
    package static func compare(_ old: OpenAPISource, _ new: OpenAPISource, oldName: String, newName: String,
                                options: Options = Options()) -> CompatReport {
        var walk = Walk(old: old, new: new, options: options)
        walk.run()
        let problems = old.problems.map { "\(oldName): \($0)" } + new.problems.map { "\(newName): \($0)" }
        var report = CompatReport(old: oldName, new: newName, findings: walk.findings, problems: problems)
        let base = old.serverBasePath
        report.basePath = base.isEmpty ? nil : base
        return report
    }

    /// A path with its parameters' names taken out, so a renamed parameter is the same path.
    static func pathKey(_ path: String) -> String {
        var key = ""
        var inParameter = false
        for character in path {
            if character == "{" { inParameter = true; key += "{}"; continue }
            if character == "}" { inParameter = false; continue }
            if !inParameter { key.append(character) }
        }
        while key.count > 1 && key.hasSuffix("/") { key.removeLast() }
        return key
    }

    /// Every operation, keyed by method and `pathKey`.
    static func operations(_ document: OpenAPISource) -> [String: OpenAPIOperation] {
        Dictionary(document.operations.map { ("\($0.method.uppercased()) \(pathKey($0.path))", $0) }, uniquingKeysWith: { first, _ in first })
    }

    struct Walk {
        let old: OpenAPISource
        let new: OpenAPISource
        let options: Options
        let schemas: SchemaComparison
        var findings: [CompatFinding] = []
        var expected: [Expectation] = []

        init(old: OpenAPISource, new: OpenAPISource, options: Options) {
            self.old = old
            self.new = new
            self.options = options
            schemas = SchemaComparison(old: old, new: new)
        }

        mutating func run() {
            let oldBase = old.serverBasePath, newBase = new.serverBasePath
            if oldBase != newBase {
                findings.append(CompatFinding(rule: "api-base-path-changed", level: .breaking, direction: .operation, operation: nil,
                                              oldPointer: "#/servers/0/url", newPointer: "#/servers/0/url",
                                              message: "The base path moved from `\(oldBase.isEmpty ? "/" : oldBase)` to "
                                                  + "`\(newBase.isEmpty ? "/" : newBase)`: every request an installed app sends "
                                                  + "goes to the old place. (oasdiff does not check servers.)"))
            }
            let oldOperations = APICompat.operations(old), newOperations = APICompat.operations(new)
            let newPathKeys = Set(newOperations.values.map { APICompat.pathKey($0.path) })
            for (key, operation) in oldOperations.sorted(by: { $0.key < $1.key }) {
                guard let newOperation = newOperations[key] else {
                    let pathGone = !newPathKeys.contains(APICompat.pathKey(operation.path))
                    let rule = (pathGone ? "api-path-removed" : "api-removed") + (operation.deprecated ? "-with-deprecation" : "-without-deprecation")
                    let why = operation.deprecated ? "was deprecated and is now removed" : "is removed without being deprecated first"
                    findings.append(CompatFinding(rule: rule, level: operation.deprecated ? .info : .breaking, direction: .operation,
                                                  operation: operation.name, operationId: operation.operationID,
                                                  oldPointer: operation.pointer, newPointer: nil,
                                                  message: "The operation \(why): an app that calls it gets 404 or 405."))
                    continue
                }
                compare(operation, newOperation)
            }
            for (key, operation) in newOperations.sorted(by: { $0.key < $1.key }) where oldOperations[key] == nil {
                findings.append(CompatFinding(rule: "endpoint-added", level: .info, direction: .operation, operation: operation.name,
                                              operationId: operation.operationID, oldPointer: nil, newPointer: operation.pointer,
                                              message: "A new operation; no installed app calls it."))
            }
            let found = schemas.changes(below: Set(expected.map(\.root)))
            for expectation in expected {
                for change in found[expectation.root] ?? [] {
                    add(change, prefix: expectation.prefix, subject: change.field.isEmpty || !expectation.onlyAtTop ? expectation.subject : "",
                        field: expectation.field, status: expectation.status, context: expectation.context)
                }
            }
            compareUnusedSchemas()
        }

        /// A pair of schemas whose changes are findings of an operation, once the graph is walked.
        struct Expectation {
            let root: String
            let prefix: String
            let subject: String
            let onlyAtTop: Bool
            let field: String?
            let status: String?
            let context: OperationContext
        }

        private mutating func expect(_ oldSchema: Any?, at oldPointer: String, _ newSchema: Any?, at newPointer: String,
                                     direction: CompatFinding.Direction, prefix: String, subject: String, onlyAtTop: Bool,
                                     field: String?, status: String?, context: OperationContext) {
            guard let root = schemas.root(oldSchema, at: oldPointer, newSchema, at: newPointer, direction: direction) else { return }
            expected.append(Expectation(root: root, prefix: prefix, subject: subject, onlyAtTop: onlyAtTop, field: field, status: status,
                                        context: context))
        }

        /// A change to a schema no operation refers to, in either document, is listed as safe:
        /// a reader of the diff sees it, and no app sends or reads it.
        private mutating func compareUnusedSchemas() {
            let oldSchemas = old.componentSchemas, newSchemas = new.componentSchemas
            for name in Set(oldSchemas.keys).symmetricDifference(newSchemas.keys).sorted() {
                let pointer = OpenAPISource.child("#/components/schemas", name)
                guard !schemas.visitedOld.contains(pointer), !schemas.visitedNew.contains(pointer) else { continue }
                let removed = oldSchemas[name] != nil
                findings.append(CompatFinding(rule: removed ? "unused-schema-removed" : "unused-schema-added", level: .info, direction: .operation,
                                              operation: nil, oldPointer: removed ? pointer : nil, newPointer: removed ? nil : pointer,
                                              message: "The schema `\(name)` is \(removed ? "removed" : "added"); no operation refers to it."))
            }
            for (name, oldSchema) in oldSchemas.sorted(by: { $0.key < $1.key }) {
                let pointer = OpenAPISource.child("#/components/schemas", name)
                guard let newSchema = newSchemas[name], !schemas.visitedOld.contains(pointer), !schemas.visitedNew.contains(pointer),
                      let root = schemas.root(oldSchema.raw, at: pointer, newSchema.raw, at: pointer, direction: .response) else { continue }
                for change in schemas.changes(below: [root])[root] ?? [] {
                    // Only what is written inside this schema: a used schema it refers to is reported where it is used.
                    guard [change.oldPointer, change.newPointer].contains(where: { $0 == pointer || $0?.hasPrefix(pointer + "/") == true })
                    else { continue }
                    let stem = change.fullRule ? change.stem.replacingOccurrences(of: "response-", with: "") : "property-" + change.stem
                    let field = change.field.hasPrefix(".") ? String(change.field.dropFirst()) : change.field
                    findings.append(CompatFinding(
                        rule: "unused-schema-" + stem.replacingOccurrences(of: "required-property", with: "property")
                            .replacingOccurrences(of: "optional-property", with: "property"),
                        level: .info, direction: .operation, operation: nil, oldPointer: change.oldPointer, newPointer: change.newPointer,
                        field: field.isEmpty ? nil : field,
                        message: "`\(name)\(field.isEmpty ? "" : ".\(field)")` \(change.reason). "
                            + "No operation refers to the schema `\(name)`, so no app sends or reads it."))
                }
            }
        }

        // MARK: - One operation

        private mutating func compare(_ o: OpenAPIOperation, _ n: OpenAPIOperation) {
            let context = OperationContext(name: o.name, operationId: n.operationID ?? o.operationID)
            if !o.deprecated && n.deprecated {
                context.add(&findings, CompatFinding(rule: "endpoint-deprecated", level: .info, direction: .operation, operation: nil,
                                                     oldPointer: o.pointer, newPointer: OpenAPISource.child(n.pointer, "deprecated"),
                                                     message: "The operation is now deprecated: it still works, and a later version may remove it."))
            }
            compareSecurity(o, n, context)
            compareParameters(o, n, context)
            compareRequestBody(o, n, context)
            compareResponses(o, n, context)
        }

        private mutating func compareSecurity(_ o: OpenAPIOperation, _ n: OpenAPIOperation, _ context: OperationContext) {
            let oldAlternatives = Self.security(o), newAlternatives = Self.security(n)
            // A client holds the credentials of one old alternative; it still gets in when some new
            // alternative asks for no more schemes and no more scopes than that one.
            let stranded = oldAlternatives.filter { held in
                !newAlternatives.contains { asked in asked.allSatisfy { scheme, scopes in held[scheme].map { scopes.isSubset(of: $0) } ?? false } }
            }
            guard !stranded.isEmpty else { return }
            let where_ = n.raw["security"] != nil ? OpenAPISource.child(n.pointer, "security") : "#/security"
            let oldWhere = o.raw["security"] != nil ? OpenAPISource.child(o.pointer, "security") : "#/security"
            let described = stranded.map { held in held.isEmpty ? "no credentials" : held.keys.sorted().map { key in
                let scopes = held[key] ?? []
                return scopes.isEmpty ? key : "\(key) (\(scopes.sorted().joined(separator: ", ")))"
            }.joined(separator: " + ") }
            context.add(&findings, CompatFinding(
                rule: "api-security-changed", level: .breaking, direction: .operation, operation: nil, oldPointer: oldWhere, newPointer: where_,
                message: "The security requirement changed: a client that holds \(described.joined(separator: " or ")) is no longer let in. "
                    + "(oasdiff classes security changes as info; an installed app cannot get new credentials or scopes.)"))
        }

        /// The operation's security alternatives (each: scheme → scopes); `[[:]]` when anonymous.
        static func security(_ operation: OpenAPIOperation) -> [[String: Set<String>]] {
            let alternatives = operation.security
            return alternatives.isEmpty ? [[:]] : alternatives
        }

        private mutating func compareParameters(_ o: OpenAPIOperation, _ n: OpenAPIOperation, _ context: OperationContext) {
            let oldParameters = Self.parameters(o), newParameters = Self.parameters(n)
            for (key, oldParameter) in oldParameters.sorted(by: { $0.key < $1.key }) {
                let field = "\(oldParameter.location):\(oldParameter.name)"
                guard let newParameter = newParameters[key] else {
                    if oldParameter.location == "path" { continue }  // The path itself changed; its operation is reported.
                    context.add(&findings, CompatFinding(rule: "request-parameter-removed", level: .warning, direction: .request, operation: nil,
                                                         oldPointer: oldParameter.pointer, newPointer: nil, field: field,
                                                         message: "The \(oldParameter.location) parameter `\(oldParameter.name)` is gone: "
                                                             + "a server that refuses unknown parameters refuses a client that still sends it."))
                    continue
                }
                if !oldParameter.required && newParameter.required {
                    context.add(&findings, CompatFinding(rule: "request-parameter-became-required", level: .breaking, direction: .request,
                                                         operation: nil, oldPointer: oldParameter.pointer,
                                                         newPointer: OpenAPISource.child(newParameter.pointer, "required"), field: field,
                                                         message: "The \(newParameter.location) parameter `\(newParameter.name)` is now required: "
                                                             + "a client that leaves it out is refused."))
                }
                expect(oldParameter.schema, at: oldParameter.schemaPointer, newParameter.schema, at: newParameter.schemaPointer,
                       direction: .request, prefix: "request-parameter-", subject: "The \(newParameter.location) parameter `\(newParameter.name)`",
                       onlyAtTop: false, field: field, status: nil, context: context)
            }
            for (key, newParameter) in newParameters.sorted(by: { $0.key < $1.key }) where oldParameters[key] == nil {
                if newParameter.location == "path" { continue }
                let field = "\(newParameter.location):\(newParameter.name)"
                context.add(&findings, CompatFinding(
                    rule: newParameter.required ? "new-required-request-parameter" : "new-optional-request-parameter",
                    level: newParameter.required ? .breaking : .info, direction: .request, operation: nil, oldPointer: nil,
                    newPointer: newParameter.pointer, field: field,
                    message: newParameter.required
                        ? "A new required \(newParameter.location) parameter `\(newParameter.name)`: an installed app does not send it."
                        : "A new optional \(newParameter.location) parameter `\(newParameter.name)`."))
            }
        }

        struct Parameter {
            let name: String
            let location: String
            let required: Bool
            let pointer: String
            let schema: Any?
            let schemaPointer: String
        }

        /// Path-item and operation parameters (the operation's win), keyed by place and name.
        static func parameters(_ operation: OpenAPIOperation) -> [String: Parameter] {
            var found: [String: Parameter] = [:]
            for parameter in operation.parameters where !parameter.name.isEmpty && !parameter.location.isEmpty {
                let name = parameter.name, location = parameter.location
                let key = location == "header" ? name.lowercased() : name
                // A path parameter is keyed by its place in the path, so a rename is no change.
                let slot = location == "path" ? Self.pathSlot(of: name, in: operation.path) : key
                let schema = parameter.schema
                found["\(location):\(slot)"] = Parameter(name: name, location: location, required: parameter.required,
                                                         pointer: parameter.pointer, schema: schema?.raw,
                                                         schemaPointer: schema?.pointer ?? OpenAPISource.child(parameter.pointer, "schema"))
            }
            return found
        }

        static func pathSlot(of name: String, in path: String) -> String {
            let names = path.split(separator: "{").dropFirst().map { $0.split(separator: "}").first.map(String.init) ?? "" }
            return names.firstIndex(of: name).map { "#\($0)" } ?? name
        }

        private mutating func compareRequestBody(_ o: OpenAPIOperation, _ n: OpenAPIOperation, _ context: OperationContext) {
            switch (o.requestBody, n.requestBody) {
            case (nil, nil):
                return
            case (nil, let body?):
                if body.required {
                    context.add(&findings, CompatFinding(rule: "request-body-added-required", level: .breaking, direction: .request,
                                                         operation: nil, oldPointer: nil, newPointer: body.pointer, field: "body",
                                                         message: "The operation now requires a request body: an installed app sends none."))
                }
                return
            case (let body?, nil):
                context.add(&findings, CompatFinding(rule: "request-body-removed", level: .breaking, direction: .request, operation: nil,
                                                     oldPointer: body.pointer, newPointer: nil, field: "body",
                                                     message: "The operation no longer takes a request body: an app that sends one may be refused."))
                return
            case let (oldBody?, newBody?):
                if !oldBody.required && newBody.required {
                    context.add(&findings, CompatFinding(rule: "request-body-became-required", level: .breaking, direction: .request,
                                                         operation: nil, oldPointer: oldBody.pointer,
                                                         newPointer: OpenAPISource.child(newBody.pointer, "required"), field: "body",
                                                         message: "The request body is now required: an app that sends none is refused."))
                }
                compareContent(oldBody.content, newBody.content, direction: .request, status: nil, context: context)
            }
        }

        private mutating func compareContent(_ oldContent: [OpenAPIMediaType], _ newContent: [OpenAPIMediaType],
                                             direction: CompatFinding.Direction, status: String?, context: OperationContext) {
            let newTypes = Dictionary(newContent.map { ($0.type.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            let request = direction == .request
            let prefix = request ? "request" : "response"
            for oldMedia in oldContent {
                let type = oldMedia.type, oldMediaPointer = oldMedia.pointer
                guard let newMedia = newTypes[type.lowercased()] else {
                    context.add(&findings, CompatFinding(
                        rule: "\(prefix)-\(request ? "body-" : "")media-type-removed", level: .breaking, direction: direction, operation: nil,
                        oldPointer: oldMediaPointer, newPointer: nil, field: "body", status: status,
                        message: request ? "The request body no longer accepts `\(type)`: an app that sends it is refused."
                            : "The response no longer comes as `\(type)`: an app that asks for it or decodes it fails."))
                    continue
                }
                let oldSchema = oldMedia.schema, newSchema = newMedia.schema
                guard oldSchema != nil || newSchema != nil else { continue }
                expect(oldSchema?.raw, at: OpenAPISource.child(oldMediaPointer, "schema"), newSchema?.raw,
                       at: OpenAPISource.child(newMedia.pointer, "schema"),
                       direction: direction, prefix: "\(prefix)-", subject: request ? "The request body" : "The response body",
                       onlyAtTop: true, field: nil, status: status, context: context)
            }
        }

        private mutating func compareResponses(_ o: OpenAPIOperation, _ n: OpenAPIOperation, _ context: OperationContext) {
            let newCodes = Set(n.responseCodes), oldCodes = Set(o.responseCodes)
            let oldBase = OpenAPISource.child(o.pointer, "responses"), newBase = OpenAPISource.child(n.pointer, "responses")
            for code in oldCodes.sorted() {
                let oldPlace = OpenAPISource.child(oldBase, code)
                // The new document answers this code with the same code, its range (`2XX`) or `default`.
                let range = String(code.prefix(1)) + "XX"
                // A success the new document answers only with `default` is gone: `default` is its errors.
                let candidates = code.hasPrefix("2") ? [code, range, range.lowercased()] : [code, range, range.lowercased(), "default"]
                guard let newCode = candidates.first(where: { newCodes.contains($0) }) else {
                    let success = code.hasPrefix("2")
                    context.add(&findings, CompatFinding(
                        rule: success ? "response-success-status-removed" : "response-non-success-status-removed",
                        level: success ? .breaking : .info, direction: .response, operation: nil, oldPointer: oldPlace, newPointer: nil,
                        status: code,
                        message: success ? "The \(code) response is gone: an app that expects it gets another status."
                            : "The \(code) response is no longer documented."))
                    continue
                }
                guard let oldResponse = o.response(code), let newResponse = n.response(newCode) else { continue }
                compareContent(oldResponse.content, newResponse.content, direction: .response, status: code, context: context)
                compareHeaders(oldResponse, newResponse, status: code, context: context)
            }
            for code in newCodes.sorted() where !oldCodes.contains(code) {
                let success = code.hasPrefix("2")
                context.add(&findings, CompatFinding(
                    rule: success ? "response-success-status-added" : "response-non-success-status-added", level: .info, direction: .response,
                    operation: nil, oldPointer: nil, newPointer: OpenAPISource.child(newBase, code), status: code,
                    message: success ? "A new \(code) response." : "A new \(code) response: an app handles it as any other error of its kind."))
            }
        }

        private mutating func compareHeaders(_ o: OpenAPIResponse, _ n: OpenAPIResponse, status: String, context: OperationContext) {
            let newHeaders = Dictionary(n.headers(in: new).map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            for oldHeader in o.headers(in: old) {
                let name = oldHeader.name, oldPointer = oldHeader.pointer
                let oldRequired = oldHeader.required
                guard let newHeader = newHeaders[name.lowercased()] else {
                    context.add(&findings, CompatFinding(
                        rule: oldRequired ? "required-response-header-removed" : "optional-response-header-removed",
                        level: oldRequired ? .breaking : .warning, direction: .response, operation: nil, oldPointer: oldPointer, newPointer: nil,
                        field: "header:\(name)", status: status,
                        message: "The response no longer sends the header `\(name)`: an app that reads it loses it."))
                    continue
                }
                if oldRequired && !newHeader.required {
                    context.add(&findings, CompatFinding(
                        rule: "response-header-became-optional", level: .breaking, direction: .response, operation: nil, oldPointer: oldPointer,
                        newPointer: newHeader.pointer, field: "header:\(name)", status: status,
                        message: "The response header `\(name)` is no longer always sent: an app that reads it unguarded fails."))
                }
                expect(oldHeader.schema?.raw, at: OpenAPISource.child(oldPointer, "schema"), newHeader.schema?.raw,
                       at: OpenAPISource.child(newHeader.pointer, "schema"), direction: .response, prefix: "response-header-",
                       subject: "The response header `\(name)`", onlyAtTop: false, field: "header:\(name)", status: status, context: context)
            }
        }

        // MARK: - Findings

        /// A schema change as a finding of this operation.
        private mutating func add(_ change: SchemaChange, prefix: String, subject: String, field: String?, status: String?,
                                  context: OperationContext) {
            var rule = change.stem
            if !change.fullRule {
                // `request-body-type-changed` at the body's top, `request-property-type-changed` below it.
                let onBody = prefix == "request-" || prefix == "response-"
                rule = onBody ? prefix + (change.field.isEmpty ? "body-" : "property-") + change.stem : prefix + change.stem
            }
            var level = change.level
            if change.enumAdded && options.exhaustiveEnums { level = .breaking }
            let shownField = change.field.hasPrefix(".") ? String(change.field.dropFirst()) : change.field
            let fieldText = field.map { shownField.isEmpty ? $0 : "\($0).\(shownField)" } ?? (shownField.isEmpty ? "body" : shownField)
            let name = subject.isEmpty ? "`\(shownField)`\(status == nil ? " in the request body" : " in the response")"
                : (shownField.isEmpty ? subject : "\(subject) `\(shownField)`")
            context.add(&findings, CompatFinding(rule: rule, level: level, direction: prefix.hasPrefix("request") ? .request : .response,
                                                 operation: nil, oldPointer: change.oldPointer, newPointer: change.newPointer,
                                                 field: fieldText, status: status, message: "\(name) \(change.reason)."))
        }
    }

    /// Stamps a finding with the operation it belongs to.
    struct OperationContext {
        let name: String
        let operationId: String?

        func add(_ findings: inout [CompatFinding], _ finding: CompatFinding) {
            var finding = finding
            finding.operation = name
            finding.operationId = operationId
            if !finding.message.hasSuffix(".") && !finding.message.hasSuffix(")") { finding.message += "." }
            findings.append(finding)
        }
    }
}
