/// Where the tokens live between launches (the Keychain in the app, memory in tests).
public protocol SessionStore: Sendable {
    func load() async -> Session?
    func save(_ session: Session) async
    func clear() async
}
