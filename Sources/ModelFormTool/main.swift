import Foundation
import ModelFormCLI

#if canImport(Glibc)
    import Glibc

    // Buffers past 1 MiB (a 100,000-item array, a YAML file's tree) are mapped on their own
    // and given back to the system when freed. By default glibc raises this threshold to the
    // largest buffer freed, so that after a large file's tree is dropped the next large
    // buffers stay in the heap and the process keeps both: 64 MB peak resident for a page
    // of 100,000 fields where 61 MB is needed (`/usr/bin/time`, Performance.md). `mallopt`
    // and `M_MMAP_THRESHOLD` (-3) are in <malloc.h>, which Swift's Glibc module leaves out.
    if let symbol = dlsym(nil, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, 1 << 20)
    }
#endif

exit(ModelFormCLI.run(Array(CommandLine.arguments.dropFirst())))
