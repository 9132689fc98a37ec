public import HTTPTypes

extension HTTPField.Name {
    /// `X-Stub-Status: 503`: answer this one request with that status and its error envelope.
    public static let stubStatus = HTTPField.Name("X-Stub-Status")!
    /// `X-Stub-Delay: 250` (milliseconds, or `100-400` for a uniform draw): wait before answering.
    public static let stubDelay = HTTPField.Name("X-Stub-Delay")!
    /// `X-Stub-Fault: reset|reset-after|empty|malformed|truncated|wrong-content-type|hang`.
    public static let stubFault = HTTPField.Name("X-Stub-Fault")!
    /// `X-Stub-Session: NAME`: the request's session (state, behaviours and journal of its own).
    public static let stubSession = HTTPField.Name("X-Stub-Session")!
    /// `X-Stub-Admin-Token`: the admin API's token, when the stub was started with one.
    public static let stubAdminToken = HTTPField.Name("X-Stub-Admin-Token")!
}
