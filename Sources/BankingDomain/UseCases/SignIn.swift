/// Signs a customer in: checks the input, authenticates, then loads the profile.
public struct SignIn: Sendable {
    private let auth: any AuthRepository
    private let profiles: any ProfileRepository

    /// A use case over the given repositories.
    public init(auth: any AuthRepository, profiles: any ProfileRepository) {
        self.auth = auth
        self.profiles = profiles
    }

    /// Signs in and returns the customer's profile; an empty username or password is a `validation` error before any request.
    public func callAsFunction(username: String, password: String) async throws(BankingError) -> UserProfile {
        let name = username.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .validation(field: "username", message: "Enter your username.") }
        guard !password.isEmpty else { throw .validation(field: "password", message: "Enter your password.") }
        _ = try await auth.signIn(username: name, password: password)
        return try await profiles.profile()
    }
}

import Foundation
