/// ISO 8601 internet date-times (`2026-11-24T14:30:00Z`, `2026-11-24T16:30:00+02:00`), the form `JSONDecoder` reads
/// with `.iso8601`, parsed without Foundation: the settings decoder hands `Date` fields the seconds since
/// 2001-01-01 00:00:00 UTC (`Date`'s own `Decodable` form, ``timeIntervalSinceReferenceDate(_:)``).
enum ISO8601Date {
    /// Seconds from 1970-01-01 to 2001-01-01, both UTC.
    static let referenceDateOffset: Int64 = 978_307_200

    /// The seconds since 2001-01-01 00:00:00 UTC of `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (`.250`), then
    /// `Z` or `±HH:MM`; nil for any other text or an impossible date (`2026-02-29`, hour 24), which `JSONDecoder`
    /// rolls over to the next day instead.
    ///
    /// Every year from 0000 to 9999 reads on every platform, a 32-bit `Int` (watchOS) included: see
    /// ``timeIntervalSinceReferenceDate(_:word:)``.
    static func timeIntervalSinceReferenceDate(_ text: String) -> Double? {
        timeIntervalSinceReferenceDate(text, word: Int.self)
    }

    /// ``timeIntervalSinceReferenceDate(_:)`` with `Word` standing for the platform's `Int`, so that a test on a 64-bit
    /// machine runs the arithmetic of a 32-bit one (`Int32`, as on watchOS's arm64_32). The fields and the day count
    /// (at most 2 932 896 days for 9999-12-31) fit any `Word` of 32 bits or more; the seconds (about ±3.2 × 10¹¹ for
    /// years 0000…9999, past ±2³¹ from 2038-01-19T03:14:08Z on) are counted in `Int64` on every platform.
    static func timeIntervalSinceReferenceDate<Word: FixedWidthInteger & SignedInteger>(
        _ text: String, word: Word.Type
    ) -> Double? {
        var bytes = Array(text.utf8)
        // Fractional seconds: cut out, added at the end.
        var fraction = 0.0
        if bytes.count > 20, bytes[19] == UInt8(ascii: ".") {
            var end = 20
            var scale = 0.1
            while end < bytes.count, bytes[end] >= 48, bytes[end] <= 57 {
                fraction += Double(bytes[end] - 48) * scale
                scale /= 10
                end += 1
            }
            guard end > 20 else { return nil }
            bytes.removeSubrange(19..<end)
        }
        guard bytes.count == 20 || bytes.count == 25 else { return nil }
        func number(_ start: Int, _ count: Int) -> Word? {
            var value: Word = 0
            for index in start..<(start + count) {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Word(byte - 48)
            }
            return value
        }
        func at(_ index: Int, _ character: Character) -> Bool { bytes[index] == character.asciiValue! }
        guard at(4, "-"), at(7, "-"), at(10, "T"), at(13, ":"), at(16, ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var offset: Word = 0
        if bytes.count == 20 {
            guard at(19, "Z") else { return nil }
        } else {
            guard at(19, "+") || at(19, "-"), at(22, ":"), let hours = number(20, 2), let minutes = number(23, 2),
                hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (at(19, "-") ? -1 : 1)
        }
        let days = daysSince1970(year: year, month: month, day: day)
        // In Int64: `days * 86_400` leaves 32 bits on 2038-01-19.
        let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second - offset)
        return Double(seconds - referenceDateOffset) + fraction
    }

    private static func daysIn<Word: FixedWidthInteger & SignedInteger>(month: Word, year: Word) -> Word {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`), for
    /// years 0…9999: between -719 468 and 2 932 896, within 32 bits.
    static func daysSince1970<Word: FixedWidthInteger & SignedInteger>(year: Word, month: Word, day: Word) -> Word {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
