/// What one item of a collection is called: "Member 2" for the second of "Members", or the
/// item's own summary ("Grace Hopper") where a name is wanted and the item has one.
package enum ItemTitles {
    /// The singular of an English plural title, for naming one item ("Members" → "Member",
    /// "Categories" → "Category", "Addresses" → "Address", "People" → "Person"); a title
    /// that does not look plural is kept as it is ("Staff").
    package static func singular(_ title: String) -> String {
        let irregular = [
            "people": "person", "children": "child", "men": "man", "women": "woman", "data": "data", "news": "news",
            "series": "series",
        ]
        let words = title.split(separator: " ", omittingEmptySubsequences: false)
        guard let last = words.last, !last.isEmpty else { return title }
        let word = String(last)
        let lower = word.lowercased()
        var singular: String
        if let replacement = irregular[lower] {
            singular =
                word.first?.isUppercase == true
                ? replacement.prefix(1).uppercased() + replacement.dropFirst() : replacement
        } else if lower.hasSuffix("ies"), lower.count > 4 {
            singular = word.dropLast(3) + (word.last?.isUppercase == true ? "Y" : "y")
        } else if ["sses", "xes", "ches", "shes", "zzes"].contains(where: lower.hasSuffix) {
            singular = String(word.dropLast(2))
        } else if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"),
            lower.count > 3
        {
            singular = String(word.dropLast())
        } else {
            singular = word
        }
        if word.count > 1, word.allSatisfy({ !$0.isLetter || $0.isUppercase }) { singular = singular.uppercased() }
        return (words.dropLast().map(String.init) + [singular]).joined(separator: " ")
    }

    /// "Member 2": the singular of the collection's title and the item's number (from 1).
    package static func numbered(_ collectionTitle: String, index: Int) -> String {
        "\(singular(collectionTitle)) \(index + 1)"
    }

    /// The item's summary when it has one, else ``numbered(_:index:)``.
    package static func named(_ collectionTitle: String, index: Int, summary: String) -> String {
        summary.isEmpty ? numbered(collectionTitle, index: index) : summary
    }
}

extension Field {
    /// The title of the item at `index` of a tuple: its position's, else the field's title
    /// numbered (`Plugin 3`), as a list's items are.
    package func itemTitle(at index: Int) -> String {
        positions.indices.contains(index) ? positions[index].title : ItemTitles.numbered(title, index: index)
    }
}
