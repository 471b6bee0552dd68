// The one mount point of the API (docs/product.md §7: all paths are under /api/v1).
export const API_PREFIX = '/api/v1';
