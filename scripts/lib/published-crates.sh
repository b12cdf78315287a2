# Sourced by the checks that package the public crates (check-package.sh, check-c-install.sh):
# the crates we publish, in dependency order (each after the ones it depends on).
# shellcheck disable=SC2034 # used by the sourcing script
published=(kunit-protocol kunit-rs-macros kunit-rs run-in-irq kunit-c kunit-c-runtime kunit-kbuild kunit-tool)
