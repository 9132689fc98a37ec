/// Headers whose values are credentials, lowercased: never shown by the journal or the
/// console, and faked by `stubbank record`.
public enum CredentialHeaders {
    /// The header names, lower-cased.
    public static let names: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-stub-admin-token",
    ]
}
