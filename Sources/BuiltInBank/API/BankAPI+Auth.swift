import HTTPTypes
import StubEngine

extension BankAPI {
    package static func authRoutes() -> [Route] {
        [
            Route("POST /v1/auth/token", "createToken", "Sign in (password grant) or refresh (refresh_token grant)", auth: false,
                body: true) { call throws(APIError) in
                let body = try WireJSON.decodeBody(WireTokenRequest.self, from: call.request.body, fields: WireTokenRequest.fields)
                switch body.grant_type {
                case "password":
                    var details: [WireErrorDetail] = []
                    if (body.username ?? "").isEmpty { details.append(.init(code: "required", path: "username", message: "username is required")) }
                    if (body.password ?? "").isEmpty { details.append(.init(code: "required", path: "password", message: "password is required")) }
                    guard details.isEmpty, let username = body.username, let password = body.password else {
                        throw APIError.validation("username and password are required for the password grant", details: details)
                    }
                    return .json(try call.bank.login(username: username, password: password, session: call.request.session))
                case "refresh_token":
                    guard let token = body.refresh_token, !token.isEmpty else {
                        throw APIError.field("refresh_token", "refresh_token is required for the refresh_token grant", code: "required")
                    }
                    return .json(try call.bank.refresh(refreshToken: token, session: call.request.session))
                default:
                    throw APIError(status: .badRequest, type: "invalid_request", code: "unsupported_grant_type",
                                   message: "grant_type must be password or refresh_token, not \(body.grant_type).",
                                   displayMessage: "Something went wrong. Please try again.",
                                   details: [WireErrorDetail(code: "unsupported", path: "grant_type", message: "use password or refresh_token")])
                }
            },
            Route("POST /v1/auth/logout", "logout", "Revoke the access token and its refresh token") { call in
                if let token = call.request.bearerToken { call.bank.logout(accessToken: token, session: call.request.session) }
                return .noContent
            },
            Route("GET /v1/me", "getProfile", "The signed-in customer's profile") { call throws(APIError) in
                .json(encoded: try call.bank.encodedRead(call.customer, "profile") { $0.fixture.profile })
            },
        ]
    }
}
