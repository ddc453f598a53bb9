import ProfileRuntime
import Testing

enum LogLevel: String, CaseIterable, Decodable {
    case debug, info, error
}

enum Priority: Int, Decodable {
    case low = 1
    case high = 2
}

/// Both `RawRepresentable` and `LosslessStringConvertible`: the raw value must win.
enum Shade: String, LosslessStringConvertible {
    case light, dark
    init?(_ description: String) { self.init(rawValue: description.lowercased()) }
    var description: String { rawValue }
}

/// Both, with an `Int` raw value.
enum Level: Int, LosslessStringConvertible {
    case one = 1
    case two = 2
    init?(_ description: String) {
        guard description == "one" else { return nil }
        self = .one
    }
    var description: String { "\(rawValue)" }
}

/// The app's own `LosslessStringConvertible` type.
struct Version: LosslessStringConvertible, Equatable {
    var major: Int
    var minor: Int
    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    init?(_ description: String) {
        let parts = description.split(separator: ".")
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major: major, minor: minor)
    }
    var description: String { "\(major).\(minor)" }
}

@Suite struct ValuesTests {
    let profile = ActiveProfile(
        payload: ProfilePayload(values: [
            "logLevel": "info", "badLevel": "verbose", "priority": "2", "badPriority": "3", "shade": "Dark",
            "level": "2", "version": "2.10", "small": "300", "char": "x", "flag": "yes",
        ])
    )

    @Test func stringRawValues() throws {
        #expect(profile.value(LogLevel.self, forKey: "logLevel") == .info)
        let inferred: LogLevel? = profile.value(forKey: "logLevel")
        #expect(inferred == .info)
        #expect(profile.value(LogLevel.self, forKey: "badLevel") == nil)
        #expect(profile.value(LogLevel.self, forKey: "missing", default: .error) == .error)
        #expect(profile.value(LogLevel.self, forKey: "badLevel", default: .error) == .error)
        #expect(try profile.requiredValue(LogLevel.self, forKey: "logLevel") == .info)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "badLevel",
                message: "key \"badLevel\": \"verbose\" (from the profile payload) is not a valid "
                    + "LogLevel (one of: debug, info, error)"
            )
        ) {
            try profile.requiredValue(LogLevel.self, forKey: "badLevel")
        }
    }

    @Test func intRawValues() throws {
        #expect(profile.value(Priority.self, forKey: "priority") == .high)
        #expect(profile.value(Priority.self, forKey: "badPriority") == nil)
        #expect(profile.value(Priority.self, forKey: "badPriority", default: .low) == .low)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "badPriority",
                message: "key \"badPriority\": \"3\" (from the profile payload) is not a valid Priority"
            )
        ) {
            try profile.requiredValue(Priority.self, forKey: "badPriority")
        }
    }

    @Test func rawValueWinsOverLosslessStringConvertible() throws {
        #expect(profile.value(Shade.self, forKey: "shade") == nil)  // "Dark" is not a raw value
        #expect(profile.value(Shade.self, forKey: "shade", default: .light) == .light)
        #expect(profile.value(Level.self, forKey: "level") == .two)
        #expect(profile.value(Level.self, forKey: "missing", default: .one) == .one)
        #expect(try profile.requiredValue(Level.self, forKey: "level") == .two)
        #expect(throws: ProfileRuntimeError.self) { try profile.requiredValue(Shade.self, forKey: "shade") }
    }

    @Test func losslessStringConvertibleTypes() throws {
        #expect(profile.value(Version.self, forKey: "version") == Version(major: 2, minor: 10))
        #expect(profile.value(Int16.self, forKey: "small") == 300)
        #expect(profile.value(Int8.self, forKey: "small") == nil)
        #expect(profile.value(UInt64.self, forKey: "small", default: 1) == 300)
        #expect(profile.value(Character.self, forKey: "char") == "x")
        #expect(profile.value(Float.self, forKey: "version") == 2.1)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "small",
                message: "key \"small\": \"300\" (from the profile payload) is not a valid Int8 (-128...127)"
            )
        ) {
            try profile.requiredValue(Int8.self, forKey: "small")
        }
    }

    @Test func boolUsesTheLenientSpellings() throws {
        #expect(profile.value(Bool.self, forKey: "flag") == true)
        #expect(profile.value(Bool.self, forKey: "missing", default: false) == false)
        #expect(try profile.requiredValue(Bool.self, forKey: "flag") == true)
    }
}
