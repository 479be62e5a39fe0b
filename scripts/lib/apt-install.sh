# Sourced by scripts/ensure-*.sh: installs Debian packages with apt, one install at a time on this
# machine. Test files run in parallel and may each find their package missing; two apt-gets at once
# fail on apt's lock, so an install waits for its turn and looks again once it has it (the package
# may have arrived meanwhile, installed by the file that went first).

# A fixed path, not under $TMPDIR (a test may point that elsewhere); SYSTEM_PACKAGES_LOCK lets the
# test of this file take turns on a lock of its own.
install_lock="${SYSTEM_PACKAGES_LOCK:-/tmp/site-system-packages.lock}"
# How long an install waits for the one before it (Chromium's download can take minutes).
install_turn_seconds=1200
apt_updated=""

# `missing <check>`: true when the check fails, and then only with this machine's install turn held
# (until the script ends), the check failing again.
missing() {
  "$@" && return 1
  # Opened read-only: another user's lock file in /tmp cannot be opened for writing
  # (fs.protected_regular), and a shared lock needs no write access.
  [ -e "$install_lock" ] || (umask 000 && : >>"$install_lock")
  exec 9<"$install_lock"
  if ! flock -w "$install_turn_seconds" 9; then
    echo "Another install of a system package has held $install_lock for $install_turn_seconds s; giving up." >&2
    exit 1
  fi
  ! "$@"
}

# `apt_install <apt-get install options and packages>`, as root or through sudo, without questions.
# apt's own lock timeout covers an apt-get started by something else than these scripts.
apt_install() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  if [ -z "$apt_updated" ]; then
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt_updated=1
  fi
  # Through env: sudo drops the caller's environment, DEBIAN_FRONTEND included.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@"
}
