import Foundation

/// The endpoint catalogue: every call the client makes, as `Contracts/openapi.yaml` names it.
enum Endpoint {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func json(_ method: String, _ path: String, _ body: some Encodable, headers: [String: String] = [:],
                     requiresAuthentication: Bool = true) -> HTTPRequestData {
        var all = headers
        all["Content-Type"] = "application/json"
        all["Accept"] = "application/json"
        return HTTPRequestData(method: method, path: path, headers: all, body: try? encoder.encode(body),
                               requiresAuthentication: requiresAuthentication)
    }

    static func get(_ path: String, query: [URLQueryItem] = [], requiresAuthentication: Bool = true) -> HTTPRequestData {
        HTTPRequestData(method: "GET", path: path, query: query, headers: ["Accept": "application/json"],
                        requiresAuthentication: requiresAuthentication)
    }

    static func post(_ path: String) -> HTTPRequestData {
        HTTPRequestData(method: "POST", path: path, headers: ["Accept": "application/json"])
    }

    /// Path segments are percent-encoded so an id can never change the path.
    static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? id
    }
}
