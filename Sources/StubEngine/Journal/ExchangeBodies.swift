package import HTTPTypes

/// The parts of an exchange the console shows on click and the list leaves out: both bodies
/// (up to `maxBytes` each) and the response head. The journal keeps these for its newest
/// `RequestJournal.detailCapacity` entries only, so they cost a bounded amount of memory.
package struct ExchangeBodies: Sendable {
    /// A body longer than this is not kept (its size is); a prefix of JSON could not be redacted.
    package static let maxBytes = 64 * 1024

    package var sequence = 0
    package var requestBody: [UInt8]?
    package var requestBytes: Int
    package var responseStatus: Int?
    package var responseHeaders: HTTPFields
    package var responseBody: [UInt8]?
    package var responseBytes: Int

    package init(requestBody: [UInt8], responseStatus: Int?, responseHeaders: HTTPFields, responseBody: [UInt8]) {
        self.requestBody = requestBody.count <= Self.maxBytes ? requestBody : nil
        requestBytes = requestBody.count
        self.responseStatus = responseStatus
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody.count <= Self.maxBytes ? responseBody : nil
        responseBytes = responseBody.count
    }
}

/// `GET /__stubbank/journal/{sequence}`: one entry with its request and response in full,
/// secrets redacted (`JournalRedaction`). `request` and `response` are absent once the journal
/// no longer keeps the bodies of that entry.
package struct JournalDetail: Codable, Sendable, Equatable {
    /// One side of the exchange.
    package struct Message: Codable, Sendable, Equatable {
        /// The response status; absent for the request, and for a response never sent (a fault).
        package var status: Int?
        package var headers: [String: String]
        /// The body as text, secrets masked; absent when empty or too large to keep.
        package var body: String?
        /// The body's size as sent.
        package var bodyBytes: Int
        /// Set when the body was larger than the journal keeps.
        package var bodyOmitted: String?
    }

    package var entry: JournalEntry
    package var request: Message?
    package var response: Message?
    /// Why `request` and `response` are missing, when they are.
    package var note: String?

    package init(entry: JournalEntry, record: JournalRecord, bodies: ExchangeBodies?) {
        self.entry = entry
        guard let bodies else {
            note = "Only the newest \(RequestJournal.detailCapacity) exchanges keep their bodies; this one is older."
            return
        }
        let omitted = "Bodies over \(ExchangeBodies.maxBytes / 1024) KiB are not kept."
        request = Message(status: nil, headers: entry.headers,
                          body: bodies.requestBody.flatMap { JournalRedaction.body($0, contentType: record.headers[.contentType]) },
                          bodyBytes: bodies.requestBytes, bodyOmitted: bodies.requestBody == nil ? omitted : nil)
        response = Message(status: bodies.responseStatus,
                           headers: JournalRedaction.headers(bodies.responseHeaders.map { ($0.name.rawName, $0.value) }),
                           body: bodies.responseBody.flatMap { JournalRedaction.body($0, contentType: bodies.responseHeaders[.contentType]) },
                           bodyBytes: bodies.responseBytes, bodyOmitted: bodies.responseBody == nil ? omitted : nil)
    }
}
