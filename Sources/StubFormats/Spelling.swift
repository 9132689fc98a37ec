/// "Did you mean …?": the nearest known word to a misspelt one, for load errors, admin API
/// refusals and near-miss 404s. The one edit distance the package uses.
public enum Spelling {
    /// The candidate closest to `word` (ignoring case) when it is close enough to be a likely
    /// typo: at most 2 edits, or a third of the word.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        guard let best = scored(word, candidates).first else { return nil }
        return best.distance <= max(2, word.count / 3) ? best.candidate : nil
    }

    /// The candidate closest to `word` (ignoring case), however far; ties go to the first in
    /// alphabetical order. Nil only when there is no candidate.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        scored(word, candidates).first?.candidate
    }

    /// ` (did you mean x?)` when a likely typo, or nothing.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        nearest(to: word, in: candidates).map { " (did you mean \($0)?)" } ?? ""
    }

    /// Levenshtein distance: insertions, deletions and substitutions to turn `a` into `b`.
    public static func distance<Elements: Collection>(_ a: Elements, _ b: Elements) -> Int where Elements.Element: Equatable {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Candidates with their distance to `word`, ignoring case, nearest first, then alphabetical.
    private static func scored(_ word: String, _ candidates: some Sequence<String>) -> [(candidate: String, distance: Int)] {
        let wanted = word.lowercased()
        return candidates.map { ($0, distance(wanted, $0.lowercased())) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
    }
}
