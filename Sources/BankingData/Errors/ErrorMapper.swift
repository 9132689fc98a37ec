public import BankingDomain
public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one place HTTP statuses, error envelopes and transport errors become `BankingError`.
public enum ErrorMapper {
    /// A non-2xx response → domain error, by status first and the envelope's code second.
    public static func map(_ response: HTTPResponseData) -> BankingError {
        let envelope = try? JSONDecoder().decode(ErrorEnvelopeDTO.self, from: response.body)
        let code = envelope?.error.code ?? ""
        let retryAfter = response.header("Retry-After").flatMap(Self.retryAfter)
        switch response.status {
        case 400:
            let detail = envelope?.error.details.first
            return .validation(field: detail?.path.isEmpty == false ? detail?.path : nil,
                               message: detail?.message ?? envelope?.error.message ?? "The request was rejected.")
        case 401:
            return code == "invalid_credentials" ? .invalidCredentials : .unauthorized
        case 403: return .forbidden
        case 404: return .notFound
        case 409: return .conflict(code: code)
        case 422: return .businessRule(BusinessRule(code: code))
        case 423: return .accountLocked
        case 429: return .rateLimited(retryAfter: retryAfter)
        case 503: return .serviceUnavailable(retryAfter: retryAfter)
        case 500...599: return .serverError(status: response.status)
        default: return .unexpectedResponse(reason: "HTTP \(response.status) \(code)")
        }
    }

    /// A thrown error → domain error. URLError codes differ between iOS and Linux for the same
    /// fault, so both spellings are mapped.
    public static func map(_ error: any Error) -> BankingError {
        if let error = error as? BankingError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? URLError { return map(error.code) }
        if error is DecodingError { return .unexpectedResponse(reason: "the body does not match the contract: \(error)") }
        return .unexpectedResponse(reason: "\(error)")
    }

    /// The error a URLSession failure code means to the app: offline, timeout, connection lost, and so on.
    public static func map(_ code: URLError.Code) -> BankingError {
        switch code {
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
             .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .offline
        case .timedOut:
            return .timeout
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .unknown, .cannotParseResponse:
            // Linux reports a connection closed without a response as badServerResponse and a
            // truncated body as unknown; iOS says networkConnectionLost for both.
            return .connectionLost
        case .cancelled:
            return .cancelled
        case .appTransportSecurityRequiresSecureConnection:
            // -1022: the app's Info.plist does not allow plain http to this host; no retry helps.
            return .unexpectedResponse(reason: "App Transport Security refused a plain-http URL (URLError -1022)")
        default:
            return .unexpectedResponse(reason: "URLError \(code.rawValue)")
        }
    }

    /// `Retry-After` as seconds (delta form only, as the API sends).
    static func retryAfter(_ text: String) -> TimeInterval? {
        Int(text.trimmingCharacters(in: .whitespaces)).map(TimeInterval.init)
    }
}
