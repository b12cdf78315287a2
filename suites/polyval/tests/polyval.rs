use polyval_kunit as _;
kunit::main!();
