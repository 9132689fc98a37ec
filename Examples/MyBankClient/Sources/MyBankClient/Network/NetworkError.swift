import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What went wrong below the service: the connection, or a known HTTP status.
public enum NetworkError: Error, Sendable, Equatable {
    /// The device has no connection (or cannot reach the host at all).
    case offline
    /// The server took longer than the app's timeout.
    case timeout
    /// The connection dropped before a whole answer arrived.
    case connectionLost
    /// 400: the app sent something the server refused.
    case badRequest
    /// 401 or 403: the customer is not allowed.
    case unauthorized
    /// 404: there is no data for this customer.
    case notFound
    /// 503: the bank is down, with the seconds after which to retry when it says.
    case maintenance(retryAfter: Int?)
    /// Any other 5xx.
    case server(status: Int)
    /// Any other status the app does not know.
    case unexpectedStatus(Int)
    /// A 2xx whose body is not what the app expects.
    case invalidData

    /// Maps a status other than 2xx, with the `Retry-After` header when there is one.
    public static func from(status: Int, retryAfter: String?) -> NetworkError {
        switch status {
        case 400: .badRequest
        case 401, 403: .unauthorized
        case 404: .notFound
        case 503: .maintenance(retryAfter: retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        case 500...599: .server(status: status)
        default: .unexpectedStatus(status)
        }
    }

    /// Maps a transport failure.
    public static func from(_ error: any Error) -> NetworkError {
        guard let urlError = error as? URLError else { return .connectionLost }
        switch urlError.code {
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dataNotAllowed, .internationalRoamingOff: return .offline
        case .timedOut: return .timeout
        default: return .connectionLost
        }
    }
}
