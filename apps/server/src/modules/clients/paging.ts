/** The Laravel paginator shape (DESIGN §4) for one page of `total` rows; links keep the query's other fields. */
export function paged<T>(
  data: T[],
  total: number,
  page: number,
  perPage: number,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && k !== 'page') params.set(k, String(v));
    params.set('page', String(n));
    return `/api/v1${path}?${params.toString()}`;
  };
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total },
    links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
  };
}
