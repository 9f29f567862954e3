import Foundation
import ModelFormCLI

exit(ModelFormCLI.run(Array(CommandLine.arguments.dropFirst())))
