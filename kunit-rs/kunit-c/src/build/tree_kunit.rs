//! `tree.rs`'s tests (suite `kunit_c_tree`), listed in `tests/selftest.rs`.

#[kunit::kunit_tests(kunit_c_tree)]
mod tests {
    use crate::tree::*;
    use std::path::Path;

    #[test]
    fn quoted_includes_are_read_as_written() {
        let source = "#include <linux/kernel.h>\n\
                      #include \"../mm/internal.h\"\t/* For the tables */\n\
                      #  include   \"kstrtox.h\"\n\
                      /* #include \"in-a-comment.h\" is not at a line's start */\n\
                      #define X \"not/an/include.h\"\n\
                      #include_next \"never.h\"\n";
        assert_eq!(quoted_includes(source), ["../mm/internal.h", "kstrtox.h"]);
    }

    #[test]
    fn quoted_includes_resolve_against_the_file_folder() {
        assert_eq!(
            lexical_join(Path::new("/t/lib"), "../mm/internal.h"),
            Path::new("/t/mm/internal.h")
        );
        assert_eq!(
            lexical_join(Path::new("/t/lib/tests"), "./x/../y.h"),
            Path::new("/t/lib/tests/y.h")
        );
    }

    #[test]
    fn a_private_header_with_a_stand_in_is_force_included() {
        let root = std::env::temp_dir().join(format!("kunit-c-tree-{}", std::process::id()));
        let tree = root.join("linux");
        let include = root.join("include");
        std::fs::create_dir_all(tree.join("lib")).unwrap();
        std::fs::create_dir_all(include.join(PRIVATE_STANDINS).join("mm")).unwrap();
        let file = tree.join("lib/vsprintf.c");
        std::fs::write(
            &file,
            "#include \"../mm/internal.h\"\n#include \"kstrtox.h\"\n#include \"../mm/internal.h\"\n",
        )
        .unwrap();
        let standin = include.join(PRIVATE_STANDINS).join("mm/internal.h");
        std::fs::write(&standin, "/* stand-in */\n").unwrap();
        // Once, though included twice; kstrtox.h has no stand-in and stays the tree's.
        assert_eq!(
            private_standins(&file, &tree, &include),
            std::slice::from_ref(&standin)
        );
        // A header outside the tree is never replaced.
        std::fs::write(
            &file,
            "#include \"../../include/tree-private/mm/internal.h\"\n",
        )
        .unwrap();
        assert!(private_standins(&file, &tree, &include).is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
