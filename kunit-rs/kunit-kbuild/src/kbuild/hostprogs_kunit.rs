//! `hostprogs.rs`'s tests (suite `kbuild_hostprogs`), declared by `hostprogs.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_hostprogs)]
mod tests {
    use crate::kbuild::hostprogs::*;
    use crate::kbuild::makefile::Makefile;
    use crate::kbuild::objects::objects_for;
    use crate::kconfig::resolve::resolve;
    use std::path::{Path, PathBuf};

    fn fixture() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixture")
    }

    fn host() -> HostFlags {
        HostFlags {
            cc: "cc".into(),
            cflags: vec!["-O2".into()],
            ldflags: vec![],
            ldlibs: vec!["-lm".into()],
        }
    }

    /// `text` as `dir`'s Makefile in `tree`, the generated prerequisites of `obj`.
    fn generated(tree: &Path, dir: &str, text: &str, obj: &str) -> Result<Vec<Generated>, String> {
        let vars = vec![
            ("srctree".to_string(), tree.display().to_string()),
            ("src".to_string(), dir.to_string()),
            ("obj".to_string(), dir.to_string()),
        ];
        let mut mk = Makefile::new(&vars, tree.to_path_buf(), "cc");
        let file = format!("{dir}/Makefile");
        mk.eval_text(&file, text);
        let h = host();
        Generation::new(&mut mk, tree, dir, &file, &h).for_object(obj, None)
    }

    #[test]
    fn an_objects_table_comes_from_its_host_program() {
        let t = fixture();
        let add = vec!["CONFIG_CRC_KUNIT_TEST=y".to_string()];
        let c = resolve(&t, "um", &[t.join("lib")], &add, false).unwrap();
        let o = objects_for(&t, &c, &["lib"], "cc").unwrap();
        let crc = o
            .objects
            .iter()
            .find(|x| x.obj == "lib/crc_kunit.o")
            .unwrap();
        let g = crc.generated.as_ref().unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].target, "lib/crc_table.h");
        assert_eq!(g[0].rule, "lib/Makefile:45");
        // $< is the program as the build folder holds it; the option's value expanded.
        assert_eq!(
            g[0].recipe,
            Recipe::Shell("lib/gen_table 4 > lib/crc_table.h".into())
        );
        assert_eq!(g[0].programs.len(), 1);
        let p = &g[0].programs[0];
        assert_eq!(p.path, "lib/gen_table");
        assert_eq!(p.sources.len(), 1);
        assert_eq!(p.sources[0].source, "lib/gen_table.c");
        // The fixture's top Makefile sets no host flags: kbuild's, then -I $(objtree)/$(obj).
        assert_eq!(
            p.sources[0].cflags,
            [
                "-Wall",
                "-Wmissing-prototypes",
                "-Wstrict-prototypes",
                "-O2",
                "-fomit-frame-pointer",
                "-std=gnu11",
                "-I",
                "./lib"
            ]
        );
        // filechk: the output is the file; a tree prerequisite is its path in the tree.
        let sort = o.objects.iter().find(|x| x.obj == "lib/sort.o").unwrap();
        let g = sort.generated.as_ref().unwrap();
        assert_eq!(
            g[0].recipe,
            Recipe::Stdout("echo 'static const char stamp[] = \"sort.c\";'".into())
        );
        assert_eq!(g[0].inputs, ["lib/sort.c"]);
        assert!(g[0].programs.is_empty());
        // An object no rule names needs nothing generated.
        let list = o.objects.iter().find(|x| x.obj == "lib/list.o").unwrap();
        assert_eq!(list.generated, Ok(vec![]));
    }

    #[test]
    fn chains_composites_and_flags_of_a_program() {
        let t = fixture();
        let text = "hostprogs-always-y += mk\nmk-objs := gen_table.o sort.o\n\
HOSTCFLAGS_sort.o := -DPART\nHOST_EXTRACFLAGS += -DEXTRA\nHOSTLDLIBS_mk := -lz\n\
cmd_a = $< > $@\ncmd_b = cp $< $@\n\
$(obj)/a.h: $(obj)/mk\n\t@$(call if_changed,a)\n\
$(obj)/b.h: $(obj)/a.h\n\t$(call cmd,b)\n\
$(obj)/x.o: $(obj)/b.h\n";
        let g = generated(&t, "lib", text, "lib/x.o").unwrap();
        let targets: Vec<&str> = g.iter().map(|x| x.target.as_str()).collect();
        assert_eq!(targets, ["lib/a.h", "lib/b.h"]);
        assert_eq!(g[1].recipe, Recipe::Shell("cp lib/a.h lib/b.h".into()));
        let p = &g[0].programs[0];
        let srcs: Vec<&str> = p.sources.iter().map(|s| s.source.as_str()).collect();
        assert_eq!(srcs, ["lib/gen_table.c", "lib/sort.c"]);
        assert_eq!(p.sources[0].cflags, ["-O2", "-DEXTRA", "-I", "./lib"]);
        assert_eq!(
            p.sources[1].cflags,
            ["-O2", "-DEXTRA", "-DPART", "-I", "./lib"]
        );
        assert_eq!(p.ldflags, ["-lm", "-lz"]);
    }

    #[test]
    fn what_cannot_be_read_is_an_error_naming_the_rule() {
        let t = fixture();
        let err = |text: &str| generated(&t, "lib", text, "lib/x.o").unwrap_err();
        assert_eq!(
            err("$(obj)/x.o: $(obj)/nothing.h\n"),
            "lib/Makefile:1: lib/x.o needs lib/nothing.h, which no rule of lib/Makefile makes \
             and the tree does not have"
        );
        assert_eq!(
            err("$(obj)/x.o: $(obj)/t.h\n$(obj)/t.h: $(obj)/gen\n\t$(call cmd,t)\n"),
            "lib/Makefile:2: lib/t.h needs lib/gen, which is not a host program of \
             lib/Makefile, no rule makes it and the tree does not have it"
        );
        assert_eq!(
            err("$(obj)/x.o: $(obj)/t.h\n$(obj)/t.h: $(src)/sort.c\n\t$(call cmd,t)\n"),
            "lib/Makefile:2: the recipe of lib/t.h calls cmd with t, but lib/Makefile \
             defines no cmd_t"
        );
        assert_eq!(
            err("$(obj)/x.o: $(obj)/t.h\n$(obj)/t.h: $(src)/sort.c\n\t$(call weird,t)\n"),
            "lib/Makefile:2: the recipe of lib/t.h (`$(call weird,t)`) is not one kunit-rs \
             runs: `$(call cmd,X)`, `$(call if_changed,X)`, `$(call filechk,X)` or a command"
        );
        assert_eq!(
            err("hostprogs := q\nq-cxxobjs := q.o\n$(obj)/x.o: $(obj)/t.h\n\
$(obj)/t.h: $(obj)/q\n\t$(call cmd,t)\ncmd_t = $< > $@\n"),
            "lib/Makefile:4: host program q is built from q-cxxobjs: only C host programs \
             are built"
        );
        assert_eq!(
            err(
                "$(obj)/x.o: $(obj)/t.h\n$(obj)/t.h: $(obj)/u.h\n\tcp $< $@\n\
$(obj)/u.h: $(obj)/t.h\n\tcp $< $@\n"
            ),
            "lib/Makefile:2: lib/t.h depends on itself (through lib/t.h -> lib/u.h)"
        );
    }

    #[test]
    fn host_flags_follow_the_top_makefile() {
        let dir = std::env::temp_dir().join(format!("kunit-kbuild-host-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("Makefile"),
            "KBUILD_USERHOSTCFLAGS := -Wall \\\n\t-O2 -std=gnu89\n\
KBUILD_HOSTCFLAGS   := $(KBUILD_USERHOSTCFLAGS) $(HOST_LFS_CFLAGS) \\\n\
\t\t$(HOSTCFLAGS) -I $(srctree)/scripts/include\n\
KBUILD_HOSTLDLIBS   := $(HOST_LFS_LIBS) $(HOSTLDLIBS)\n\
all:\n\tKBUILD_HOSTCFLAGS=no\n",
        )
        .unwrap();
        let f = host_flags(&dir);
        let inc = format!("{}/scripts/include", dir.display());
        assert_eq!(f.cflags, ["-Wall", "-O2", "-std=gnu89", "-I", inc.as_str()]);
        assert!(f.ldflags.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_named_source_finds_its_folders_rules() {
        let t = fixture();
        let vars = vec![("CONFIG_CRC_TABLE_BITS".to_string(), "6".to_string())];
        let g = generated_for_source(&t, "lib/crc_kunit.c", &vars).unwrap();
        assert_eq!(
            g[0].recipe,
            Recipe::Shell("lib/gen_table 6 > lib/crc_table.h".into())
        );
        assert_eq!(generated_for_source(&t, "lib/list.c", &vars), Ok(vec![]));
    }
}
