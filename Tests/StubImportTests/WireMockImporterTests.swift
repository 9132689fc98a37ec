import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StubImport
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// Mappings written the way WireMock's documentation shows them, converted and served.
@Suite struct WireMockImporterTests {
    private func imported() throws -> (ScratchFolder, ImportReport) {
        let out = ScratchFolder()
        let report = try WireMockImporter(source: importFixtures.appendingPathComponent("wiremock")).run(out: out.url)
        return (out, report)
    }

    @Test func listsWhatItCannotConvertWithFileAndReason() throws {
        let (_, report) = try imported()
        let reasons = report.skipped.map(\.description)
        #expect(report.skipped.count == 3, "\(reasons)")
        #expect(reasons.contains { $0.hasPrefix("mappings/templates.json mappings[2]") && $0.contains("the helper abbreviate")
                    && $0.contains("mappings/templates.json:31") })
        #expect(reasons.contains { $0.hasPrefix("mappings/templates.json mappings[3]") && $0.contains("block helper {{#if}}")
                    && $0.contains("mappings/templates.json:39") })
        // cookies convert (to a route's cookies); they used to be refused.
        #expect(!reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[1]") })
        // equalToXml converts (to bodyXml); it used to be refused.
        #expect(!reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[2]") })
        #expect(reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[4]") && $0.contains("proxyBaseUrl") })
        #expect(report.routes == 20)
        // A urlPattern that names the query converts too (it used to be refused).
        #expect(!reasons.contains { $0.hasPrefix("mappings/unsupported.json mappings[3]") })
        #expect(report.replay?.matched == report.replay?.replayed, "\(report.replay?.mismatched ?? [])")
        // The mapping with priority 10 is shadowed by the one with none (WireMock's 5), as in WireMock;
        // the body of payments.json is written from its JSON paths and its equalToJson together.
        #expect(report.replay?.notReplayed.map(\.source) == ["mappings/basics.json mappings[8]"],
                "\(report.replay?.notReplayed ?? [])")
    }

    @Test func convertedMappingsServeAsWireMockWould() async throws {
        let (out, _) = try imported()
        let backend = try makeBackend(stubs: out.url)
        let routes = Dictionary(backend.fileRoutes.routes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        try await StubApplication.make(backend: backend).test(.router) { client in
            func get(_ uri: String, _ headers: HTTPFields = [:]) async throws -> TestResponse {
                try await client.execute(uri: uri, method: .get, headers: headers)
            }
            // A mapping in a subfolder of mappings/ is read, as WireMock reads it.
            let balance = try await get("/v1/accounts/acc_1/balance")
            #expect(balance.status == .ok && String(buffer: balance.body).contains("1250.40"))
            #expect(FileManager.default.fileExists(atPath: out.url.appendingPathComponent("routes/accounts-balance.yaml").path))
            let hello = try await get("/some/thing")
            #expect(String(buffer: hello.body) == "Hello world!")
            #expect(hello.headers[.contentType] == "text/plain")
            #expect(try await get("/search?term=wiremock&page=2").status == .ok)
            #expect(try await get("/search?term=other&page=2").status == .notFound)

            var accept: HTTPFields = [.accept: "application/json"]
            #expect(try await get("/everything?search_term=WireMock&sort=asc", accept).status == .ok)
            #expect(try await client.execute(uri: "/everything?search_term=WireMock&sort=asc", method: .delete, headers: accept).status == .ok)
            #expect(try await get("/everything?search_term=WireMock&sort=up", accept).status == .notFound)
            accept[HTTPField.Name("X-Debug")!] = "1"
            #expect(try await get("/everything?search_term=WireMock&sort=asc", accept).status == .notFound)

            let address = try await get("/contacts/12345/addresses/9")
            #expect(String(buffer: address.body).contains("1 Test Street"))
            #expect(try await get("/contacts/999/addresses/9").status == .notFound)

            #expect(try await get("/accounts/42/transactions").status == .ok)
            #expect(try await get("/accounts/abc/transactions").status == .notFound)
            #expect(try await get("/files/a/b/c.txt").status == .ok)
            #expect(try await get("/things?id=42").status == .ok)
            #expect(try await get("/things?id=x").status == .notFound)

            let payment = try await client.execute(uri: "/payments", method: .post, headers: [.contentType: "application/json"],
                                                   body: ByteBuffer(string: #"{"amount":"5.00","currency":"EUR","reference":"rent","extra":1}"#))
            #expect(payment.status == .created)
            #expect(payment.headers[HTTPField.Name("Location")!] == "/payments/pay_1")
            let wrongCurrency = try await client.execute(uri: "/payments", method: .post, headers: [.contentType: "application/json"],
                                                         body: ByteBuffer(string: #"{"amount":"5.00","currency":"USD","reference":"rent"}"#))
            #expect(wrongCurrency.status == .notFound)

            // The scenario became a sequence that stays on its last state.
            let first = String(buffer: try await get("/todo/items").body)
            let second = String(buffer: try await get("/todo/items").body)
            let third = String(buffer: try await get("/todo/items").body)
            #expect(!first.contains("newspaper"))
            #expect(second.contains("newspaper"))
            #expect(third == second)
        }
        #expect(routes["to-do-list"]?.mode == .sequence(loop: false))
        let slow = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/slow" })
        #expect(slow.responses[0].behaviour.latency == LatencyModel(type: .uniform, minMs: 15, maxMs: 25))
        let files = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/files/**" })
        #expect(files.responses[0].behaviour.latency?.type == .lognormal)
        let flaky = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/flaky" })
        #expect(flaky.responses[0].behaviour.fault == .reset)
        #expect(flaky.priority == 4, "WireMock's 1, against its default 5")
        let transactions = try #require(backend.fileRoutes.routes.first { $0.pattern.path == "/accounts/{p1}/transactions" })
        #expect(transactions.responses[0].behaviour.latency == .fixed(250))
    }

    @Test func responseTemplatesBecomeRouteFileTemplates() async throws {
        let (out, _) = try imported()
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
        try await StubApplication.make(backend: try makeBackend(stubs: out.url, now: now)).test(.router) { client in
            let statement = try await client.execute(uri: "/cards/crd_9/statement?month=2026-10", method: .get,
                                                     headers: [HTTPField.Name("Accept-Language")!: "en-GB"])
            let body = try #require(try JSONSerialization.jsonObject(with: Data(statement.body.readableBytesView)) as? [String: String])
            #expect(body["card"] == "crd_9" && body["first"] == "cards" && body["month"] == "2026-10" && body["language"] == "en-GB")
            #expect(body["method"] == "GET" && body["url"] == "/cards/crd_9/statement?month=2026-10")
            #expect(UUID(uuidString: body["id"] ?? "") != nil)
            #expect((body["pin"]?.count ?? 0) == 4 && Int(body["pin"] ?? "") != nil)
            #expect(body["due"] == "2026-11-21" && body["asOf"] == "2026-11-18T11:06:40Z")
            #expect(body["shout"] == "2026-10" && body["code"]?.wholeMatch(of: /[A-Z0-9]{6}/) != nil, "\(body)")
            #expect(statement.headers[HTTPField.Name("X-Card")!] == "crd_9")
            let echo = try await client.execute(uri: "/echo", method: .post, headers: [.contentType: "application/json"],
                                                body: ByteBuffer(string: #"{"amount":{"value":"12.50","currency":"GBP"}}"#))
            let echoed = try JSONSerialization.jsonObject(with: Data(echo.body.readableBytesView)) as? [String: String]
            #expect(echoed == ["amount": "12.50", "currency": "GBP"], "\(String(buffer: echo.body))")
            // `{{request.path.[0]}}` on a literal path is that segment.
            #expect(String(buffer: try await client.execute(uri: "/templated", method: .get).body) == "templated")
        }
    }

    /// `{{#each}}` over a literal range or array, as WireMock's docs and real sets write it to
    /// make a list: unrolled at import, with `this`, `@index`, `@first` and `@last`.
    @Test func eachOverALiteralRangeOrArrayIsUnrolled() {
        let template = WireMockTemplate(path: "/v1/accounts")
        let list = template.convert(#"[{{#each (range 1 3)}}{"id": {{this}}, "n": {{@index}}}{{#unless @last}},{{/unless}}{{/each}}]"#)
        #expect(list.unsupported.isEmpty && list.text == #"[{"id": 1, "n": 0},{"id": 2, "n": 1},{"id": 3, "n": 2}]"#, "\(list)")
        let words = template.convert("{{#each (array 'GBP' \"EUR\")}}{{#if @first}}<{{else}}|{{/if}}{{this}}{{/each}}")
        #expect(words.text == "<GBP|EUR")
        let nested = template.convert("{{#each (range 1 2)}}{{#each (array 'a' 'b')}}{{this}}{{/each}}{{this}};{{/each}}")
        #expect(nested.text == "ab1;ab2;")
        // What is inside is converted as any other template.
        #expect(template.convert("{{#each (range 1 2)}}{{request.method}}{{/each}}").text == "{{request.method}}{{request.method}}")
        #expect(template.convert("{{#each (range 3 1)}}x{{/each}}").text == "", "an empty range gives nothing, as in WireMock")
        // Over the request's values, or a range too large, it stays a block helper and is reported.
        let dynamic = template.convert("{{#each request.query.ids}}{{this}}{{/each}}")
        #expect(dynamic.unsupported.first?.reason == "the block helper {{#each}}")
        #expect(template.convert("{{#each (range 1 5000)}}x{{/each}}").unsupported.first?.reason.contains("at most 1000") == true)
        #expect(template.convert("{{#each (range 1 2)}}x").unsupported.first?.reason == "a {{#each}} without its {{/each}}")
    }

    @Test func templateExpressionsConvertOneByOne() {
        let template = WireMockTemplate(path: "/v1/cards/{cardId}/**")
        #expect(template.convert("{{request.path.[1]}} {{request.path.[2]}} {{{request.path.cardId}}}").text
                == "cards {{path.cardId}} {{path.cardId}}")
        // WireMock's older name for the same segments.
        #expect(template.convert("{{request.pathSegments.[1]}}/{{request.pathSegments.[2]}}").text == "cards/{{path.cardId}}")
        #expect(template.convert("{{request.query.q.[0]}}|{{request.headers.X-Trace}}").text == "{{query.q}}|{{headers.x-trace}}")
        #expect(template.convert("{{now offset='-2 hours' format='epoch'}}").text == "{{#now}}-2h epochMillis{{/now}}")
        #expect(template.convert("{{now offset='1 weeks' format='unix'}}").text == "{{#now}}+7d epoch{{/now}}")
        #expect(template.convert("{{randomValue length=2 type='NUMERIC'}}").text == "{{#random}}numeric 2{{/random}}")
        // Lengths from 1 to 1024, as route files' random draws take them.
        #expect(template.convert("{{randomValue length=1024 type='HEXADECIMAL'}}").text == "{{#random}}hex 1024{{/random}}")
        for length in [0, 1025] {
            #expect(template.convert("{{randomValue length=\(length) type='HEXADECIMAL'}}").unsupported.first?.reason
                        .hasPrefix("randomValue type='HEXADECIMAL' (") == true, "\(length)")
        }
        #expect(template.convert("{{ random 'Name.first_name' }} {{random \"Address.countryCode\"}} {{random 'Finance.iban'}}").text
                == "{{#fake}}firstName{{/fake}} {{#fake}}countryCode{{/fake}} {{#fake}}iban{{/fake}}")
        #expect(template.convert("{{random 'Beer.name'}}").unsupported.first?.reason.contains("the Faker expression") == true)
        // Every Faker expression WireMock's `random` helper takes that has a route-file kind, in
        // Faker's own spellings (any case, with or without `_`).
        let faker = [
            "Name.firstName": "firstName", "Name.last_name": "lastName", "Name.fullName": "name", "Name.name": "name",
            "Name.username": "username", "Internet.emailAddress": "email", "Internet.safeEmailAddress": "email",
            "PhoneNumber.phoneNumber": "phone", "PhoneNumber.cellPhone": "phone", "Address.country": "country",
            "Address.countryCode": "countryCode", "Address.city": "city", "Address.cityName": "city", "Address.streetName": "street",
            "Address.streetAddress": "streetAddress", "Address.zipCode": "postcode", "Address.postcode": "postcode",
            "Company.name": "company", "Finance.iban": "iban", "Finance.bic": "bic", "Lorem.word": "word",
        ]
        for (expression, kind) in faker {
            #expect(template.convert("{{random '\(expression)'}}").text == "{{#fake}}\(kind){{/fake}}", "\(expression)")
        }
        // A dotted path converts; recursive descent and empty names do not (`{{body..a}}` would name nothing).
        #expect(template.convert("{{jsonPath request.body '$.payee.iban'}}").text == "{{body.payee.iban}}")
        for path in ["$..iban", "$.payee..iban", "$.payee.", "$.", "$.a[0]", "$.*"] {
            let converted = template.convert("{{jsonPath request.body '\(path)'}}")
            #expect(converted.unsupported.count == 1 && !converted.text.contains("{{body"), "\(path): \(converted.text)")
        }
        #expect(template.convert("{{capitalize request.query.name}}!{{trim 'a '}}").text
                == "{{#capitalize}}{{query.name}}{{/capitalize}}!{{#trim}}a {{/trim}}")
        // Handlebars quotes a literal either way.
        #expect(template.convert(#"{{upper "gbp"}} {{lower 'EUR'}}"#).text == "{{#upper}}gbp{{/upper}} {{#lower}}EUR{{/lower}}")
        let missing = template.convert("{{request.path.[3]}} {{now offset='1 months'}} {{randomValue length=8 type='ALPHANUMERIC_AND_SYMBOLS'}} {{jsonPath request.body '$.items[0]'}} {{request.path.accountId}}")
        #expect(missing.unsupported.map(\.reason) == [
            "{{request.path.[3]}} (segment 3 of /v1/cards/{cardId}/** is a wildcard)",
            "now offset='1 months' (seconds, minutes, hours, days and weeks convert; months and years do not)",
            "randomValue type='ALPHANUMERIC_AND_SYMBOLS' (UUID, and ALPHANUMERIC, ALPHABETIC, NUMERIC or HEXADECIMAL with a length, convert)",
            "{{jsonPath request.body '$.items[0]'}} (jsonPath converts only for request.body with a dotted path such as '$.a.b')",
            "{{request.path.accountId}} (the path /v1/cards/{cardId}/** has no {accountId})",
        ])
        let beyond = WireMockTemplate(path: "/v1/cards").convert("{{request.path.[5]}}")
        #expect(beyond.unsupported.map(\.reason) == ["{{request.path.[5]}} (the path /v1/cards has 2 segments)"])
        // An unclosed `{{` is named, and the text is kept as written from there.
        let unclosed = template.convert("Hello {{request.method}} and {{request.query.q")
        #expect(unclosed.text == "Hello {{request.method}} and {{request.query.q", "\(unclosed.text)")
        #expect(unclosed.unsupported.map(\.reason) == ["an unclosed {{"] && unclosed.unsupported.first?.written == "{{request.query.q")
    }

    /// WireMock's four faults become the stub's nearest ones, and its delays keep their numbers:
    /// `uniform`'s lower and upper, `lognormal`'s median and sigma.
    @Test func faultsAndDelayDistributionsKeepTheirMeaning() throws {
        let source = ScratchFolder(), out = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let mappings = """
            {"mappings": [
              {"name": "reset", "request": {"url": "/f/reset"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}},
              {"name": "empty", "request": {"url": "/f/empty"}, "response": {"fault": "EMPTY_RESPONSE"}},
              {"name": "chunk", "request": {"url": "/f/chunk"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}},
              {"name": "random", "request": {"url": "/f/random"}, "response": {"fault": "RANDOM_DATA_THEN_CLOSE"}},
              {"name": "uniform", "request": {"url": "/d/uniform"},
               "response": {"status": 200, "delayDistribution": {"type": "uniform", "lower": 100, "upper": 400}}},
              {"name": "lognormal", "request": {"url": "/d/lognormal"},
               "response": {"status": 200, "delayDistribution": {"type": "lognormal", "median": 80, "sigma": 0.4}}}
            ]}
            """
        try Data(mappings.utf8).write(to: source.url.appendingPathComponent("mappings/faults.json"))
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        // Each fault replays as WireMock's: RANDOM_DATA_THEN_CLOSE as the malformed body it becomes.
        #expect(report.replay?.replayed == 6 && report.replay?.matched == 6,
                "\(report.replay?.mismatched ?? []) \(report.replay?.notReplayed ?? [])")
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: out.url).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        func response(_ id: String) -> RouteResponse? { routes.routes.first { $0.id == id }?.responses.first }
        #expect(response("reset")?.behaviour.fault == .reset)
        #expect(response("empty")?.behaviour.fault == .empty)
        #expect(response("chunk")?.behaviour.fault == .truncated)
        #expect(response("random")?.behaviour.fault == .malformed)
        #expect(response("uniform")?.behaviour.latency == LatencyModel(type: .uniform, minMs: 100, maxMs: 400))
        #expect(response("lognormal")?.behaviour.latency == LatencyModel(type: .lognormal, medianMs: 80, sigma: 0.4))
    }

    /// What the import leaves out is not replayed: a mapping that a later one for the same
    /// requests replaces (WireMock serves the later), and one the route-file loader refuses (a
    /// header pattern that is no regular expression). A name the file uses twice becomes the
    /// file's name and the mapping's place in it, from 1.
    @Test func whatIsLeftOutIsNotReplayedAndARepeatedNameTakesItsPlaceInTheFile() throws {
        let source = ScratchFolder(), out = ScratchFolder()
        try FileManager.default.createDirectory(at: source.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let mappings = """
            {"mappings": [
              {"name": "accounts", "request": {"method": "GET", "url": "/v1/accounts"}, "response": {"status": 200, "body": "first"}},
              {"name": "accounts", "request": {"method": "POST", "url": "/v1/accounts"}, "response": {"status": 201, "body": "made"}},
              {"name": "accounts", "request": {"method": "GET", "url": "/v1/accounts"}, "response": {"status": 200, "body": "second"}},
              {"name": "broken", "request": {"method": "GET", "url": "/v1/broken", "headers": {"X-Id": {"matches": "([a-z"}}},
               "response": {"status": 200}}
            ]}
            """
        try Data(mappings.utf8).write(to: source.url.appendingPathComponent("mappings/set.json"))
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        #expect(report.skipped.map(\.source) == ["mappings/set.json mappings[0]", "mappings/set.json mappings[3]"], "\(report.skipped)")
        #expect(report.routes == 2)
        let replay = try #require(report.replay)
        #expect(replay.replayed == 2 && replay.matched == 2 && replay.notReplayed.isEmpty, "\(replay.mismatched) \(replay.notReplayed)")
        var problems: [FixtureProblem] = []
        let routes = RouteFileLoader(root: out.url).load(problems: &problems)
        #expect(problems.isEmpty, "\(problems)")
        #expect(routes.routes.map(\.id).sorted() == ["set-2", "set-3"])
    }

    /// A file in `mappings/` that is not a mapping (not JSON, a JSON list, an object with
    /// neither `request` nor `mappings`) is listed with its reason, and the files after it in
    /// name order still convert.
    @Test func aFileThatIsNoMappingIsListedAndTheFilesAfterItStillConvert() throws {
        let source = ScratchFolder(), out = ScratchFolder()
        let folder = source.url.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "a-half-written.json": #"{"request": {"method": "GET", "url": "/v1/a"}, "response": {"#,
            "b-list.json": #"[{"request": {"method": "GET", "url": "/v1/b"}, "response": {"status": 200}}]"#,
            "c-settings.json": #"{"port": 8080}"#,
            "d-accounts.json": #"{"request": {"method": "GET", "url": "/v1/accounts"}, "response": {"status": 200, "body": "ok"}}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let report = try WireMockImporter(source: source.url).run(out: out.url)
        #expect(report.skipped.map(\.source) == ["mappings/a-half-written.json", "mappings/b-list.json", "mappings/c-settings.json"],
                "\(report.skipped)")
        #expect(report.skipped.map(\.reason).prefix(2) == [
            "not JSON: the object is never closed with } at line 1, column 61; skipped",
            "a JSON list, not a mapping object ({\"request\": …} or {\"mappings\": [...]}); skipped"], "\(report.skipped)")
        #expect(report.skipped.last?.reason.contains("neither a mapping") == true, "\(report.skipped)")
        #expect(report.routes == 1)
        #expect(report.replay?.replayed == 1 && report.replay?.matched == 1)
    }

    @Test func prioritiesKeepWireMocksMeaning() async throws {
        // Lower wins and none is 5: priority 1 beats the pattern with none, 10 loses to it.
        let (out, _) = try imported()
        try await StubApplication.make(backend: try makeBackend(stubs: out.url)).test(.router) { client in
            let first = try await client.execute(uri: "/cards/crd_1", method: .get)
            let second = try await client.execute(uri: "/cards/crd_2", method: .get)
            let other = try await client.execute(uri: "/cards/crd_3", method: .get)
            #expect(first.status == .ok && String(buffer: first.body).contains("crd_1"))
            #expect(second.status == .notFound, "priority 10 loses to WireMock's default 5")
            #expect(other.status == .notFound)
        }
    }

    @Test func pathRegexesBecomeTemplatesOnlyWhenTheyAreSegments() {
        #expect(WireMockPath.template(fromRegex: "/accounts/[0-9]+/transactions")
                == .init(path: "/accounts/{p1}/transactions", params: [("p1", "[0-9]+")]))
        #expect(WireMockPath.template(fromRegex: "^/v1/users/\\d+$") == .init(path: "/v1/users/{p1}", params: [("p1", "\\d+")]))
        #expect(WireMockPath.template(fromRegex: "/static/.*")?.path == "/static/**")
        #expect(WireMockPath.template(fromRegex: "/a\\.json") == .init(path: "/a.json", params: []))
        #expect(WireMockPath.template(fromRegex: "/api/.*/items") == nil)
        #expect(WireMockPath.template(fromRegex: "/api/(a|b)c.+") == nil)
        #expect(WireMockPath.template(fromRegex: "/x/[^a]+") == nil)
        #expect(WireMockPath.template(fromRegex: "/x/[^/]+")?.path == "/x/{p1}")
        // \S, \D and \W match a slash too, so the segment could run on; \d and \w cannot.
        for crossing in [#"/x/\S+"#, #"/x/\D+"#, #"/x/\W+"#] { #expect(WireMockPath.template(fromRegex: crossing) == nil, "\(crossing)") }
        #expect(WireMockPath.template(fromRegex: #"/x/\w+"#)?.path == "/x/{p1}")
        // An escaped bracket opens no class, so the slash after it still ends the segment.
        #expect(WireMockPath.template(fromRegex: #"/a\[/b"#) == .init(path: "/a[/b", params: []))
        #expect(WireMockPath.template(fromRegex: #"/a/[^\]/]+/b"#) == .init(path: "/a/{p1}/b", params: [("p1", #"[^\]/]+"#)]))
        #expect(WireMockPath.template(fromRegex: #"/files/[^\/]+\.pdf"#) == .init(path: "/files/{p1}", params: [("p1", #"[^\/]+\.pdf"#)]))
    }
}
