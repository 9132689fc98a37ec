/// Matches items (rows or sections) against a pattern in order, where `nil` in the pattern stands
/// for any number of items (a case's `...`). Without a `nil` the counts must match.
///
/// The pattern splits at its gaps into runs; the first run is anchored at the start unless a gap
/// leads, the last at the end unless a gap trails, and each run between takes its leftmost place.
/// That is exact for runs of single items, so no backtracking is needed.
enum OrderedMatch {
    /// Where matching stopped.
    enum Failure: Error, Equatable {
        /// No gaps, and the counts differ.
        case count(expected: Int, seen: Int)
        /// Pattern element `pattern` does not match item `item` where it had to.
        case mismatch(pattern: Int, item: Int)
        /// Pattern element `pattern` (and its run) fits nowhere at or after item `after`.
        case missing(pattern: Int, after: Int)
    }

    /// The item index each pattern element matched, or where it failed.
    static func match<P, T>(_ pattern: [P?], _ items: [T], _ matches: (P, T) -> Bool) -> Result<[Int: Int], Failure> {
        var runs: [[(index: Int, element: P)]] = [[]]
        for (index, element) in pattern.enumerated() {
            if let element { runs[runs.count - 1].append((index, element)) } else { runs.append([]) }
        }
        if runs.count == 1, pattern.count != items.count { return .failure(.count(expected: pattern.count, seen: items.count)) }
        var matched: [Int: Int] = [:]
        var position = 0
        for (number, run) in runs.enumerated() where !run.isEmpty {
            let anchoredStart = number == 0, anchoredEnd = number == runs.count - 1
            func failure(at start: Int) -> Int? {
                guard start >= 0, start + run.count <= items.count else { return run.first?.index }
                return run.enumerated().first { offset, element in !matches(element.element, items[start + offset]) }.map { $0.element.index }
            }
            let start: Int
            if anchoredStart || anchoredEnd {
                start = anchoredStart ? 0 : items.count - run.count
                if start < position || start + run.count > items.count {
                    return .failure(.missing(pattern: run[0].index, after: position))
                }
                if let failed = failure(at: start) {
                    let offset = run.firstIndex { $0.index == failed } ?? 0
                    return .failure(.mismatch(pattern: failed, item: start + offset))
                }
            } else {
                guard let found = (position...max(position, items.count - run.count)).first(where: { candidate in
                    candidate + run.count <= items.count && failure(at: candidate) == nil
                }) else { return .failure(.missing(pattern: run[0].index, after: position)) }
                start = found
            }
            for (offset, element) in run.enumerated() { matched[element.index] = start + offset }
            position = start + run.count
        }
        return .success(matched)
    }

    /// Pairs each pattern element with a different item, in any order; the first element that
    /// finds none fails. Without a `nil` in the pattern the counts must match.
    static func matchAnyOrder<P, T>(_ pattern: [P?], _ items: [T], _ matches: (P, T) -> Bool) -> Result<[Int: Int], Failure> {
        let stated = pattern.enumerated().compactMap { index, element in element.map { (index, $0) } }
        if stated.count == pattern.count, pattern.count != items.count { return .failure(.count(expected: pattern.count, seen: items.count)) }
        var owner: [Int: Int] = [:]  // item -> position in `stated`
        func place(_ which: Int, _ visited: inout Set<Int>) -> Bool {
            for item in items.indices where !visited.contains(item) && matches(stated[which].1, items[item]) {
                visited.insert(item)
                if let other = owner[item] {
                    guard place(other, &visited) else { continue }
                }
                owner[item] = which
                return true
            }
            return false
        }
        for which in stated.indices {
            var visited: Set<Int> = []
            if !place(which, &visited) { return .failure(.missing(pattern: stated[which].0, after: 0)) }
        }
        return .success(Dictionary(uniqueKeysWithValues: owner.map { (stated[$0.value].0, $0.key) }))
    }
}
