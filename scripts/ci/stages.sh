# Timed stages for the test scripts (sourced): `stage NAME command...` runs the command and
# records its seconds in $STAGE_LOG; a failing stage ends the run. The script that started the
# log prints the table when it exits, whatever the outcome; a script run from it (`npm test` from
# .ci/run) adds its stages to the same table.
if [ -z "${STAGE_LOG:-}" ]; then
  STAGE_LOG="$(mktemp "${TMPDIR:-/tmp}/pawpal-stages-XXXXXX")"
  STAGE_START=$(date +%s)
  export STAGE_LOG
  trap 'status=$?; print_stages; exit $status' EXIT
fi

stage() {
  local name="$1" start status
  shift
  echo "::: $name"
  start=$(date +%s)
  set +e
  "$@"
  status=$?
  set -e
  printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$([ "$status" -eq 0 ] && echo ok || echo "FAILED ($status)")" >>"$STAGE_LOG"
  [ "$status" -eq 0 ] || exit "$status"
}

# `together NAME1 "command 1" NAME2 "command 2" ...`: commands that need different things of the
# machine (one core each, or a core and the disk) run at the same time; each one's output is
# shown when it ends, and the run fails if any fails. Each still gets its own row.
together() {
  local dir status=0 i=0 pids=() names=()
  dir="$(mktemp -d "${TMPDIR:-/tmp}/pawpal-together-XXXXXX")"
  while [ "$#" -gt 0 ]; do
    names+=("$1")
    (stage "$1" bash -c "$2" >"$dir/$i.log" 2>&1) &
    pids+=($!)
    i=$((i + 1))
    shift 2
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || status=1
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  [ "$status" -eq 0 ] || exit 1
}

print_stages() {
  local name seconds result
  echo
  printf '%-44s %8s  %s\n' "stage" "seconds" "result"
  while IFS=$'\t' read -r name seconds result; do
    printf '%-44s %8s  %s\n' "$name" "$seconds" "$result"
  done <"$STAGE_LOG"
  printf '%-44s %8s\n' "total, wall clock" "$(($(date +%s) - STAGE_START))"
  rm -f "$STAGE_LOG"
}
