import Foundation
import HTTPTypes
import Testing
@testable import StubEngine
import StubFormats
import StubOpenAPI

/// The route loader's smaller promises, each at its edge: folder defaults at two depths, files
/// that are not route files, the id's length, the method's case, each equality option alone, and
/// the journal's near miss.
@Suite struct RouteFileLoaderEdgesTests {
    private func load(_ files: [String: String]) -> (FileRouteSet, [FixtureProblem]) { RouteFolder.load(files: files) }

    private func probe(_ routes: FileRouteSet) -> EngineProbe {
        EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
    }

    /// A folder's defaults reach every folder below it; where two folders set the same header the
    /// nearer one wins, and a default response with `when` is tried before the route's own.
    @Test func theNearerFoldersDefaultsWinAndDefaultResponsesComeFirst() throws {
        let (routes, problems) = load([
            "routes/outer.yaml": """
                defaults:
                  headers: { X-Team: outer, X-Outer: "1" }
                """,
            "routes/cards/inner.yaml": """
                defaults:
                  headers: { X-Team: cards }
                  responses:
                    - when: { headers: { X-Fail: { present: true } } }
                      status: 503
                routes:
                  - id: card
                    request: { method: GET, path: "/v1/cards/{id}" }
                    responses:
                      - status: 200
                """,
            "routes/top.yaml": """
                routes:
                  - id: top
                    request: { method: GET, path: /v1/top }
                    responses: [{ status: 200 }]
                """,
        ])
        #expect(problems.isEmpty, "\(problems)")
        let probe = probe(routes)
        let card = probe.answer("/v1/cards/c1")
        #expect(card.status.code == 200)
        #expect(card.headers[HTTPField.Name("X-Team")!] == "cards", "the nearer folder's value: \(card.headers)")
        #expect(card.headers[HTTPField.Name("X-Outer")!] == "1", "the outer folder's other header still applies")
        #expect(probe.answer("/v1/cards/c1", headers: ["X-Fail": "1"]).status.code == 503, "the default response comes first")
        let top = probe.answer("/v1/top")
        #expect(top.headers[HTTPField.Name("X-Team")!] == "outer")
        #expect(top.headers[HTTPField.Name("X-Fail")!] == nil)
        #expect(probe.answer("/v1/top", headers: ["X-Fail": "1"]).status.code == 200, "the cards folder's defaults stay in it")
    }

    /// A sequence's `then` is `last` or `loop`; anything else (a typo such as `lats`) is refused
    /// with its line, as `then` on a mode that is no sequence is.
    @Test func aSequencesThenIsLastOrLoop() {
        let (_, problems) = load(["routes/r.yaml": """
            routes:
              - id: steps
                request: { path: /v1/steps }
                mode: sequence
                then: lats
                responses: [{ status: 200 }, { status: 201 }]
              - id: drawn
                request: { path: /v1/drawn }
                mode: random
                then: loop
                responses: [{ status: 200 }, { status: 201 }]
            """])
        #expect(problems.contains { $0.reason.contains("then must be last or loop") && $0.line == 5 }, "\(problems)")
        #expect(problems.contains { $0.reason.contains("then applies only to mode: sequence") && $0.line == 10 }, "\(problems)")
        #expect(problems.count == 2, "\(problems)")
    }

    /// Hidden files (macOS's `._` copies, an editor's `.#` lock) are not route files, even when
    /// they are not text; files with other extensions are not read either. `.YML` and `.JSON`
    /// (as a Windows or a tool may write them) are route files.
    @Test func hiddenFilesAndOtherExtensionsAreNotRead() throws {
        let (routes, problems) = load([
            "routes/r.yaml": """
                routes:
                  - id: r
                    request: { method: GET, path: /v1/r }
                    responses: [{ status: 200 }]
                """,
            "routes/._r.yaml": "\u{0}\u{5}\u{16}\u{7}Mac OS X        \u{0}\u{2}",
            "routes/.#r.yaml": "routes: [ { broken",
            "routes/notes.txt": "routes: [ { broken",
            "routes/r.yaml~": "routes: [ { broken",
            "routes/Legacy.YML": "routes: [ { id: legacy, request: { path: /v1/legacy }, responses: [{ status: 200 }] } ]",
            "routes/Upper.JSON": #"{ "routes": [ { "id": "upper", "request": { "path": "/v1/upper" }, "responses": [{ "status": 200 }] } ] }"#,
        ])
        #expect(problems.isEmpty, "\(problems)")
        #expect(Set(routes.routes.map(\.id)) == ["r", "legacy", "upper"], "an extension is read in any case")
    }

    /// A route file's top level is `routes` and `defaults`: a misspelt key, a file that is a list,
    /// and `routes` that is not a list are each refused at their line, naming what it takes,
    /// while the folder's other files still load.
    @Test func aRouteFilesTopLevelIsRoutesAndDefaults() throws {
        let (routes, problems) = load([
            "routes/good.yaml": """
                routes:
                  - id: good
                    request: { method: GET, path: /v1/good }
                    responses: [{ status: 200 }]
                """,
            "routes/typo.yaml": """
                rotues:
                  - request: { method: GET, path: /v1/typo }
                    responses: [{ status: 200 }]
                """,
            "routes/list.yaml": """
                - request: { method: GET, path: /v1/list }
                  responses: [{ status: 200 }]
                """,
            "routes/scalar.yaml": """
                routes: GET /v1/scalar
                """,
        ])
        #expect(routes.routes.map(\.id) == ["good"])
        let byFile = Dictionary(grouping: problems, by: \.file)
        #expect(byFile.keys.sorted() == ["routes/list.yaml", "routes/scalar.yaml", "routes/typo.yaml"], "\(problems)")
        let typo = try #require(byFile["routes/typo.yaml"]?.first)
        #expect(typo.line == 1 && typo.reason.contains("rotues") && typo.reason.contains("routes"), "\(typo)")
        let list = try #require(byFile["routes/list.yaml"]?.first)
        #expect(list.line == 1, "\(list)")
        let scalar = try #require(byFile["routes/scalar.yaml"]?.first)
        #expect(scalar.line == 1 && scalar.reason.contains("routes"), "\(scalar)")
    }

    /// An id is 1 to 128 characters: 128 is taken, 129 and none are refused at the id's line.
    @Test func anIdIsOneTo128Characters() throws {
        func problems(id: String) -> [String] {
            load(["routes/r.yaml": """
                routes:
                  - request: { method: GET, path: /v1/r }
                    id: '\(id)'
                    responses: [{ status: 200 }]
                """]).1.map(\.description)
        }
        #expect(problems(id: String(repeating: "a", count: 128)) == [])
        #expect(problems(id: "a") == [])
        for refused in ["", String(repeating: "a", count: 129)] {
            let found = problems(id: refused)
            #expect(found.count == 1 && found[0].contains("r.yaml:3") && found[0].contains("1 to 128 characters"), "\(refused.count): \(found)")
        }
    }

    /// A method is read in any case, as HTTP methods are written in capitals.
    @Test func aMethodIsReadInAnyCase() throws {
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { method: get, path: /v1/a }
                responses: [{ status: 200 }]
              - request: { method: Post, path: /v1/a }
                responses: [{ status: 201 }]
            """])
        #expect(problems.isEmpty, "\(problems)")
        let probe = probe(routes)
        #expect(probe.answer("/v1/a").status.code == 200)
        #expect(probe.answer("/v1/a", method: "POST").status.code == 201)
        #expect(probe.answer("/v1/a", method: "PUT").status.code == 404)
    }

    /// Each equality option does its own thing and nothing else.
    @Test func eachEqualityOptionLoosensOnlyItsOwnRule() throws {
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - id: extra
                request: { method: POST, path: /v1/extra, body: { $: { equals: { ids: [1, 2] }, ignoreExtraElements: true } } }
                responses: [{ status: 200 }]
              - id: order
                request: { method: POST, path: /v1/order, body: { $: { equals: { ids: [1, 2] }, ignoreArrayOrder: true } } }
                responses: [{ status: 200 }]
              - id: case
                request: { method: GET, path: /v1/case, query: { q: { equals: Alex, caseInsensitive: true } } }
                responses: [{ status: 200 }]
            """])
        #expect(problems.isEmpty, "\(problems)")
        let probe = probe(routes)
        let json = ["Content-Type": "application/json"]
        func status(_ path: String, _ body: String) -> UInt16 { UInt16(probe.answer(path, method: "POST", headers: json, body: body).status.code) }
        #expect(status("/v1/extra", #"{"ids":[1,2],"more":true}"#) == 200)
        #expect(status("/v1/extra", #"{"ids":[2,1]}"#) == 404, "ignoreExtraElements does not ignore the order")
        #expect(status("/v1/order", #"{"ids":[2,1]}"#) == 200)
        #expect(status("/v1/order", #"{"ids":[1,2],"more":true}"#) == 404, "ignoreArrayOrder does not ignore extra fields")
        #expect(probe.answer("/v1/case?q=aLEX").status.code == 200)
        #expect(probe.answer("/v1/case?q=Alexa").status.code == 404)
    }

    /// The journal's near miss names the closest route, the one the 404's first detail names.
    @Test func theJournalsNearMissIsTheClosestRoute() throws {
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - { id: far, request: { method: GET, path: /v1/cardholders/list }, responses: [{ status: 200 }] }
              - { id: near, request: { method: GET, path: /v1/cards }, responses: [{ status: 200 }] }
              - { id: nearer, request: { method: GET, path: /v1/card }, responses: [{ status: 200 }] }
            """])
        #expect(problems.isEmpty, "\(problems)")
        let probe = probe(routes)
        let plan = probe.answer("/v1/cards", method: "POST")
        #expect(plan.status == .notFound)
        let nearMiss = try #require(probe.journal.last?.nearMiss)
        #expect(nearMiss.hasPrefix("GET /v1/cards "), "\(nearMiss)")
        #expect(nearMiss.contains("method is POST"), "\(nearMiss)")
    }

    /// `stubbank.yaml` with `text`, read as the loader reads it: the settings and the problems.
    private func readSettings(_ text: String) -> (StubsSettings, [String]) {
        var problems: [FixtureProblem] = []
        let settings = StubsSettingsLoader.load(files: .memory([StubsSettingsLoader.file: Array(text.utf8)]), problems: &problems)
        return (settings, problems.map(\.description))
    }

    /// `validate: requests` needs the document to check against, with the bank on or off.
    @Test func validatingRequestsNeedsADocument() {
        for bank in ["true", "false"] {
            let (_, problems) = readSettings("bank: \(bank)\nvalidate: requests\n")
            #expect(problems.count == 1 && problems[0].contains("stubbank.yaml:2") && problems[0].contains("needs document"), "\(problems)")
        }
        let (settings, problems) = readSettings("bank: false\ndocument: openapi.yaml\nvalidate: requests\n")
        #expect(problems.isEmpty, "\(problems)")
        #expect(settings.validateRequests && settings.document == "openapi.yaml" && !settings.bank)
    }

    /// `validate` takes a list of `requests` and `credentials`; a word it does not know is named
    /// at its own line, and `off` is no list's word.
    @Test func validateTakesAListOfRequestsAndCredentials() {
        let (both, none) = readSettings("bank: false\ndocument: openapi.yaml\nvalidate: [requests, credentials]\n")
        #expect(none.isEmpty && both.validateRequests && both.validateCredentials, "\(none)")
        let (credentials, fine) = readSettings("bank: false\ndocument: openapi.yaml\nvalidate:\n  - credentials\n")
        #expect(fine.isEmpty && !credentials.validateRequests && credentials.validateCredentials, "\(fine)")
        let (_, needs) = readSettings("bank: false\nvalidate: [credentials]\n")
        #expect(needs.count == 1 && needs[0].contains("needs document"), "\(needs)")
        let (_, wrong) = readSettings("bank: false\ndocument: openapi.yaml\nvalidate:\n  - requests\n  - auth\n  - off\n")
        #expect(wrong.count == 2 && wrong[0].contains("stubbank.yaml:5") && wrong[0].contains("not \"auth\"")
                && wrong[1].contains("stubbank.yaml:6"), "\(wrong)")
    }

    /// A misspelt key is refused on its own line, not on the line its value starts: a block
    /// mapping or list under it begins a line further down.
    @Test func aMisspeltKeyIsRefusedOnItsOwnLine() {
        let (_, problems) = load(["routes/r.yaml": """
            routes:
              - id: a
                requst:
                  method: GET
                  path: /a
                respones:
                  - status: 200
            """])
        let text = problems.map { "\($0)" }
        #expect(text.contains { $0.contains("r.yaml:3") && $0.contains("unknown field \"requst\"") && $0.contains("did you mean \"request\"") },
                "\(text)")
        #expect(text.contains { $0.contains("r.yaml:6") && $0.contains("unknown field \"respones\"") }, "\(text)")
    }

    /// A misspelt setting is named once, with the spelling meant, and is not read as any other;
    /// `bank` takes YAML's true or false, not the text "true".
    @Test func aMisspeltOrQuotedSettingIsRefusedNotGuessed() {
        let (misspelt, problems) = readSettings("bank: false\nbasPath: /api\n")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("stubbank.yaml:2") == true && problems.first?.contains("unknown field \"basPath\"") == true
                && problems.first?.contains("did you mean \"basePath\"") == true, "\(problems)")
        #expect(misspelt.basePath == nil)
        // Keys are compared exactly, as YAML's are: another case is another, unknown, key.
        let (cased, caseProblems) = readSettings("BasePath: /api\n")
        #expect(caseProblems.count == 1 && caseProblems[0].contains("unknown field \"BasePath\""), "\(caseProblems)")
        #expect(cased.basePath == nil)
        let (quoted, refusals) = readSettings("bank: \"true\"\n")
        #expect(refusals.count == 1 && refusals[0].contains("bank must be true or false"), "\(refusals)")
        #expect(!quoted.bank, "the default (off, with no personas folder) stands")
    }

    /// `stubbank verify --contract`: a route's own `Content-Type` with parameters
    /// (`application/json; charset=utf-8`) is the documented `application/json` of an operation
    /// that documents two types, so its body is checked against that type's schema; an XML body
    /// is matched to the XML type and left unchecked.
    @Test func aContentTypeWithParametersIsCheckedAsItsDocumentedType() throws {
        let document = try cardContract(alsoXML: true)
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { method: GET, path: "/api/cards/{id}" }
                responses:
                  - when: { path: { id: xml } }
                    headers: { Content-Type: application/xml }
                    body: <card/>
                  - headers: { Content-Type: application/json; charset=utf-8 }
                    body: '{"name": "Gold"}'
            """])
        #expect(problems.isEmpty, "\(problems)")
        expectLine7BreaksAndLine4Fits(contractReport(document, routes), fitting: "documented")
    }

    /// A team's document with one operation, `GET /api/cards/{id}`, whose 200 is a JSON card
    /// that must have a `number` (and, with `alsoXML`, an XML one with any content).
    private func cardContract(alsoXML: Bool) throws -> OpenAPISource {
        let contract = """
            openapi: 3.1.0
            info: { title: Team API, version: "1" }
            paths:
              /api/cards/{id}:
                get:
                  responses:
                    "200":
                      description: A card
                      content:
                        application/json:
                          schema: { type: object, required: [number], properties: { number: { type: string } } }
            """ + (alsoXML ? "\n            application/xml:\n              schema: { type: object }" : "")
        return try OpenAPISource.load("team.yaml") { $0 == "team.yaml" ? Data(contract.utf8) : nil }
    }

    /// `team.yaml`, an OpenAPI 3.1 document with these `paths` (written two spaces in).
    private func teamDocument(_ paths: String) throws -> OpenAPISource {
        let contract = "openapi: 3.1.0\ninfo: { title: Team API, version: \"1\" }\npaths:\n" + paths
        return try OpenAPISource.load("team.yaml") { $0 == "team.yaml" ? Data(contract.utf8) : nil }
    }

    /// `verify --contract`'s report for `routes` against `document`.
    private func contractReport(_ document: OpenAPISource, _ routes: FileRouteSet) -> ContractReport {
        var report = ContractReport()
        RouteFileContractCheck(document: document, contractName: "team.yaml").check(routes, report: &report)
        return report
    }

    /// The two card routes' verdicts: line 7's body lacks the required `number`, and line 4's is
    /// checked and ends with `fitting`.
    private func expectLine7BreaksAndLine4Fits(_ report: ContractReport, fitting: String,
                                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(report.problems.count == 1 && report.problems[0].hasPrefix("routes/r.yaml:7:")
                && report.problems[0].contains("missing required number"), "\(report.problems)", sourceLocation: sourceLocation)
        #expect(report.checked.contains { $0.hasPrefix("routes/r.yaml:4:") && $0.hasSuffix(fitting) }, "\(report.checked)",
                sourceLocation: sourceLocation)
    }

    /// A route whose `Content-Type` is a template (known only per request) has its body read
    /// as JSON and checked against the documented schema, as before types were read: a body
    /// that breaks the schema is a problem, one that fits is checked.
    @Test func aBodyWhoseTypeIsATemplateIsStillCheckedAsJSON() throws {
        let document = try cardContract(alsoXML: false)
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { method: GET, path: "/api/cards/{id}" }
                responses:
                  - when: { path: { id: good } }
                    headers: { Content-Type: "{{request.headers.Accept}}" }
                    body: '{"number": "4242"}'
                  - headers: { Content-Type: "{{request.headers.Accept}}" }
                    body: '{"name": "Gold"}'
            """])
        #expect(problems.isEmpty, "\(problems)")
        expectLine7BreaksAndLine4Fits(contractReport(document, routes), fitting: "body fits the schema")
    }

    /// `stubbank verify --contract` finds a route's operation as `validate: requests` finds a
    /// request's (`DocumentedPaths`): a literal segment may be the document's parameter, a
    /// parameter may have another name, a concrete documented path wins over a templated one,
    /// and a parameter is no one literal path.
    @Test func aRoutesOperationIsFoundByTheDocumentsTemplates() throws {
        let contract = """
            openapi: 3.1.0
            info: { title: Team API, version: "1" }
            paths:
              /api/users/{userId}:
                get:
                  responses:
                    "200":
                      description: A user
                      content: { application/json: { schema: { type: object, required: [id], properties: { id: { type: string } } } } }
              /api/cards/current: { get: { responses: { "204": { description: None } } } }
              /api/cards/{cardId}: { get: { responses: { "200": { description: A card } } } }
            """
        let document = try OpenAPISource.load("team.yaml") { $0 == "team.yaml" ? Data(contract.utf8) : nil }
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { method: GET, path: /api/users/me }
                responses: [{ body: { id: me } }]
              - request: { method: GET, path: "/api/users/{id}" }
                responses: [{ body: { id: 7 } }]
              - request: { method: GET, path: /api/cards/current }
                responses: [{ status: 204 }]
              - request: { method: GET, path: /api/cards/c_1 }
                responses: [{ status: 200 }]
              - request: { method: GET, path: "/api/things/{id}" }
                responses: [{ status: 200 }]
              - request: { method: GET, path: /API/Cards/current }
                responses: [{ status: 204 }]
            """])
        #expect(problems.isEmpty, "\(problems)")
        var report = ContractReport()
        RouteFileContractCheck(document: document, contractName: "team.yaml").check(routes, report: &report)
        #expect(report.problems.count == 3, "\(report.problems)")
        // A path's literal segments are compared in their case (RFC 3986: a path is case-sensitive).
        #expect(report.problems.contains { $0.hasPrefix("routes/r.yaml:12:") && $0.contains("is not an operation in team.yaml") },
                "\(report.problems)")
        #expect(report.problems.contains { $0.hasPrefix("routes/r.yaml:5:") && $0.contains("$.id: expected string, found integer") },
                "\(report.problems)")
        #expect(report.problems.contains { $0.hasPrefix("routes/r.yaml:10:") && $0.contains("is not an operation in team.yaml") },
                "\(report.problems)")
        #expect(report.checked.contains { $0.contains("r.yaml:3:") && $0.contains("body fits the schema") }, "\(report.checked)")
        #expect(report.checked.contains { $0.contains("r.yaml:7:") && $0.contains("→ 204: documented") }, "\(report.checked)")
        #expect(!report.checked.contains { $0.contains("has no route file") }, "\(report.checked)")
    }

    /// A route without a method answers every method, so `verify --contract` checks it against
    /// each operation its path has: a path the document gives only `post` is covered by it, not
    /// "not an operation".
    @Test func aRouteWithoutAMethodIsCheckedAgainstEveryMethodOfItsPath() throws {
        let document = try teamDocument("""
              /api/transfers: { post: { responses: { "201": { description: Made } } } }
            """)
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { path: /api/transfers }
                responses: [{ status: 201 }]
            """])
        #expect(problems.isEmpty, "\(problems)")
        let report = contractReport(document, routes)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.checked.contains { $0.contains("r.yaml:3:") && $0.contains("→ 201: documented") }, "\(report.checked)")
        #expect(!report.checked.contains { $0.contains("has no route file") }, "\(report.checked)")
    }

    /// `stubbank verify --contract`: each documented operation without a route file is listed
    /// as not stubbed (not a failure), but only when there are route files at all: a folder that
    /// serves the bank alone says nothing about the team's operations.
    @Test func operationsWithoutARouteAreListedOnlyBesideRouteFiles() throws {
        let document = try teamDocument("""
              /api/ping: { get: { responses: { "200": { description: Up } } } }
              /api/cards: { get: { responses: { "200": { description: Cards } } } }
            """)
        var empty = ContractReport()
        RouteFileContractCheck(document: document, contractName: "team.yaml").check(FileRouteSet(routes: []), report: &empty)
        #expect(empty.checked.isEmpty && empty.problems.isEmpty, "\(empty.checked)")
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { method: GET, path: /api/ping }
                responses: [{ status: 200 }]
            """])
        #expect(problems.isEmpty, "\(problems)")
        var report = ContractReport()
        RouteFileContractCheck(document: document, contractName: "team.yaml").check(routes, report: &report)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.checked.filter { $0.contains("has no route file") } == ["team.yaml operation GET /api/cards has no route file (not stubbed; not a failure)"])
    }
    /// A route's `params` name the path's own parameters: a misspelt one (`acountId` for the
    /// path's `{accountId}`) would test nothing, so the loader refuses it, at its line, naming
    /// the path, whether or not the path has other parameters.
    @Test func paramsNamingNoParameterOfThePathAreRefused() throws {
        for path in ["/v1/accounts/{accountId}", "/v1/accounts/{accountId}/cards/{cardId}"] {
            let (_, problems) = RouteFolder.load("""
                routes:
                  - request:
                      path: \(path)
                      params: { acountId: { matches: '[0-9]+' } }
                    responses: [ { status: 200 } ]
                """)
            let problem = try #require(problems.first, "\(path)")
            #expect(problems.count == 1 && problem.line == 4, "\(problems)")
            #expect(problem.reason.contains("params.acountId: the path \(path) has no {acountId}"), "\(problem.reason)")
        }
        let (_, fine) = RouteFolder.load("""
            routes:
              - request:
                  path: /v1/accounts/{accountId}
                  params: { accountId: { matches: '[0-9]+' } }
                responses: [ { status: 200 } ]
            """)
        #expect(fine.isEmpty, "\(fine)")
    }

    /// A route's `parts` with more than one malformed item names each, with its line, not only
    /// the first: one load lists everything to fix.
    @Test func everyMalformedPartIsNamedNotOnlyTheFirst() throws {
        let (_, problems) = RouteFolder.load("""
            routes:
              - request:
                  method: POST
                  path: /v1/payments
                  parts:
                    - just text
                    - { match: sometimes, headers: { Content-Type: { contains: xml } } }
                    - { colour: blue }
                responses: [ { status: 201 } ]
            """)
        let reasons = problems.map(\.reason)
        #expect(Set(problems.compactMap(\.line)) == [6, 7, 8], "\(problems)")
        #expect(reasons.contains { $0.contains("parts[1].match is \"sometimes\"") }, "\(reasons)")
        #expect(reasons.contains { $0.contains("colour") }, "\(reasons)")
    }

    /// A header name HTTP does not allow (a space, a colon) can never be sent, so a condition on
    /// one is refused on its line, in a request and in a `when`.
    @Test func aHeaderNameHTTPDoesNotAllowIsRefused() {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - request:
                  method: GET
                  path: /v1/cards
                  headers: { "X Channel": ios }
                responses:
                  - when: { headers: { "X-Device:": phone } }
                    status: 202
                  - status: 200
            """)
        #expect(routes.routes.isEmpty)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.line == 5 && $0.reason.contains("\"X Channel\" is not a valid header name") }, "\(problems)")
        #expect(problems.contains { $0.line == 7 && $0.reason.contains("\"X-Device:\" is not a valid header name") }, "\(problems)")
    }

    /// An inline JSON body is rendered per request when any leaf holds a tag, however deep and
    /// beside literal items: a list of one literal and one template keeps both.
    @Test func anInlineBodyWithOneTemplatedItemAmongLiteralsIsRendered() throws {
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - request: { method: GET, path: "/v1/tags/{id}" }
                responses:
                  - status: 200
                    body:
                      tags: [fixed, "tag-{{path.id}}"]
                      nested: { list: [1, { name: "{{path.id}}" }] }
            """])
        #expect(problems.isEmpty, "\(problems)")
        let plan = probe(routes).answer("/v1/tags/t9")
        #expect(plan.status.code == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plan.body)) as? [String: Any], "\(plan.text)")
        #expect(object["tags"] as? [String] == ["fixed", "tag-t9"], "\(plan.text)")
        let nested = try #require(object["nested"] as? [String: Any])
        let list = try #require(nested["list"] as? [Any])
        #expect((list.last as? [String: Any])?["name"] as? String == "t9", "\(plan.text)")
    }
    /// A route whose answer holds no tag is written once, at load, and chosen without the
    /// session's lock (nothing to count or draw); a tag anywhere, a header's included, makes it
    /// rendered per request.
    @Test func anAnswerWithNoTagIsWrittenOnceAndKeepsNoState() throws {
        let (routes, problems) = load(["routes/r.yaml": """
            routes:
              - id: plain
                request: { method: GET, path: /v1/plain }
                responses: [ { status: 200, headers: { Cache-Control: no-store }, body: { tags: [a, b], n: 1 } } ]
              - id: text
                request: { method: GET, path: /v1/text }
                responses: [ { status: 200, body: "no tags here" } ]
              - id: header
                request: { method: GET, path: /v1/header }
                responses: [ { status: 200, headers: { X-Id: "{{uuid}}" }, body: { n: 1 } } ]
            """])
        #expect(problems.isEmpty, "\(problems)")
        let byID = Dictionary(uniqueKeysWithValues: routes.routes.map { ($0.id, $0) })
        for id in ["plain", "text"] {
            let route = try #require(byID[id])
            #expect(route.isStateless, "\(id)")
            guard case .bytes = route.responses[0].body else { Issue.record("\(id) is rendered per request"); continue }
        }
        #expect(byID["header"]?.isStateless == false, "a templated header is drawn per request")
        #expect(try ResponseTemplate.compile("plain", escaping: .none).isLiteral)
        #expect(try !ResponseTemplate.compile("{{uuid}}", escaping: .none).isLiteral)
    }

    /// A body file is told from a route file by its extension in any case: `bodies/ACCOUNT.JSON`
    /// (as Windows tools and some exporters write it) is a body, read as JSON and served as it
    /// is, never composed as YAML (which refuses JSON's escaped surrogate pairs, `\uD83D\uDE00`).
    @Test func aBodyFileWithAnUpperCaseExtensionIsABody() throws {
        let (routes, problems) = load([
            "routes/r.yaml": """
                routes:
                  - request: { method: GET, path: /v1/account }
                    responses: [ { bodyFile: bodies/ACCOUNT.JSON } ]
                """,
            "routes/bodies/ACCOUNT.JSON": #"{"id":"a1","nickname":"Holiday \uD83C\uDFD6","balance":{"value":"10.00"}}"#,
        ])
        #expect(problems.isEmpty, "\(problems)")
        let plan = probe(routes).answer("/v1/account")
        #expect(plan.status.code == 200)
        #expect(plan.text == #"{"id":"a1","nickname":"Holiday \uD83C\uDFD6","balance":{"value":"10.00"}}"#, "\(plan.text)")
    }

    /// `present: false` would read as its opposite, and `absent: false` too: each is refused at
    /// its line, naming the one to write instead.
    @Test func presentOrAbsentFalseIsRefusedNamingTheOpposite() {
        let (_, problems) = RouteFolder.load("""
            routes:
              - id: r
                request: { path: /a, headers: { X-A: { present: false } } }
                responses: [{ status: 200 }]
              - id: s
                request: { path: /b, query: { q: { absent: false } } }
                responses: [{ status: 200 }]
            """)
        #expect(problems.contains { $0.line == 3 && $0.reason.contains("present must be true; use absent: true for the opposite") },
                "\(problems)")
        #expect(problems.contains { $0.line == 6 && $0.reason.contains("absent must be true; use present: true for the opposite") },
                "\(problems)")
    }
}
