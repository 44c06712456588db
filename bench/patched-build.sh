# patched_build PATCH: a copy of HEAD in $OUT/hack (a git worktree) with bench/PATCH applied, built
# there; sets HACK, and removes the worktree and $OUT at exit. Sourced, with OUT set, by the bench
# scripts that measure a patched copy of the build (no-jfr-bound.sh, cost-parts.sh).
patched_build() {
    HACK=$OUT/hack
    trap 'git worktree remove --force "$HACK" >/dev/null 2>&1 || true; rm -rf "$OUT"' EXIT
    git worktree add -q --detach "$HACK" HEAD
    git -C "$HACK" apply "$PWD/bench/$1"
    (cd "$HACK" && mvn -q -B -o package -DskipTests >/dev/null)
}
