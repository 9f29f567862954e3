import Foundation
import Testing

@testable import ModelForm

/// Date-times as databases and people write them: an offset of hours alone or without its
/// colon (PostgreSQL writes `+02`), a fraction of a second kept to the microsecond both ways.
@Suite struct ISODateTests {
    /// 2026-11-27 16:00:00 UTC (1,795,795,200 s).
    static let instant = Date(timeIntervalSince1970: 1_795_795_200)

    @Test(arguments: [
        ("2026-11-27T16:00:00Z", 0.0), ("2026-11-27 18:00:00+02", 0), ("2026-11-27 18:00:00+0200", 0),
        ("2026-11-27 18:00:00+02:00", 0), ("2026-11-27 10:30:00-05:30", 0), ("2026-11-27 16:00:00.123456+00", 0.123456),
        ("2026-11-27T16:00:00.5Z", 0.5), ("2026-11-27T16:00", 0),
    ])
    func aDateTimeIsReadWithItsOffsetAndFraction(text: String, fraction: Double) throws {
        let date = try #require(ISODate.parseDateTime(text), "\(text)")
        #expect(abs(date.timeIntervalSince(Self.instant) - fraction) < 0.000_000_5, "\(text)")
    }

    @Test(arguments: [
        "2026-11-27 18:00:00+2", "2026-11-27 18:00:00+020", "2026-11-27 18:00:00+24", "2026-11-27 18:00:00+02:60",
    ])
    func aBadOffsetIsRefused(text: String) {
        #expect(ISODate.parseDateTime(text) == nil, "\(text)")
    }

    @Test(arguments: [
        (0.0, "2026-11-27T16:00:00Z"), (0.5, "2026-11-27T16:00:00.5Z"), (0.123456, "2026-11-27T16:00:00.123456Z"),
        (0.000001, "2026-11-27T16:00:00.000001Z"), (0.999_999_9, "2026-11-27T16:00:01Z"),
    ])
    func aDateTimeIsWrittenWithItsFraction(fraction: Double, text: String) {
        #expect(ISODate.formatDateTime(Self.instant.addingTimeInterval(fraction)) == text)
    }

    /// Every microsecond of a second, written and read again: the same microsecond.
    @Test func everyMicrosecondReadsBack() throws {
        for micro in stride(from: 0, to: 1_000_000, by: 997) {
            let date = Date(timeIntervalSince1970: 1_795_795_200 + Double(micro) / 1_000_000)
            let back = try #require(ISODate.parseDateTime(ISODate.formatDateTime(date)))
            #expect(ISODate.formatDateTime(back) == ISODate.formatDateTime(date))
            #expect(abs(back.timeIntervalSince(date)) < 0.000_000_5)
        }
    }
}
