import Crypto
import Foundation
import ModelForm
import Testing

@testable import ModelFormServer

/// A page's digest of a value is the first 8 characters, in base64's URL alphabet, of the
/// first 6 bytes of the keyed SipHash-2-4 of the value's canonical text: checked against
/// that computed the plain way (base64 of the bytes), for values of every kind and many
/// keys, and the SipHash against the reference implementation's test vectors.
@Suite struct KeyedDigestTests {
    static let values: [FormValue] = [
        .null, .bool(true), .int(-42), .string(""), .string("Ada Lovelace"), .string("é ✕ \u{1F600}"),
        .double(0.1), .list([.string("a"), .int(1)]), .record(["name": .string("Ada"), "age": .int(36)]),
        .string(String(repeating: "long text ", count: 40)),
    ]

    /// SipHash-2-4 of the bytes 0, 1, …, n-1 under the key 0, 1, …, 15, for n = 0 to 63: the
    /// reference implementation's `vectors_sip64`, each read as a little-endian word.
    static let referenceVectors: [UInt64] = [
        0x726f_db47_dd0e_0e31, 0x74f8_39c5_93dc_67fd, 0x0d6c_8009_d9a9_4f5a, 0x8567_6696_d7fb_7e2d,
        0xcf27_94e0_2771_87b7, 0x1876_5564_cd99_a68d, 0xcbc9_466e_58fe_e3ce, 0xab02_00f5_8b01_d137,
        0x93f5_f579_9a93_2462, 0x9e00_82df_0ba9_e4b0, 0x7a5d_bbc5_94dd_b9f3, 0xf4b3_2f46_226b_ada7,
        0x751e_8fbc_860e_e5fb, 0x14ea_5627_c084_3d90, 0xf723_ca90_8e7a_f2ee, 0xa129_ca61_49be_45e5,
        0x3f2a_cc7f_57c2_9bdb, 0x699a_e9f5_2cbe_4794, 0x4bc1_b3f0_968d_d39c, 0xbb6d_c91d_a779_61bd,
        0xbed6_5cf2_1aa2_ee98, 0xd0f2_cbb0_2e3b_67c7, 0x9353_6795_e3a3_3e88, 0xa80c_038c_cd5c_cec8,
        0xb8ad_50c6_f649_af94, 0xbce1_92de_8a85_b8ea, 0x17d8_35b8_5bbb_15f3, 0x2f2e_6163_076b_cfad,
        0xde4d_aaac_a71d_c9a5, 0xa6a2_5066_8795_6571, 0xad87_a353_5c49_ef28, 0x32d8_92fa_d841_c342,
        0x7127_512f_72f2_7cce, 0xa7f3_2346_f959_78e3, 0x12e0_b01a_bb05_1238, 0x15e0_34d4_0fa1_97ae,
        0x314d_ffbe_0815_a3b4, 0x0279_90f0_2962_3981, 0xcadc_d4e5_9ef4_0c4d, 0x9abf_d876_6a33_735c,
        0x0e3e_a96b_5304_a7d0, 0xad0c_42d6_fc58_5992, 0x1873_06c8_9bc2_15a9, 0xd4a6_0abc_f379_2b95,
        0xf935_451d_e4f2_1df2, 0xa953_8f04_1975_5787, 0xdb9a_cddf_f56c_a510, 0xd06c_98cd_5c09_75eb,
        0xe612_a3cb_9ecb_a951, 0xc766_e62c_fcad_af96, 0xee64_435a_9752_fe72, 0xa192_d576_b245_165a,
        0x0a87_87bf_8ecb_74b2, 0x81b3_e73d_20b4_9b6f, 0x7fa8_220b_a3b2_ecea, 0x2457_31c1_3ca4_2499,
        0xb78d_bfaf_3a8d_83bd, 0xea1a_d565_322a_1a0b, 0x60e6_1c23_a379_5013, 0x6606_d7e4_4628_2b93,
        0x6ca4_ecb1_5c5f_91e1, 0x9f62_6da1_5c96_25f3, 0xe51b_3860_8ef2_5f57, 0x958a_324c_eb06_4572,
    ]

    @Test func sipHashMatchesTheReferenceVectors() {
        let key = SymmetricKey(data: (0..<16).map { UInt8($0) })
        let function = SipHash24(key: key)
        let fromWords = SipHash24(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
        #expect(fromWords.hash(UnsafeRawBufferPointer(start: nil, count: 0)) == Self.referenceVectors[0])
        for length in 0..<64 {
            let message = (0..<length).map { UInt8($0) }
            let hash = message.withUnsafeBytes { function.hash($0) }
            #expect(hash == Self.referenceVectors[length], "\(length) bytes")
        }
    }

    /// The digest computed the plain way: base64 of the hash's first 6 bytes.
    static func plain(_ canonicalText: String, key: SymmetricKey) -> String {
        let hash = Array(canonicalText.utf8).withUnsafeBytes { SipHash24(key: key).hash($0) }
        let bytes = (0..<6).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
        return String(Data(bytes).base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    @Test func aDigestIsTheKeyedHashOfTheCanonicalText() {
        for seed in 0..<64 {
            let key = SymmetricKey(data: (0..<32).map { UInt8(truncatingIfNeeded: $0 * 7 + seed * 13) })
            let digests = FormValueDigests(key: key)
            for value in Self.values {
                // The page's field for a record of one value, read back as a stale save sends it.
                let sent = FormValueDigests(
                    parsing: FormValueDigests.text(of: .record(["v": value]), key: key), key: key)
                let digest = digests.digest(of: value)
                #expect(digest.count == 8)
                #expect(digest.allSatisfy { $0 == "-" || $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) })
                if case .record = value { continue }  // a record has no digest of its own, its leaves do
                #expect(sent.digest(at: FormPath().appending(key: "v")) == digest, "\(value)")
                if case .list = value { continue }
                #expect(digest == Self.plain(Self.canonical(value), key: key), "\(value)")
            }
        }
    }

    /// A page's field names every leaf and every list, each once, in the values' order.
    @Test func thePageFieldHasADigestForEveryLeafAndList() {
        let key = SymmetricKey(size: .bits256)
        let values: FormValue = .record([
            "name": .string("Ada"), "tags": .list([.string("a"), .string("b")]),
            "address": .record(["city": .string("London")]),
        ])
        let names = FormValueDigests.text(of: values, key: key).split(separator: "&").map {
            String($0.split(separator: "=")[0])
        }
        let tags = FormPath().appending(key: "tags")
        let expected = [
            FormPath().appending(key: "name"), tags.appending(.index(0)), tags.appending(.index(1)), tags,
            FormPath().appending(key: "address").appending(key: "city"),
        ].map { URLEncodedForm.encode($0.description) }
        #expect(names == expected)
    }

    /// The canonical text of a single value (the scheme `FormValueDigests` documents).
    static func canonical(_ value: FormValue) -> String {
        switch value {
        case .null: "n;"
        case .bool(let flag): flag ? "T;" : "F;"
        case .int(let number): "i\(number);"
        case .double(let number): "d\(number.bitPattern);"
        case .string(let text): "s\(text.utf8.count):\(text)"
        default: ""
        }
    }
}
