/// A network-level failure the stub can produce instead of a normal response.
public enum Fault: String, Codable, Sendable, CaseIterable {
    /// Reset the TCP connection (RST) without a response. Phones report "connection lost".
    case reset
    /// Let the route act on the request (book the transfer, freeze the card), then reset the
    /// connection instead of answering: the server did the work, the client never hears of it.
    case resetAfter = "reset-after"
    /// Close the connection cleanly without sending any response bytes.
    case empty
    /// Send a 200 whose JSON body is cut mid-token.
    case malformed
    /// Promise more bytes in `Content-Length` than are sent, then close.
    case truncated
    /// Send the body as `text/html`, like a captive portal or proxy error page.
    case wrongContentType = "wrong-content-type"
    /// Accept the request and never answer, until the client gives up.
    case hang
}
