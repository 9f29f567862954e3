import Foundation
import ModelFormTesting
import TestFixtures
import Testing

/// The rendered goldens checked by real tools: the Nu HTML Checker, axe-core in headless
/// Chromium, Chromium's DOM for hostile strings, and cmark-gfm for Markdown structure.
/// `.ci/run` installs the tools and sets MODELFORM_EXTERNAL_CHECKS=1; without it (a machine
/// lacking the tools) this suite is off.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
struct ExternalCheckTests {
    @Test func theGoldensPassTheNuCheckerAxeChromiumAndCmarkGFM() throws {
        try ExternalCheckers.check("check_outputs.py", PackagePaths.url("Tests/Golden").path)
    }

    /// `modelform serve` in headless Chromium with JavaScript disabled: edit and save, an
    /// error then the fix, a relationship, a collection add and a confirmed removal, a
    /// conflict between two tabs; every page kind through the Nu checker and axe-core.
    @Test func theServerWorksInChromiumWithoutJavaScript() throws {
        try ExternalCheckers.check("browser_flows.py", EndToEndTests.binary.path, PackagePaths.url(".").path)
    }

    /// `modelform serve TYPES --database F.sqlite` (the admin pages) in headless Chromium with
    /// JavaScript disabled: create from the list, a lookup chosen by name, a lookup's New
    /// that comes back chosen, a search, a lookup followed, a delete refused then allowed;
    /// every page kind through the Nu checker and axe-core.
    @Test func theRecordPagesWorkInChromiumWithoutJavaScript() throws {
        try ExternalCheckers.check("record_flows.py", EndToEndTests.binary.path)
    }

    /// Every page kind (a form with errors, a form with collections, every cell, a read-only
    /// export and its index, an editable export) in both themes, in headless Chromium: no
    /// horizontal scrolling at 360, 390 and 1280 px; the dark theme dark throughout; the
    /// first submit control the primary action; exports read-only and linked to the index;
    /// the Nu checker and axe-core on every page.
    @Test func everyPageKindHoldsTogetherInBothThemes() throws {
        try ExternalCheckers.check("check_layout.py", EndToEndTests.binary.path, PackagePaths.url(".").path)
    }
}
