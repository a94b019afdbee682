# SPDX-License-Identifier: MIT
# bash completion for oclhls: its commands, each command's options, the boards that
# `oclhls boards` lists, the passes that `oclhls passes` lists, and files by kind.
# Installed to <datadir>/bash-completion/completions/oclhls.

_oclhls_words() { # the first column of a listing (boards, passes), without the heading
    "$1" "$2" 2>/dev/null | awk '$1 != "" && $1 != "BOARD" { print $1 }'
}

_oclhls() {
    local cur prev cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    cmd=${COMP_WORDS[1]}
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        mapfile -t COMPREPLY < <(compgen -W "build report boards devices program cache passes opt --help --version" -- "$cur")
        return
    fi
    case $prev in
    --board)
        mapfile -t COMPREPLY < <(compgen -W "$(_oclhls_words "${COMP_WORDS[0]}" boards)" -- "$cur")
        return ;;
    --pass)
        mapfile -t COMPREPLY < <(compgen -W "$(_oclhls_words "${COMP_WORDS[0]}" passes)" -- "$cur")
        return ;;
    -o | --depfile | -I)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    --report)
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return ;;
    esac
    case $cmd in
    build)
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "--board --no-bitstream --gate-level -o --report --profile --depfile -D -I -w -Werror --lint --model -v --print-after= --help" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -f -X '!*.cl' -- "$cur"; compgen -d -- "$cur")
        fi ;;
    report)
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "-o --json --profile --help" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -f -X '!*.oclbin' -- "$cur"; compgen -d -- "$cur")
        fi ;;
    program)
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "--flash --device --help" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -f -X '!*.oclbin' -- "$cur"; compgen -d -- "$cur")
        fi ;;
    cache)
        mapfile -t COMPREPLY < <(compgen -W "show clean --older-than --help" -- "$cur") ;;
    opt)
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "--pass --board -o --help" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -f -X '!*.hir' -- "$cur"; compgen -d -- "$cur")
        fi ;;
    esac
}
complete -F _oclhls oclhls
