/// The stream's next element, or nil when none comes within `seconds`: a signal that never fires
/// fails the test instead of hanging it.
func next<Element: Sendable>(_ stream: AsyncStream<Element>, within seconds: Double) async -> Element? {
    await withTaskGroup(of: Element?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
