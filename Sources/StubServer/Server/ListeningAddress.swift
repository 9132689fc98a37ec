import StubEngine
import BuiltInBank

/// How the `serve` banner names where the stub listens and who may use its admin API.
public enum ListeningAddress {
    /// `http://host:port`, with an IPv6 host in brackets (`http://[::1]:8080`), as every client
    /// and browser needs it.
    public static func baseURL(host: String, port: Int) -> String {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare.contains(":") ? "http://[\(bare)]:\(port)" : "http://\(bare):\(port)"
    }

    /// Who the admin API answers, in words.
    public static func adminAccess(hasToken: Bool) -> String {
        hasToken
            ? "any host that sends X-Stub-Admin-Token (loopback too)"
            : "loopback clients only; start with --admin-token to allow other hosts"
    }
}
