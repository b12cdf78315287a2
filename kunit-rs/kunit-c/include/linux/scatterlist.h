/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * kunit-c: scatter-gather entries over virtual memory. There are no struct pages in
 * userspace: page_link holds the page-aligned address of the buffer (low bits: chain and
 * end marks, as in the kernel), and sg_virt() gives the buffer back.
 */
#ifndef _LINUX_SCATTERLIST_H
#define _LINUX_SCATTERLIST_H

#include <stdbool.h>
#include <linux/dma-mapping.h>
#include <linux/types.h>
#include <asm/page.h>

struct page;

struct scatterlist {
	unsigned long page_link;
	unsigned int offset;
	unsigned int length;
	dma_addr_t dma_address;
	unsigned int dma_length;
};

#define SG_CHAIN 0x01UL
#define SG_END 0x02UL
#define SG_PAGE_LINK_MASK (SG_CHAIN | SG_END)

#define sg_dma_address(sg) ((sg)->dma_address)
#define sg_dma_len(sg) ((sg)->dma_length)

static inline bool sg_is_chain(struct scatterlist *sg) { return sg->page_link & SG_CHAIN; }
static inline bool sg_is_last(struct scatterlist *sg) { return sg->page_link & SG_END; }

static inline struct page *sg_page(struct scatterlist *sg)
{
	return (struct page *)(sg->page_link & ~SG_PAGE_LINK_MASK);
}

static inline void *sg_virt(struct scatterlist *sg)
{
	return (char *)sg_page(sg) + sg->offset;
}

/* Points @sg at @buflen bytes at @buf, keeping its chain/end marks. */
static inline void sg_set_buf(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	unsigned long addr = (unsigned long)buf;

	sg->page_link = (sg->page_link & SG_PAGE_LINK_MASK) | (addr & PAGE_MASK);
	sg->offset = addr & ~PAGE_MASK;
	sg->length = buflen;
}

static inline void sg_mark_end(struct scatterlist *sg)
{
	sg->page_link |= SG_END;
	sg->page_link &= ~SG_CHAIN;
}

static inline void sg_unmark_end(struct scatterlist *sg)
{
	sg->page_link &= ~SG_END;
}

static inline void sg_init_table(struct scatterlist *sgl, unsigned int nents)
{
	__builtin_memset(sgl, 0, sizeof(*sgl) * nents);
	sg_mark_end(&sgl[nents - 1]);
}

static inline void sg_init_one(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	sg_init_table(sg, 1);
	sg_set_buf(sg, buf, buflen);
}

/* The entry after @sg, following a chain link; NULL after the last. */
static inline struct scatterlist *sg_next(struct scatterlist *sg)
{
	if (sg_is_last(sg))
		return NULL;
	sg++;
	if (sg_is_chain(sg))
		sg = (struct scatterlist *)(sg->page_link & ~SG_PAGE_LINK_MASK);
	return sg;
}

#define for_each_sg(sglist, sg, nr, __i)					\
	for (__i = 0, sg = (sglist); __i < (nr); __i++, sg = sg_next(sg))

#endif /* _LINUX_SCATTERLIST_H */
