/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/* kunit-c: in-place conversions of arrays and add-to-a-little/big-endian-field helpers. */
#ifndef _LINUX_BYTEORDER_GENERIC_H
#define _LINUX_BYTEORDER_GENERIC_H

#include <linux/byteorder.h>

#define __KUNIT_C_ARRAY(order, bits)						\
	static inline void order##bits##_to_cpu_array(u##bits *buf, unsigned int words) \
	{									\
		for (unsigned int i = 0; i < words; i++)			\
			buf[i] = order##bits##_to_cpu(buf[i]);			\
	}									\
	static inline void cpu_to_##order##bits##_array(u##bits *buf, unsigned int words) \
	{									\
		for (unsigned int i = 0; i < words; i++)			\
			buf[i] = cpu_to_##order##bits(buf[i]);			\
	}									\
	static inline void order##bits##_add_cpu(__##order##bits *var, u##bits val) \
	{									\
		*var = cpu_to_##order##bits(order##bits##_to_cpu(*var) + val);	\
	}
__KUNIT_C_ARRAY(le, 16)
__KUNIT_C_ARRAY(le, 32)
__KUNIT_C_ARRAY(le, 64)
__KUNIT_C_ARRAY(be, 16)
__KUNIT_C_ARRAY(be, 32)
__KUNIT_C_ARRAY(be, 64)
#undef __KUNIT_C_ARRAY

#endif /* _LINUX_BYTEORDER_GENERIC_H */
