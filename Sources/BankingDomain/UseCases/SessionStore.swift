/// Where the tokens live between launches (the Keychain in the app, memory in tests).
public protocol SessionStore: Sendable {
    /// The session saved at the last launch; nil when none was.
    func load() async -> Session?
    /// Saves `session`, replacing any other.
    func save(_ session: Session) async
    /// Forgets the saved session (sign-out).
    func clear() async
}
