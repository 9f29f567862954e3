import Benchmark
import BenchmarkSupport
import ModelFormTesting

/// Time, allocations and peak memory of ModelForm's main operations at several sizes.
/// Run from Benchmarks/: `swift package benchmark`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 2, scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 50)

    let typeDefinition = WideForm.typeDefinitionYAML(fields: 1_000)
    Benchmark("Describe and configure a 1,000-field model (YAML type definition)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Workloads.describeAndConfigure(typeDefinition)) }
    }

    for size in [10, 1_000, 100_000] {
        let workloads = Workloads(fields: size)
        let iterations = size == 100_000 ? 5 : 50
        let configuration = Benchmark.Configuration(maxIterations: iterations)
        Benchmark("Render \(size) fields to HTML", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(workloads.html()) }
        }
        Benchmark("Render \(size) fields to Markdown", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(workloads.markdown()) }
        }
        Benchmark("Render \(size) fields to text", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(workloads.text()) }
        }
    }

    let thousand = Workloads(fields: 1_000)
    Benchmark("Parse and validate a 1,000-field submission") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try thousand.bindAndValidate()) }
    }

    let config = WideForm.configYAML(lines: 10_000)
    Benchmark("Load a 10,000-line YAML config") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Workloads.loadConfig(config, fields: 2_000)) }
    }
}
