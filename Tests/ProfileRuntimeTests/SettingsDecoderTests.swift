import ProfileRuntime
import Testing

struct Settings: Decodable, Equatable {
    struct HTTP: Decodable, Equatable {
        var timeout: Double
        var maxConnections: Int?
        var userAgent: String?
    }

    struct Cache: Decodable, Equatable {
        var size: Int?
    }

    var pageSize: Int
    var title: String
    var skipOnboarding: Bool
    var logLevel: LogLevel
    var priority: Priority?
    var http: HTTP
    var cache: Cache?
    var tags: [String]
    var ports: [UInt16]
    var optionalList: [Int]?
    var ratio: Float
    var small: Int8
    var big: UInt64
    var missing: String?
}

@Suite struct SettingsDecoderTests {
    static let payload = ProfilePayload(
        profiles: ["uitest"],
        flags: ["skipOnboarding": true],
        values: [
            "pageSize": "5", "title": "Countries, \"all\"", "logLevel": "error", "http.timeout": "2.5",
            "tags": "a, b ,c", "ports": "80,443", "ratio": "0.5", "small": "-8", "big": "18446744073709551615",
        ]
    )

    @Test func decodesNestedOptionalEnumsAndLists() throws {
        let profile = ActiveProfile(
            payload: Self.payload,
            arguments: ["app", "--http-max-connections", "8", "-pageSize", "6"],
            environment: ["PRIORITY": "1"]
        )
        let settings = try profile.decode(Settings.self)
        #expect(
            settings
                == Settings(
                    pageSize: 6,
                    title: "Countries, \"all\"",
                    skipOnboarding: true,
                    logLevel: .error,
                    priority: .low,
                    http: .init(timeout: 2.5, maxConnections: 8, userAgent: nil),
                    cache: nil,
                    tags: ["a", "b", "c"],
                    ports: [80, 443],
                    optionalList: nil,
                    ratio: 0.5,
                    small: -8,
                    big: .max,
                    missing: nil
                )
        )
    }

    @Test func anOptionalNestedStructIsPresentWhenAnyOfItsKeysIs() throws {
        let profile = ActiveProfile(payload: Self.payload, environment: ["CACHE_SIZE": "64"])
        #expect(try profile.decode(Settings.self).cache == Settings.Cache(size: 64))
    }

    @Test func decodesUnderAPrefix() throws {
        let profile = ActiveProfile(payload: Self.payload)
        #expect(try profile.decode(Settings.HTTP.self, prefix: "http") == .init(timeout: 2.5))
    }

    @Test func optionalElementsInLists() throws {
        struct Numbers: Decodable { var values: [Int?] }
        let profile = try ActiveProfile(arguments: ["app", "--values=1,,3"], environment: [:])
        #expect(try profile.decode(Numbers.self).values == [1, nil, 3])
    }

    @Test func badIntTextNamesTheKeyAndText() {
        var payload = Self.payload
        payload.values["http.timeout"] = "soon"
        let profile = ActiveProfile(payload: payload)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "http.timeout",
                message: "key \"http.timeout\": \"soon\" (from profile uitest) is not a valid Double"
            )
        ) {
            try profile.decode(Settings.self)
        }
        payload.values["http.timeout"] = "1"
        payload.values["pageSize"] = "five"
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "pageSize",
                message: "key \"pageSize\": \"five\" (from profile uitest) is not a valid Int"
            )
        ) {
            try ActiveProfile(payload: payload).decode(Settings.self)
        }
    }

    @Test func badListElementNamesItsIndex() {
        var payload = Self.payload
        payload.values["ports"] = "80,http"
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "ports[1]",
                message: "key \"ports[1]\": \"http\" (from profile uitest) is not a valid UInt16"
            )
        ) {
            try ActiveProfile(payload: payload).decode(Settings.self)
        }
    }

    @Test func outOfRangeIntegers() {
        var payload = Self.payload
        payload.values["small"] = "200"
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "small",
                message: "key \"small\": \"200\" (from profile uitest) is not a valid Int8 (-128...127)"
            )
        ) {
            try ActiveProfile(payload: payload).decode(Settings.self)
        }
    }

    @Test func badEnumTextNamesTheKeyAndText() {
        var payload = Self.payload
        payload.values["logLevel"] = "verbose"
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "logLevel",
                message: "key \"logLevel\": \"verbose\" (from profile uitest) is invalid: "
                    + "Cannot initialize LogLevel from invalid String value verbose"
            )
        ) {
            try ActiveProfile(payload: payload).decode(Settings.self)
        }
    }

    @Test func missingRequiredKey() {
        var payload = Self.payload
        payload.values["http.timeout"] = nil
        #expect(
            throws: ProfileRuntimeError(
                .missingValue,
                key: "http.timeout",
                message: "no value for key \"http.timeout\": set it with \"-http.timeout VALUE\" or "
                    + "\"--http-timeout=VALUE\", in a profile, or with the environment variable HTTP_TIMEOUT"
            )
        ) {
            try ActiveProfile(payload: payload).decode(Settings.self)
        }
    }

    @Test func unsupportedShapesAreErrors() {
        struct Item: Decodable { var name: String }
        struct Items: Decodable { var items: [Item] }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "items[0]",
                message: "key \"items[0]\": a struct inside a list is not supported by the settings decoder"
            )
        ) {
            try ActiveProfile(arguments: ["app", "--items=a"], environment: [:]).decode(Items.self)
        }
        struct Table: Decodable { var table: [String: Int] }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "table",
                message: "key \"table\": a dictionary is not supported by the settings decoder"
            )
        ) {
            try ActiveProfile(arguments: ["app", "--table=a"], environment: [:]).decode(Table.self)
        }
    }

    @Test func customErrorsPassThrough() {
        struct Invalid: Error, Equatable {}
        struct Strict: Decodable {
            init(from decoder: any Decoder) throws { throw Invalid() }
        }
        #expect(throws: Invalid()) { try ActiveProfile(payload: ProfilePayload()).decode(Strict.self) }
    }
}
