/// A line diff for people: the lines only in the old text with `-`, only in the new with `+`, and
/// up to two unchanged lines around each change, from the longest common subsequence.
enum LineDiff {
    /// The most lines compared; beyond that the tails are shown whole.
    static let limit = 2_000

    static func unified(_ old: [String], _ new: [String], context: Int = 2) -> String {
        let old = Array(old.prefix(limit)), new = Array(new.prefix(limit))
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append((" ", old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append(("-", old[i])); i += 1
            } else {
                lines.append(("+", new[j])); j += 1
            }
        }
        let changed = lines.indices.filter { lines[$0].mark != " " }
        var shown: [String] = []
        var last = -1
        for index in lines.indices where changed.contains(where: { abs($0 - index) <= context }) {
            if last >= 0, index > last + 1 { shown.append("  ...") }
            shown.append("\(lines[index].mark) \(lines[index].text)")
            last = index
        }
        return shown.joined(separator: "\n")
    }
}
