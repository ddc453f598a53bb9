/// Rewrites the items of one array or object of a JSON-with-comments document (a `launch.json`) and leaves every
/// other byte as it was: the items kept keep their bytes and the whitespace and comments before them; a removed item
/// goes with its comma and line, but a comment before it stays (it moves before the next item kept); a new item
/// gets the indentation of the others (its own line when they are on lines of their own, else `, ` between); a
/// trailing comma stays; an empty container gets its items on lines of their own, as VS Code formats them.
enum JSONCListEditor {
    /// One item of the new list, in order.
    enum Piece: Equatable {
        /// The item at this index, byte for byte.
        case keep(Int)
        /// The item at this index, at its place, as this text.
        case replace(Int, String)
        /// A new item (its text; lines after the first are indented by the editor).
        case insert(String)
    }

    /// The new text of the container `container` (from its `[` or `{` to its `]` or `}`), whose items are at `items`
    /// (an element, or a member from its key to the end of its value), holding `pieces`.
    ///
    /// - Parameter step: one indentation step of the file, for a container that had no items.
    static func edit(
        _ bytes: [UInt8], container: Range<Int>, items: [Range<Int>], pieces: [Piece], step: String
    ) -> [UInt8] {
        let open = container.lowerBound
        let close = container.upperBound - 1
        let newline = InPlaceEditing.newline(of: bytes)
        let outer = InPlaceEditing.lineIndentation(at: open, in: bytes)
        /// A new item's text, its lines after the first indented by `indent`.
        func text(_ piece: Piece, indent: String) -> [UInt8]? {
            switch piece {
            case .keep: return nil
            case .replace(_, let text), .insert(let text):
                return Array(
                    InPlaceEditing.join(
                        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), indent: indent,
                        newline: newline
                    ).utf8)
            }
        }
        let inner = bytes[(open + 1)..<close]
        guard let first = items.first else {
            guard !pieces.isEmpty else { return Array(bytes[container]) }
            let indent = outer + step
            let joined = pieces.compactMap { text($0, indent: indent) }.map { Array((newline + indent).utf8) + $0 }
            var out = [bytes[open]] + Array(joined.joined(separator: [UInt8(ascii: ",")]))
            out += JSONScanner.holdsComment(inner) ? Array(inner) : Array((newline + outer).utf8)
            return out + [bytes[close]]
        }
        let indent = InPlaceEditing.indentation(before: first.lowerBound, in: bytes)
        let itemIndent = indent ?? outer + step
        let separator = Array((indent != nil ? newline + itemIndent : " ").utf8)
        // Each item's comma (the first `,` after it outside comments; the last item's is a trailing comma), and its
        // trailer: what follows the comma on its line when that is only spaces and comments (`"-a", // mine`), which
        // stays with the item.
        var commas: [Int?] = []
        var trailerEnds: [Int] = []
        for (index, item) in items.enumerated() {
            let end = index + 1 < items.count ? items[index + 1].lowerBound : close
            let comma = comma(in: bytes, from: item.upperBound, to: end)
            commas.append(comma)
            trailerEnds.append(comma.map { trailerEnd(in: bytes, from: $0 + 1, to: end) } ?? item.upperBound)
        }
        func trailer(_ index: Int) -> ArraySlice<UInt8> {
            guard let comma = commas[index] else { return [] }
            return bytes[(comma + 1)..<trailerEnds[index]]
        }
        func lead(_ index: Int) -> ArraySlice<UInt8> {
            bytes[(index == 0 ? open + 1 : trailerEnds[index - 1])..<items[index].lowerBound]
        }
        /// The item and what lies between it and its comma.
        func body(_ index: Int) -> ArraySlice<UInt8> {
            bytes[items[index].lowerBound..<(commas[index] ?? items[index].upperBound)]
        }
        /// Comments, without the space around them.
        func trimmed(_ slice: ArraySlice<UInt8>) -> [UInt8] {
            guard JSONScanner.holdsComment(slice) else { return [] }
            var comment = Array(slice)
            while let last = comment.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D {
                comment.removeLast()
            }
            return comment
        }
        var kept = Set<Int>()
        for piece in pieces {
            if case .keep(let index) = piece { kept.insert(index) }
            if case .replace(let index, _) = piece { kept.insert(index) }
        }
        // The comments of removed items (before them, and on their line), carried to the next item kept or the end.
        // The space after the opening bracket (with its comments) always opens the list: item 0's lead is not
        // carried.
        var carried: [Int: [UInt8]] = [:]
        var carry: [UInt8] = []
        for index in items.indices {
            if kept.contains(index) {
                if !carry.isEmpty { carried[index] = carry }
                carry = []
            } else {
                if index > 0 { carry += trimmed(lead(index)) }
                carry += trimmed(trailer(index))
            }
        }
        let last = items.count - 1
        // After the last item: its trailing comma (kept for the new last item), then the rest.
        let hasTrailingComma = commas[last] != nil
        var tail = Array(bytes[trailerEnds[last]..<close])
        guard !pieces.isEmpty else {
            if carry.isEmpty, !JSONScanner.holdsComment(inner) { return [bytes[open], bytes[close]] }
            return [bytes[open]] + lead(0) + joined(carry, tail, indent: outer) + [bytes[close]]
        }
        var out: [UInt8] = [bytes[open]]
        var previousTrailer: ArraySlice<UInt8> = []
        for (position, piece) in pieces.enumerated() {
            var leading: [UInt8]
            var item: [UInt8]
            var own: ArraySlice<UInt8> = []
            switch piece {
            case .keep(let index):
                leading = Array(index == 0 ? separator[...] : lead(index))
                item = Array(body(index))
                own = trailer(index)
            case .replace(let index, _):
                leading = Array(index == 0 ? separator[...] : lead(index))
                let itemIndent = InPlaceEditing.indentation(before: items[index].lowerBound, in: bytes) ?? itemIndent
                item = text(piece, indent: itemIndent) ?? []
                // What lay between the item and its comma (a comment) stays.
                item += bytes[items[index].upperBound..<body(index).endIndex]
                own = trailer(index)
            case .insert:
                leading = separator
                // On a line of its own, at the items' indentation; else continuing the line of the last item.
                item =
                    text(piece, indent: indent ?? InPlaceEditing.lineIndentation(at: items[last].upperBound, in: bytes))
                    ?? []
            }
            if position == 0 { leading = Array(lead(0)) }
            if case .keep(let index) = piece, let comments = carried[index] {
                leading = joined(comments, leading, indent: itemIndent)
            }
            if case .replace(let index, _) = piece, let comments = carried[index] {
                leading = joined(comments, leading, indent: itemIndent)
            }
            if position > 0 { out += [UInt8(ascii: ",")] + previousTrailer }
            out += leading + item
            previousTrailer = own
        }
        if hasTrailingComma {
            out += [UInt8(ascii: ",")] + previousTrailer
        } else if !previousTrailer.isEmpty {
            // A trailer of an item that was not last: its comment stays, after the new last item.
            out += previousTrailer
            tail = Array(tail.drop { $0 == 0x20 || $0 == 0x09 })
        }
        return out + joined(carry, tail, indent: outer) + [bytes[close]]
    }

    /// The end of a trailer that starts at `start`: the line's end when only spaces, tabs and comments lie before it,
    /// else `start` (nothing).
    static func trailerEnd(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var index = start
        var sawComment = false
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return sawComment ? index : start }
            if byte == 0x20 || byte == 0x09 {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                sawComment = true
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                var close = index + 2
                while close + 1 < end, bytes[close] != UInt8(ascii: "*") || bytes[close + 1] != UInt8(ascii: "/") {
                    close += 1
                }
                // A block comment that runs onto another line is not a trailer.
                if bytes[index..<min(close + 2, end)].contains(where: { $0 == 0x0A || $0 == 0x0D }) { return start }
                index = close + 2
                sawComment = true
            } else {
                return start
            }
        }
        return start
    }

    /// `comments` (carried from a removed item) before `space`; a line comment is ended by a line break.
    private static func joined(_ comments: [UInt8], _ space: [UInt8], indent: String) -> [UInt8] {
        guard !comments.isEmpty else { return space }
        let endsLine = space.first == 0x0A || space.first == 0x0D
        let hasLineComment = comments.indices.dropLast().contains {
            comments[$0] == UInt8(ascii: "/") && comments[$0 + 1] == UInt8(ascii: "/")
        }
        return comments + (hasLineComment && !endsLine ? Array(("\n" + indent).utf8) : []) + space
    }

    /// The offset of the first `,` between `start` and `end` outside comments, nil when there is none.
    static func comma(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") { return index }
            if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, bytes[index] != UInt8(ascii: "*") || bytes[index + 1] != UInt8(ascii: "/") {
                    index += 1
                }
                index += 2
            } else {
                index += 1
            }
        }
        return nil
    }
}
