// docs/product.md §3 Pagination for the Posts lists (comments, notes, users-prayed, session feeds):
// 1-based pages; last_page is at least 1 so an empty list is "page 1 of 1".
import type { Page } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';

export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return (page - 1) * pageSize;
}

export function toPage<T>(data: T[], page: number, total: number, pageSize: number = PAGE_SIZE): Page<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / pageSize)), total };
}
