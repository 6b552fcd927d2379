import type { FastifyRequest } from 'fastify';

/** The Laravel paginator shape of DESIGN §4, with links that keep the request's filters. */
export function pagedOf<T>(
  request: FastifyRequest,
  path: string,
  data: T[],
  total: number,
  page: number,
  perPage: number,
) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null) params.set(k, String(v));
    }
    params.set('page', String(p));
    return `/api/v1${path}?${params}`;
  };
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
    links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
  };
}
