public import Foundation
import HTTPTypes
import Logging
import StubOpenAPI
import StubFormats
public import StubEngine
import BuiltInBank

/// Checks that the stub and an OpenAPI contract agree. Route files: each route is a documented
/// operation, each status documented, each JSON body fits its schema (`file:line` per problem).
/// The built-in bank, when on: every served route is documented (and every documented one
/// served), every fixture file fits its schema, and what the stub actually answers for each
/// persona fits the documented 200 response.
public struct ContractVerifier: Sendable {
    /// The stubs folder whose answers are checked.
    public let stubs: URL
    /// The OpenAPI document they must conform to.
    public let contract: URL

    /// A verifier of `stubs` against `contract`.
    public init(stubs: URL, contract: URL) {
        self.stubs = stubs
        self.contract = contract
    }

    /// What passed and what failed, one line each.
    /// What the check found: each thing checked and each disagreement.
    public typealias Report = ContractReport

    /// Runs every check described above and reports each result; never throws (a document
    /// that does not load is itself a problem in the report).
    public func verify() async -> Report {
        var report = Report()
        let document: OpenAPISource
        do {
            document = try OpenAPISource.load(contract)
            report.problems += document.problems.map { "\(contract.path): \($0)" }
        } catch {
            report.problems.append("\(contract.path): \(error)")
            return report
        }
        let validator = JSONSchemaValidator(document: document)
        let fixtures: FixtureSet
        do {
            fixtures = try FixtureLoader(root: stubs).load()
        } catch {
            report.problems += error.problems.map(\.description)
            return report
        }
        RouteFileContractCheck(document: document, contractName: contract.lastPathComponent).check(fixtures.routes, report: &report)
        guard fixtures.settings.bank else { return report }
        let routes = BankAPI.routes()
        checkRoutes(routes, document: document, report: &report)
        checkFixtureFiles(fixtures, validator: validator, report: &report)
        checkResponses(fixtures, routes: routes, document: document, validator: validator, report: &report)
        return report
    }

    private func checkRoutes(_ routes: [Route], document: OpenAPISource, report: inout Report) {
        let operations = Dictionary(document.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var documented = Set(operations.keys.filter { RoutePattern.knownMethods.contains(String($0.prefix { $0 != " " })) })
        for route in routes {
            let key = route.pattern.description
            let operation = operations["\(route.pattern.method ?? "") \(route.pattern.path)"]
            if operation == nil {
                report.problems.append("route \(key): not in \(contract.lastPathComponent)")
            } else if operation?.operationID != route.operationId {
                let documented = operation?.operationID ?? "missing"
                report.problems.append("route \(key): operationId is \(documented) in the contract, \(route.operationId) in the stub")
            } else {
                report.checked.append("route \(key) is in the contract")
            }
            documented.remove(key)
        }
        for missing in documented.sorted() {
            report.problems.append("contract operation \(missing): the stub does not serve it")
        }
    }

    private func checkFixtureFiles(_ fixtures: FixtureSet, validator: JSONSchemaValidator, report: inout Report) {
        var files: [(String, String)] = [("common/atms.json", "ATMList")]
        for persona in fixtures.bank.personas.values.sorted(by: { $0.name < $1.name }) {
            let base = "personas/\(persona.name)"
            files += [("\(base)/profile.json", "Profile"), ("\(base)/accounts.json", "AccountList"),
                      ("\(base)/transactions.json", "TransactionList"), ("\(base)/cards.json", "CardList"),
                      ("\(base)/beneficiaries.json", "BeneficiaryList"), ("\(base)/support-tickets.json", "SupportTicketList")]
        }
        for (file, schemaName) in files {
            let url = stubs.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url) else { continue }
            let problems: [String]
            do {
                let value = try JSONDecoder().decode(JSONValue.self, from: data)
                problems = validator.validate(value, against: ["$ref": "#/components/schemas/\(schemaName)"])
            } catch {
                problems = ["not valid JSON"]
            }
            if problems.isEmpty {
                report.checked.append("fixture \(file) fits \(schemaName)")
            } else {
                let text = String(decoding: data, as: UTF8.self)
                for problem in problems.prefix(20) {
                    let line = Self.line(forProblem: problem, in: text).map { ":\($0)" } ?? ""
                    report.problems.append("fixture \(file)\(line): \(problem)")
                }
            }
        }
    }

    /// Calls every GET route for every persona that can sign in and validates the answer.
    private func checkResponses(_ fixtures: FixtureSet, routes: [Route], document: OpenAPISource,
                                validator: JSONSchemaValidator, report: inout Report) {
        let bank = Bank(fixtures: fixtures.bank)
        let operations = Dictionary(document.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for persona in fixtures.bank.personas.values.sorted(by: { $0.name < $1.name }) where persona.config.state != "locked" {
            guard let token = try? bank.login(username: persona.config.username, password: persona.config.password, session: "verify")
            else {
                report.problems.append("persona \(persona.name): cannot sign in with its own password")
                continue
            }
            let principal = try? bank.authenticate(accessToken: token.access_token, session: "verify")
            for route in routes where route.pattern.method == "GET" {
                for parameters in Self.parameterSets(for: route, persona: persona) {
                    let path = parameters.reduce(route.pattern.path) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
                    let request = StubRequest.verification(path: path, parameters: parameters)
                    let label = "\(persona.name): GET \(path)"
                    do {
                        let response = try route.handler(.verifying(request, principal: principal, bank: bank))
                        let schema = operations["GET \(route.pattern.path)"]?.response("200")?.content
                            .first { $0.type == "application/json" }?.schema
                        guard let schema else { report.problems.append("\(label): no 200 schema in the contract"); continue }
                        let value = try JSONDecoder().decode(JSONValue.self, from: Data(response.body))
                        let problems = validator.validate(value, against: schema)
                        if problems.isEmpty { report.checked.append("\(label) fits the contract") }
                        report.problems += problems.prefix(10).map { "\(label): \($0)" }
                    } catch {
                        report.problems.append("\(label): \(error)")
                    }
                }
            }
        }
    }

    private static func parameterSets(for route: Route, persona: PersonaFixture) -> [[String: String]] {
        let path = route.pattern.path
        if path.contains("{accountId}") { return persona.accounts.map { ["accountId": $0.id] } }
        if path.contains("{") { return [] }  // transfers need state; covered by tests and Schemathesis
        return [[:]]
    }

    /// Maps `$.data[3].amount` to the line of that value in the fixture text.
    static func line(forProblem problem: String, in text: String) -> Int? {
        guard let pathText = problem.split(separator: ":").first, pathText.hasPrefix("$") else { return nil }
        var keys: [String] = []
        for piece in pathText.dropFirst().split(separator: ".") {
            var rest = Substring(piece)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket != rest.startIndex { keys.append(String(rest[..<bracket])) }
                rest = rest[bracket...]
                while let open = rest.firstIndex(of: "["), let close = rest.firstIndex(of: "]") {
                    keys.append(String(rest[rest.index(after: open)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                keys.append(String(rest))
            }
        }
        return JSONLineLocator.line(of: keys, in: text)
    }
}
