// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Our tests of <linux/uaccess.h> and <linux/mman.h>: user memory is what kunit_vm_mmap()
 * maps; kernel memory is refused; a copy that runs off the end of the mapping faults
 * there and returns the bytes not copied (copy_from_user() zeroing the rest), get_user()
 * and put_user() return -EFAULT, and the user string and struct helpers report faults.
 */
#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/thread_info.h>
#include <linux/uaccess.h>

static char __user *map_user(struct kunit *test, size_t len)
{
	unsigned long addr = kunit_vm_mmap(test, NULL, 0, len, PROT_READ | PROT_WRITE,
					   MAP_ANONYMOUS | MAP_PRIVATE, 0);

	KUNIT_ASSERT_NE(test, addr, 0ul);
	KUNIT_EXPECT_LT(test, addr, (unsigned long)TASK_SIZE);
	return (char __user *)addr;
}

static void kernel_memory_is_not_user_memory(struct kunit *test)
{
	char *kmem = kunit_kzalloc(test, 64, GFP_KERNEL);
	char buf[8];
	u32 v = 0x12345678;

	KUNIT_ASSERT_NOT_NULL(test, kmem);
	KUNIT_EXPECT_FALSE(test, access_ok(kmem, 1));
	memset(buf, 0x5a, sizeof(buf));
	/* Nothing copied, and the destination zeroed. */
	KUNIT_EXPECT_EQ(test, copy_from_user(buf, (char __user *)kmem, 8), 8ul);
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0, sizeof(buf)));
	KUNIT_EXPECT_EQ(test, copy_to_user((char __user *)kmem, "abc", 4), 4ul);
	KUNIT_EXPECT_EQ(test, kmem[0], 0);
	KUNIT_EXPECT_EQ(test, get_user(v, (u32 __user *)kmem), -EFAULT);
	KUNIT_EXPECT_EQ(test, v, 0u);
	KUNIT_EXPECT_EQ(test, put_user(7u, (u32 __user *)kmem), -EFAULT);
	KUNIT_EXPECT_EQ(test, kmem[0], 0);
}

static void a_copy_faults_at_the_end_of_the_mapping(struct kunit *test)
{
	char __user *user = map_user(test, PAGE_SIZE);
	char *kmem = kunit_kmalloc(test, 2 * PAGE_SIZE, GFP_KERNEL);
	u16 h;

	KUNIT_ASSERT_NOT_NULL(test, kmem);
	memset(kmem, 'k', 2 * PAGE_SIZE);
	KUNIT_EXPECT_TRUE(test, access_ok(user, PAGE_SIZE));
	KUNIT_EXPECT_EQ(test, copy_to_user(user, kmem, PAGE_SIZE), 0ul);
	/* 16 bytes before the end: 16 copied, 48 not. */
	KUNIT_EXPECT_EQ(test, copy_to_user(user + PAGE_SIZE - 16, kmem, 64), 48ul);
	memset(kmem, 'x', 64);
	KUNIT_EXPECT_EQ(test, copy_from_user(kmem, user + PAGE_SIZE - 16, 64), 48ul);
	KUNIT_EXPECT_EQ(test, kmem[15], 'k');
	KUNIT_EXPECT_EQ(test, kmem[16], 0);
	KUNIT_EXPECT_EQ(test, kmem[63], 0);
	KUNIT_EXPECT_EQ(test, kmem[64], 'k');
	KUNIT_EXPECT_EQ(test, clear_user(user + PAGE_SIZE - 8, 10), 2ul);
	/* A value that straddles the end is not read. */
	KUNIT_EXPECT_EQ(test, get_user(h, (u16 __user *)(user + PAGE_SIZE - 1)), -EFAULT);
	KUNIT_EXPECT_EQ(test, put_user(h, (u16 __user *)(user + PAGE_SIZE - 2)), 0);
}

static void user_strings_and_structs(struct kunit *test)
{
	char __user *user = map_user(test, PAGE_SIZE);
	char *end = (char __force *)user + PAGE_SIZE;
	char dst[16];
	struct { u32 a, b; } k = { 1, 2 };

	memcpy((char __force *)user, "hello", 6);
	KUNIT_EXPECT_EQ(test, strncpy_from_user(dst, user, sizeof(dst)), 5l);
	KUNIT_EXPECT_STREQ(test, dst, "hello");
	KUNIT_EXPECT_EQ(test, strnlen_user(user, 100), 6l);
	KUNIT_EXPECT_EQ(test, strncpy_from_user(dst, user, 3), 3l);
	/* Unterminated up to the end of the mapping: a fault. */
	memset(end - 4, 'z', 4);
	KUNIT_EXPECT_EQ(test, strncpy_from_user(dst, (char __user *)(end - 4), 8), (long)-EFAULT);
	KUNIT_EXPECT_EQ(test, strnlen_user((char __user *)(end - 4), 8), 0l);

	memset((char __force *)user, 0, 16);
	KUNIT_EXPECT_EQ(test, check_zeroed_user(user, 16), 1);
	((char __force *)user)[9] = 1;
	KUNIT_EXPECT_EQ(test, check_zeroed_user(user, 16), 0);
	KUNIT_EXPECT_EQ(test, check_zeroed_user((char __user *)(end - 4), 8), -EFAULT);
	/* A bigger user struct with a non-zero tail: -E2BIG; a smaller one is zero-extended. */
	KUNIT_EXPECT_EQ(test, copy_struct_from_user(&k, sizeof(k), user, 16), -E2BIG);
	((char __force *)user)[0] = 9;
	KUNIT_EXPECT_EQ(test, copy_struct_from_user(&k, sizeof(k), user, 4), 0);
	KUNIT_EXPECT_EQ(test, k.a, 9u);
	KUNIT_EXPECT_EQ(test, k.b, 0u);
}

/* <linux/thread_info.h>'s check_copy_size(): a copy larger than the known object warns. */
static void copy_size_is_checked(struct kunit *test)
{
	char small[8];
	char *unknown = kmalloc(4, GFP_KERNEL);
	volatile size_t sixteen = 16, huge = (size_t)INT_MAX + 1;
	unsigned long before = __kunit_c_warn_count();

	KUNIT_EXPECT_TRUE(test, check_copy_size(small, 8, false));
	KUNIT_EXPECT_TRUE(test, check_copy_size(small, 3, true));
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), before);
	KUNIT_EXPECT_FALSE(test, check_copy_size(small, sixteen, false));
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), before + 1);
	KUNIT_EXPECT_FALSE(test, check_copy_size(small + 4, (size_t)sixteen / 2, true));
	KUNIT_EXPECT_EQ(test, __kunit_c_warn_count(), before + 2);
	/* An object the compiler cannot size: only the INT_MAX bound. */
	OPTIMIZER_HIDE_VAR(unknown);
	KUNIT_EXPECT_TRUE(test, check_copy_size(unknown, sixteen, false));
	KUNIT_EXPECT_FALSE(test, check_copy_size(unknown, huge, false));
	KUNIT_EXPECT_GE(test, __kunit_c_warn_count(), before + 2);
	kfree(unknown);
}

/* The _nofault copies: 0 or -EFAULT, never a partial count. */
static void nofault_copies_and_unsafe_accessors(struct kunit *test)
{
	char __user *user = map_user(test, PAGE_SIZE);
	const u32 __user *cu = (const u32 __user *)user;
	char buf[8] = "abcdefg";
	u32 v = 0;

	KUNIT_EXPECT_EQ(test, copy_to_user_nofault(user, buf, 8), 0l);
	KUNIT_EXPECT_EQ(test, copy_to_user_nofault(user + PAGE_SIZE - 4, buf, 8), (long)-EFAULT);
	KUNIT_EXPECT_EQ(test, copy_to_user_nofault((char __user *)buf, "x", 1), (long)-EFAULT);
	KUNIT_EXPECT_EQ(test, buf[0], 'a');
	memset(buf, 0, sizeof(buf));
	KUNIT_EXPECT_EQ(test, copy_from_user_nofault(buf, user, 8), 0l);
	KUNIT_EXPECT_STREQ(test, buf, "abcdefg");
	KUNIT_EXPECT_EQ(test, copy_from_user_nofault(buf, user + PAGE_SIZE - 4, 8), (long)-EFAULT);

	/* unsafe_get_user() through a const pointer, and its jump on a fault. */
	if (!user_access_begin(cu, 4))
		goto fail;
	unsafe_get_user(v, cu, fail);
	user_access_end();
	KUNIT_EXPECT_EQ(test, v, 0x64636261u);
	unsafe_get_user(v, (const u32 __user *)(user + PAGE_SIZE - 2), faulted);
	KUNIT_FAIL(test, "unsafe_get_user() past the mapping did not jump to its label");
	return;
faulted:
	KUNIT_EXPECT_EQ(test, v, 0u);
	KUNIT_EXPECT_EQ(test, __copy_from_user_inatomic(buf, user, 4), 0ul);
	KUNIT_EXPECT_EQ(test, copy_from_user_inatomic_nontemporal(buf, user + PAGE_SIZE - 2, 4),
			2ul);
	return;
fail:
	KUNIT_FAIL(test, "user memory refused");
}

/* Kernel memory is no user memory: get_user_pages_fast() fails with -EFAULT. */
static void gup_of_kernel_memory_faults(struct kunit *test)
{
	struct page *pages[1];
	char *kmem = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, kmem);
	KUNIT_EXPECT_EQ(test, get_user_pages_fast((unsigned long)kmem, 1, FOLL_WRITE, pages),
			(long)-EFAULT);
	KUNIT_EXPECT_EQ(test, pin_user_pages_fast((unsigned long)kmem, 1, 0, pages),
			(long)-EFAULT);
	KUNIT_EXPECT_EQ(test, pin_user_pages_fast((unsigned long)kmem, 0, 0, pages), 0l);
}

static struct kunit_case uaccess_header_cases[] = {
	KUNIT_CASE(kernel_memory_is_not_user_memory),
	KUNIT_CASE(a_copy_faults_at_the_end_of_the_mapping),
	KUNIT_CASE(user_strings_and_structs),
	KUNIT_CASE(copy_size_is_checked),
	KUNIT_CASE(nofault_copies_and_unsafe_accessors),
	KUNIT_CASE(gup_of_kernel_memory_faults),
	{}
};

static struct kunit_suite uaccess_header_suite = {
	.name = "kunit-c-uaccess",
	.test_cases = uaccess_header_cases,
};
kunit_test_suite(uaccess_header_suite);
