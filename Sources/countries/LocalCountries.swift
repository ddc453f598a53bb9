/// The `local-mock` datasource: a bundled list, no network, the same on every run.
struct LocalCountries: CountriesDatasource {
    static let all: [Country] = [
        Country(name: "Argentina", capital: "Buenos Aires"),
        Country(name: "Australia", capital: "Canberra"),
        Country(name: "Brazil", capital: "Brasília"),
        Country(name: "Canada", capital: "Ottawa"),
        Country(name: "Egypt", capital: "Cairo"),
        Country(name: "France", capital: "Paris"),
        Country(name: "Germany", capital: "Berlin"),
        Country(name: "India", capital: "New Delhi"),
        Country(name: "Japan", capital: "Tokyo"),
        Country(name: "Kenya", capital: "Nairobi"),
        Country(name: "Mexico", capital: "Mexico City"),
        Country(name: "New Zealand", capital: "Wellington"),
        Country(name: "Norway", capital: "Oslo"),
        Country(name: "Peru", capital: "Lima"),
        Country(name: "South Korea", capital: "Seoul"),
    ]

    func countries() -> [Country] { Self.all }
}
