import StubEngine

/// The first successful answer to an idempotency key, replayed on a repeat.
///
/// Only successes are kept: a request refused by validation or a business rule did nothing,
/// so the client may fix the cause and retry with the same key, as with Stripe.
package struct IdempotencyRecord: Sendable {
    package var request: WireTransferRequest
    package var transfer: WireTransfer
}
