import Foundation
import Testing

@testable import ModelForm

/// Dates and times are written with zeros before their numbers exactly as `printf`'s `%0*d`
/// writes them, which they were written with before.
@Suite struct ISODateFormatTests {
    @Test(arguments: [0, 1, 9, 10, 59, 99, 100, 999, 1_000, 2026, 9_999, 10_000, 123_456, 1_000_000, -1, -42, -2026])
    func paddingIsPrintfs(number: Int) {
        for width in [2, 4, 6] {
            #expect(ISODate.padded(number, width) == String(format: "%0\(width)d", number), "\(number) to \(width)")
        }
    }

    @Test(arguments: [
        (0.0, "1970-01-01", "00:00", "1970-01-01T00:00:00Z"),
        (1_764_412_215.25, "2025-11-29", "10:30:15", "2025-11-29T10:30:15.25Z"),
        (-2_208_988_800.0, "1900-01-01", "00:00", "1900-01-01T00:00:00Z"),
        (1_764_412_215.000_001, "2025-11-29", "10:30:15", "2025-11-29T10:30:15.000001Z"),
        (253_402_300_799.5, "9999-12-31", "23:59:59", "9999-12-31T23:59:59.5Z"),
    ])
    func datesAreWrittenWhole(seconds: Double, date: String, time: String, dateTime: String) {
        let value = Date(timeIntervalSince1970: seconds)
        #expect(ISODate.formatDate(value) == date)
        #expect(ISODate.formatTime(value) == time)
        #expect(ISODate.formatDateTime(value) == dateTime)
    }
}
