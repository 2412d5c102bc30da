/// `tsearch completions bash|zsh|fish`: a completion script made from the command and flag tables
/// (ripgrep's habit), so a new flag completes as soon as it is in the table.
///
/// Every shell gets the same knowledge: the commands with their summaries; per command, the flags that
/// apply to it (the first positional argument that names a command picks it, flags and their values
/// skipped; none means `search`, the default command); each flag's value (`ValueKind`: a fixed list of
/// words such as `--color auto|always|never`, a file name, or free text with nothing to offer); and
/// each command's operands (`CommandName.operands`: paths, command names, shell names, or nothing).
/// Every string from the tables is quoted for its shell, so any help text is safe.
///
/// - bash: a `_tsearch` function bound with `complete -F` (`source <(tsearch completions bash)`;
///   bash 4 or later, for `mapfile`); `--flag=value` is handled as bash splits it at `=`.
/// - zsh: a `#compdef tsearch` function using `_arguments`, one spec list per command; autoloadable
///   from `$fpath` as `_tsearch`, or sourced after `compinit` (it then calls `compdef`).
/// - fish: `complete -c tsearch` lines with `__fish_seen_subcommand_from` conditions
///   (`tsearch completions fish | source`, or save it in `~/.config/fish/completions/tsearch.fish`).
enum ShellCompletions {
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    // MARK: bash

    static func bash() -> String {
        let commands = CommandName.allCases.map(\.rawValue)
        let valueFlags = Flag.all.filter(\.takesValue).flatMap(names)
        var script = """
        # bash completion for tsearch \(Help.version), made by `tsearch completions bash` from its flag table.
        # Load it with: source <(tsearch completions bash)
        _tsearch() {
            local cur prev word command="" i
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            # bash splits `--color=al` into `--color`, `=`, `al`.
            if [[ "$cur" == "=" ]]; then
                cur=""
            elif [[ "$prev" == "=" ]]; then
                prev="${COMP_WORDS[COMP_CWORD-2]}"
            fi
            for (( i = 1; i < COMP_CWORD; i++ )); do
                word="${COMP_WORDS[i]}"
                case "$word" in
                    --) break ;;
                    \(bashPattern(valueFlags)))
                        if [[ "${COMP_WORDS[i+1]}" == "=" ]]; then (( i += 2 )); else (( i += 1 )); fi ;;
                    -?*) ;;
                    *)
                        case "$word" in \(bashPattern(commands))) command="$word" ;; esac
                        break ;;
                esac
            done
            case "$prev" in

        """
        for flag in Flag.all where flag.takesValue {
            script += "        \(bashPattern(names(flag))))\n"
            switch flag.value {
            case .choices(let words):
                script += "            mapfile -t COMPREPLY < <(compgen -W \(shellQuoted(words.joined(separator: " "))) -- \"$cur\")\n"
            case .path:
                script += "            compopt -o filenames 2>/dev/null\n            mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
            case .text:
                script += "            COMPREPLY=()\n"
            }
            script += "            return ;;\n"
        }
        script += """
            esac
            if [[ "$cur" == -* ]]; then
                case "$command" in

        """
        for command in CommandName.allCases {
            let pattern = command == .search ? "search|\"\"" : shellQuoted(command.rawValue)
            let flags = Flag.all.filter { $0.commands.contains(command) }.flatMap(names)
            script += "            \(pattern)) mapfile -t COMPREPLY < <(compgen -W \(shellQuoted(flags.joined(separator: " "))) -- \"$cur\") ;;\n"
        }
        script += """
                esac
                return
            fi
            # speaker:NAME: the names of the files on the line, from `tsearch speakers`. bash splits
            # `speaker:Al` at the colon (COMP_WORDBREAKS), so the word is put together again and each
            # name offered for the part after the split.
            local typed="" before=""
            if [[ "$cur" == [Ss]peaker:* ]]; then
                typed="$cur"
            elif [[ "$cur" == ":" && "$prev" == [Ss]peaker ]]; then
                typed="$prev:"; before="$prev"
            elif [[ "$prev" == ":" && "${COMP_WORDS[COMP_CWORD-2]}" == [Ss]peaker ]]; then
                typed="${COMP_WORDS[COMP_CWORD-2]}:$cur"; before="${COMP_WORDS[COMP_CWORD-2]}:"
            fi
            if [[ -n "$typed" ]] && [[ -z "$command" || "$command" == search || "$command" == pager || "$command" == export ]]; then
                local paths=() name quoted
                for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do [[ -e "$word" ]] && paths+=("$word"); done
                (( ${#paths[@]} )) || paths=(.)
                COMPREPLY=()
                while IFS= read -r name; do
                    if [[ "$name" == *" "* ]]; then name="speaker:\\"$name\\""; else name="speaker:$name"; fi
                    printf -v quoted '%q' "$name"
                    COMPREPLY+=("${quoted#"$before"}")
                done < <(\(Self.speakersCommand("\"$typed\" \"${paths[@]}\"")))
                return
            fi
            case "$command" in
                "")
                    compopt -o filenames 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -W \(shellQuoted(commands.joined(separator: " "))) -- "$cur"; compgen -f -- "$cur") ;;

        """
        for command in CommandName.allCases {
            guard let operands = command.operands else { continue }
            script += "        \(shellQuoted(command.rawValue)))\n"
            switch operands {
            case .choices(let words):
                script += "            mapfile -t COMPREPLY < <(compgen -W \(shellQuoted(words.joined(separator: " "))) -- \"$cur\") ;;\n"
            case .path:
                script += "            compopt -o filenames 2>/dev/null\n            mapfile -t COMPREPLY < <(compgen -f -- \"$cur\") ;;\n"
            case .text:
                script += "            COMPREPLY=() ;;\n"
            }
        }
        script += """
                *) COMPREPLY=() ;;
            esac
        }
        complete -F _tsearch tsearch

        """
        return script
    }

    /// The names `tsearch speakers` lists for a `speaker:` word and the paths on the line, one a
    /// line, without counts (the same words in every shell).
    static func speakersCommand(_ arguments: String) -> String {
        "command tsearch speakers --color never \(arguments) 2>/dev/null | sed -E 's/^ *[0-9]+  //; s/  \\(also .*\\)$//'"
    }

    /// `'--color'|'-C'`: a `case` pattern matching any of `words` literally.
    static func bashPattern(_ words: [String]) -> String {
        words.map(shellQuoted).joined(separator: "|")
    }

    // MARK: fish

    static func fish() -> String {
        let all = Set(CommandName.allCases)
        var script = """
        # fish completion for tsearch \(Help.version), made by `tsearch completions fish` from its flag table.
        # Load it with: tsearch completions fish | source
        complete -c tsearch -f

        """
        for command in CommandName.allCases {
            script += "complete -c tsearch -n '__fish_use_subcommand' -a \(fishQuoted(command.rawValue)) -d \(fishQuoted(command.summary))\n"
        }
        for command in CommandName.allCases {
            let condition = command == .search
                ? "not __fish_seen_subcommand_from \(CommandName.allCases.filter { $0 != .search }.map(\.rawValue).joined(separator: " "))"
                : "__fish_seen_subcommand_from \(command.rawValue)"
            switch command.operands {
            case .path?:
                // No file names after `speaker:` (fish would offer `speaker:notes.txt`).
                let files = [.search, .pager, .export].contains(command) ? condition + "; and not __tsearch_speaker_word" : condition
                script += "complete -c tsearch -n \(fishQuoted(files)) -F\n"
            case .choices(let words)?: script += "complete -c tsearch -n \(fishQuoted(condition)) -a \(fishQuoted(words.joined(separator: " ")))\n"
            case .text?, nil: break
            }
        }
        script += """
        # speaker:NAME offers the names of the files on the line, from `tsearch speakers`.
        function __tsearch_speaker_word
            string match -qi 'speaker:*' -- (commandline -ct)
        end
        function __tsearch_speakers
            set -l typed (commandline -ct)
            __tsearch_speaker_word; or return
            set -l paths
            for word in (commandline -opc)[2..-1]
                test -e $word; and set -a paths $word
            end
            test (count $paths) -gt 0; or set paths .
            \(Self.speakersCommand("$typed $paths")) | while read -l name
                if string match -q '* *' -- $name
                    echo "speaker:\\"$name\\""
                else
                    echo "speaker:$name"
                end
            end
        end
        complete -c tsearch -n 'not __fish_seen_subcommand_from \(CommandName.allCases.filter { ![.search, .pager, .export].contains($0) }.map(\.rawValue).joined(separator: " "))' -a '(__tsearch_speakers)'

        """
        for flag in Flag.all {
            var line = "complete -c tsearch"
            if flag.commands != all {
                let others = CommandName.allCases.filter { !flag.commands.contains($0) }.map(\.rawValue)
                let condition = flag.commands.contains(.search)
                    ? "not __fish_seen_subcommand_from " + others.joined(separator: " ")
                    : "__fish_seen_subcommand_from " + CommandName.allCases.filter(flag.commands.contains).map(\.rawValue).joined(separator: " ")
                line += " -n " + fishQuoted(condition)
            }
            if let short = flag.short { line += " -s " + fishQuoted(String(short)) }
            line += " -l " + fishQuoted(flag.long)
            if flag.takesValue {
                switch flag.value {
                case .choices(let words): line += " -x -a " + fishQuoted(words.joined(separator: " "))
                case .path: line += " -r -F"
                case .text: line += " -x"
                }
            }
            line += " -d " + fishQuoted(flag.help)
            script += line + "\n"
        }
        return script
    }

    /// `text` in fish's single quotes (only `\` and `'` are special there).
    private static func fishQuoted(_ text: String) -> String {
        var out = "'"
        for character in text {
            if character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out + "'"
    }

    // MARK: shared

    /// The flag's names as typed: `-C`, `--context`.
    static func names(_ flag: Flag) -> [String] {
        (flag.short.map { ["-" + String($0)] } ?? []) + ["--" + flag.long]
    }

    /// `text` in POSIX single quotes (bash, zsh): `it's` → `'it'\''s'`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
