# Sourced by the guest's scripts (tools/vm/*.sh): each iris they run is bounded in time, so that a run that
# hangs becomes a FAIL line naming it, with the end of what it printed, and the checks after it still run.
# Unbounded, a hang ran the whole guest into tools/vm-test's 600 s timeout, and a run whose output went to a
# file printed after `wait` left no trace of which run it was.
# VM_RUN_TIMEOUT: one run's limit in seconds (default 240; the runs take 1 to 40 s in the guest).
VM_RUN_TIMEOUT=${VM_RUN_TIMEOUT:-240}

# "${bounded[@]}" CMD [ARG…]: CMD under coreutils timeout: SIGTERM after $VM_RUN_TIMEOUT s (iris finishes its
# recording on SIGTERM), SIGKILL 30 s later if it is still there. Its status is then 124 (137 after the
# SIGKILL), and timeout says what it sent on standard error ("timeout: sending signal TERM to command …").
# An array, not a function: started with &, $! is timeout's own pid (a function would run in a subshell).
bounded=(timeout --verbose --kill-after=30 "$VM_RUN_TIMEOUT")

# stop_bounded PID: SIGTERM to the command that a bounded run started with & runs (PID, from $!, is
# timeout's). Not to timeout itself: it would pass the signal on, but also start its 30 s SIGKILL countdown,
# which would cut short a run that takes longer to finish its files.
stop_bounded() {
    local child
    child=$(pgrep -P "$1") && kill -TERM $child
}

# timed_out WHAT STATUS [FILE|-]: when STATUS is that of a bounded run that timed out, prints "FAIL WHAT
# timed out after N s" and the last 40 lines the run printed (from FILE, or - for standard input; with neither,
# its output is already on the console), and succeeds; otherwise prints nothing and fails. 137 counts only with
# timeout's SIGKILL line in the output, where there is one (the kernel's OOM killer gives 137 as well).
timed_out() {
    local what=$1 st=$2 from=${3:-} text=""
    case $from in "") ;; -) text=$(tail -n 40) ;; *) text=$(tail -n 40 "$from" 2>/dev/null) ;; esac
    case $st in
        124) ;;
        137) [ -z "$from" ] || echo "$text" | grep -q "^timeout: sending signal KILL" || return 1 ;;
        *) return 1 ;;
    esac
    if [ -z "$from" ]; then
        echo "FAIL $what timed out after $VM_RUN_TIMEOUT s (its output is above)"
    else
        echo "FAIL $what timed out after $VM_RUN_TIMEOUT s; the last it printed:"
        echo "$text" | sed 's/^/    | /'
    fi
}
