/// Rewrites the `commandLineArgumentEntries` and `environmentVariableEntries` of an existing `.xctestplan`'s
/// `defaultOptions`, leaving every other byte of the file as it was.
///
/// - A key that exists gets its value replaced whole (the entries it held are dropped, so the plan carries exactly the
///   profile's entries, in order), indented like the key.
/// - A key that is absent is inserted at its place in Xcode's sorted key order, at the indentation of its siblings;
///   `defaultOptions` itself is created when absent.
/// - A key with no entries to hold is removed.
///
/// Configurations' own `options` are left alone: entries set there still override these for that configuration.
/// Updating twice gives the same bytes.
enum XcodeTestPlanUpdater {
    static func update(_ file: [UInt8], path: String, with content: ExportContent) throws(Diagnostic) -> [UInt8] {
        var bytes = file
        let members = XcodeTestPlanExport.members(content)
        for key in [XcodeTestPlanExport.argumentsKey, XcodeTestPlanExport.environmentKey] {
            let lines = members.first { $0.key == key }?.value
            try set(key, to: lines, in: &bytes, path: path)
        }
        return bytes
    }

    /// Sets (or removes, with nil) `key` of `defaultOptions`.
    private static func set(
        _ key: String, to lines: [String]?, in bytes: inout [UInt8], path: String
    ) throws(Diagnostic) {
        let root: JSONScanner.Value
        do {
            root = try JSONScanner.scan(bytes)
        } catch {
            throw .error(
                "`\(path)` is not valid JSON: \(error.message)",
                at: InPlaceEditing.location(of: error.offset, in: bytes, path: path))
        }
        guard let members = root.object else {
            throw .error(
                "`\(path)` is not an Xcode test plan: its top level is not an object",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path))
        }
        guard let options = members.first(where: { $0.key == "defaultOptions" }) else {
            guard let lines else { return }
            let step = XcodeTestPlanExport.step
            let object = ["{"] + XcodeTestPlanExport.memberLines(key, lines).map { step + $0 } + ["}"]
            setMember("defaultOptions", to: object, of: root, in: &bytes)
            return
        }
        guard options.value.object != nil else {
            throw .error(
                "`defaultOptions` in `\(path)` is not an object",
                at: InPlaceEditing.location(of: options.value.start, in: bytes, path: path))
        }
        setMember(key, to: lines, of: options.value, in: &bytes)
    }

    /// Replaces, inserts (in sorted key order) or removes (with nil) the member `key` of `object`.
    private static func setMember(
        _ key: String, to lines: [String]?, of object: JSONScanner.Value, in bytes: inout [UInt8]
    ) {
        let members = object.object ?? []
        let newline = InPlaceEditing.newline(of: bytes)
        let objectIndent = InPlaceEditing.lineIndentation(at: object.start, in: bytes)
        let siblingIndent =
            members.first.flatMap { InPlaceEditing.indentation(before: $0.keyStart, in: bytes) }
            ?? objectIndent + XcodeTestPlanExport.step
        if let position = members.firstIndex(where: { $0.key == key }) {
            let member = members[position]
            if let lines {
                let indent = InPlaceEditing.indentation(before: member.keyStart, in: bytes) ?? siblingIndent
                let text = InPlaceEditing.join(lines, indent: indent, newline: newline)
                InPlaceEditing.replace(&bytes, member.value.start..<member.value.end, with: text)
            } else if members.count == 1 {
                let empty = "{" + newline + newline + objectIndent + "}"
                InPlaceEditing.replace(&bytes, object.start..<object.end, with: empty)
            } else if position < members.count - 1 {
                InPlaceEditing.replace(&bytes, member.keyStart..<members[position + 1].keyStart, with: "")
            } else {
                InPlaceEditing.replace(&bytes, members[position - 1].value.end..<member.value.end, with: "")
            }
            return
        }
        guard let lines else { return }
        let text = InPlaceEditing.join(
            XcodeTestPlanExport.memberLines(key, lines), indent: siblingIndent, newline: newline)
        if let next = members.first(where: { key.utf8.lexicographicallyPrecedes($0.key.utf8) }) {
            InPlaceEditing.replace(&bytes, next.keyStart..<next.keyStart, with: text + "," + newline + siblingIndent)
        } else if let last = members.last {
            InPlaceEditing.replace(&bytes, last.value.end..<last.value.end, with: "," + newline + siblingIndent + text)
        } else {
            InPlaceEditing.replace(
                &bytes, object.start..<object.end,
                with: "{" + newline + siblingIndent + text + newline + objectIndent + "}")
        }
    }
}
