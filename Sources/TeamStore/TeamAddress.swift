public import Foundation

/// Where the team store is: `postgres://USER@HOST[:PORT]/DATABASE`, or a Unix socket folder as
/// `postgres://USER@/DATABASE?host=/path/to/folder&port=5432` (libpq's spelling). The password never comes
/// from the address or from a file in the repository: it is read from `STUBBANK_TEAM_PASSWORD`
/// (or libpq's `PGPASSWORD`).
public struct TeamAddress: Sendable, Equatable, CustomStringConvertible {
    /// How to reach the server.
    public enum Endpoint: Sendable, Equatable {
        /// A TCP host and port.
        case tcp(host: String, port: Int)
        /// A Unix socket: the folder holding `.s.PGSQL.<port>`, and the port.
        case socket(folder: String, port: Int)
    }

    /// The server.
    public var endpoint: Endpoint
    /// The role to connect as.
    public var user: String
    /// The database.
    public var database: String
    /// From the environment; never printed.
    public var password: String?

    /// Parses `text`, taking the password from `environment`.
    /// - Throws: `TeamStoreError.badAddress`, naming what is wrong.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(TeamStoreError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
              ["postgres", "postgresql"].contains(scheme) else {
            throw .badAddress(text, "it must start with postgres:// (for example postgres://ci@db.internal:5432/stubbank)")
        }
        if components.password != nil {
            var masked = components
            masked.password = "***"
            throw .badAddress(masked.string ?? "the address", "it holds a password; put the password in STUBBANK_TEAM_PASSWORD instead")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty else { throw .badAddress(text, "it names no database (postgres://USER@HOST/DATABASE)") }
        func query(_ name: String) -> String? { components.queryItems?.first { $0.name == name }?.value }
        let port = components.port ?? query("port").flatMap(Int.init) ?? 5432
        let socketFolder = query("host")
        if let folder = socketFolder, folder.hasPrefix("/") {
            endpoint = .socket(folder: folder, port: port)
        } else if let host = components.host, !host.isEmpty {
            endpoint = .tcp(host: host, port: port)
        } else {
            throw .badAddress(text, "it names no host (postgres://USER@HOST/DATABASE, or ?host=/socket/folder)")
        }
        user = components.user ?? environment["USER"] ?? "postgres"
        self.database = database
        password = environment["STUBBANK_TEAM_PASSWORD"] ?? environment["PGPASSWORD"]
    }

    /// The address without the password, as messages show it.
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): "postgres://\(user)@\(host):\(port)/\(database)"
        case .socket(let folder, let port): "postgres://\(user)@/\(database)?host=\(folder)&port=\(port)"
        }
    }
}
