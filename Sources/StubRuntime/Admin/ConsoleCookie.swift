import Foundation
package import HTTPTypes
import StubEngine

/// How a browser carries the admin token: a page and an `EventSource` cannot set
/// `X-Stub-Admin-Token`, so opening `/__stubbank/ui?token=T` once sets this cookie
/// (HttpOnly, SameSite=Strict, path `/__stubbank`) and the console's requests send it.
package enum ConsoleCookie {
    package static let name = "stubbank_admin_token"

    /// The cookie's value, when the request has it.
    package static func token(in headers: HTTPFields) -> String? {
        for field in headers where field.name == .cookie {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces).removingPercentEncoding
                }
            }
        }
        return nil
    }

    /// `Set-Cookie` for `token`, for the length of the browser session.
    package static func setCookie(_ token: String) -> String {
        let value = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "\(name)=\(value); Path=\(AdminAPI.prefix); HttpOnly; SameSite=Strict"
    }
}
