import ProfileModel
import ProfileRuntime

/// The options of an `.xctestplan` — its `defaultOptions`, or one configuration's `options` — as an
/// ``XcodeLaunchDocument``: their `commandLineArgumentEntries` (`{"argument" : "…", "enabled" : false}`) and
/// `environmentVariableEntries` (`{"key" : "…", "value" : "…"}`).
///
/// - A key that is absent is inserted at its place in Xcode's sorted key order, at the indentation of its siblings;
///   the options object itself is created when absent. A key the update empties is removed.
///
/// Without a configuration, configurations' own `options` are left alone: entries set there still override these for
/// that configuration.
struct XcodeTestPlanDocument: XcodeLaunchDocument {
    let bytes: [UInt8]
    let path: String
    /// The configuration whose options these are; nil for `defaultOptions`.
    let configuration: String?
    /// The options object, or the object it is to be created in (under `key`).
    let options: Options

    enum Options {
        case found(JSONScanner.Value)
        case missing(parent: JSONScanner.Value, key: String)
    }

    /// The options of the test plan `bytes`: `defaultOptions`, or those of the configuration named `configuration`.
    init(_ bytes: [UInt8], path: String, configuration: String?) throws(Diagnostic) {
        self.bytes = bytes
        self.path = path
        self.configuration = configuration
        func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }
        let root: JSONScanner.Value
        do {
            root = try JSONScanner.scan(bytes)
        } catch {
            throw .error("`\(path)` is not valid JSON: \(error.message)", at: location(error.offset))
        }
        guard root.object != nil else {
            throw .error(
                "`\(path)` is not an Xcode test plan: its top level is not an object", at: location(root.start))
        }
        guard let configuration else {
            guard let options = root.member("defaultOptions") else {
                self.options = .missing(parent: root, key: "defaultOptions")
                return
            }
            guard options.value.object != nil else {
                throw .error("`defaultOptions` in `\(path)` is not an object", at: location(options.value.start))
            }
            self.options = .found(options.value)
            return
        }
        let configurations = root.member("configurations")
        var names: [String] = []
        for element in configurations?.value.elements ?? [] {
            guard let name = element.member("name").flatMap({ JSONScanner.string($0.value, in: bytes) }) else {
                continue
            }
            guard name == configuration else {
                names.append(name)
                continue
            }
            guard let options = element.member("options") else {
                self.options = .missing(parent: element, key: "options")
                return
            }
            guard options.value.object != nil else {
                throw .error(
                    "the `options` of configuration `\(configuration)` in `\(path)` is not an object",
                    at: location(options.value.start))
            }
            self.options = .found(options.value)
            return
        }
        let known = names.isEmpty ? "it has none" : "it has " + names.map { "`\($0)`" }.joined(separator: ", ")
        throw .error(
            "`\(path)` has no configuration named `\(configuration)`: \(known)",
            at: location(configurations?.value.start ?? root.start),
            suggestion: NearMiss.suggestion(for: configuration, in: names))
    }

    var origin: String { configuration.map { "\(path) (configuration \($0))" } ?? "\(path) (defaultOptions)" }

    func rescanned(_ bytes: [UInt8]) throws(Diagnostic) -> XcodeTestPlanDocument {
        try XcodeTestPlanDocument(bytes, path: path, configuration: configuration)
    }

    /// The list's key.
    static func key(_ list: XcodeEntryList) -> String {
        list == .arguments ? XcodeTestPlanExport.argumentsKey : XcodeTestPlanExport.environmentKey
    }

    func list(_ list: XcodeEntryList) throws(Diagnostic) -> XcodeEntryListPlace? {
        guard case .found(let object) = options, let member = object.member(Self.key(list)) else { return nil }
        guard let elements = member.value.elements else {
            throw .error("`\(Self.key(list))` in `\(path)` is not an array", at: location(member.value.start))
        }
        let children = elements.map { element -> XcodeListChild in
            /// A string member: its text, where the text starts (after the quote) and its length as written.
            func string(_ key: String) -> (text: String, start: Int, length: Int, value: JSONScanner.Value)? {
                guard let member = element.member(key), let text = JSONScanner.string(member.value, in: bytes) else {
                    return nil
                }
                return (text, member.value.start + 1, member.value.end - member.value.start - 2, member.value)
            }
            let isEnabled = element.member("enabled").flatMap { JSONScanner.bool($0.value, in: bytes) } ?? true
            let textKey = list == .arguments ? "argument" : "key"
            guard let text = string(textKey) else {
                let message =
                    list == .arguments
                    ? "an entry without a string `argument`: skipped" : "an entry without a string `key`: skipped"
                return XcodeListChild(
                    start: element.start, end: element.end, markLength: 1, content: .incomplete(message))
            }
            var entry = XcodeFileEntry(
                text: text.text, textStart: text.start, textLength: text.length, value: nil, isEnabled: isEnabled)
            if list == .variables {
                let value = string("value")
                entry.value = value?.text ?? ""
                if let value {
                    entry.valueStart = value.start
                    entry.valueLength = value.length
                    entry.valueMark = (value.value.start, value.value.end - value.value.start)
                }
            }
            return XcodeListChild(start: element.start, end: element.end, markLength: 1, content: .entry(entry))
        }
        return XcodeEntryListPlace(
            children: children, innerStart: member.value.start + 1, innerEnd: member.value.end - 1,
            anchor: member.keyStart)
    }

    static let step = XcodeTestPlanExport.step
    static let separator: UInt8? = UInt8(ascii: ",")

    static func argumentLines(_ text: String, number: Int, isEnabled: Bool) -> [String] {
        XcodeTestPlanExport.argumentEntry(text, isEnabled: isEnabled, quoting: false)
    }

    static func variableLines(_ name: String, _ value: String, isEnabled: Bool) -> [String] {
        XcodeTestPlanExport.variableEntry(name, value, isEnabled: isEnabled)
    }

    func writeWhole(_ list: XcodeEntryList, _ entries: [[String]], into bytes: inout [UInt8]) {
        let array = XcodeTestPlanExport.array(entries)
        switch options {
        case .missing(let parent, let parentKey):
            let lines = XcodeTestPlanExport.memberLines(Self.key(list), array)
            Self.setMember(parentKey, to: ["{"] + lines.map { Self.step + $0 } + ["}"], of: parent, in: &bytes)
        case .found(let object):
            Self.setMember(Self.key(list), to: array, of: object, in: &bytes)
        }
    }

    func remove(_ list: XcodeEntryList, from bytes: inout [UInt8]) {
        guard case .found(let object) = options else { return }
        Self.setMember(Self.key(list), to: nil, of: object, in: &bytes)
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
