import ProfileRuntime
import Testing

enum Countries: String, MockPoint {
    static let mockKey = "countries"
    case live
    case localMock = "local-mock"
    case empty
}

enum Payments: String, MockPoint {
    static let mockKey = "payments.backend"
    case stripe, sandbox
}

/// A mock point that declares its default variant, as generated code does.
enum Backend: String, MockPoint {
    static let mockKey = "backend"
    static let defaultVariant: Self? = .live
    case live, stub
}

/// A mock point with no variants at all (an enum cannot be that and have a raw type).
struct Nothing: MockPoint {
    static let mockKey = "nothing"
    static let allCases: [Nothing] = []
    var rawValue: String
    init?(rawValue: String) { nil }
}

@Suite struct MockPointTests {
    @Test func selectedThroughEverySource() throws {
        let payload = ProfilePayload(mocks: ["countries": "local-mock"])
        func countries(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Countries {
            try ActiveProfile(arguments: ["app"] + arguments, environment: environment).variant(of: Countries.self)
        }
        #expect(try ActiveProfile(payload: payload).variant(of: Countries.self) == .localMock)
        #expect(
            try ActiveProfile(payload: payload, arguments: ["app", "-countries", "empty"]).variant(of: Countries.self)
                == .empty
        )
        #expect(try countries(["--countries=live"]) == .live)
        #expect(try countries(["-countries", "local-mock"]) == .localMock)
        #expect(try countries([], ["COUNTRIES": "empty"]) == .empty)
        #expect(
            try ActiveProfile(arguments: ["app", "--payments-backend", "sandbox"], environment: [:])
                .variant(of: Payments.self) == .sandbox
        )
        #expect(
            try ActiveProfile(arguments: ["app"], environment: ["PAYMENTS_BACKEND": "stripe"])
                .variant(of: Payments.self) == .stripe
        )
    }

    @Test func defaultWhenUnset() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: [:])
        #expect(try profile.variant(of: Countries.self, default: .live) == .live)
        #expect(try profile.selectedVariant(of: Countries.self) == nil)
    }

    @Test func mockReadsPreferTheMocksSection() throws {
        let payload = ProfilePayload(mocks: ["countries": "empty"], values: ["countries": "live"])
        #expect(try ActiveProfile(payload: payload).variant(of: Countries.self) == .empty)
        #expect(ActiveProfile(payload: payload).string(forKey: "countries") == "live")
    }

    @Test func unknownVariantIsAnError() {
        let profile = ActiveProfile(payload: ProfilePayload(profiles: ["uitest"], mocks: ["countries": "remote"]))
        let expected = ProfileRuntimeError(
            .unknownVariant,
            key: "countries",
            message: "unknown variant \"remote\" for mock point \"countries\" (from profile uitest); "
                + "allowed variants: live, local-mock, empty"
        )
        #expect(throws: expected) { try profile.variant(of: Countries.self) }
        #expect(throws: expected) { try profile.variant(of: Countries.self, default: .live) }
        #expect(throws: expected) { try profile.selectedVariant(of: Countries.self) }
    }

    @Test func unknownVariantSuggestsANearMiss() throws {
        let profile = try ActiveProfile(arguments: ["app", "-countries", "local_mock"], environment: [:])
        #expect(
            throws: ProfileRuntimeError(
                .unknownVariant,
                key: "countries",
                message: "unknown variant \"local_mock\" for mock point \"countries\" "
                    + "(from launch argument \"-countries\"); allowed variants: live, local-mock, empty; "
                    + "did you mean \"local-mock\"?"
            )
        ) {
            try profile.variant(of: Countries.self)
        }
        let typo = try ActiveProfile(arguments: ["app"], environment: ["COUNTRIES": "emty"])
        #expect(
            throws: ProfileRuntimeError(
                .unknownVariant,
                key: "countries",
                message: "unknown variant \"emty\" for mock point \"countries\" (from environment variable COUNTRIES); "
                    + "allowed variants: live, local-mock, empty; did you mean \"empty\"?"
            )
        ) {
            try typo.variant(of: Countries.self)
        }
    }

    @Test func noVariantSelectedIsAnError() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: [:])
        #expect(
            throws: ProfileRuntimeError(
                .noVariantSelected,
                key: "countries",
                message: "no variant selected for mock point \"countries\": set it with \"-countries VARIANT\" or "
                    + "\"--countries=VARIANT\", in a profile, or with the environment variable COUNTRIES; "
                    + "allowed variants: live, local-mock, empty"
            )
        ) {
            try profile.variant(of: Countries.self)
        }
    }

    @Test func bareMockOptionIsAnError() throws {
        let profile = try ActiveProfile(arguments: ["app", "--countries"], environment: [:])
        #expect(
            throws: ProfileRuntimeError(
                .unknownVariant,
                key: "countries",
                message: "mock point \"countries\" is given without a variant (launch argument \"--countries\"); "
                    + "allowed variants: live, local-mock, empty"
            )
        ) {
            try profile.variant(of: Countries.self, default: .live)
        }
    }

    @Test func mockPointWithoutCases() throws {
        let profile = try ActiveProfile(arguments: ["app", "-nothing", "x"], environment: [:])
        #expect(
            throws: ProfileRuntimeError(
                .unknownVariant,
                key: "nothing",
                message: "unknown variant \"x\" for mock point \"nothing\" (from launch argument \"-nothing\"); "
                    + "allowed variants: (none declared)"
            )
        ) {
            try profile.variant(of: Nothing.self)
        }
    }

    @Test func declaredDefaultVariantIsUsedWhenNoneIsSelected() throws {
        #expect(Countries.defaultVariant == nil)
        #expect(Backend.defaultVariant == .live)
        let unset = try ActiveProfile(arguments: ["app"], environment: [:])
        #expect(try unset.variant(of: Backend.self) == .live)
        #expect(try unset.variant(of: Backend.self, default: .stub) == .stub)
        #expect(try unset.selectedVariant(of: Backend.self) == nil)
        let selected = try ActiveProfile(arguments: ["app", "-backend", "stub"], environment: [:])
        #expect(try selected.variant(of: Backend.self) == .stub)
        #expect(
            try ActiveProfile(payload: ProfilePayload(mocks: ["backend": "stub"])).variant(of: Backend.self) == .stub)
    }

    @Test func declaredDefaultVariantNeverHidesAnUnknownVariant() throws {
        let profile = try ActiveProfile(arguments: ["app", "--backend=remote"], environment: [:])
        #expect(
            throws: ProfileRuntimeError(
                .unknownVariant,
                key: "backend",
                message: "unknown variant \"remote\" for mock point \"backend\" "
                    + "(from launch argument \"--backend=remote\"); allowed variants: live, stub"
            )
        ) {
            try profile.variant(of: Backend.self)
        }
    }
}
