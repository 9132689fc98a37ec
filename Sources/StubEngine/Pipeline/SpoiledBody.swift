/// The bodies of the faults that spoil an answer rather than the connection.
package enum SpoiledBody {
    /// Cuts a JSON body mid-token so that it no longer parses (`malformed`).
    package static func malformed(_ body: [UInt8]) -> [UInt8] {
        let cut = body.isEmpty ? [] : Array(body.prefix(max(1, body.count * 2 / 3)))
        return cut + Array(#"{"unterminated": [1, 2,"#.utf8)
    }

    /// An HTML error page, as a captive portal or a proxy would send (`wrong-content-type`).
    package static let wrongContentType = Array("""
        <!DOCTYPE html><html><head><title>Gateway</title></head>
        <body><h1>Please sign in to the Wi-Fi network</h1></body></html>
        """.utf8)
}
