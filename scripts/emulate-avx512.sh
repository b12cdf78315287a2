#!/usr/bin/env bash
# Runs the 512-bit (AVX-512 VPCLMULQDQ) POLYVAL back-end on a CPU without AVX-512: builds
# kunit-arch's unit tests and the POLYVAL suites statically, boots them in Bochs's Tiger Lake
# model (avx512f, avx512vl, vpclmulqdq) under a Debian 6.12 kernel with a busybox initramfs,
# and checks the guest's serial output. For correctness only: emulated timings mean nothing,
# so no benchmark runs there. Not part of CI (about 10 minutes, most of it emulation).
#
#   scripts/emulate-avx512.sh [--keep]    (--keep: leave the guest's files in the work dir)
#
# Debian/Ubuntu hosts (installs bochs, xorriso, isolinux, busybox-static with apt-get when
# missing). Work dir: $KUNIT_EMU_DIR, default target/emulate-avx512. Exit 0 when the guest
# reports avx512f and vpclmulqdq, both test binaries pass, and the polyval suite says it ran
# the 512-bit back-end; 1 when not; 2 on bad arguments or a missing tool.
#
# Why these kernel options: Bochs 2.7 reports XSAVE sizes the kernel rejects for PKU and the
# compacted formats (so pku, ospke, xsaves and xsavec are cleared, which leaves AVX-512 state
# on), and it has no APERF/MPERF MSRs and a MONITOR/MWAIT the idle loop never wakes from (so
# aperfmperf and monitor are cleared and idle polls). Debian's 6.1 kernel still stalls early
# in boot under Bochs (a kernel stack overflow into its guard page); 6.12 boots.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)

keep=0
case "${1:-}" in
  "") ;;
  --keep) keep=1 ;;
  *) echo "usage: scripts/emulate-avx512.sh [--keep]" >&2; exit 2 ;;
esac
[ "$(uname -m)" = x86_64 ] || { echo "emulate-avx512: needs an x86-64 host" >&2; exit 2; }

need=()
command -v bochs >/dev/null || need+=(bochs bochs-term bochsbios vgabios)
command -v xorriso >/dev/null || need+=(xorriso)
[ -e /usr/lib/ISOLINUX/isolinux.bin ] || need+=(isolinux syslinux-common)
[ -x /bin/busybox ] || need+=(busybox-static)
command -v cpio >/dev/null || need+=(cpio)
command -v script >/dev/null || need+=(bsdutils)
if [ ${#need[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || { echo "emulate-avx512: install ${need[*]}" >&2; exit 2; }
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
fi

work=${KUNIT_EMU_DIR:-$checkout/target/emulate-avx512}
mkdir -p "$work"
work=$(cd "$work" && pwd)

# The kernel: the newest 6.12 cloud image the host's apt sources have.
if [ ! -e "$work/vmlinuz" ]; then
  pkg=$(apt-cache depends linux-image-6.12-cloud-amd64 2>/dev/null |
    awk '/Depends: linux-image-6\.12/ {print $2; exit}')
  [ -n "$pkg" ] || { echo "emulate-avx512: no linux-image-6.12-cloud-amd64 in the apt sources" >&2; exit 2; }
  rm -rf "$work/kernel" && mkdir -p "$work/kernel"
  (cd "$work/kernel" && apt-get download -qq "$pkg" && dpkg-deb -x ./*.deb x)
  cp "$work"/kernel/x/boot/vmlinuz-* "$work/vmlinuz"
fi

# The guest's programs, static, built for this checkout.
build() {
  CARGO_TARGET_DIR="$work/target" RUSTFLAGS='-C target-feature=+crt-static' \
    cargo test --release --target x86_64-unknown-linux-gnu --no-run "$@" 2>&1 |
    sed -n 's/^ *Executable .*(\(.*\))$/\1/p'
}
arch_tests=$(build -p kunit-arch --lib | head -1)
polyval_suite=$(build -p polyval-kunit --test polyval | head -1)
[ -x "$arch_tests" ] && [ -x "$polyval_suite" ] || { echo "emulate-avx512: build failed" >&2; exit 1; }

# The initramfs. The tests read vectors/ through their crates' source paths, so those paths
# exist in the guest too.
root="$work/root"
rm -rf "$root" && mkdir -p "$root"/{bin,dev,proc,sys,tmp}
cp /bin/busybox "$root/bin/busybox"
cp "$arch_tests" "$root/arch_tests"
cp "$polyval_suite" "$root/polyval_suite"
mkdir -p "$root$checkout/arch" "$root$checkout/suites/polyval"
cp -r vectors "$root$checkout/vectors"
cat >"$root/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t devtmpfs dev /dev
mount -t sysfs sys /sys
mount -t tmpfs tmp /tmp
echo "==== cpu flags"
grep -m1 flags /proc/cpuinfo | tr ' ' '\n' | grep -E '^(pclmulqdq|avx2|avx512f|avx512vl|vpclmulqdq)$' | tr '\n' ' '; echo
echo "==== arch tests (polyval)"
/arch_tests --test-threads=1 polyval 2>&1
echo "arch_tests rc=$?"
echo "==== polyval suites"
/polyval_suite 2>&1
echo "polyval_suite rc=$?"
sleep 5 # let the serial port drain before power-off
echo "==== done"
poweroff -f
EOF
chmod +x "$root/init"

iso="$work/iso"
rm -rf "$iso" && mkdir -p "$iso/isolinux"
cp /usr/lib/ISOLINUX/isolinux.bin /usr/lib/syslinux/modules/bios/ldlinux.c32 "$iso/isolinux/"
cp "$work/vmlinuz" "$iso/vmlinuz"
(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip >"$iso/initrd.gz")
cat >"$iso/isolinux/isolinux.cfg" <<'EOF'
SERIAL 0 115200
DEFAULT linux
PROMPT 0
TIMEOUT 0
LABEL linux
  KERNEL /vmlinuz
  APPEND initrd=/initrd.gz console=ttyS0,115200 ignore_loglevel rdinit=/init mitigations=off nokaslr lsm=capability audit=0 nomodeset nosmp nolapic noapic tsc=unstable clearcpuid=pku,ospke,xsaves,xsavec,aperfmperf,monitor idle=poll nohz=off
EOF
xorriso -as mkisofs -quiet -o "$work/boot.iso" -b isolinux/isolinux.bin -c isolinux/boot.cat \
  -no-emul-boot -boot-load-size 4 -boot-info-table "$iso" >/dev/null 2>&1

cat >"$work/bochsrc" <<EOF
megs: 768
cpu: model=tigerlake, count=1, ips=200000000
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
display_library: term
ata0-master: type=cdrom, path=$work/boot.iso, status=inserted
boot: cdrom
com1: enabled=1, mode=file, dev=$work/serial.txt
log: $work/bochs.log
panic: action=fatal
error: action=report
info: action=ignore
clock: sync=none
EOF
echo c >"$work/bochs-commands"

# Bochs's terminal display wants a tty: run it under script(1), and stop it when the guest
# is done, or its serial output has not grown for 5 minutes, or after 40 minutes.
serial="$work/serial.txt"
rm -f "$serial" "$work/bochs.log"
echo "emulate-avx512: booting (serial output: $serial)"
cd "$work"
setsid script -qc "bochs -q -f bochsrc -rc bochs-commands" /dev/null >bochs.out 2>&1 </dev/null &
bochs_pid=$! # setsid made it the leader of its own process group
cd "$checkout"
trap 'kill -- -"$bochs_pid" 2>/dev/null || true' EXIT
start=$(date +%s) size=0 changed=$start
while kill -0 "$bochs_pid" 2>/dev/null; do
  sleep 5
  now=$(date +%s)
  s=$(stat -c %s "$serial" 2>/dev/null || echo 0)
  [ "$s" = "$size" ] || { size=$s; changed=$now; }
  grep -q '^==== done' "$serial" 2>/dev/null && break
  if [ $((now - changed)) -ge 300 ] || [ $((now - start)) -ge 2400 ]; then
    echo "emulate-avx512: the guest stopped making progress; last lines:" >&2
    tail -5 "$serial" >&2
    exit 1
  fi
done
kill -- -"$bochs_pid" 2>/dev/null || true
trap - EXIT
[ "$keep" = 1 ] || rm -rf "$root" "$iso"

out="$work/guest-output.txt"
tr -d '\r' <"$serial" | sed -n '/^==== cpu flags/,/^==== done/p' >"$out"
cat "$out"
fail() { echo "emulate-avx512: FAILED: $*" >&2; exit 1; }
flags=$(sed -n '/^==== cpu flags/{n;p;q}' "$out")
for f in avx512f vpclmulqdq; do
  case " $flags " in *" $f "*) ;; *) fail "the guest CPU lacks $f" ;; esac
done
grep -q '^arch_tests rc=0$' "$out" || fail "kunit-arch's POLYVAL tests"
grep -q '^polyval_suite rc=0$' "$out" || fail "the POLYVAL suites"
grep -q 'SKIP vpclmul512 is the best implementation here: suite polyval runs it' "$out" ||
  fail "the polyval suite did not pick the 512-bit back-end"
echo "emulate-avx512: the 512-bit back-end passed under emulation (avx512f, vpclmulqdq)"
