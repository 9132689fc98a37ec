import BankingData
import ContractKit

/// The transport under the client core, with every error it throws recorded in the case's log
/// before the client's `ErrorMapper` names it: the data layer's verdict comes from the raw
/// `URLError` code, not from the code under test.
struct RecordingTransport: HTTPTransport {
    let base: any HTTPTransport
    let log: RunLog

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        do {
            return try await base.send(request)
        } catch {
            log.transportError(error)
            throw error
        }
    }
}
