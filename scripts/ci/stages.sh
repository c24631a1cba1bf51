# Timed stages for the test scripts (sourced): `stage NAME command...` runs the command and
# records its seconds in $STAGE_LOG; a failing stage ends the run. The script that started the
# log prints the table when it exits, whatever the outcome; a script run from it (`npm test` from
# .ci/run) adds its stages to the same table.
if [ -z "${STAGE_LOG:-}" ]; then
  STAGE_LOG="$(mktemp "${TMPDIR:-/tmp}/pawpal-stages-XXXXXX")"
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

print_stages() {
  local total=0 name seconds result
  echo
  printf '%-40s %8s  %s\n' "stage" "seconds" "result"
  while IFS=$'\t' read -r name seconds result; do
    printf '%-40s %8s  %s\n' "$name" "$seconds" "$result"
    total=$((total + seconds))
  done <"$STAGE_LOG"
  printf '%-40s %8s\n' "total" "$total"
  rm -f "$STAGE_LOG"
}
