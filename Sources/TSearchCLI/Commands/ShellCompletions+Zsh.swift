/// The zsh script: a `#compdef tsearch` function using `_arguments`, one spec list per command.
extension ShellCompletions {
    static func zsh() -> String {
        let valueFlags = Flag.all.filter(\.takesValue).flatMap(names)
        var script = """
        #compdef tsearch
        # zsh completion for tsearch \(Help.version), made by `tsearch completions zsh` from its flag table.
        # Load it with: source <(tsearch completions zsh) after compinit, or save it as _tsearch in $fpath.

        _tsearch() {
          local -a tsearch_commands
          tsearch_commands=(

        """
        for command in CommandName.allCases {
            script += "    \(shellQuoted(command.rawValue + ":" + zshEscaped(command.summary, also: ":")))\n"
        }
        script += """
          )
          local command="" word
          local -i i
          for (( i = 2; i < CURRENT; i++ )); do
            word=${words[i]}
            case $word in
              --) break ;;
              \(bashPattern(valueFlags))) (( i++ )) ;;
              -?*) ;;
              *)
                case $word in \(bashPattern(CommandName.allCases.map(\.rawValue)))) command=$word ;; esac
                break ;;
            esac
          done
          case $command in

        """
        for command in CommandName.allCases {
            let pattern = command == .search ? "search|''" : shellQuoted(command.rawValue)
            var specs = Flag.all.filter { $0.commands.contains(command) }.map(zshSpec)
            switch command.operands {
            case .choices(let words)?: specs.append(shellQuoted("*:\(command == .help ? "command" : "shell"):(\(words.joined(separator: " ")))"))
            case .path?: specs.append(command == .search ? "'*: :_tsearch_operand'" : "'*:path:_files'")
            case .text?, nil: break
            }
            script += "    \(pattern))\n      _arguments -s -S \\\n        " + specs.joined(separator: " \\\n        ") + " ;;\n"
        }
        script += """
          esac
        }

        # The first operand of the default command: a command's name, or (a query, or) a path;
        # speaker:NAME offers the names of the files on the line, from `tsearch speakers`.
        _tsearch_operand() {
          if [[ $PREFIX == [Ss]peaker:* ]]; then
            local -a paths names
            local w name
            for w in ${words[2,CURRENT-1]}; do [[ -e $w ]] && paths+=($w); done
            (( $#paths )) || paths=(.)
            for name in ${(f)"$(\(Self.speakersCommand("$PREFIX $paths")))"}; do
              if [[ $name == *' '* ]]; then names+=("speaker:\\"$name\\""); else names+=("speaker:$name"); fi
            done
            compadd -U -- $names
            return
          fi
          local -i j
          for (( j = 2; j < CURRENT; j++ )); do
            [[ ${words[j]} == -* ]] || { _files; return }
          done
          _describe -t commands 'tsearch command' tsearch_commands
          _files
        }

        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
          _tsearch "$@"
        else
          compdef _tsearch tsearch
        fi

        """
        return script
    }

    /// One `_arguments` spec: `'(-C --context)'{-C+,--context=}'[Show NUM rows…]:NUM: '`.
    private static func zshSpec(_ flag: Flag) -> String {
        let help = "[" + zshEscaped(flag.help, also: "[]") + "]"
        var action = ""
        if flag.takesValue {
            let message = zshEscaped(flag.valueName ?? "VALUE", also: ":")
            switch flag.value {
            case .choices(let words): action = ":\(message):(\(words.map { zshEscaped($0, also: "() ") }.joined(separator: " ")))"
            case .path: action = ":\(message):_files"
            case .text: action = ":\(message): "
            }
        }
        let long = "--" + flag.long + (flag.takesValue ? "=" : "")
        guard let short = flag.short else { return shellQuoted(long + help + action) }
        let shortName = "-" + String(short) + (flag.takesValue ? "+" : "")
        return shellQuoted("(-\(short) --\(flag.long))") + "{\(shortName),\(long)}" + shellQuoted(help + action)
    }

    /// `text` with `\` and each character of `also` behind a backslash, as `_arguments` reads it.
    private static func zshEscaped(_ text: String, also special: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || special.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
