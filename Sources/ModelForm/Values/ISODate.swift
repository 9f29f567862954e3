import Foundation

/// ISO 8601 dates, times and date-times, parsed and written without locale or time zone
/// surprises: everything is UTC unless the text carries an offset.
///
/// | field type | accepted | stored as |
/// |---|---|---|
/// | `date` | `2024-02-29` | midnight UTC of that day |
/// | `time` | `09:30`, `09:30:15` | that time on 1970-01-01 UTC |
/// | `datetime` | `2024-02-29T09:30`, `...:15`, `...Z`, `...+02:00`, `...+02`, `...+0200`, `...15.250Z` (a space may replace `T`) | that instant |
///
/// A date-time is written with its fraction of a second when it has one, to the microsecond
/// (`2024-02-29T09:30:15.123456Z`), so that a database's timestamp reads back as it was.
package enum ISODate {
    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    /// Parses `yyyy-MM-dd`.
    package static func parseDate(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = digits(parts[0]), let month = digits(parts[1]), let day = digits(parts[2])
        else { return nil }
        return make(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
    }

    /// Parses `HH:mm` or `HH:mm:ss`.
    package static func parseTime(_ text: String) -> Date? {
        guard let (hour, minute, second, fraction) = time(Substring(text)) else { return nil }
        return make(year: 1970, month: 1, day: 1, hour: hour, minute: minute, second: second)?.addingTimeInterval(
            fraction)
    }

    /// Parses a date and time, with an optional `Z` or `±HH:mm` offset.
    package static func parseDateTime(_ text: String) -> Date? {
        guard let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }),
            let day = parseDate(String(text[..<separator]))
        else { return nil }
        var rest = text[text.index(after: separator)...]
        var offset = 0
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            // `+02:00`, `+0200` or `+02` (PostgreSQL writes a whole hour so).
            let written = rest[rest.index(after: sign)...]
            var zone = written.split(separator: ":", omittingEmptySubsequences: false)
            if zone.count == 1, written.count == 4 { zone = [written.prefix(2), written.suffix(2)] }
            if zone.count == 1, written.count == 2 { zone.append("00") }
            guard zone.count == 2, zone[0].count == 2, zone[1].count == 2, let h = digits(zone[0]),
                let m = digits(zone[1]),
                h < 24, m < 60
            else { return nil }
            offset = (h * 3600 + m * 60) * (rest[sign] == "-" ? -1 : 1)
            rest = rest[..<sign]
        }
        guard let (hour, minute, second, fraction) = time(rest) else { return nil }
        let seconds = Double(hour * 3600 + minute * 60 + second - offset) + fraction
        return day.addingTimeInterval(seconds)
    }

    private static func time(_ text: Substring) -> (Int, Int, Int, Double)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 2, parts[1].count == 2,
            let hour = digits(parts[0]), let minute = digits(parts[1]), hour < 24, minute < 60
        else { return nil }
        guard parts.count == 3 else { return (hour, minute, 0, 0) }
        let secondParts = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard secondParts[0].count == 2, let second = digits(secondParts[0]), second < 60 else { return nil }
        var fraction = 0.0
        if secondParts.count == 2 {
            guard !secondParts[1].isEmpty, digits(secondParts[1]) != nil, let value = Double("0." + secondParts[1])
            else { return nil }
            fraction = value
        }
        return (hour, minute, second, fraction)
    }

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func make(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }

    /// `yyyy-MM-dd` in UTC.
    package static func formatDate(_ date: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return padded(c.year ?? 0, 4) + "-" + padded(c.month ?? 0, 2) + "-" + padded(c.day ?? 0, 2)
    }

    /// `HH:mm` or `HH:mm:ss` in UTC.
    package static func formatTime(_ date: Date) -> String {
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        let minutes = padded(c.hour ?? 0, 2) + ":" + padded(c.minute ?? 0, 2)
        return c.second == 0 ? minutes : minutes + ":" + padded(c.second ?? 0, 2)
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC, with the fraction of a second when there is one
    /// (`…:15.25Z`, to the microsecond).
    package static func formatDateTime(_ date: Date) -> String {
        // Whole microseconds, rounded: a Date's double holds a timestamp's exactly enough.
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let seconds = (micros / 1_000_000).rounded(.down)
        let whole = Date(timeIntervalSince1970: seconds)
        let c = calendar.dateComponents([.hour, .minute, .second], from: whole)
        var text =
            formatDate(whole) + "T" + padded(c.hour ?? 0, 2) + ":" + padded(c.minute ?? 0, 2) + ":"
            + padded(c.second ?? 0, 2)
        let fraction = Int(micros - seconds * 1_000_000)
        if fraction > 0 {
            var digits = padded(fraction, 6)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// `number` in decimal, with zeros before it to `width` digits (`printf`'s `%0*d`, which
    /// costs a format string's parse and a `CVarArg` list for each date a page shows).
    static func padded(_ number: Int, _ width: Int) -> String {
        guard number >= 0 else { return "-" + padded(-number, width - 1) }
        let digits = String(number)
        return digits.utf8.count >= width ? digits : String(repeating: "0", count: width - digits.utf8.count) + digits
    }
}
