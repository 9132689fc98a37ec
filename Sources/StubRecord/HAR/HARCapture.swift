import Foundation
import StubImport

/// One HAR file (HTTP Archive 1.2) read as the capture tools write it, not as the spec hopes:
/// Chrome, Edge and Brave (`WebInspector`), Firefox, Safari, Charles, Proxyman, Insomnia and
/// Xcode Instruments each leave out or add different things. What is read:
///
/// - `request.method` and `request.url` (the only fields an entry must have), `request.postData.text`;
/// - `response.status`, `response.headers` and `response.content` (`text`, `encoding: base64`,
///   `mimeType`); a missing or empty `text` is an empty body;
/// - headers as `{name, value}` pairs in order, duplicates kept (the route set merges them);
///   HTTP/2 and HTTP/3 pseudo-headers (`:status`, `:authority`) are dropped, and so are
///   `Content-Encoding` and `Content-Length`, since a HAR holds the body decoded;
/// - everything else (`_`-prefixed extensions, `cache`, `timings`, `pages`, cookies) is ignored.
///
/// An entry with no answer (aborted, timed out, blocked: status 0 or no `response`), a WebSocket
/// upgrade, or a non-HTTP URL (`data:`, `blob:`, `chrome-extension:`) is skipped and listed. So
/// is an incomplete entry (no request, method or URL, a URL that does not parse or has no host):
/// a capture cut short or edited by hand still imports its complete entries, and the report names
/// each one left out with its index. Only a file that is not a HAR log at all is refused.
struct HARCapture {
    /// One entry that became an exchange.
    struct Entry {
        /// The entry's index in `log.entries`, from 0.
        var index: Int
        /// `api.bank.example` or `localhost:8080`, lowercased.
        var host: String
        var scheme: String
        var exchange: RecordedExchange
    }

    var entries: [Entry] = []
    /// Entries left out, and why.
    var skipped: [ImportReport.Note] = []
    /// Entries whose URL was not http or https, by scheme.
    var otherSchemes: [String: Int] = [:]

    /// Reads `url`.
    static func read(_ url: URL) throws(ImportError) -> HARCapture {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImportError("\(url.path): cannot read: \(error.localizedDescription)")
        }
        return try parse(data, file: url.lastPathComponent)
    }

    /// Reads a HAR document; `file` names it in messages.
    static func parse(_ data: Data, file: String) throws(ImportError) -> HARCapture {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ImportError("\(file): not a HAR file: it is not JSON (\(Self.reason(error)))")
        }
        guard let log = (root as? [String: Any])?["log"] as? [String: Any] else {
            throw ImportError("\(file): not a HAR file: there is no top-level \"log\" object")
        }
        guard let list = log["entries"] as? [Any] else {
            throw ImportError("\(file): not a HAR file: \"log\" has no \"entries\" array")
        }
        var capture = HARCapture()
        for (index, item) in list.enumerated() {
            do {
                try capture.add(item, index: index, file: file)
            } catch {
                capture.skipped.append(.init(source: "\(file): entry \(index)", reason: error.description + "; the entry is incomplete"))
            }
        }
        return capture
    }

    private mutating func add(_ item: Any, index: Int, file: String) throws(ImportError) {
        guard let entry = item as? [String: Any] else { throw ImportError("it is not an object") }
        guard let request = entry["request"] as? [String: Any] else { throw ImportError("it has no \"request\" object") }
        guard let method = (request["method"] as? String)?.uppercased(), !method.isEmpty else {
            throw ImportError("request.method is missing")
        }
        guard let urlText = request["url"] as? String, !urlText.isEmpty else { throw ImportError("request.url is missing") }
        guard let url = URLComponents(string: urlText), let scheme = url.scheme?.lowercased() else {
            throw ImportError("request.url \"\(urlText.prefix(200))\" is not a URL")
        }
        let at = "\(file): entry \(index)"
        if scheme == "ws" || scheme == "wss" {
            skipped.append(.init(source: "\(at) (\(method) \(url.percentEncodedPath))", reason: "a WebSocket; WebSocket messages are not imported"))
            return
        }
        guard scheme == "http" || scheme == "https" else {
            otherSchemes[scheme, default: 0] += 1
            return
        }
        guard let host = url.host, !host.isEmpty else { throw ImportError("request.url \"\(urlText.prefix(200))\" has no host") }
        let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        let name = "\(file): entry \(index) (\(method) \(path))"
        let response = entry["response"] as? [String: Any]
        let status = Self.integer(response?["status"]) ?? 0
        guard status > 0 else {
            let error = (response?["_error"] as? String) ?? (entry["_error"] as? String)
            skipped.append(.init(source: name, reason: "no response in the capture (aborted, blocked or timed out\(error.map { ": " + $0 } ?? ""))"))
            return
        }
        guard status != 101 else {
            skipped.append(.init(source: name, reason: "a WebSocket upgrade; WebSocket messages are not imported"))
            return
        }
        guard (200...599).contains(status) else {
            skipped.append(.init(source: name, reason: "status \(status) cannot be served as a stub answer (200 to 599)"))
            return
        }
        var headers = Self.headers(response?["headers"]).filter {
            !["content-encoding", "content-length"].contains($0.0.lowercased())
        }
        let content = response?["content"] as? [String: Any]
        if !headers.contains(where: { $0.0.lowercased() == "content-type" }),
           let type = content?["mimeType"] as? String, !type.isEmpty, type != "x-unknown" {
            headers.append(("Content-Type", type))
        }
        var body: [UInt8] = []
        if let text = content?["text"] as? String {
            switch (content?["encoding"] as? String)?.lowercased() {
            case "base64"?:
                guard let decoded = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                    skipped.append(.init(source: name, reason: "response.content.text is marked base64 but does not decode"))
                    return
                }
                body = Array(decoded)
            case nil, ""?:
                body = Array(text.utf8)
            case let other?:
                skipped.append(.init(source: name, reason: "response.content.encoding \"\(other)\" is not one StubBank reads (base64, or none)"))
                return
            }
        } else if let size = Self.integer(content?["size"]), size > 0, status != 204, status != 304, method != "HEAD" {
            skipped.append(.init(source: name, reason: "the capture holds no body (\(size) bytes were sent); imported with an empty body"))
        }
        let postData = request["postData"] as? [String: Any]
        let exchange = RecordedExchange(
            method: method, path: path, query: url.percentEncodedQuery, requestHeaders: Self.headers(request["headers"]),
            requestBody: Array(((postData?["text"] as? String) ?? "").utf8), status: status, responseHeaders: headers, responseBody: body)
        entries.append(Entry(index: index, host: HARImport.authority(host: host, port: url.port, scheme: scheme), scheme: scheme,
                             exchange: exchange))
    }

    /// `[{name, value}]`, in order, without pseudo-headers; anything else in the list is ignored.
    private static func headers(_ value: Any?) -> [(String, String)] {
        guard let list = value as? [Any] else { return [] }
        return list.compactMap { item in
            guard let pair = item as? [String: Any], let name = pair["name"] as? String, !name.isEmpty, !name.hasPrefix(":") else { return nil }
            let value = (pair["value"] as? String) ?? (pair["value"].map { "\($0)" } ?? "")
            return (name, value)
        }
    }

    /// A JSON number that is a whole number, or text that is one. Some tools write `200.0`:
    /// JSONSerialization's number converts to `Int` whenever it is exactly one, so that is read
    /// here too, and `200.5` or `1e300` are not.
    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let text = value as? String { return Int(text) }
        return nil
    }

    /// The parser's own words, which name the line and column where it can.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
