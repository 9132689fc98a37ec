public import BankingDomain
import Foundation

/// Sign-in and the way back to it when a session expires.
@MainActor
public final class LoginPresenter {
    public enum Field: String, Sendable { case username, password }

    public enum Status: Sendable, Equatable {
        /// Showing the form, with a notice such as "Your session has expired."
        case signedOut(notice: String?)
        case signingIn
        case signedIn(greeting: String)
        case failed(AlertState)
    }

    public private(set) var status: Status = .signedOut(notice: nil)
    public private(set) var fieldErrors: [Field: String] = [:]
    private let signIn: SignIn
    private let errors = ErrorPresenter()

    public init(signIn: SignIn) { self.signIn = signIn }

    public func signIn(username: String, password: String) async {
        fieldErrors = [:]
        if username.trimmingCharacters(in: .whitespaces).isEmpty { fieldErrors[.username] = "Enter your username." }
        if password.isEmpty { fieldErrors[.password] = "Enter your password." }
        guard fieldErrors.isEmpty else { return }
        status = .signingIn
        do {
            let profile = try await signIn(username: username, password: password)
            status = .signedIn(greeting: "Hello, \(profile.firstName)")
        } catch {
            status = errors.alert(for: error).map(Status.failed) ?? .signedOut(notice: nil)
        }
    }

    /// Back to the form after the data layer reported that the session could not be refreshed.
    public func sessionExpired() {
        status = .signedOut(notice: "Your session has expired. Please sign in again.")
    }

    /// Follows the vault's expiry stream for as long as the calling task runs.
    public func watch(_ expiries: AsyncStream<Void>) async {
        for await _ in expiries { sessionExpired() }
    }
}
