import BankingData
import BankingDomain
import Foundation

/// Records every raw exchange next to the transport: the data layer's view of a case.
public actor ExchangeRecorder {
    private(set) var exchanges: [Exchange] = []

    public init() {}

    func append(_ exchange: Exchange) { exchanges.append(exchange) }
    func reset() { exchanges = [] }
}

/// The middleware that feeds an `ExchangeRecorder` and stamps every request with the case's session.
struct CaseMiddleware: ClientMiddleware {
    let recorder: ExchangeRecorder
    let session: String

    func intercept(_ request: HTTPRequestData,
                   next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
        var stamped = request
        stamped.headers["X-Stub-Session"] = session
        do {
            let response = try await next(stamped)
            await recorder.append(Exchange(method: request.method, path: request.path, status: response.status, transportError: nil))
            return response
        } catch {
            await recorder.append(Exchange(method: request.method, path: request.path, status: nil,
                                           transportError: DomainNames.name(of: ErrorMapper.map(error))))
            throw error
        }
    }
}
