// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of the user-ABI headers uapi code builds on: <asm/ioctl.h>'s generic command
 * encoding (values from the ABI every generic architecture shares), <linux/posix_types.h>'s
 * __kernel_* sizes, <linux/instruction_pointer.h>'s addresses, and <asm/fcntl.h>,
 * <asm/param.h>, <asm/poll.h> and <asm/signal.h>'s x86-64 values; <linux/compat.h>'s 32-bit
 * ABI (i386's, x86-64's compat), <linux/splice.h>'s flags and <linux/fs.h>'s MAX_RW_COUNT;
 * <asm/socket.h> and <asm/sockios.h>'s numbers (socket(7), x86-64's, the generic ones) and
 * <asm/bitsperlong.h> and <asm/types.h>'s word and integer sizes.
 */
#include <kunit/test.h>
#include <asm/fcntl.h>
#include <asm/ioctl.h>
#include <asm/param.h>
#include <asm/poll.h>
#include <asm/signal.h>
#include <asm/socket.h>
#include <asm/sockios.h>
#include <asm/bitsperlong.h>
#include <asm/types.h>
#include <asm/posix_types.h>
#include <asm/stat.h>
#include <linux/instruction_pointer.h>
#include <linux/posix_types.h>
#include <linux/byteorder.h>
#include <linux/compat.h>
#include <linux/fs.h>
#include <linux/splice.h>
#include <linux/types.h>

struct abi_ioctl_arg {
	u32 a, b, c;
};

static void abi_ioctl_encoding(struct kunit *test)
{
	/* FIONREAD-style values: _IO('T', 0x1b) and an 8-byte read. */
	KUNIT_EXPECT_EQ(test, (unsigned int)_IO('T', 0x1b), 0x541bU);
	KUNIT_EXPECT_EQ(test, (unsigned int)_IOR('d', 0x01, u64), 0x80086401U);
	KUNIT_EXPECT_EQ(test, (unsigned int)_IOW('d', 0x02, u32), 0x40046402U);
	KUNIT_EXPECT_EQ(test, (unsigned int)_IOWR('d', 0x03, struct abi_ioctl_arg), 0xc00c6403U);
	KUNIT_EXPECT_EQ(test, _IOC_DIR(_IOWR('d', 3, u32)), _IOC_READ | _IOC_WRITE);
	KUNIT_EXPECT_EQ(test, _IOC_TYPE(_IOR('d', 3, u32)), (unsigned int)'d');
	KUNIT_EXPECT_EQ(test, _IOC_NR(_IOR('d', 0x7f, u32)), 0x7fU);
	KUNIT_EXPECT_EQ(test, _IOC_SIZE(_IOWR('d', 3, struct abi_ioctl_arg)), 12U);
	KUNIT_EXPECT_EQ(test, _IOC_DIR(_IO('d', 3)), _IOC_NONE);
}

static void abi_posix_types(struct kunit *test)
{
	__kernel_fd_set set;

	KUNIT_EXPECT_EQ(test, sizeof(__kernel_size_t), sizeof(void *));
	KUNIT_EXPECT_EQ(test, sizeof(__kernel_long_t), sizeof(long));
	KUNIT_EXPECT_EQ(test, sizeof(__kernel_time64_t), 8UL);
	KUNIT_EXPECT_EQ(test, sizeof(__kernel_loff_t), 8UL);
	KUNIT_EXPECT_EQ(test, sizeof(__kernel_uid32_t), 4UL);
	KUNIT_EXPECT_EQ(test, sizeof(__kernel_uid16_t), 2UL);
	KUNIT_EXPECT_EQ(test, sizeof(set.fds_bits) * 8, (size_t)__FD_SETSIZE);
	KUNIT_EXPECT_EQ(test, sizeof(clockid_t), sizeof(int));
	KUNIT_EXPECT_EQ(test, sizeof(dev_t), 4UL);
	KUNIT_EXPECT_TRUE(test, (__kernel_ssize_t)-1 < 0);
}

static noinline unsigned long abi_return_address(void)
{
	return _RET_IP_;
}

static void abi_instruction_pointer(struct kunit *test)
{
	unsigned long here = _THIS_IP_;
	unsigned long ret = abi_return_address();

	/* Both are addresses inside this function: neither is NULL, both are near each other. */
	KUNIT_EXPECT_NE(test, here, 0UL);
	KUNIT_EXPECT_NE(test, ret, 0UL);
	KUNIT_EXPECT_LT(test, ret > here ? ret - here : here - ret, 4096UL);
}

static void abi_uapi_byteorder_names(struct kunit *test)
{
	const u8 bytes[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	u16 le16;
	u32 be32;
	u64 le64;

	__builtin_memcpy(&le16, bytes, 2);
	__builtin_memcpy(&be32, bytes, 4);
	__builtin_memcpy(&le64, bytes, 8);
	KUNIT_EXPECT_EQ(test, __le16_to_cpu(le16), (u16)0x0201);
	KUNIT_EXPECT_EQ(test, __be32_to_cpu(be32), 0x01020304U);
	KUNIT_EXPECT_EQ(test, __le64_to_cpup(&le64), 0x0807060504030201ULL);
	KUNIT_EXPECT_EQ(test, __cpu_to_be16(__be16_to_cpu((u16)0x1234)), (u16)0x1234);
	KUNIT_EXPECT_EQ(test, __le32_to_cpu(__cpu_to_le32(0xdeadbeefU)), 0xdeadbeefU);
}

static void abi_stat_layout(struct kunit *test)
{
	/* The generic 64-bit layout: 128 bytes, sizes at the ABI's offsets. */
	if (BITS_PER_LONG != 64)
		kunit_skip(test, "the generic struct stat is checked on 64-bit");
	KUNIT_EXPECT_EQ(test, sizeof(struct stat), 128UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct stat, st_mode), 16UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct stat, st_size), 48UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct stat, st_blksize), 56UL);
	KUNIT_EXPECT_EQ(test, offsetof(struct stat, st_mtime_nsec), 96UL);
	KUNIT_EXPECT_EQ(test, STAT_HAVE_NSEC, 1);
}

static void abi_param_hz(struct kunit *test)
{
#ifdef CONFIG_HZ
	KUNIT_EXPECT_EQ(test, HZ, CONFIG_HZ);
#else
	KUNIT_EXPECT_EQ(test, HZ, 100);
#endif
	KUNIT_EXPECT_EQ(test, USER_HZ, 100);
	KUNIT_EXPECT_EQ(test, CLOCKS_PER_SEC, USER_HZ);
	KUNIT_EXPECT_EQ(test, EXEC_PAGESIZE, 4096);
	KUNIT_EXPECT_EQ(test, MAXHOSTNAMELEN, 64);
}

static void abi_poll_bits(struct kunit *test)
{
	struct pollfd pfd = { .fd = 3, .events = POLLIN | POLLOUT };

	/* The bits are distinct powers of two, as poll(2)'s user ABI numbers them. */
	KUNIT_EXPECT_EQ(test, POLLIN | POLLPRI | POLLOUT | POLLERR | POLLHUP | POLLNVAL, 0x3f);
	KUNIT_EXPECT_EQ(test, POLLRDNORM | POLLRDBAND | POLLWRNORM | POLLWRBAND | POLLMSG, 0x7c0);
	KUNIT_EXPECT_EQ(test, POLLRDHUP, 0x2000);
	KUNIT_EXPECT_EQ(test, (unsigned int)(__force unsigned int)POLLFREE, 0x4000u);
	KUNIT_EXPECT_EQ(test, sizeof(pfd), 8ul);
	KUNIT_EXPECT_EQ(test, pfd.events, 5);
}

static void abi_signal_set_and_numbers(struct kunit *test)
{
	sigset_t set = { { 0 } };
	int sig = SIGKILL - 1;

	/* One bit per signal, 1.._NSIG, in words of a long. */
	KUNIT_EXPECT_EQ(test, sizeof(set) * 8, (size_t)_NSIG);
	KUNIT_EXPECT_EQ(test, _NSIG_WORDS * _NSIG_BPW, _NSIG);
	set.sig[sig / _NSIG_BPW] |= 1UL << (sig % _NSIG_BPW);
	KUNIT_EXPECT_EQ(test, set.sig[0], 0x100ul);
	KUNIT_EXPECT_TRUE(test, sigismember(&set, SIGKILL));
	KUNIT_EXPECT_FALSE(test, sigismember(&set, SIGUSR1));
	sigaddset(&set, SIGRTMAX);
	KUNIT_EXPECT_EQ(test, set.sig[_NSIG_WORDS - 1] >> (_NSIG_BPW - 1), 1ul);
	sigdelset(&set, SIGKILL);
	KUNIT_EXPECT_FALSE(test, sigismember(&set, SIGKILL));
	KUNIT_EXPECT_TRUE(test, sigismember(&set, SIGRTMAX));
	/* x86-64's numbers (not the same on every architecture). */
	KUNIT_EXPECT_EQ(test, SIGKILL, 9);
	KUNIT_EXPECT_EQ(test, SIGSEGV, 11);
	KUNIT_EXPECT_EQ(test, SIGCHLD, 17);
	KUNIT_EXPECT_EQ(test, SIGSTOP, 19);
	KUNIT_EXPECT_EQ(test, SIGSYS, 31);
	KUNIT_EXPECT_EQ(test, SIGRTMIN, 32);
	KUNIT_EXPECT_EQ(test, SIGRTMAX, 64);
	KUNIT_EXPECT_EQ(test, (unsigned long)SA_RESTART, 0x10000000ul);
	KUNIT_EXPECT_EQ(test, (unsigned long)SA_RESETHAND, 0x80000000ul);
	KUNIT_EXPECT_TRUE(test, SIG_IGN != SIG_DFL && SIG_ERR != SIG_DFL);
}

static void abi_fcntl_flags_and_flock(struct kunit *test)
{
	/* The access mode is the low two bits; the flags are octal bits, as open(2)'s ABI. */
	KUNIT_EXPECT_EQ(test, O_RDWR & O_ACCMODE, 2);
	KUNIT_EXPECT_EQ(test, O_CREAT | O_EXCL | O_TRUNC, 01300);
	KUNIT_EXPECT_EQ(test, O_CLOEXEC, 0x80000);
	KUNIT_EXPECT_EQ(test, O_SYNC & O_DSYNC, O_DSYNC);
	KUNIT_EXPECT_EQ(test, O_TMPFILE & O_DIRECTORY, O_DIRECTORY);
	KUNIT_EXPECT_EQ(test, F_SETLKW, 7);
	KUNIT_EXPECT_EQ(test, F_GETOWN_EX, 16);
	/* struct flock's x86-64 layout: two shorts, two 8-byte offsets, the pid, padded. */
	KUNIT_EXPECT_EQ(test, sizeof(struct flock), 32ul);
	KUNIT_EXPECT_EQ(test, offsetof(struct flock, l_start), 8ul);
	KUNIT_EXPECT_EQ(test, offsetof(struct flock, l_pid), 24ul);
	KUNIT_EXPECT_EQ(test, sizeof(struct flock64), 32ul);
	KUNIT_EXPECT_EQ(test, sizeof(struct f_owner_ex), 8ul);
	KUNIT_EXPECT_EQ(test, F_OFD_SETLKW, 38);
}

static void abi_compat_iovec_and_pointers(struct kunit *test)
{
	struct compat_iovec iov = { .iov_base = 0xfffff000u, .iov_len = 12 };

	/* i386's struct iovec: two 32-bit words. */
	KUNIT_EXPECT_EQ(test, sizeof(struct compat_iovec), 8ul);
	KUNIT_EXPECT_EQ(test, offsetof(struct compat_iovec, iov_len), 4ul);
	KUNIT_EXPECT_EQ(test, sizeof(compat_uptr_t), 4ul);
	KUNIT_EXPECT_LT(test, (compat_ssize_t)0xffffffffu, 0);
	/* A 32-bit pointer zero-extends, and back. */
	KUNIT_EXPECT_EQ(test, (unsigned long)compat_ptr(iov.iov_base), 0xfffff000ul);
	KUNIT_EXPECT_EQ(test, ptr_to_compat(compat_ptr(iov.iov_base)), iov.iov_base);
	/* A test process makes no 32-bit system calls. */
	KUNIT_EXPECT_FALSE(test, in_compat_syscall());
}

static void abi_splice_flags_and_rw_count(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, SPLICE_F_MOVE | SPLICE_F_NONBLOCK | SPLICE_F_MORE | SPLICE_F_GIFT,
			SPLICE_F_ALL);
	KUNIT_EXPECT_EQ(test, SPLICE_F_ALL, 0xf);
	KUNIT_EXPECT_EQ(test, SPLICE_F_GIFT, 8);
	KUNIT_EXPECT_EQ(test, sizeof(struct partial_page), 16ul);
	/* INT_MAX rounded down to a page: 0x7ffff000 with 4 KiB pages. */
	KUNIT_EXPECT_EQ(test, (unsigned long)MAX_RW_COUNT, 0x7ffff000ul);
	KUNIT_EXPECT_EQ(test, MAX_RW_COUNT % PAGE_SIZE, 0ul);
}

static void abi_socket_options(struct kunit *test)
{
	/* socket(7)'s SOL_SOCKET options, as x86-64 (and every generic architecture) numbers them. */
	KUNIT_EXPECT_EQ(test, SOL_SOCKET, 1);
	KUNIT_EXPECT_EQ(test, SO_REUSEADDR, 2);
	KUNIT_EXPECT_EQ(test, SO_TYPE, 3);
	KUNIT_EXPECT_EQ(test, SO_KEEPALIVE, 9);
	KUNIT_EXPECT_EQ(test, SO_LINGER, 13);
	KUNIT_EXPECT_EQ(test, SO_PASSCRED, 16);
	KUNIT_EXPECT_EQ(test, SO_PEERCRED, 17);
	KUNIT_EXPECT_EQ(test, SO_BINDTODEVICE, 25);
	KUNIT_EXPECT_EQ(test, SO_SNDBUFFORCE, 32);
	KUNIT_EXPECT_EQ(test, SO_MARK, 36);
	KUNIT_EXPECT_EQ(test, SO_INCOMING_CPU, 49);
	KUNIT_EXPECT_EQ(test, SO_ZEROCOPY, 60);
	KUNIT_EXPECT_EQ(test, SO_PEERPIDFD, 77);
	KUNIT_EXPECT_EQ(test, SO_DEVMEM_DONTNEED, 80);
	/* The time options: native time_t (_OLD) and 64-bit time (_NEW) forms. */
	KUNIT_EXPECT_EQ(test, SO_RCVTIMEO_OLD, 20);
	KUNIT_EXPECT_EQ(test, SO_TIMESTAMP_OLD, 29);
	KUNIT_EXPECT_EQ(test, SO_TIMESTAMPNS_OLD, 35);
	KUNIT_EXPECT_EQ(test, SO_TIMESTAMPING_OLD, 37);
	KUNIT_EXPECT_EQ(test, SO_TIMESTAMP_NEW, 63);
	KUNIT_EXPECT_EQ(test, SO_SNDTIMEO_NEW, 67);
	/* An option's other name and its control message share its number. */
	KUNIT_EXPECT_EQ(test, SO_GET_FILTER, SO_ATTACH_FILTER);
	KUNIT_EXPECT_EQ(test, SO_DETACH_BPF, SO_DETACH_FILTER);
	KUNIT_EXPECT_EQ(test, SCM_TXTIME, SO_TXTIME);
	KUNIT_EXPECT_EQ(test, SCM_WIFI_STATUS, 41);
	/* Kernel code picks the time forms itself: the user-space aliases are not defined. */
#ifdef SO_TIMESTAMP
	KUNIT_FAIL(test, "SO_TIMESTAMP is user space's alias, not defined under __KERNEL__");
#endif
	/* The socket ioctls. */
	KUNIT_EXPECT_EQ(test, FIOSETOWN, 0x8901);
	KUNIT_EXPECT_EQ(test, SIOCGPGRP, 0x8904);
	KUNIT_EXPECT_EQ(test, SIOCATMARK, 0x8905);
	KUNIT_EXPECT_EQ(test, SIOCGSTAMP_OLD, 0x8906);
	KUNIT_EXPECT_EQ(test, SIOCGSTAMPNS_OLD, 0x8907);
}

static void abi_word_and_integer_sizes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, __BITS_PER_LONG, (int)(sizeof(long) * 8));
	KUNIT_EXPECT_EQ(test, sizeof(__u8), 1ul);
	KUNIT_EXPECT_EQ(test, sizeof(__s16), 2ul);
	KUNIT_EXPECT_EQ(test, sizeof(__u32), 4ul);
	KUNIT_EXPECT_EQ(test, sizeof(__s64), 8ul);
	KUNIT_EXPECT_LT(test, (__s8)-1, 0);
	KUNIT_EXPECT_GT(test, (__u64)-1, 0ull);
	/* int-ll64: 64-bit integers are long long, on every architecture. */
	KUNIT_EXPECT_TRUE(test, __builtin_types_compatible_p(__u64, unsigned long long));
}

static struct kunit_case abi_test_cases[] = {
	KUNIT_CASE(abi_stat_layout),
	KUNIT_CASE(abi_uapi_byteorder_names),
	KUNIT_CASE(abi_ioctl_encoding),
	KUNIT_CASE(abi_posix_types),
	KUNIT_CASE(abi_instruction_pointer),
	KUNIT_CASE(abi_param_hz),
	KUNIT_CASE(abi_fcntl_flags_and_flock),
	KUNIT_CASE(abi_poll_bits),
	KUNIT_CASE(abi_signal_set_and_numbers),
	KUNIT_CASE(abi_compat_iovec_and_pointers),
	KUNIT_CASE(abi_splice_flags_and_rw_count),
	KUNIT_CASE(abi_socket_options),
	KUNIT_CASE(abi_word_and_integer_sizes),
	{}
};

static struct kunit_suite abi_test_suite = {
	.name = "kunit_c_abi",
	.test_cases = abi_test_cases,
};
kunit_test_suite(abi_test_suite);
