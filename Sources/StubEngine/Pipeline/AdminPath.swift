/// Where the admin API lives: `/__stubbank` and everything under it, after the session prefix and
/// the base path. The engine hands such a request to the admin handler (`WirePlan.admin`) before
/// any behaviour or route sees it.
package enum AdminPath {
    package static let prefix = "/__stubbank"

    /// Whether a (session-stripped) path belongs to the admin API.
    package static func owns(_ path: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }
}
