import Foundation
import StubFormats
import NIOConcurrencyHelpers

/// A journal entry the engine decided but the transport finishes: for a plan that waits before
/// it answers (`WirePlan.delayMs`), the entry is written once the wait is over, with the time it
/// really took, and with no status when the client left (or the server stopped) during the wait,
/// since then nothing was sent. Written at most once.
package final class JournalTicket: Sendable {
    private struct Pending {
        var record: JournalRecord
        var bodies: ExchangeBodies
    }

    private let journal: RequestJournal
    private let started: ContinuousClock.Instant
    private let pending: NIOLockedValueBox<Pending?>

    init(journal: RequestJournal, record: JournalRecord, bodies: ExchangeBodies, started: ContinuousClock.Instant) {
        self.journal = journal
        self.started = started
        self.pending = NIOLockedValueBox(Pending(record: record, bodies: bodies))
    }

    /// Writes the entry: as decided when `answered`, else with no status. Later calls do nothing.
    package func commit(answered: Bool) {
        guard var entry = pending.withLockedValue({ pending in defer { pending = nil }; return pending }) else { return }
        entry.record.latencyMs = (ContinuousClock.now - started).inMilliseconds
        if !answered {
            entry.record.status = nil
            entry.bodies.responseStatus = nil
        }
        journal.record(entry.record, bodies: entry.bodies)
    }

    /// Whether the entry is still to be written.
    package var isPending: Bool { pending.withLockedValue { $0 != nil } }
}
