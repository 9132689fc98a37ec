import HTTPTypes
import StubEngine
import StubRuntime

/// `GET /__stubbank/ui`: the web console, a page of plain HTML, CSS and JavaScript embedded in
/// the binary (no build step, nothing fetched from elsewhere: its Content-Security-Policy allows
/// only this server). It uses the admin API and `GET /__stubbank/events`, under the same rules.
enum ConsolePage {
    static let path = AdminAPI.consolePath

    /// The page's files, by the segment after `ui`, encoded once.
    static let assets: [String: (contentType: String, bytes: [UInt8])] = [
        "": ("text/html; charset=utf-8", Array(ConsoleAssets.html.utf8)),
        "console.css": ("text/css; charset=utf-8", Array(ConsoleAssets.css.utf8)),
        "console.js": ("text/javascript; charset=utf-8", Array(ConsoleAssets.script.utf8)),
    ]

    static let securityHeaders: [(HTTPField.Name, String)] = [
        (HTTPField.Name("Content-Security-Policy")!, "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
        (.cacheControl, "no-store"),
    ]

    /// `segments` follow `ui`: empty for the page, one name for an asset.
    static func handle(_ request: StubRequest, segments: ArraySlice<String>, admin: AdminAPI,
                       isLoopbackPeer: Bool) throws(APIError) -> StubResponse {
        guard request.method == "GET" else {
            throw APIError.methodNotAllowed(request.method, path: request.path, allowed: ["GET"], display: "Not allowed.")
        }
        if segments.isEmpty, let token = try request.queryValue("token") {
            return try signIn(token: token, admin: admin)
        }
        try admin.authorize(request, isLoopbackPeer: isLoopbackPeer)
        guard segments.count <= 1, let asset = assets[segments.first ?? ""] else {
            throw APIError.notFound("Console file \(request.path)")
        }
        var response = StubResponse(status: .ok, body: asset.bytes, contentType: asset.contentType)
        for (name, value) in securityHeaders { response.headers[name] = value }
        return response
    }

    /// `?token=T`: a right token becomes the console cookie and the browser goes on to the page
    /// without the token in its address bar; a wrong one (or a server without a token) is refused.
    private static func signIn(token: String, admin: AdminAPI) throws(APIError) -> StubResponse {
        guard let expected = admin.backend.configuration.adminToken, AdminAPI.constantTimeEquals(token, expected) else {
            throw APIError(status: .unauthorized, type: "authentication", code: "admin_token_invalid",
                           message: admin.backend.configuration.adminToken == nil
                               ? "This server has no --admin-token; open \(path) from this machine without ?token=."
                               : "The token does not match the server's --admin-token.",
                           displayMessage: "Not allowed.")
        }
        var response = StubResponse(status: .seeOther, body: [], contentType: "")
        response.headers[.location] = path
        response.headers[.setCookie] = ConsoleCookie.setCookie(expected)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
