package import Foundation

/// The admin behaviours, indexed so that a request looks at only those that could match it:
/// by session (its own, then every session's), by method (its own, then `*`) and by path shape
/// (the exact literal path, the number of segments, or a final `**`). With 5,000 behaviours
/// spread over sessions and routes, a lookup reads a dozen small buckets instead of all 5,000.
///
/// Precedence is unchanged from a plain list: the request's session's behaviours before global
/// ones, and within each, the newest first.
package struct BehaviourIndex: Sendable {
    package struct Entry: Sendable {
        package var behaviour: Behaviour
        package var generator: SeededGenerator
        package var remaining: Int?
        /// When it retires by itself (`expiresInSeconds`); nil for never.
        package var expiresAt: Date? = nil
    }

    private struct Key: Hashable, Sendable {
        enum Shape: Hashable, Sendable {
            case exact(String)
            case segments(Int)
            case rest
        }
        var session: String?
        var method: String?
        var shape: Shape
    }

    /// Entries by insertion number; a larger number is newer.
    private var entries: [Int: Entry] = [:]
    private var buckets: [Key: [Int]] = [:]
    private var keys: [String: (number: Int, key: Key)] = [:]
    /// What each scope's buckets could match, so that a lookup skips a scope with nothing for
    /// this request's shape before it joins the path or hashes a key: every session's (global)
    /// behaviours, and each session's own. With no session's own installed (the usual case), a
    /// lookup hashes at most the request's last segment.
    private var globalReach = Reach()
    private var sessionReach: [String: Reach] = [:]
    private var next = 0

    /// How many entries of one scope sit in each kind of bucket.
    private struct Reach: Sendable {
        /// Exact-path entries by their number of segments (the index).
        var exact: [Int] = []
        /// Exact-path entries by their last segment, so that a request whose last segment no
        /// exact path ends with skips joining its path.
        var exactLast: [String: Int] = [:]
        /// Fixed-length entries by their number of segments (the index).
        var segments: [Int] = []
        /// Entries ending in `**`.
        var rest = 0
        /// Entries of every kind.
        var total = 0
        var isEmpty: Bool { total == 0 }

        mutating func count(_ shape: Key.Shape, segmentCount: Int, by delta: Int) {
            total += delta
            switch shape {
            case .exact(let path):
                Self.add(delta, to: &exact, at: segmentCount)
                let last = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
                let value = exactLast[last, default: 0] + delta
                exactLast[last] = value > 0 ? value : nil
            case .segments(let n): Self.add(delta, to: &segments, at: n)
            case .rest: rest += delta
            }
        }

        /// The shapes of bucket that could hold a behaviour for a request with these segments;
        /// the joined path is made (once, kept in `path`) only when an exact path could match.
        func shapes(for segments: [Substring], path: inout String?) -> [Key.Shape] {
            var shapes: [Key.Shape] = []
            let count = segments.count
            if Self.has(exact, count), exactLast[String(segments.last ?? "")] != nil {
                let joined = path ?? segments.joined(separator: "/")
                path = joined
                shapes.append(.exact(joined))
            }
            if Self.has(self.segments, count) { shapes.append(.segments(count)) }
            if rest > 0 { shapes.append(.rest) }
            return shapes
        }

        private static func has(_ counts: [Int], _ index: Int) -> Bool { index < counts.count && counts[index] > 0 }

        private static func add(_ delta: Int, to counts: inout [Int], at index: Int) {
            if counts.count <= index { counts += repeatElement(0, count: index + 1 - counts.count) }
            counts[index] += delta
        }
    }

    /// Changes the reach of `session`'s scope (nil: every session's), dropping a session's when empty.
    private mutating func changeReach(_ session: String?, _ change: (inout Reach) -> Void) {
        guard let session else { return change(&globalReach) }
        change(&sessionReach[session, default: Reach()])
        if sessionReach[session]?.isEmpty == true { sessionReach[session] = nil }
    }

    package var count: Int { entries.count }
    package var isEmpty: Bool { entries.isEmpty }
    /// What the index keeps beside its entries: buckets, and sessions with behaviours of their
    /// own. Both fall to zero as the last behaviour goes, however it goes, so a long UI-test run
    /// that installs behaviours per session keeps nothing of the sessions that finished.
    package var scopes: (buckets: Int, sessions: Int) { (buckets.count, sessionReach.count) }

    package mutating func insert(_ entry: Entry) {
        next += 1
        let pattern = entry.behaviour.pattern
        let shape: Key.Shape = pattern.literalPath.map { .exact($0) }
            ?? pattern.fixedSegmentCount.map { .segments($0) } ?? .rest
        let key = Key(session: entry.behaviour.session, method: pattern.method, shape: shape)
        entries[next] = entry
        buckets[key, default: []].append(next)
        keys[entry.behaviour.id] = (next, key)
        changeReach(key.session) { $0.count(shape, segmentCount: pattern.segments.count, by: 1) }
    }

    /// Removes one behaviour by id; returns whether it was there.
    @discardableResult
    package mutating func remove(id: String) -> Bool {
        guard let (number, key) = keys.removeValue(forKey: id) else { return false }
        if let pattern = entries[number]?.behaviour.pattern {
            changeReach(key.session) { $0.count(key.shape, segmentCount: pattern.segments.count, by: -1) }
        }
        entries[number] = nil
        buckets[key]?.removeAll { $0 == number }
        if buckets[key]?.isEmpty == true { buckets[key] = nil }
        return true
    }

    /// Removes the behaviours of one session, or all; returns how many went.
    package mutating func removeAll(session: String?) -> Int {
        guard let session else {
            defer { self = BehaviourIndex(next: next) }
            return entries.count
        }
        let ids = entries.values.filter { $0.behaviour.session == session }.map(\.behaviour.id)
        for id in ids { remove(id: id) }
        return ids.count
    }

    private init(next: Int) { self.next = next }
    package init() {}

    /// Removes the behaviours whose time is up; returns how many went.
    @discardableResult
    package mutating func removeExpired(now: Date) -> Int {
        let ids = entries.values.filter { $0.expiresAt.map { $0 <= now } ?? false }.map(\.behaviour.id)
        for id in ids { remove(id: id) }
        return ids.count
    }

    /// Every entry in precedence order: session-scoped first, then global, newest first in each.
    package var ordered: [Entry] {
        entries.sorted { a, b in
            let (aGlobal, bGlobal) = (a.value.behaviour.session == nil, b.value.behaviour.session == nil)
            return aGlobal != bGlobal ? !aGlobal : a.key > b.key
        }.map(\.value)
    }

    /// Finds the first behaviour that matches and fires for the request, in precedence order,
    /// and lets `fire` draw its probability and consume one of its `times` (returning true when
    /// the entry is used up and must go).
    package mutating func first<T>(method: String, pathSegments: [Substring], session: String, now: @autoclosure () -> Date,
                           fire: (inout Entry) -> (result: T?, exhausted: Bool)) -> T? {
        guard !entries.isEmpty else { return nil }
        var path: String?
        // The request's session's own first (looked up only when some session has its own), then every session's.
        if !sessionReach.isEmpty, let shapes = sessionReach[session]?.shapes(for: pathSegments, path: &path), !shapes.isEmpty,
           let found = first(in: session, shapes: shapes, method: method, pathSegments: pathSegments, now: now(), fire: fire) {
            return found
        }
        let shapes = globalReach.shapes(for: pathSegments, path: &path)
        guard !shapes.isEmpty else { return nil }
        return first(in: nil, shapes: shapes, method: method, pathSegments: pathSegments, now: now(), fire: fire)
    }

    /// The first behaviour of one scope's buckets of these shapes that matches and fires, newest
    /// first. The scope is the session rule: a session's own behaviours are only in its buckets.
    private mutating func first<T>(in scope: String?, shapes: [Key.Shape], method: String, pathSegments: [Substring],
                                   now: @autoclosure () -> Date, fire: (inout Entry) -> (result: T?, exhausted: Bool)) -> T? {
        var candidates: [Int] = []
        for methodKey in [method, nil] as [String?] {
            for shape in shapes {
                if let numbers = buckets[Key(session: scope, method: methodKey, shape: shape)] { candidates += numbers }
            }
        }
        for number in candidates.sorted(by: >) {
            guard var entry = entries[number],
                  entry.behaviour.matches(method: method, pathSegments: pathSegments) else { continue }
            if let expiresAt = entry.expiresAt, expiresAt <= now() {
                remove(id: entry.behaviour.id)
                continue
            }
            let (result, exhausted) = fire(&entry)
            if exhausted { remove(id: entry.behaviour.id) } else { entries[number] = entry }
            if let result { return result }
        }
        return nil
    }
}
