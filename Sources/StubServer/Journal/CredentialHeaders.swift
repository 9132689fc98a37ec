/// Headers whose values are credentials, lowercased: never shown by the journal or the
/// console, and faked by `stubbank record`.
public enum CredentialHeaders {
    public static let names: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-stub-admin-token",
    ]
}
