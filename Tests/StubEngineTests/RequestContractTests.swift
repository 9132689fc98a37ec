import Foundation
import HTTPTypes
import StubFormats
import StubOpenAPI
import Testing
@testable import StubEngine

/// `validate: requests` outside the parameter styles: the status a refusal takes from what the
/// operation declares, a header parameter found in whatever case the document and the client
/// write it, and a JSON body whose media type is written in capitals.
@Suite struct RequestContractTests {
    static let document = """
        openapi: 3.1.0
        info: { title: t, version: '1' }
        paths:
          /both:
            post:
              parameters:
                - { name: X-Request-Id, in: header, required: true, schema: { type: string, pattern: '^r-[0-9]+$' } }
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, required: [amount], properties: { amount: { type: integer } } }
              responses: { '201': { description: ok }, '400': { description: bad }, '422': { description: unprocessable } }
          /only422:
            post:
              parameters: [{ name: page, in: query, schema: { type: integer } }]
              responses: { '200': { description: ok }, '422': { description: unprocessable } }
          /neither:
            post:
              parameters: [{ name: page, in: query, schema: { type: integer } }]
              responses: { '200': { description: ok } }
        """

    private func check(_ path: String, query: String? = nil, headers: HTTPFields = [:], body: String = "") throws -> APIError? {
        try RequestContract.refusal(Self.document, "POST", path, query: query, headers: headers, body: body)
    }

    private func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    /// 400 unless the operation declares 422 and not 400 (Prism's rule).
    @Test func aRefusalIs400Unless422AloneIsDeclared() throws {
        #expect(try check("/only422", query: "page=x")?.status.code == 422)
        #expect(try check("/neither", query: "page=x")?.status.code == 400)
        #expect(try check("/both", headers: fields([("Content-Type", "application/json")]), body: "{}")?.status.code == 400,
                "both declared: 400")
    }

    @Test func aHeaderParameterIsFoundInAnyCase() throws {
        let json = ("Content-Type", "application/json")
        #expect(try check("/both", headers: fields([json, ("x-request-id", "r-12")]), body: #"{"amount": 1}"#) == nil)
        #expect(try check("/both", headers: fields([json, ("X-REQUEST-ID", "r-12")]), body: #"{"amount": 1}"#) == nil)
        let wrong = try check("/both", headers: fields([json, ("x-request-id", "12")]), body: #"{"amount": 1}"#)
        #expect(wrong?.message.contains("header parameter X-Request-Id") == true, "\(wrong?.message ?? "passed")")
        let missing = try check("/both", headers: fields([json]), body: #"{"amount": 1}"#)
        #expect(missing?.message.contains("header parameter X-Request-Id is required") == true, "\(missing?.message ?? "passed")")
    }

    /// RFC 9110: a media type's name is compared in any case.
    @Test func aMediaTypeInCapitalsIsTheDocumentsJSON() throws {
        let header = ("X-Request-Id", "r-1")
        #expect(try check("/both", headers: fields([header, ("Content-Type", "Application/JSON; charset=UTF-8")]),
                          body: #"{"amount": 1}"#) == nil)
        let invalid = try check("/both", headers: fields([header, ("Content-Type", "APPLICATION/JSON")]), body: #"{"amount": "x"}"#)
        #expect(invalid?.status.code == 400 && invalid?.message.contains("amount") == true, "\(invalid?.message ?? "passed")")
    }

    static let accounts = """
        openapi: 3.0.3
        info: { title: t, version: '1' }
        paths:
          /accounts/{accountId}:
            get:
              parameters:
                - { name: accountId, in: path, required: true, schema: { type: string, pattern: '^acc_' } }
                - { name: limit, in: query, schema: { type: integer } }
              responses: { '200': { description: ok } }
          /accounts/me:
            get:
              parameters: [{ name: view, in: query, required: true, schema: { type: string } }]
              responses: { '200': { description: ok } }
        """

    /// The message of the refusal of `GET path?query` by `accounts`, or nil when it passes.
    private func get(_ path: String, query: String? = nil) throws -> String? {
        try RequestContract.refusal(Self.accounts, "GET", path, query: query)?.message
    }

    /// The operation is the document's for the request's path, found by the document's own
    /// templates: a route file's `/accounts/{id}` (or `/accounts/acc_1`, or `/**`) answering
    /// `/accounts/acc_1` is checked against `/accounts/{accountId}`, its path parameter by the
    /// document's name; `/accounts/me` is the concrete operation, not the templated one.
    @Test func theOperationIsFoundByTheDocumentsPathsWhateverTheRouteCallsItsParameters() throws {
        #expect(try get("/accounts/acc_1", query: "limit=5") == nil)
        let limit = try get("/accounts/acc_1", query: "limit=abc")
        #expect(limit?.contains("query parameter limit") == true, "\(limit ?? "passed")")
        let account = try get("/accounts/xyz")
        #expect(account?.contains("path parameter accountId") == true, "\(account ?? "passed")")
        let me = try get("/accounts/me")
        #expect(me?.contains("query parameter view is required") == true, "\(me ?? "passed")")
        #expect(try get("/accounts/me", query: "view=full") == nil)
        // A path the document does not describe is not checked.
        #expect(try get("/accounts/acc_1/cards", query: "limit=abc") == nil)
        #expect(try get("/cards") == nil)
    }

    static let attachments = """
        openapi: 3.0.0
        info: { title: t, version: '1' }
        paths:
          /files/{FileID}:
            post:
              parameters: [{ name: FileID, in: path, required: true, schema: { type: string, format: uuid } }]
              requestBody:
                required: true
                content: { application/octet-stream: { schema: { type: string, format: byte } } }
              responses: { '200': { description: ok } }
          /files/{FileName}:
            post:
              parameters: [{ name: FileName, in: path, required: true, schema: { type: string, pattern: '\\.' } }]
              requestBody:
                required: true
                content:
                  application/octet-stream: { schema: { type: string, format: byte } }
                  application/json: { schema: { type: object } }
              responses: { '200': { description: ok } }
        """

    private func post(_ path: String, type: String, body: String = "") throws -> String? {
        try RequestContract.refusal(Self.attachments, "POST", path, headers: fields([("Content-Type", type)]), body: body)?.message
    }

    /// Xero's accounting document writes `/Accounts/{AccountID}/Attachments/{AttachmentID}` (a
    /// uuid) and `…/{FileName}` (any name), one path twice, which the specification forbids:
    /// a request that fits either operation fits the document. And an attachment of no bytes
    /// (`application/octet-stream`, a required body) is an empty file, not a missing body;
    /// empty JSON is still no body.
    @Test func aPathWrittenTwiceTakesARequestEitherAcceptsAndAnEmptyFileIsABody() throws {
        let uuid = "/files/6f7594f2-f059-4d56-9e67-47ac9733bfe9"
        #expect(try post(uuid, type: "application/octet-stream", body: "aGk=") == nil)
        #expect(try post("/files/statement.pdf", type: "application/octet-stream", body: "aGk=") == nil)
        let neither = try post("/files/statement", type: "application/octet-stream", body: "aGk=")
        #expect(neither?.contains("path parameter FileID") == true, "the first operation's refusal: \(neither ?? "passed")")
        #expect(try post("/files/statement.pdf", type: "application/octet-stream") == nil)
        let json = try post("/files/statement.pdf", type: "application/json")
        #expect(json?.contains("a request body is required") == true, "\(json ?? "passed")")
        let untyped = try post("/files/statement.pdf", type: "")
        #expect(untyped?.contains("a request body is required") == true, "\(untyped ?? "passed")")
    }

    /// A request body whose `content` is empty says a body is taken and nothing of its type: any
    /// type passes, and a required one is still required.
    @Test func aBodyWithNoContentDeclaredTakesAnyType() throws {
        let document = """
            openapi: 3.0.0
            info: { title: t, version: '1' }
            paths:
              /bare:
                post:
                  requestBody: { required: true, content: {} }
                  responses: { '200': { description: ok } }
            """
        let typed = try RequestContract.refusal(document, "POST", "/bare", headers: fields([("Content-Type", "text/plain")]), body: "x")
        #expect(typed == nil, "\(typed?.message ?? "")")
        let empty = try RequestContract.refusal(document, "POST", "/bare", headers: fields([("Content-Type", "application/json")]))
        #expect(empty?.message.contains("a request body is required") == true, "\(empty?.message ?? "passed")")
    }

    /// A request is checked against its most concrete path only: `/accounts/summary` that
    /// breaks its own operation is refused, though `/accounts/{accountId}` (any text, no query)
    /// would take it; a path written twice is the only case of two operations.
    @Test func aRequestIsCheckedAgainstItsMostConcretePathOnly() throws {
        let document = """
            openapi: 3.1.0
            info: { title: t, version: '1' }
            paths:
              /accounts/summary:
                get:
                  parameters: [{ name: currency, in: query, required: true, schema: { type: string } }]
                  responses: { '200': { description: ok } }
              /accounts/{accountId}:
                get:
                  parameters: [{ name: accountId, in: path, required: true, schema: { type: string } }]
                  responses: { '200': { description: ok } }
            """
        #expect(try RequestContract.refusal(document, "GET", "/accounts/summary", query: "currency=GBP") == nil)
        let missing = try RequestContract.refusal(document, "GET", "/accounts/summary")
        #expect(missing?.message.contains("currency") == true, "\(missing?.message ?? "passed")")
        #expect(try RequestContract.refusal(document, "GET", "/accounts/acc-1") == nil)
    }

    static let secured = """
        openapi: 3.0.3
        info: { title: t, version: '1' }
        security: [{ bearer: [] }]
        paths:
          /accounts:
            get: { responses: { '200': { description: ok } } }
          /status:
            get: { security: [], responses: { '200': { description: ok } } }
          /partners:
            get:
              security: [{ key: [] }, { oauth: [read] }]
              responses: { '200': { description: ok } }
          /exports:
            get:
              security: [{ key: [], session: [] }, {}]
              responses: { '200': { description: ok } }
          /signed:
            get:
              security: [{ basic: [], signature: [] }]
              parameters: [{ name: page, in: query, schema: { type: integer } }]
              responses: { '200': { description: ok } }
          /cookie:
            get: { security: [{ session: [] }], responses: { '200': { description: ok } } }
          /oidc:
            get: { security: [{ oidc: [] }], responses: { '200': { description: ok } } }
          /mtls:
            get: { security: [{ mtls: [] }], responses: { '200': { description: ok } } }
          /referenced:
            get: { security: [{ shared: [] }], responses: { '200': { description: ok } } }
          /dpop:
            get: { security: [{ dpop: [] }], responses: { '200': { description: ok } } }
        components:
          securitySchemes:
            oidc: { type: openIdConnect, openIdConnectUrl: https://id.example/.well-known/openid-configuration }
            mtls: { type: mutualTLS }
            shared: { $ref: "#/components/securitySchemes/key" }
            bearer: { type: http, scheme: bearer }
            basic: { type: http, scheme: Basic }
            dpop: { type: http, scheme: DPoP }
            key: { type: apiKey, in: header, name: X-Api-Key }
            session: { type: apiKey, in: cookie, name: sid }
            signature: { type: apiKey, in: query, name: sig }
            oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: /token, scopes: { read: r } } } }
        """

    /// The refusal of `GET path?query` with `headers`, or nil; `requests` also checks parameters.
    private func secured(_ path: String, query: String? = nil, _ headers: [(String, String)] = [], requests: Bool = false) throws -> APIError? {
        try RequestContract.refusal(Self.secured, "GET", path, query: query, headers: fields(headers), requests: requests, credentials: true)
    }

    /// `validate: [requests, credentials]`: a request that shows none of the credentials its
    /// operation's `security` asks for (the operation's own, else the document's) is refused
    /// with 401 and a challenge, as Prism refuses it; one alternative met is enough, and every
    /// scheme of it must show; `security: []` and `{}` let anyone in. Only presence is checked.
    @Test func credentialsTheOperationsSecurityNamesMustBeShown() throws {
        let missing = try secured("/accounts")
        #expect(missing?.status.code == 401 && missing?.code == "missing_credentials", "\(String(describing: missing))")
        #expect(missing?.headers["WWW-Authenticate"] == "Bearer")
        #expect(missing?.message.contains("Authorization: Bearer (bearer)") == true, "\(missing?.message ?? "")")
        #expect(try secured("/accounts", [("Authorization", "Bearer abc")]) == nil)
        #expect(try secured("/accounts", [("authorization", "bearer abc")]) == nil, "the scheme's name in any case")
        #expect(try secured("/accounts", [("Authorization", "Basic YTpi")]) != nil, "another scheme is not a bearer token")
        #expect(try secured("/accounts", [("Authorization", "Bearer")]) != nil, "a scheme without credentials")
        #expect(try secured("/status") == nil)
        #expect(try secured("/partners", [("x-api-key", "k")]) == nil)
        #expect(try secured("/partners", [("Authorization", "Bearer t")]) == nil)
        let partners = try secured("/partners")
        #expect(partners?.message.contains("header X-Api-Key (key), or Authorization: Bearer (oauth)") == true, "\(partners?.message ?? "")")
        #expect(try secured("/exports") == nil, "an empty requirement lets anyone in")
        #expect(try secured("/signed", query: "sig=1", [("Authorization", "Basic YTpi")]) == nil)
        #expect(try secured("/signed", [("Authorization", "Basic YTpi")]) != nil, "every scheme of the requirement")
        #expect(try secured("/signed", query: "SIG=1", [("Authorization", "Basic YTpi")]) != nil, "a query name is case-sensitive")
        #expect(try secured("/cookie", [("Cookie", "SID=abc")]) != nil, "so is a cookie's")
        #expect(try secured("/signed", query: "sig=1")?.headers["WWW-Authenticate"] == #"Basic realm="StubBank""#)
        #expect(try secured("/signed", query: "sig=1&page=x", [("Authorization", "Basic YTpi")]) == nil, "parameters unchecked")
        let both = try secured("/signed", query: "sig=1&page=x", [("Authorization", "Basic YTpi")], requests: true)
        #expect(both?.status.code == 400, "\(String(describing: both))")
        #expect(try secured("/signed", query: "page=x", requests: true)?.status.code == 401, "credentials are asked first")
        // The rest of the specification's vocabulary: an apiKey in a cookie, openIdConnect (a
        // bearer token), mutualTLS (not in the request: taken as met) and a scheme by $ref.
        #expect(try secured("/cookie") != nil)
        #expect(try secured("/cookie", [("Cookie", "theme=dark; sid=abc")]) == nil)
        #expect(try secured("/oidc") != nil && secured("/oidc", [("Authorization", "Bearer t")]) == nil)
        #expect(try secured("/mtls") == nil)
        #expect(try secured("/referenced") != nil && secured("/referenced", [("X-Api-Key", "k")]) == nil)
        // A scheme named in mixed case (RFC 9449's DPoP) is written as the document writes it,
        // its first letter raised: not "Dpop".
        let dpop = try secured("/dpop")
        #expect(dpop?.headers["WWW-Authenticate"] == "DPoP", "\(String(describing: dpop))")
        #expect(dpop?.message.contains("Authorization: DPoP (dpop)") == true, "\(dpop?.message ?? "")")
        #expect(try secured("/dpop", [("Authorization", "DPoP eyJ")]) == nil)
        #expect(try secured("/dpop", [("Authorization", "dpop eyJ")]) == nil, "matched in any case, as RFC 9110 says")
    }

    static let evidence = """
        openapi: 3.1.0
        info: { title: t, version: '1' }
        paths:
          /evidence:
            post:
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [file, meta]
                      properties:
                        file: { type: string, format: binary }
                        meta: { type: object, required: [kind], properties: { kind: { enum: [receipt] } } }
                        count: { type: integer }
                        tags: { type: array, items: { type: string, maxLength: 4 } }
                        party: { $ref: '#/components/schemas/Party' }
              responses: { '201': { description: ok } }
        components:
          schemas:
            Party: { type: object, required: [name], properties: { name: { type: string } } }
        """

    /// The message of the refusal of a multipart POST with `parts` (name, extra headers, body),
    /// or with `raw` as its whole body.
    private func multipart(_ parts: [(String, String, String)], raw: String? = nil) throws -> String? {
        var body = ""
        for (name, headers, value) in parts {
            body += "--b1\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\(headers)\r\n\(value)\r\n"
        }
        body = raw ?? body + "--b1--\r\n"
        return try RequestContract.refusal(Self.evidence, "POST", "/evidence", headers: fields([("Content-Type", "multipart/form-data; boundary=b1")]),
                           body: body)?.message
    }

    /// A `multipart/form-data` body is read as its parts by name (Moov's dispute evidence, a
    /// file and its details): a part is JSON when its own type says so or its property is an
    /// object (OpenAPI's default), a text part is read by its property's schema, and a repeated
    /// name is a list. Parts that break the schema are refused, naming the property.
    @Test func aMultipartFormIsCheckedPartByPart() throws {
        let file = ("file", "Content-Type: application/pdf\r\n", "%PDF-1.7")
        let meta = ("meta", "Content-Type: application/json\r\n", #"{"kind": "receipt"}"#)
        #expect(try multipart([file, meta, ("count", "", "3"), ("tags", "", "a"), ("tags", "", "b")]) == nil)
        #expect(try multipart([file, ("meta", "", #"{"kind": "receipt"}"#)]) == nil, "an object's part is JSON by default")
        #expect(try multipart([file, meta, ("party", "", #"{"name": "Alex"}"#)]) == nil, "so is one whose property is a $ref to an object")
        let party = try multipart([file, meta, ("party", "", #"{"nom": "Alex"}"#)])
        #expect(party?.contains("party") == true && party?.contains("name") == true, "\(party ?? "passed")")
        let count = try multipart([file, meta, ("count", "", "three")])
        #expect(count?.contains("body.count") == true, "\(count ?? "passed")")
        let kind = try multipart([file, ("meta", "Content-Type: application/json\r\n", #"{"kind": "invoice"}"#)])
        #expect(kind?.contains("kind") == true, "\(kind ?? "passed")")
        let missing = try multipart([file])
        #expect(missing?.contains("missing required meta") == true, "\(missing ?? "passed")")
        let tags = try multipart([file, meta, ("tags", "", "short"), ("tags", "", "longer")])
        #expect(tags?.contains("tags") == true, "\(tags ?? "passed")")
        let garbage = try multipart([], raw: "file=%PDF")
        #expect(garbage?.contains("not multipart/form-data parts") == true, "\(garbage ?? "passed")")
    }

    /// A document `stubbank.yaml` names that is not there is `stubbank.yaml`'s problem, the file
    /// to fix; a document that is there but is not one is its own.
    @Test func aMissingDocumentIsTheSettingsProblemAndABrokenOneItsOwn() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var problems: [FixtureProblem] = []
        #expect(RequestContract.load("missing.yaml", root: root, problems: &problems) == nil)
        #expect(problems.map(\.file) == ["stubbank.yaml"] && problems.first?.reason == "document missing.yaml does not exist",
                "\(problems)")
        try Data("openapi: 3.1.0\ninfo: { title: t, version: '1' }\ncomponents: {}\n".utf8).write(to: root.appendingPathComponent("nopaths.yaml"))
        problems = []
        #expect(RequestContract.load("nopaths.yaml", root: root, problems: &problems) == nil)
        #expect(problems.map(\.file) == ["nopaths.yaml"], "\(problems)")
    }
}
