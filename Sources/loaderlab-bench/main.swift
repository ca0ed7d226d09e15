import Foundation

// `loaderlab-bench [OPTIONS]`: measures and prints (BENCHMARKS.md); `--help` lists the options.
exit(Bench().run(Array(CommandLine.arguments.dropFirst())))
