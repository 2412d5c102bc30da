import TSearchCLI

TSearchCLI.exit(with: TSearchCLI.main(CommandLine.arguments))
