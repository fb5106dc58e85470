/** A response as tests look at it. */
export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The raw body text (for byte-for-byte comparisons). */
  text: string;
  body: T;
}

type Json = Record<string, unknown>;

/** A small fetch helper bound to a token: `api.get('/v1/mandates')`, `api.post(path, body, headers)`. */
export interface Api {
  get<T = Json>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = Json>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  patch<T = Json>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  delete<T = Json>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** Sends a raw body string (for malformed JSON tests). */
  raw<T = Json>(method: string, path: string, body: string | undefined, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

export function createApi(baseUrl: string, token?: string): Api {
  const raw = async <T>(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : {}) as T };
  };
  return {
    get: (path, headers) => raw('GET', path, undefined, headers),
    post: (path, body, headers) => raw('POST', path, body === undefined ? undefined : JSON.stringify(body), headers),
    patch: (path, body, headers) => raw('PATCH', path, body === undefined ? undefined : JSON.stringify(body), headers),
    delete: (path, headers) => raw('DELETE', path, undefined, headers),
    raw,
  };
}
