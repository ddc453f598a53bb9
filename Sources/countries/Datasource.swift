#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A country as the app shows it.
struct Country: Sendable {
    let name: String
    let capital: String
}

/// Why a datasource could not deliver.
struct DatasourceError: Error {
    let message: String
}

/// Where the countries come from: the app's real dependency or its fake, picked by the `countries.datasource` mock
/// point (`--countries-datasource local-mock`).
protocol CountriesDatasource {
    func countries() throws -> [Country]
}

/// The datasource for the selected variant of the `countries.datasource` mock point (`CountriesDatasourceMock`,
/// generated from the catalog, where `swiftName:` keeps it apart from this protocol).
func makeDatasource(_ variant: CountriesDatasourceMock, timeout: Double) -> any CountriesDatasource {
    switch variant {
    case .live: LiveCountries(timeout: timeout)
    case .localMock: LocalCountries()
    }
}

/// Prints `message` on standard error.
func note(_ message: String) {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Prints `message` on standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    note(message)
    exit(status)
}
