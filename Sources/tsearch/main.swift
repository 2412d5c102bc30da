#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TSearchCLI

exit(TSearchCLI.main(CommandLine.arguments))
