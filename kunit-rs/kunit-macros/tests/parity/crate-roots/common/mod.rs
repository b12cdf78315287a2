// The file module of file_mods.rs: a helper and tests, one failing and one ignored.

pub fn three() -> u32 {
    3
}

#[test]
fn in_the_file() {
    assert_eq!(three(), 3);
}

#[test]
fn fails_in_the_file() {
    assert_eq!(three(), 4);
}

#[test]
#[ignore = "in a file module"]
fn ignored_in_the_file() {}
