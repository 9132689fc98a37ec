import Foundation
import HTTPTypes
import HummingbirdTesting
import StubServerTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

/// `/__stubbank/ui`: served from the binary with a policy that allows only this server, under
/// the admin rules; a token given once becomes a cookie; browsers of other origins are refused.
@Suite struct ConsolePageTests {
    @Test func thePageAndItsFilesAreServedWithASelfOnlyPolicy() async throws {
        try await withStub(try makeBackend()) { client in
            let page = try await client.send(.get, "/__stubbank/ui")
            #expect(page.status == .ok)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
            #expect(page.header("Content-Security-Policy")?.contains("connect-src 'self'") == true)
            #expect(page.text.contains("<script src=\"/__stubbank/ui/console.js\""))
            for (file, type) in [("console.js", "text/javascript"), ("console.css", "text/css")] {
                let asset = try await client.send(.get, "/__stubbank/ui/\(file)")
                #expect(asset.status == .ok)
                #expect(asset.header("Content-Type")?.hasPrefix(type) == true)
            }
            for text in [ConsoleAssets.html, ConsoleAssets.css, ConsoleAssets.script] {
                #expect(text.range(of: #"https?://"#, options: .regularExpression) == nil, "nothing from elsewhere")
            }
            #expect(try await client.send(.get, "/__stubbank/ui/other.js").status == .notFound)
            #expect(try await client.send(.get, "/__stubbank/ui/../events").status != .ok)
            let post = try await client.send(.post, "/__stubbank/ui")
            #expect(post.status == .methodNotAllowed)
        }
    }

    @Test func withATokenThePageWantsItAndTurnsItIntoACookie() async throws {
        try await withStub(try makeBackend { $0.adminToken = "s3cret" }) { client in
            let bare = try await client.send(.get, "/__stubbank/ui")
            #expect(bare.status == .unauthorized)
            #expect(bare.errorBody["code"] as? String == "admin_token_required")
            let wrong = try await client.send(.get, "/__stubbank/ui?token=guess")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.errorBody["code"] as? String == "admin_token_invalid")

            let signIn = try await client.send(.get, "/__stubbank/ui?token=s3cret")
            #expect(signIn.status == .seeOther)
            #expect(signIn.header("Location") == "/__stubbank/ui")
            let cookie = try #require(signIn.header("Set-Cookie"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/__stubbank"))
            let pair = String(cookie.prefix { $0 != ";" })
            #expect(try await client.send(.get, "/__stubbank/ui", headers: ["Cookie": "other=1; \(pair)"]).status == .ok)
            #expect(try await client.send(.get, "/__stubbank/behaviours", headers: ["Cookie": pair]).status == .ok)
            #expect(try await client.send(.get, "/__stubbank/behaviours", headers: ["Cookie": "stubbank_admin_token=guess"]).status == .unauthorized)
        }
    }

    @Test func withoutATokenAQueryTokenIsRefused() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/__stubbank/ui?token=anything")
            #expect(response.status == .unauthorized)
            #expect((response.errorBody["message"] as? String)?.contains("no --admin-token") == true)
        }
    }

    @Test func aBrowserOnAnotherOriginIsRefused() async throws {
        try await withStub(try makeBackend()) { client in
            let evil = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"* /**","fault":"reset"}"#,
                                             headers: ["Origin": "https://evil.example"])
            #expect(evil.status == .forbidden)
            #expect(evil.errorBody["code"] as? String == "admin_cross_origin")
            let site = try await client.send(.get, "/__stubbank/ui", headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(site.status == .forbidden)
            let sandboxed = try await client.send(.delete, "/__stubbank/scenario", headers: ["Origin": "null"])
            #expect(sandboxed.status == .forbidden)
            #expect(try await client.send(.get, "/__stubbank/behaviours").dataList.isEmpty, "nothing was installed")
        }
    }

    @Test func theConsoleOwnOriginIsAllowed() async throws {
        let backend = try makeBackend { $0.port = 0 }
        try await withStub(backend, mode: .live) { client in
            let port = try #require(client.port)
            let response = try await RawHTTPClient(port: port).send("GET /__stubbank/behaviours HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Origin: http://127.0.0.1:\(port)\r\nSec-Fetch-Site: same-origin\r\nConnection: close\r\n\r\n").text
            #expect(response.hasPrefix("HTTP/1.1 200"), "\(response)")
            let other = try await RawHTTPClient(port: port).send("GET /__stubbank/behaviours HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                + "Origin: http://localhost:3000\r\nConnection: close\r\n\r\n").text
            #expect(other.hasPrefix("HTTP/1.1 403"), "another port is another origin")
        }
    }
}
