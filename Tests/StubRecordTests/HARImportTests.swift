import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StubImport
import StubRecord
import StubServer
import Testing

/// `stubbank import har`: captures from every tool become a folder that serves what was captured,
/// redacted, and what cannot be served is listed rather than lost.
@Suite struct HARImportTests {
    /// Writes `files` (name → HAR text) to a scratch folder, imports them into `out` and serves it.
    private func imported(_ files: [String: String], hosts: [String] = [], sequences: Bool = false, redact: Bool = true,
                          _ body: @escaping @Sendable (ImportReport, URL, any TestClientProtocol) async throws -> Void) async throws {
        try await RecordTestSupport.withScratch("har") { scratch, _ in
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            var urls: [URL] = []
            for (name, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = scratch.appendingPathComponent(name)
                try Data(text.utf8).write(to: url)
                urls.append(url)
            }
            let out = scratch.appendingPathComponent("out")
            let report = try HARImport(files: urls, hosts: hosts, sequences: sequences, redactor: redact ? Redactor() : nil).run(out: out)
            let backend = try RecordTestSupport.backend(out)
            try await StubApplication.make(backend: backend).test(.router) { client in
                try await body(report, out, client)
            }
        }
    }

    private static let every = ["chrome.har": HARFixtures.chrome, "firefox.har": HARFixtures.firefox, "safari.har": HARFixtures.safari,
                                "charles.har": HARFixtures.charles, "proxyman.har": HARFixtures.proxyman,
                                "insomnia.har": HARFixtures.insomnia, "instruments.har": HARFixtures.instruments]

    private func json(_ response: TestResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
    }

    @Test func everyToolsCaptureServesWhatWasCaptured() async throws {
        try await imported(Self.every) { report, _, client in
            // Chrome: JSON, with the pseudo-headers, the body's compression and the date gone.
            let accounts = try await client.execute(uri: "/v1/accounts", method: .get)
            #expect(accounts.status == .ok)
            #expect(accounts.headers[.contentType] == "application/json")
            #expect(accounts.headers[HTTPField.Name("x-rate-limit")!] == "100")
            #expect(accounts.headers[.contentEncoding] == nil, "the HAR holds the body decoded")
            #expect(accounts.headers[HTTPField.Name("set-cookie")!] != nil, "two Set-Cookie fields become one")
            let list = json(accounts)["data"] as? [[String: Any]] ?? []
            #expect(list.map { $0["id"] as? String } == ["acc_1001", "acc_1002"])
            // The image's bytes, exactly.
            let art = try await client.execute(uri: "/v1/cards/crd_77/art.png", method: .get)
            #expect(Array(buffer: art.body) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(art.headers[.contentType] == "image/png")
            // Firefox: the query and a mixed-case header; the redirect stays on the stub.
            let page = try await client.execute(uri: "/v1/accounts/acc_1001/transactions?page=1&sort=-date", method: .get)
            #expect(page.status == .ok)
            #expect((json(page)["data"] as? [[String: Any]])?.first?["merchant"] as? String == "Corner Cafe")
            #expect(page.headers[HTTPField.Name("vary")!] == "Accept, Authorization")
            let redirect = try await client.execute(uri: "/v1/statements/latest", method: .get)
            #expect(redirect.status == .found)
            #expect(redirect.headers[.location] == "/v1/statements/stm_2026_10?format=pdf")
            // Safari: base64 JSON and a status written 200.0.
            let profile = try await client.execute(uri: "/v1/profile", method: .get)
            #expect(profile.status == .ok)
            #expect(json(profile)["tier"] as? String == "premier")
            // Charles: text, and a 204 without a body.
            let hours = try await client.execute(uri: "/v1/support/hours", method: .get)
            #expect(String(buffer: hours.body) == "Mon-Fri 8:00-20:00")
            #expect(hours.headers[.contentType] == "text/plain; charset=utf-8")
            let deleted = try await client.execute(uri: "/v1/beneficiaries/ben_204", method: .delete)
            #expect(deleted.status == .noContent)
            // Proxyman: the query and the 404; Insomnia's sent request; Instruments' mimeType.
            let atms = try await client.execute(uri: "/v1/atms?lat=51.5072&lon=-0.1276", method: .get)
            #expect((json(atms)["data"] as? [[String: Any]])?.first?["id"] as? String == "atm_1")
            let missing = try await client.execute(uri: "/v1/cards/crd_404", method: .get)
            #expect(missing.status == .notFound)
            let rates = try await client.execute(uri: "/v1/fx/rates?base=GBP", method: .get)
            #expect(json(rates)["EUR"] as? Double == 1.17)
            let offers = try await client.execute(uri: "/v1/offers", method: .get)
            #expect(offers.headers[.contentType] == "application/json")
            // A cached entry with no body still answers.
            let status = try await client.execute(uri: "/v1/status", method: .get)
            #expect(status.status == .ok)

            let skipped = report.skipped.map(\.description)
            #expect(skipped.contains { $0.contains("chrome.har: entry 3 (POST /v1/transfers)") && $0.contains("net::ERR_ABORTED") })
            #expect(skipped.contains { $0.contains("chrome.har: entry 4") && $0.contains("WebSocket") })
            #expect(skipped.contains { $0.contains("insomnia.har: entry 1 (GET /v1/fx/history)") && $0.contains("no response") })
            #expect(skipped.contains { $0.contains("not http or https: data: (1 entry)") })
            #expect(skipped.contains { $0.contains("imported every host") && $0.contains("api.bank.example") && $0.contains("localhost:8080") })
        }
    }

    @Test func redactionIsOnAndTheSameFakeEverywhere() async throws {
        try await imported(["chrome.har": HARFixtures.chrome, "safari.har": HARFixtures.safari], hosts: ["api.bank.example"]) { _, out, client in
            let answer = try await client.execute(uri: "/v1/accounts", method: .get)
            let accounts = json(answer)["data"] as? [[String: Any]] ?? []
            let owners = Set(accounts.compactMap { $0["owner"] as? String })
            #expect(owners.count == 1 && !owners.contains("Alex Morgan"), "\(owners)")
            #expect(accounts.allSatisfy { ($0["iban"] as? String)?.hasPrefix("GB") == true && $0["iban"] as? String != "GB33BUKB20201555555555" })
            let profileAnswer = try await client.execute(uri: "/v1/profile", method: .get)
            let profile = json(profileAnswer)
            #expect(profile["name"] as? String == owners.first, "one name, one fake, across files")
            // Nothing of the person is left anywhere in the folder.
            let files = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where !file.hasDirectoryPath {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                #expect(!text.contains("Morgan") && !text.contains("GB33BUKB"), "\(file.lastPathComponent)")
            }
        }
    }

    /// A query value is redacted like a body's: the e-mail addresses and IBANs two searches sent
    /// (answered differently, so each becomes a query matcher) are nowhere in the folder. (An
    /// address at a reserved domain, `example.com`, cannot be anyone's and is left as it is.)
    @Test func aQueryValueIsRedactedToo() async throws {
        func entry(_ query: String, _ count: Int) -> String {
            #"{"request": {"method": "GET", "url": "https://api.bank.example/v1/payees?"# + query + #""}, "#
                + #""response": {"status": 200, "headers": [], "content": {"mimeType": "application/json", "text": "{\"count\":"#
                + String(count) + #"}"}}}"#
        }
        let har = #"{"log": {"entries": ["# + entry("email=jane.doe%40mailbox.org&iban=GB33BUKB20201555555555", 1) + ","
            + entry("email=john.roe%40mailbox.org&iban=DE89370400440532013000", 2) + "]}}"
        try await imported(["search.har": har]) { report, out, _ in
            #expect(report.routes == 2, "\(report.skipped)")
            let files = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            var written = ""
            for file in files where !file.hasDirectoryPath { written += (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
            #expect(written.contains("email") && written.contains("iban"), "the names stay: \(written)")
            for secret in ["jane.doe", "john.roe", "GB33BUKB20201555555555", "DE89370400440532013000"] {
                #expect(!written.contains(secret), "\(secret) in \(written)")
            }
        }
    }

    @Test func anAddressMadeOfANameSeenLaterIsFakedToo() async throws {
        // The note comes first, the name later; the route set learns every name before it redacts.
        let har = #"""
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://api.bank.example/v1/notes"},
               "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/plain"}],
                            "content": {"mimeType": "text/plain", "text": "Statement sent to alex.morgan@example.com"}}},
              {"request": {"method": "GET", "url": "https://api.bank.example/v1/me"},
               "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                            "content": {"mimeType": "application/json", "text": "{\"lastName\": \"Morgan\"}"}}}
            ]}}
            """#
        try await imported(["notes.har": har]) { _, _, client in
            let note = String(buffer: try await client.execute(uri: "/v1/notes", method: .get).body)
            #expect(note.hasPrefix("Statement sent to user.") && !note.lowercased().contains("morgan"), "\(note)")
        }
    }

    @Test func hostsChooseAndOthersAreCounted() async throws {
        let files = ["chrome.har": HARFixtures.chrome, "instruments.har": HARFixtures.instruments]
        // A host is named in any case, as DNS names are.
        try await imported(files, hosts: ["LocalHost"]) { report, _, client in
            #expect(report.routes == 1)
            let offers = try await client.execute(uri: "/v1/offers", method: .get)
            let accounts = try await client.execute(uri: "/v1/accounts", method: .get)
            #expect(offers.status == .ok)
            #expect(accounts.status == .notFound)
            // `localhost:8080` is the host chosen, with its port: it is not listed among the others.
            let others = "skipped other hosts: api.bank.example (3 entries), cdn.analytics.example (1 entry)"
            #expect(report.skipped.contains { $0.reason == others }, "\(report.skipped)")
        }
    }

    /// What is counted is counted over every file given, not the last one read.
    @Test func entriesOfOtherSchemesAreCountedOverEveryFile() async throws {
        try await imported(["a.har": HARFixtures.chrome, "b.har": HARFixtures.chrome]) { report, _, _ in
            let note = "skipped entries whose URL is not http or https: data: (2 entries)"
            #expect(report.skipped.contains { $0.reason == note }, "\(report.skipped)")
        }
    }

    /// Within one file too, each entry of another scheme is counted: Chrome's capture with two
    /// more inline images (`data:`) and a `blob:` download has three and one.
    @Test func eachEntryOfAnotherSchemeIsCounted() async throws {
        let blob = "blob:https://app.bank.example/0b6e5b3c-3f9e-4f52-9d1e-5c1b8e0f7a11"
        let more = ["data:image/png;base64,iVBORw0KGgo=", "data:image/svg+xml,%3Csvg%2F%3E", blob].map { url in
            #"{"cache": {}, "startedDateTime": "2026-11-20T09:00:03.150Z", "time": 0, "request": {"method": "GET", "url": ""#
                + url + #"", "httpVersion": "", "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0}, "#
                + #""response": {"status": 200, "statusText": "OK", "httpVersion": "", "headers": [], "cookies": [], "#
                + #""content": {"size": 8, "mimeType": "image/png"}, "redirectURL": "", "headersSize": -1, "bodySize": 0}, "#
                + #""timings": {"send": 0, "wait": 0, "receive": 0}},"#
        }.joined()
        let socket = #"{"_resourceType": "websocket""#
        #expect(HARFixtures.chrome.components(separatedBy: socket).count == 2, "the fixture has one WebSocket to put these before")
        let capture = HARFixtures.chrome.replacingOccurrences(of: socket, with: more + socket)
        try await imported(["chrome.har": capture]) { report, _, _ in
            let note = "skipped entries whose URL is not http or https: data: (3 entries), blob: (1 entry)"
            #expect(report.skipped.contains { $0.reason == note }, "\(report.skipped)")
        }
    }

    @Test func repeatsBecomeSequencesWhenAsked() async throws {
        try await imported(["firefox.har": HARFixtures.firefox], sequences: true) { _, _, client in
            let first = try await client.execute(uri: "/v1/notifications/count", method: .get)
            let second = try await client.execute(uri: "/v1/notifications/count", method: .get)
            #expect([json(first)["count"] as? Int, json(second)["count"] as? Int] == [3, 0])
        }
        try await imported(["firefox.har": HARFixtures.firefox]) { report, _, client in
            let first = try await client.execute(uri: "/v1/notifications/count", method: .get)
            let second = try await client.execute(uri: "/v1/notifications/count", method: .get)
            #expect(json(first)["count"] as? Int == 3 && json(second)["count"] as? Int == 3)
            #expect(report.skipped.contains { $0.reason.contains("answered 2 different ways") })
        }
    }

    @Test func aFileThatIsNotAHARLogIsRefusedAndNothingIsWritten() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("har-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            (#"{"log": {"entries": [ {"request": {"method": "GET", "url": "https://a.example/x"}, "#, "not JSON"),
            (#"{"entries": []}"#, "no top-level \"log\""),
            (#"{"log": {"version": "1.2"}}"#, "no \"entries\" array"),
            (#"{"log": {"entries": [{"response": {"status": 200}}]}}"#, "nothing to import"),
        ]
        for (text, expected) in cases {
            let file = scratch.appendingPathComponent("broken.har")
            try Data(text.utf8).write(to: file)
            let out = scratch.appendingPathComponent("out")
            #expect {
                _ = try HARImport(files: [file], redactor: Redactor()).run(out: out)
            } throws: { error in
                "\(error)".contains(expected) && ("\(error)".contains("broken.har") || expected == "nothing to import")
            }
            #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written for \(expected)")
        }
    }

    @Test func anIncompleteLogImportsItsCompleteEntriesAndListsTheRest() async throws {
        let entries = [
            #"{"request": {"method": "GET", "url": "https://a.example/v1/ok"}, "response": {"status": 200, "content": {"text": "fine"}}}"#,
            #"{"response": {"status": 200}}"#,
            #"{"request": {"method": "GET"}, "response": {"status": 200}}"#,
            #"{"request": {"url": "https://a.example/"}}"#,
            #"{"request": {"method": "GET", "url": "not a url at all %"}, "response": {"status": 200}}"#,
            #""a string""#,
        ]
        let log = #"{"log": {"entries": ["# + entries.joined(separator: ",") + "]}}"
        try await imported(["cut.har": log]) { report, _, client in
            #expect(report.routes == 1)
            let ok = try await client.execute(uri: "/v1/ok", method: .get)
            #expect(String(buffer: ok.body) == "fine")
            let notes = report.skipped.map(\.description)
            for (index, reason) in [(1, "no \"request\" object"), (2, "request.url is missing"), (3, "request.method is missing"),
                                    (4, "is not a URL"), (5, "not an object")] {
                #expect(notes.contains { $0.hasPrefix("cut.har: entry \(index):") && $0.contains(reason) && $0.contains("incomplete") },
                        "entry \(index): \(notes)")
            }
        }
    }

    /// An answer a stub cannot serve (a WebSocket upgrade, a status outside 200–599) and a body
    /// it cannot read (base64 that does not decode, an encoding HAR does not define) are each
    /// listed with their entry and why; the entries around them still import.
    @Test func answersThatCannotBeServedAreListedWithTheirEntry() async throws {
        let entry = { (path: String, status: Int, content: String) in
            #"{"request": {"method": "GET", "url": "https://a.example"# + path + #""}, "response": {"status": "# + String(status)
                + #", "headers": [], "content": "# + content + "}}"
        }
        let log = #"{"log": {"entries": ["# + [
            entry("/v1/ok", 200, #"{"text": "fine"}"#),
            entry("/v1/socket", 101, "{}"),
            entry("/v1/early", 103, "{}"),
            entry("/v1/odd", 600, #"{"text": "x"}"#),
            entry("/v1/garbled", 200, #"{"text": "YWJjZ", "encoding": "base64"}"#),
            entry("/v1/zipped", 200, #"{"text": "H4sIAAAA", "encoding": "gzip"}"#),
            entry("/v1/after", 200, #"{"text": "still here"}"#),
        ].joined(separator: ",") + "]}}"
        try await imported(["odd.har": log]) { report, _, client in
            #expect(report.routes == 2, "\(report.skipped)")
            let reasons = Dictionary(report.skipped.map { ($0.source, $0.reason) }, uniquingKeysWith: { $0 + "; " + $1 })
            for (source, reason) in [("odd.har: entry 1 (GET /v1/socket)", "a WebSocket upgrade"),
                                     ("odd.har: entry 2 (GET /v1/early)", "status 103 cannot be served"),
                                     ("odd.har: entry 3 (GET /v1/odd)", "status 600 cannot be served"),
                                     ("odd.har: entry 4 (GET /v1/garbled)", "marked base64 but does not decode"),
                                     ("odd.har: entry 5 (GET /v1/zipped)", "encoding \"gzip\" is not one StubBank reads")] {
                #expect(reasons[source]?.contains(reason) == true, "\(source): \(reasons)")
            }
            let ok = try await client.execute(uri: "/v1/ok", method: .get)
            let after = try await client.execute(uri: "/v1/after", method: .get)
            let garbled = try await client.execute(uri: "/v1/garbled", method: .get)
            #expect(String(buffer: ok.body) == "fine" && String(buffer: after.body) == "still here")
            #expect(garbled.status == .notFound)
        }
    }

    @Test func aRepeatedQueryKeyMatchesEveryValueInOrder() async throws {
        // Polly.JS and browsers send a list as a repeated key; two captures with different lists.
        let entry = { (query: String, body: String) in
            #"{"request": {"method": "GET", "url": "https://a.example/v1/items?"# + query
                + #""}, "response": {"status": 200, "content": {"mimeType": "application/json", "text": "# + body + "}}}"
        }
        let log = #"{"log": {"entries": ["# + entry("id=3&id=9&id=2", #""{\"n\":3}""#) + ","
            + entry("id=4", #""{\"n\":1}""#) + "," + entry("id=5&id=6", #""{\"n\":2}""#) + "]}}"
        try await imported(["polly.har": log]) { report, _, client in
            #expect(report.routes == 3, "\(report.skipped)")
            let two = try await client.execute(uri: "/v1/items?id=5&id=6", method: .get)
            #expect(two.status == .ok && json(two)["n"] as? Int == 2, "\(String(buffer: two.body))")
            let firstOfTwo = try await client.execute(uri: "/v1/items?id=5", method: .get)
            #expect(firstOfTwo.status == .notFound, "a list of two needs both")
            let three = try await client.execute(uri: "/v1/items?id=3&id=9&id=2", method: .get)
            let one = try await client.execute(uri: "/v1/items?id=4", method: .get)
            let reordered = try await client.execute(uri: "/v1/items?id=9&id=3&id=2", method: .get)
            let shorter = try await client.execute(uri: "/v1/items?id=3&id=9", method: .get)
            #expect(three.status == .ok && json(three)["n"] as? Int == 3, "\(String(buffer: three.body))")
            #expect(one.status == .ok && json(one)["n"] as? Int == 1, "\(String(buffer: one.body))")
            #expect(reordered.status == .notFound, "the order counts")
            #expect(shorter.status == .notFound)
        }
    }

    /// Chrome writes `mimeType: "x-unknown"` when it knows no type (a 204, an empty body): that is
    /// no media type, so it is not served as one; a real one fills in a missing `Content-Type`.
    @Test func chromesUnknownMimeTypeIsNoContentType() async throws {
        let entry = { (path: String, status: Int, content: String) in
            #"{"request": {"method": "GET", "url": "https://a.example"# + path + #""}, "response": {"status": "# + String(status)
                + #", "headers": [], "content": "# + content + "}}"
        }
        let log = #"{"log": {"entries": ["# + entry("/v1/ping", 204, #"{"size": 0, "mimeType": "x-unknown"}"#) + ","
            + entry("/v1/note", 200, #"{"size": 2, "mimeType": "text/plain", "text": "ok"}"#) + "]}}"
        try await imported(["chrome.har": log]) { report, _, client in
            #expect(report.routes == 2, "\(report.skipped)")
            let ping = try await client.execute(uri: "/v1/ping", method: .get)
            #expect(ping.status == .noContent)
            #expect(ping.headers[.contentType].map { !$0.contains("x-unknown") } ?? true, "\(ping.headers)")
            let note = try await client.execute(uri: "/v1/note", method: .get)
            #expect(note.headers[.contentType]?.hasPrefix("text/plain") == true && String(buffer: note.body) == "ok")
        }
    }

    /// Each route file opens by naming the captures by file name alone (their folder, often a
    /// home folder, stays out of a file the team commits) and by saying whether it was redacted.
    @Test func eachRouteFileNamesItsCapturesAndWhetherTheyWereRedacted() async throws {
        for redact in [true, false] {
            try await imported(["chrome.har": HARFixtures.chrome, "safari.har": HARFixtures.safari], redact: redact) { report, out, _ in
                let routeFiles = report.written.filter { $0.hasPrefix("routes/") && $0.hasSuffix(".yaml") }
                #expect(!routeFiles.isEmpty, "\(report.written)")
                let said = redact ? "redacted" : "NOT redacted: do not commit"
                for file in routeFiles {
                    let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
                    let first = text.split(separator: "\n").first.map(String.init)
                    let expected = "# Imported from chrome.har, safari.har by stubbank import har; \(said). Serve with: stubbank serve --stubs out"
                    #expect(first == expected, "\(file): \(Array((first ?? "").utf8)) \(Array(expected.utf8))")
                }
            }
        }
    }

    /// A base64 body wrapped in lines, as MIME writes it (76 characters, CRLF) and as some
    /// exporters copy it, decodes to the same bytes as the unwrapped text.
    @Test func aBase64BodyWrappedInLinesDecodes() async throws {
        let bytes = (0..<200).map { UInt8(($0 * 37) % 256) }
        let wrapped = Data(bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        #expect(wrapped.contains("\r\n"), "the fixture is wrapped")
        let entry: [String: Any] = [
            "request": ["method": "GET", "url": "https://a.example/v1/blob", "headers": []],
            "response": ["status": 200, "headers": [],
                         "content": ["size": bytes.count, "mimeType": "application/octet-stream", "encoding": "base64", "text": wrapped]],
        ]
        let log = String(decoding: try JSONSerialization.data(withJSONObject: ["log": ["entries": [entry]]]), as: UTF8.self)
        try await imported(["wrapped.har": log]) { report, _, client in
            #expect(report.routes == 1, "\(report.skipped)")
            let blob = try await client.execute(uri: "/v1/blob", method: .get)
            #expect(blob.status == .ok && Array(buffer: blob.body) == bytes)
        }
    }

    /// What tools write differently, read as HTTP means it: a lower-case method (`get`, as some
    /// hand-edited captures have it), a status written `200.0`, the captured `Content-Length`
    /// (the body is held decoded, so the stub sets its own), and a percent-encoded query, which
    /// is matched as the app sends it (`%2B` is a plus sign, `+` a space).
    @Test func toolSpellingsAreReadAsHTTPMeansThem() async throws {
        let entry = { (query: String, hits: Int, scheme: String) in
            #"{"request": {"method": "get", "url": ""# + scheme + #"://a.example/v1/search?"# + query + #""}, "#
                + #""response": {"status": 200.0, "headers": [{"name": "Content-Length", "value": "999"}], "#
                + #""content": {"mimeType": "application/json", "text": "{\"hits\":"# + String(hits) + #"}"}}}"#
        }
        let log = #"{"log": {"entries": ["# + entry("q=caf%C3%A9%20bar&sort=a%2Bb", 1, "https") + "," + entry("q=tea&sort=c", 2, "HTTPS") + "]}}"
        try await imported(["tools.har": log]) { report, _, client in
            #expect(report.routes == 2 && report.skipped.isEmpty, "\(report.skipped)")
            let found = try await client.execute(uri: "/v1/search?q=caf%C3%A9%20bar&sort=a%2Bb", method: .get)
            #expect(found.status == .ok && json(found)["hits"] as? Int == 1, "\(String(buffer: found.body))")
            #expect(found.headers[.contentLength] == String(found.body.readableBytes), "the stub's own length, not the captured 999")
            let other = try await client.execute(uri: "/v1/search?q=tea&sort=c", method: .get)
            #expect(json(other)["hits"] as? Int == 2, "a scheme is read in any case (RFC 3986 §3.1)")
            let space = try await client.execute(uri: "/v1/search?q=caf%C3%A9%20bar&sort=a+b", method: .get)
            #expect(space.status == .notFound, "a+b is a space; the capture sent a plus sign")
        }
    }

    /// A capture that kept no body for an answer that had one (a size, but no `text`) is imported
    /// with an empty body and named in the report; an answer that never has a body (`HEAD`, 204,
    /// 304) is not, whatever size the tool wrote.
    @Test func anAnswerWhoseBodyWasNotCapturedIsNamedUnlessItNeverHasOne() async throws {
        let entry = { (method: String, path: String, status: Int) in
            #"{"request": {"method": ""# + method + #"", "url": "https://a.example"# + path + #""}, "response": {"status": "#
                + String(status) + #", "headers": [], "content": {"size": 14, "mimeType": "image/gif"}}}"#
        }
        let log = #"{"log": {"entries": ["# + [entry("GET", "/v1/logo.gif", 200), entry("HEAD", "/v1/logo.gif", 200),
                                               entry("GET", "/v1/empty", 204), entry("GET", "/v1/cached", 304)].joined(separator: ",") + "]}}"
        try await imported(["bodies.har": log]) { report, _, client in
            let noted = report.skipped.filter { $0.reason.contains("holds no body") }.map(\.source)
            #expect(noted == ["bodies.har: entry 0 (GET /v1/logo.gif)"], "\(report.skipped)")
            #expect(report.routes == 4, "\(report.skipped)")
            let logo = try await client.execute(uri: "/v1/logo.gif", method: .get)
            #expect(logo.status == .ok && logo.body.readableBytes == 0)
        }
    }
}
