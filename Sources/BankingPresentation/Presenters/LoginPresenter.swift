public import BankingDomain
import Foundation

/// Sign-in and the way back to it when a session expires.
@MainActor
public final class LoginPresenter {
    /// A field of the form, for its error message.
    public enum Field: String, Sendable {
        /// The username.
        case username
        /// The password.
        case password
    }

    /// Where sign-in stands.
    public enum Status: Sendable, Equatable {
        /// Showing the form, with a notice such as "Your session has expired."
        case signedOut(notice: String?)
        /// Credentials sent; waiting for the bank.
        case signingIn
        /// Signed in, with the greeting to show ("Good morning, Alex").
        case signedIn(greeting: String)
        /// Sign-in failed; show the alert.
        case failed(AlertState)
    }

    /// Where sign-in stands; the view renders it.
    public private(set) var status: Status = .signedOut(notice: nil)
    /// Field → message, for input refused before anything is sent.
    public private(set) var fieldErrors: [Field: String] = [:]
    private let signIn: SignIn
    private let errors = ErrorPresenter()

    /// A presenter over the sign-in use case.
    public init(signIn: SignIn) { self.signIn = signIn }

    /// Checks the fields, then signs in; ends in `signedIn` or `failed`, or with `fieldErrors`.
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
