# Sourced by tools/build-wheels and tools/check-wheels.
# find_python VERSION: print the path of a CPython VERSION (3.12) interpreter that runs, from
# PATH or pyenv (a pyenv shim of a version not selected is on PATH but does not run), or
# nothing.
find_python() {
    local found="" candidate
    for candidate in "$(command -v "python$1" || true)" \
        "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$1".*/bin/"python$1"; do
        if [ -x "$candidate" ] && "$candidate" -c "" 2>/dev/null; then found="$candidate"; fi
    done
    echo "$found"
}
